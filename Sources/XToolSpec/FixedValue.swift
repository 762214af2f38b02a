import XToolYAML

// `fixed:` and `headers:`, top-level and per endpoint, the one home of the concept in XToolSpec:
// its value (`Spec.FixedValue`, a literal or a provided value, with the keys of its long form),
// how both lists are read and checked, and the provided labels they add to the API initializer.
extension Spec {
    /// A parameter or header sent with every request (or every request of one endpoint).
    package struct FixedValue: Sendable, Hashable {
        /// The keys of its long form (`{ provided: token, prefix: "Bearer " }`), in the order the
        /// JSON Schema lists them.
        package enum Key: String, CaseIterable, Sendable {
            case provided, optional, prefix, value, now, timezone, nonce, `in`
        }

        /// What a `nonce:` value is made of, afresh for each request.
        package enum Nonce: String, CaseIterable, Sendable, Hashable {
            case uuid, hex, number
        }

        package enum Source: Sendable, Hashable {
            case literal(Literal)
            /// A value the app supplies at run time through the API initializer's argument `label`
            /// (already a valid identifier, back-quoted if it is a keyword).
            case provided(label: String)
            /// The time each request is made, in a date style (`now: "yyyy-MM-dd HH:mm:ss"`).
            case now(DateStyle)
            /// A value made afresh for each request (`nonce: uuid`).
            case nonce(Nonce)
        }

        /// Where a fixed parameter goes (headers are always headers).
        package enum Placement: String, Sendable, Hashable {
            /// Where the method's parameters go: query for get and delete, body otherwise.
            case automatic
            case query
            case header
            case body
        }

        /// The wire name.
        package var name: String
        package var source: Source
        package var placement: Placement = .automatic
        /// A provided value the app may not have: nil leaves it out.
        package var optional = false
        /// Text sent before a provided value (`"Bearer "`).
        package var prefix: String?
        /// The keys inside the JSON body parameter `name` where a literal goes, beside the
        /// members the call gives (`variables.perPage`: `name` "variables", `member` ["perPage"]);
        /// empty for a value sent as a parameter of its own.
        package var member: [String] = []

        package init(
            name: String, source: Source, placement: Placement = .automatic, optional: Bool = false,
            prefix: String? = nil
        ) {
            self.name = name
            self.source = source
            self.placement = placement
            self.optional = optional
            self.prefix = prefix
        }
    }
}

extension Spec {
    /// The labels of the API initializer's provided values: those under `fixed:`, then those
    /// under `headers:`, then those only endpoints send, in spec order, each once.
    package var providedLabels: [String] {
        var seen: Set<String> = []
        return allFixedValues.compactMap { value in
            guard case .provided(let label) = value.source, seen.insert(label).inserted else { return nil }
            return label
        }
    }

    /// The labels of the provided values endpoints send themselves (under their own `fixed:` or
    /// `headers:`), each once: the client looks them up by label.
    package var endpointProvidedLabels: [String] {
        var seen: Set<String> = []
        return endpointValues.compactMap { value in
            guard case .provided(let label) = value.source, seen.insert(label).inserted else { return nil }
            return label
        }
    }

    /// The labels of the provided values only endpoints send (a session one endpoint needs): the
    /// API initializer's argument is optional, and a call that sends the value fails without it.
    package var endpointOnlyLabels: Set<String> {
        let api = Set(
            (fixed + headers).compactMap { value -> String? in
                guard case .provided(let label) = value.source else { return nil }
                return label
            })
        return Set(endpointProvidedLabels).subtracting(api)
    }

    /// Every fixed value and header, the API's then its endpoints', in spec order.
    package var allFixedValues: [FixedValue] {
        fixed + headers + endpointValues
    }

    private var endpointValues: [FixedValue] {
        tools.flatMap { $0.endpoints.flatMap { $0.fixed + $0.headers } }
    }
}

/// `fixed:` and `headers:`, at the top level and in an endpoint.
extension SpecReader {
    /// `fixed:` or `headers:`: each value a literal or `{ provided: label }`. An endpoint's
    /// (`method` given) are sent with its requests only (to its server, whichever that is), and
    /// a fixed parameter it places in the body needs a method that sends one.
    mutating func readFixed(
        _ entry: MappingNode.Entry?, headers: Bool, method: Spec.HTTPMethod? = nil
    ) -> [Spec.FixedValue] {
        guard let entry,
            let map = mapping(
                entry.value, owner: entry.keyNode, what: headers ? "headers" : "fixed parameters", allowedKeys: [],
                nullIsEmpty: true)
        else { return [] }
        return map.entries.compactMap { item in
            if !headers { lintKeyPath(item.key, at: item.keyNode) }
            guard var value = readFixedValue(item, isHeader: headers) else { return nil }
            if !headers, !fragments.isEmpty, case .literal(.string(let text)) = value.source {
                value.source = .literal(.string(appendingFragments(to: text, used: &usedFragments)))
            }
            if value.placement == .body, let method, let inNode = item.value[Spec.FixedValue.Key.in.rawValue],
                !checkBody(on: method, instead: "send '\(item.key)' in the query or a header", at: inNode)
            {
                return nil
            }
            return value
        }
    }

