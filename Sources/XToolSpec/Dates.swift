import XToolRules
import XToolYAML

// Dates, the one home of the concept in XToolSpec: the value (`Spec.DateStyle`, how dates are
// written on the wire), the runtime's names of its styles (`DateStyleName`, shared through
// XToolRules), and its reading: `dates:` and a member's `format:` (a style, a pattern or a list
// of them), and `timezone:`, API-wide and per member.

extension Spec {
    /// How dates are written on the wire.
    package enum DateStyle: Sendable, Hashable {
        /// ISO 8601, with or without fractional seconds.
        case iso8601
        case secondsSince1970
        case millisecondsSince1970
        /// A `DateFormatter` format in the `en_US_POSIX` locale (`EEE MMM dd HH:mm:ss Z yyyy`),
        /// read and written in the time zone `timeZone` names (an IANA name; nil: UTC).
        case formatted(String, timeZone: String? = nil)
        /// Any of several styles (`[iso8601, yyyy-MM-dd]`): read in the first that matches, written
        /// in the first. Never nested, never fewer than two.
        case oneOf([DateStyle])
    }
}

extension Spec.DateStyle {
    /// The style a name of the runtime's (`DateStyleName`) stands for.
    package init(_ name: DateStyleName) {
        switch name {
        case .iso8601: self = .iso8601
        case .secondsSince1970: self = .secondsSince1970
        case .millisecondsSince1970: self = .millisecondsSince1970
        }
    }

    /// The runtime's name of the style; nil for a pattern or a list.
    package var name: DateStyleName? {
        DateStyleName.allCases.first { Spec.DateStyle($0) == self }
    }

    /// The style as `dates:` names it: `iso8601`, `'yyyy-MM-dd'`, `[iso8601, 'yyyy-MM-dd']`,
    /// with a pattern's zone (`'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai`).
    package var spelling: String {
        if case .oneOf(let styles) = self { return "[" + styles.map(\.spelling).joined(separator: ", ") + "]" }
        if case .formatted(let pattern, let zone) = self { return "'\(pattern)'" + (zone.map { " in \($0)" } ?? "") }
        return name?.rawValue ?? ""
    }
}

extension SpecReader {
    /// A date style, or a sequence of them (`[iso8601, yyyy-MM-dd]`): any of several.
    mutating func readDateStyle(_ node: YAMLNode) -> Spec.DateStyle? {
        guard case .sequence(let items) = node.content else { return readOneDateStyle(node) }
        guard !items.isEmpty else {
            error("a list of date styles names at least one, like [iso8601, yyyy-MM-dd]", at: node)
            return nil
        }
        var styles: [Spec.DateStyle] = []
        var failed = false
        for item in items {
            guard let style = readOneDateStyle(item) else {
                failed = true
                continue
            }
            if styles.contains(style) {
                warning("the date style '\(item.scalarText ?? "")' is listed twice", at: item)
                continue
            }
            styles.append(style)
        }
        guard !failed else { return nil }
        return styles.count == 1 ? styles[0] : .oneOf(styles)
    }

    private mutating func readOneDateStyle(_ node: YAMLNode) -> Spec.DateStyle? {
        guard let text = nonEmptyText(node, what: "a date style") else { return nil }
        if let name = DateStyleName(rawValue: text) { return Spec.DateStyle(name) }
        guard ["yy", "MM", "dd", "HH", "hh", "mm", "ss"].contains(where: text.contains) else {
            let named = DateStyleName.allCases.map(\.rawValue)
            error(
                "'\(text)' is neither a date style (\(named.joined(separator: ", "))) "
                    + "nor a date format like 'yyyy-MM-dd'" + Suggestions.didYouMean(text, in: named),
                at: node)
            return nil
        }
        return .formatted(text)
    }
}

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
