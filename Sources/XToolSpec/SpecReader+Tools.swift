import XToolYAML

extension SpecReader {
    static let endpointKeys =
        ["summary"] + HTTPMethod.allCases.map(\.rawValue) + ["params", "fixed", "response", "cache"]

    /// Labels the generated code uses itself (the endpoint methods' `progress:` and
    /// `completion:`, and SPEC.md's list), which a parameter can't take.
    static let reservedParameterLabels: Set<String> = [
        "baseURL", "transport", "cache", "signer", "completion", "progress",
    ]

    /// Member names of a tool type that an endpoint method can't take.
    static let toolMembers: Set<String> = ["api", "init"]

    mutating func readTools(
        _ entry: MappingNode.Entry, body: BodyEncoding, fixed: [FixedValue], signature: String?
    ) -> [Tool] {
        guard
            let tools = mapping(entry.value, owner: entry.keyNode, what: "tools", allowedKeys: [], nullIsEmpty: true)
        else { return [] }
        var seen: [String: String] = [:]
        return tools.entries.compactMap { item in
            guard let base = SwiftNaming.typeName(item.key) else {
                error("can't derive a Swift type name from the tool '\(item.key)'", at: item.keyNode)
                return nil
            }
            let typeName = base + "Tool"
            if let first = seen[typeName] {
                error("the tools '\(first)' and '\(item.key)' both become '\(typeName)'", at: item.keyNode)
                return nil
            }
            if modelNames[typeName] != nil || ReservedNames.shadowed(by: typeName) != nil {
                error("the tool '\(item.key)' becomes '\(typeName)', which is already a type's name", at: item.keyNode)
                return nil
            }
            seen[typeName] = item.key
            let context = EndpointContext(body: body, fixed: fixed, signature: signature, toolTypeName: typeName)
            return readTool(item, typeName: typeName, context: context)
        }
    }

    /// What every endpoint of a tool is read against.
    struct EndpointContext {
        var body: BodyEncoding
        var fixed: [FixedValue]
        var signature: String?
        var toolTypeName: String
    }

    private mutating func readTool(_ entry: MappingNode.Entry, typeName: String, context: EndpointContext) -> Tool? {
        let what = "the tool '\(entry.key)'"
        guard
            let tool = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: ["summary", "endpoints"]),
            let (_, endpoints) = requiredMapping("endpoints", in: tool, what: "the endpoints of '\(entry.key)'")
        else { return nil }