    /// Warns of an endpoint's `Content-Type` header beside the files it sends: a multipart
    /// body's `Content-Type` names the boundary the runtime writes, which the header would lose.
    mutating func checkContentType(_ entry: MappingNode.Entry?, parameters: [Spec.Parameter], endpoint: String) {
        guard parameters.contains(where: \.isFilePart),
            let header = entry?.value.entries.first(where: { $0.key.lowercased() == "content-type" })
        else { return }
        warning(
            "\(endpoint) sends files as multipart/form-data, whose Content-Type names the boundary the runtime "
                + "writes; this header would replace it", at: header.keyNode)
    }

    /// An endpoint's fixed values, those whose key path's first key names one of its JSON body
    /// parameters (`variables.perPage` beside `params: { variables: SearchVariables }`) set as
    /// members inside that parameter: a literal, in a JSON object the body sends, at a path the
    /// parameter's model doesn't have. Another dotted key stays a wire name, as it is sent.
    mutating func nestFixed(
        _ values: [Spec.FixedValue], _ entry: MappingNode.Entry?, parameters: [Spec.Parameter],
        method: Spec.HTTPMethod?, jsonBody: Bool
    ) -> [Spec.FixedValue] {
        let items = entry?.value.entries ?? []
        return values.compactMap { value in
            let keys = Spec.KeyPath(parsing: value.name).components
            guard keys.count > 1, let parameter = parameters.first(where: { $0.name == keys[0] }),
                let item = items.first(where: { $0.key == value.name })
            else { return value }
            let path = keys.joined(separator: ".")
            guard case .literal = value.source else {
                error(
                    "'\(path)' sets a member inside '\(keys[0])': a literal only (a provided value goes at the top "
                        + "of the body, in the query or in a header)", at: item.keyNode)
                return nil
            }
            if let inNode = item.value[Spec.FixedValue.Key.in.rawValue] {
                error("'\(path)' goes inside the body parameter '\(keys[0])'; it takes no 'in'", at: inNode)
                return nil
            }
            let isObject: Bool =
                if case .model = parameter.type.unwrapped { true } else { parameter.type.unwrapped == .json }
            guard parameter.location == .body, jsonBody, isObject, method.map({ $0 != .get }) ?? true else {
                error(
                    "'\(path)' sets a member inside '\(keys[0])', which is no JSON object in the body: a member at a "
                        + "key path goes inside a JSON body parameter whose type is a model or JSON", at: item.keyNode)
                return nil
            }
            if let problem = memberProblem(Array(keys.dropFirst())[...], in: parameter.type, under: keys[0]) {
                error("'\(path)' \(problem)", at: item.keyNode)
                return nil
            }
            var nested = value
            nested.name = keys[0]
            nested.member = Array(keys.dropFirst())
            return nested
        }
    }

    /// Why a fixed member at `keys` inside a value of `type` (reached at `prefix`) can't be sent:
    /// the model writes that member itself (or one it holds), or the path goes through a member
    /// that is no object; nil when it can (a path no model has, or inside a JSON value).
    private func memberProblem(_ keys: ArraySlice<String>, in type: Spec.TypeRef, under prefix: String) -> String? {
        if type.unwrapped == .json { return nil }
        guard case .model(let name) = type.unwrapped else {
            return "goes through '\(prefix)', which is \(type.swiftSpelling), not an object"
        }
        for field in models[name]?.fields ?? [] {
            let path = field.keyPath.components
            let common = zip(path, keys).prefix { $0 == $1 }.count
            guard common > 0 else { continue }
            let at = "\(prefix).\(path.prefix(common).joined(separator: "."))"
            if common == path.count, common < keys.count {
                return memberProblem(keys.dropFirst(common), in: field.type, under: at)
            }
            return "clashes with the member '\(at)' of \(name), which the call sends; leave one of them out"
        }
        return nil
    }

    /// Whether `literal` is a header's `null`, which no header can send (an error).
    private mutating func isNullHeader(_ literal: Spec.Literal, _ item: MappingNode.Entry, _ isHeader: Bool) -> Bool {
        guard isHeader, literal == .null else { return false }
        error("the header '\(item.key)' can't be null; leave it out", at: item.value)
        return true
    }

