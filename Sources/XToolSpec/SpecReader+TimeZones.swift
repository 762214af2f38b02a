import XToolYAML

/// `timezone:`, API-wide and per member: the zone a date format's text is in when it has none
/// of its own (an IANA name such as `Asia/Shanghai`), and the zone dates are written in.
extension SpecReader {
    /// A time zone's IANA name (`Asia/Shanghai`, `UTC`), or an error at the node.
    mutating func readTimeZone(_ node: YAMLNode) -> String? {
        guard let name = nonEmptyText(node, what: "'timezone'") else { return nil }
        if let known = knownTimeZones {
            guard known.contains(name) else {
                error(
                    "unknown time zone '\(name)'; give an IANA name such as Asia/Shanghai or America/New_York, or UTC"
                        + Suggestions.didYouMean(name, in: known.sorted()), at: node)
                return nil
            }
        } else if !Self.hasTimeZoneShape(name) {
            error(
                "'\(name)' is not a time zone; give an IANA name such as Asia/Shanghai or America/New_York, or UTC",
                at: node)
            return nil
        }
        return name
    }

    /// `style` in `zone`; with no zone, a warning at `node` for each of its patterns that has no
    /// zone of its own, saying what the code will do with it.
    mutating func zoned(_ style: Spec.DateStyle, _ node: YAMLNode?, in zone: String? = nil) -> Spec.DateStyle {
        let zone = zone ?? apiTimeZone
        guard zone == nil else { return style.inTimeZone(zone) }
        // A zone that was given but is wrong is an error already.
        if let node, !timeZoneDeclared {
            for pattern in style.zonelessPatterns {
                let what =
                    Spec.DateStyle.hasTime(pattern)
                    ? "its times are read and written as UTC"
                    : "its dates are midnight UTC, the day before in the Americas"
                warning(
                    "the date format '\(pattern)' has no time zone, and the spec declares none, so \(what); "
                        + "give the server's zone with 'timezone:' (an IANA name such as Asia/Shanghai), "
                        + "or 'timezone: UTC' if UTC is meant", at: node)
            }
        }
        return style
    }

    /// A member's date styles: its `format:` (else the API's `dates:`) in its `timezone:` (else
    /// the API's), or nil when it gives neither; an error when it is not a date.
    mutating func readMemberDates(_ long: MappingNode, type: Spec.TypeRef, what: String) -> Spec.DateStyle? {
        let formatKey = MemberDeclaration.Key.format.rawValue
        let zoneKey = MemberDeclaration.Key.timezone.rawValue
        let formatNode = long.value(formatKey)
        let zoneNode = long.value(zoneKey)
        guard formatNode != nil || zoneNode != nil else { return nil }
        guard type.containsDate else {
            for (key, node) in [(formatKey, formatNode), (zoneKey, zoneNode)] {
                if let node {
                    let numbers = key == formatKey ? " (and, as 'format: string', to a field's numbers)" : ""
                    error("'\(key)' applies to dates\(numbers), but \(what) is \(type.swiftSpelling)", at: node)
                }
            }
            return nil
        }
        let zone = zoneNode.flatMap { readTimeZone($0) }
        guard let formatNode else { return zone.map { apiDates.inTimeZone($0) } }
        guard zoneNode == nil || zone != nil else { return readDateStyle(formatNode) }
        return readDateStyle(formatNode).map { zoned($0, formatNode, in: zone) }
    }

    /// `UTC`, `GMT`, or `Area/Location` (`America/Argentina/Buenos_Aires`, `Etc/GMT+8`).
    private static func hasTimeZoneShape(_ name: String) -> Bool {
        guard name != "UTC", name != "GMT" else { return true }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                part.first?.isUppercase == true && part.allSatisfy { $0.isLetter || $0.isNumber || "_-+".contains($0) }
            }
    }
}

extension Spec.DateStyle {
    /// The style with every pattern in `zone` (nil: as they are).
    func inTimeZone(_ zone: String?) -> Spec.DateStyle {
        guard let zone else { return self }
        switch self {
        case .iso8601, .secondsSince1970, .millisecondsSince1970: return self
        case .formatted(let pattern, _): return .formatted(pattern, timeZone: zone)
        case .oneOf(let styles): return .oneOf(styles.map { $0.inTimeZone(zone) })
        }
    }

    /// The patterns with neither a zone in the text (`Z`, `z`, `X`, `x`, `O`, `v`, `V` outside
    /// quotes) nor a declared one.
    var zonelessPatterns: [String] {
        switch self {
        case .iso8601, .secondsSince1970, .millisecondsSince1970: []
        case .formatted(let pattern, let zone):
            zone == nil && !Self.letters(of: pattern).contains(where: "ZzXxOvV".contains) ? [pattern] : []
        case .oneOf(let styles): styles.flatMap(\.zonelessPatterns)
        }
    }

    /// Whether a pattern has a time of day (hours, minutes or seconds), not a date alone.
    static func hasTime(_ pattern: String) -> Bool {
        letters(of: pattern).contains(where: "HhKkmsSaA".contains)
    }

    /// The pattern's letters outside quoted text (`'T'`).
    private static func letters(of pattern: String) -> [Character] {
        var quoted = false
        return pattern.filter { character in
            if character == "'" { quoted.toggle() }
            return !quoted && character != "'"
        }.map { $0 }
    }
}