        var methodNames: [String: String] = [:]
        var enums: [EnumType] = []
        var result: [Endpoint] = []
        for item in endpoints.entries {
            guard let raw = SwiftNaming.memberName(item.key) else {
                error("can't derive a Swift method name from the endpoint '\(item.key)'", at: item.keyNode)
                continue
            }
            if Self.toolMembers.contains(raw) {
                error("an endpoint can't be named '\(raw)': \(typeName) uses that name itself", at: item.keyNode)
                continue
            }
            if let first = methodNames[raw] {
                error("the endpoints '\(first)' and '\(item.key)' both become the method '\(raw)'", at: item.keyNode)
                continue
            }
            methodNames[raw] = item.key
            guard let endpoint = readEndpoint(item, swiftName: raw, context: context, enums: &enums) else { continue }
            result.append(endpoint)
        }
        let summary = tool.value("summary").flatMap { text($0, what: "summary") }
        return Tool(name: entry.key, typeName: typeName, summary: summary, endpoints: result, enums: enums)
    }

    private mutating func readEndpoint(
        _ entry: MappingNode.Entry, swiftName: String, context: EndpointContext, enums: inout [EnumType]
    ) -> Endpoint? {
        let what = "the endpoint '\(entry.key)'"
        guard let map = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: Self.endpointKeys)
        else { return nil }

        let methods = map.entries.filter { HTTPMethod(rawValue: $0.key) != nil }
        if methods.isEmpty {
            error("missing the method of \(what): one of get, post, put, patch or delete", at: entry.keyNode)
        }
        for extra in methods.dropFirst() {
            error(
                "\(what) has two methods, '\(methods[0].key)' and '\(extra.key)'; give one", at: extra.keyNode)
        }
        let method = methods.first.flatMap { HTTPMethod(rawValue: $0.key) }
        let pathNode = methods.first?.value
        let placeholders = pathNode.flatMap { readPath($0) } ?? []

        let endpointFixed = readEndpointFixed(map.entry("fixed"))
        var sent = Set((context.fixed + endpointFixed).map(\.name))
        if let signature = context.signature { sent.insert(signature) }
        let parameters = readParameters(
            map.entry("params"), method: method ?? .get, placeholders: placeholders, context: context,
            alreadySent: sent, enums: &enums, endpoint: what)
        if let pathNode {
            // Names declared under params, even those rejected above, so a placeholder is not
            // reported twice.
            var declared: Set<String> = []
            if case .mapping(let pairs)? = map.value("params")?.content {
                declared = Set(pairs.compactMap { $0.key.scalarText })
            }
            for placeholder in placeholders where !declared.contains(placeholder) {
                error("the path has {\(placeholder)}, but \(what) has no parameter '\(placeholder)'", at: pathNode)
            }
        }
        let response = map.entry("response").flatMap { readResponse($0, endpoint: what) }
        var cache = CachePolicy.none
        if let cacheNode = map.value("cache") {
            cache = choice(cacheNode, what: "cache policy", [("none", CachePolicy.none), ("fallback", .fallback)]) ?? .none
            if cache == .fallback, response == nil {
                error("'cache: fallback' stores a response, but \(what) has none", at: cacheNode)
            } else if cache == .fallback, let method, method != .get {
                warning("'cache: fallback' on a \(method.rawValue.uppercased()) request replays a stored answer to a write", at: cacheNode)
            }
        }
        guard let method, let path = pathNode?.scalarText else { return nil }
        let summary = map.value("summary").flatMap { text($0, what: "summary") }
        return Endpoint(
            swiftName: SwiftNaming.memberIdentifier(swiftName), summary: summary, method: method, path: path,
            parameters: parameters, fixed: endpointFixed, response: response, cache: cache)
    }

    /// Checks a path's literal text and returns its `{placeholder}` names.
    private mutating func readPath(_ node: YAMLNode) -> [String]? {
        guard let path = text(node, what: "the endpoint's path") else { return nil }
        var placeholders: [String] = []
        var literal = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            literal += rest[..<open]
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                error("unbalanced '\(rest[open])' in the path '\(path)'", at: node)
                return nil
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard !name.isEmpty, !name.contains("{") else {
                error("'{\(name)}' in the path '\(path)' is not a parameter name", at: node)
                return nil
            }
            placeholders.append(name)
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if let problem = URLSyntax.problemWithPath(literal) {
            error("invalid path '\(path)': \(problem)", at: node)
            return nil
        }
        return placeholders
    }

    private mutating func readEndpointFixed(_ entry: MappingNode.Entry?) -> [FixedValue] {
        guard let entry,
            let map = mapping(entry.value, owner: entry.keyNode, what: "fixed parameters", allowedKeys: [], nullIsEmpty: true)
        else { return [] }
        return map.entries.compactMap { item in
            lintKey(item.key, at: item.keyNode)
            return readFixedSource(item, asText: false, allowsProvided: false).map {
                FixedValue(name: item.key, source: $0)
            }
        }
    }

    private mutating func readResponse(_ entry: MappingNode.Entry, endpoint: String) -> Response? {
        let what = "the response of \(endpoint)"
        let node = entry.value
        guard case .mapping = node.content else {
            return readShorthandType(node, what: what).map { Response(path: KeyPath(components: []), type: $0) }
        }
        guard let map = mapping(node, owner: entry.keyNode, what: what, allowedKeys: ["path", "type"]),
            let typeNode = required("type", in: map),
            let type = readShorthandType(typeNode, what: what)
        else { return nil }
        let path = map.value("path").flatMap { keyPath($0, what: "the response's path") }
        return Response(path: path ?? KeyPath(components: []), type: type)
    }
}