    /// A literal, `{ value: literal, in: … }`, or `{ provided: label, optional:, prefix:, in: }`
    /// (`in:` not for headers).
    private mutating func readFixedValue(_ item: MappingNode.Entry, isHeader: Bool) -> Spec.FixedValue? {
        typealias Key = Spec.FixedValue.Key
        guard case .mapping = item.value.content else {
            guard let literal = literal(item.value, what: "'\(item.key)'"), !isNullHeader(literal, item, isHeader)
            else { return nil }
            return Spec.FixedValue(
                name: item.key, source: isHeader ? .literal(.string(item.value.scalarText ?? "")) : .literal(literal))
        }
        guard
            let map = mapping(
                item.value, owner: item.keyNode, what: "the fixed value '\(item.key)'",
                allowedKeys: SpecKeys.fixedValue)
        else { return nil }
        var value = Spec.FixedValue(name: item.key, source: .literal(.string("")))
        if let nowNode = map.value(Key.now.rawValue) {
            guard let now = readNow(nowNode, in: map, name: item.key) else { return nil }
            value.source = .now(now)
        } else if let nonceNode = map.value(Key.nonce.rawValue) {
            guard let nonce = readNonce(nonceNode, in: map, name: item.key) else { return nil }
            value.source = .nonce(nonce)
        } else if let zoneNode = map.entry(Key.timezone.rawValue)?.keyNode {
            error("'timezone' is the zone of a 'now:' value; '\(item.key)' has none", at: zoneNode)
            return nil
        } else {
            guard readProvidedOrLiteral(map, into: &value, item: item, isHeader: isHeader) else { return nil }
        }
        if isHeader, let inNode = map.entry(Key.in.rawValue)?.keyNode {
            error("'in' places a fixed parameter; a header is always sent as a header", at: inNode)
        } else if let inNode = map.value(Key.in.rawValue) {
            value.placement =
                choice(
                    inNode, what: "fixed parameter location",
                    [("query", Spec.FixedValue.Placement.query), ("header", .header), ("body", .body)]) ?? .automatic
        }
        return value
    }

    /// `now: <date style>` (and `timezone:`): the time of each request, in any style `dates:`
    /// takes, in the zone given (else the API's); alone, with no value and nothing provided.
    private mutating func readNow(_ node: YAMLNode, in map: MappingNode, name: String) -> Spec.DateStyle? {
        typealias Key = Spec.FixedValue.Key
        for key in [Key.provided, .value, .optional, .prefix, .nonce] {
            if let keyNode = map.entry(key.rawValue)?.keyNode {
                error(
                    "the fixed value '\(name)' is the time of each request ('now'), which takes no '\(key.rawValue)'",
                    at: keyNode)
                return nil
            }
        }
        guard let style = readDateStyle(node) else { return nil }
        let zoneNode = map.value(Key.timezone.rawValue)
        let zone = zoneNode.flatMap { readTimeZone($0) }
        guard zoneNode == nil || zone != nil else { return nil }
        return zoned(style, node, in: zone)
    }

    /// `nonce: uuid`, `hex` or `number`: a value made afresh for each request; alone, with no
    /// value, nothing provided and no time.
    private mutating func readNonce(_ node: YAMLNode, in map: MappingNode, name: String) -> Spec.FixedValue.Nonce? {
        typealias Key = Spec.FixedValue.Key
        for key in [Key.provided, .value, .optional, .prefix, .now, .timezone] {
            if let keyNode = map.entry(key.rawValue)?.keyNode {
                error(
                    "the fixed value '\(name)' is made afresh for each request ('nonce'), which takes no "
                        + "'\(key.rawValue)'", at: keyNode)
                return nil
            }
        }
        return choice(node, what: "nonce", Spec.FixedValue.Nonce.allCases.map { ($0.rawValue, $0) })
    }

    /// The long form's `provided:` or `value:`, one of them; false when it is wrong.
    private mutating func readProvidedOrLiteral(
        _ map: MappingNode, into value: inout Spec.FixedValue, item: MappingNode.Entry, isHeader: Bool
    ) -> Bool {
        typealias Key = Spec.FixedValue.Key
        switch (map.value(Key.provided.rawValue), map.value(Key.value.rawValue)) {
        case (let labelNode?, nil):
            guard let label = validIdentifier(labelNode, what: "a provided value's label") else { return false }
            guard !ReservedNames.initializerLabels.contains(label) else {
                error(
                    "the provided label '\(label)' clashes with the generated initializer's own '\(label):'",
                    at: labelNode)
                return false
            }
            value.source = .provided(label: SwiftNaming.memberIdentifier(label))
            value.optional = map.value(Key.optional.rawValue).flatMap { bool($0, what: "optional") } ?? false
            value.prefix = map.value(Key.prefix.rawValue).flatMap { text($0, what: "a prefix") }
        case (nil, let literalNode?):
            guard let literal = literal(literalNode, what: "'\(item.key)'"), !isNullHeader(literal, item, isHeader)
            else { return false }
            value.source = isHeader ? .literal(.string(literalNode.scalarText ?? "")) : .literal(literal)
            for key in [Key.optional, .prefix] {
                if let node = map.entry(key.rawValue)?.keyNode {
                    error("'\(key.rawValue)' applies to provided values only", at: node)
                }
            }
        case (_?, let literalNode?):
            error("the fixed value '\(item.key)' has both 'provided' and 'value'; give one", at: literalNode)
            return false
        case (nil, nil):
            error(
                "missing key 'provided' (or 'value', or 'now') in the fixed value '\(item.key)'",
                at: item.keyNode)
            return false
        }
        return true
    }
}
