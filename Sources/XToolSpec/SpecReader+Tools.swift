import XToolYAML

/// `tools:`: each tool's type name and endpoints, the names their methods take, and what every
/// endpoint of a tool is read against.
extension SpecReader {
    /// `scope`: what every endpoint is read against (its `toolTypeName` is each tool's own).
    mutating func readTools(_ entry: MappingNode.Entry, scope: EndpointScope) -> [Spec.Tool] {
        guard
            let tools = mapping(entry.value, owner: entry.keyNode, what: "tools", allowedKeys: [], nullIsEmpty: true)
        else { return [] }
        var seen: [String: String] = [:]
        return tools.entries.compactMap { item in
            guard let typeName = GeneratedNames.toolType(tool: item.key) else {
                error("can't derive a Swift type name from the tool '\(item.key)'", at: item.keyNode)
                return nil
            }
            if let first = seen[typeName] {
                error("the tools '\(first)' and '\(item.key)' both become '\(typeName)'", at: item.keyNode)
                return nil
            }
            if modelNames[typeName] != nil || ReservedNames.shadowed(by: typeName) != nil {
                error("the tool '\(item.key)' becomes '\(typeName)', which is already a type's name", at: item.keyNode)
                return nil
            }
            seen[typeName] = item.key
            var context = scope
            context.toolTypeName = typeName
            return readTool(item, typeName: typeName, context: context)
        }
    }

    /// What every endpoint of a tool is read against.
    struct EndpointScope {
        var body: Spec.BodyEncoding
        /// The style of array parameters that don't name one (`arrays:`).
        var arrays: Spec.ParameterStyle?
        var fixed: [Spec.FixedValue]
        var headers: [Spec.FixedValue]
        var signature: String?
        /// The tool's type name (empty until `readTools` reads a tool).
        var toolTypeName = ""
        /// The API declares an envelope: a whole `String` response is JSON inside it, not text.
        var hasEnvelope: Bool
        /// The names of the other servers (`servers:`).
        var servers: [String]
        /// What every endpoint of the tool omits (the tool's `omit:`).
        var omitted: [String] = []
    }

    private mutating func readTool(_ entry: MappingNode.Entry, typeName: String, context: EndpointScope) -> Spec.Tool? {
        let what = "the tool '\(entry.key)'"
        guard
            let tool = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.tool),
            let (_, endpoints) = requiredMapping("endpoints", in: tool, what: "the endpoints of '\(entry.key)'")
        else { return nil }
        var context = context
        context.omitted = tool.value("omit").map { readOmitted($0, context: context) } ?? []

        var methodNames: [String: String] = [:]
        var keyNodes: [String: YAMLNode] = [:]
        var enums: [Spec.EnumType] = []
        var result: [Spec.Endpoint] = []
        var paginated: [(method: String, item: MappingNode.Entry)] = []
        for item in endpoints.entries {
            guard let raw = memberName(item.key) else {
                error("can't derive a Swift method name from the endpoint '\(item.key)'", at: item.keyNode)
                continue
            }
            if ReservedNames.toolMembers.contains(raw) {
                error("an endpoint can't be named '\(raw)': \(typeName) uses that name itself", at: item.keyNode)
                continue
            }
            // Every endpoint is two methods: `name` and `nameWithResponse`.
            let names = EndpointNames(memberName: raw)
            if let name = names.methods.first(where: { methodNames[$0] != nil }), let first = methodNames[name] {
                error("the endpoints '\(first)' and '\(item.key)' both become the method '\(name)'", at: item.keyNode)
                continue
            }
            for name in names.methods { methodNames[name] = item.key }
            guard let endpoint = readEndpoint(item, names: names, context: context, enums: &enums) else { continue }
            keyNodes[endpoint.swiftName] = item.keyNode
            result.append(endpoint)
            if endpoint.pagination != nil { paginated.append((names.method, item)) }
        }
        // A paginated endpoint's companion `…Items` method takes a name of its own.
        for (method, item) in paginated {
            if let (companion, other) = Spec.Pagination.companionClash(method: method, among: methodNames) {
                error(
                    "the endpoint '\(other)' takes the name '\(companion)' of the method that lists every item of '\(item.key)'",
                    at: item.keyNode)
            }
        }
        checkHeadersTypeNames(&result, enums: enums, toolTypeName: typeName, keyNodes: keyNodes)
        let summary = tool.value("summary").flatMap { text($0, what: "summary") }
        return Spec.Tool(name: entry.key, typeName: typeName, summary: summary, endpoints: result, enums: enums)
    }

    /// Reports a headers struct (`IssueHeaders`, nested in the tool) that would take a name the
    /// tool's code already uses; such an endpoint is dropped.
    private mutating func checkHeadersTypeNames(
        _ endpoints: inout [Spec.Endpoint], enums: [Spec.EnumType], toolTypeName: String, keyNodes: [String: YAMLNode]
    ) {
        var scope = EnumScope(owner: toolTypeName, ownerType: toolTypeName)
        for enumType in enums {
            scope.takenNames[SwiftNaming.bare(enumType.swiftName)] = "the enum '\(enumType.swiftName)'"
        }
        // Endpoints whose headers are another's before them share its struct (an API's rate-limit
        // headers on every endpoint make one struct per tool, not one each).
        var structs: [[Spec.HeaderField]: String] = [:]
        for index in endpoints.indices {
            guard let headers = endpoints[index].response?.headers, !headers.isEmpty else { continue }
            if let shared = structs[headers] {
                endpoints[index].response?.headersTypeName = shared
            } else if let name = endpoints[index].response?.headersTypeName {
                structs[headers] = name
            }
        }
        var declared: Set<String> = []
        endpoints.removeAll { endpoint in
            guard let name = endpoint.response?.headersTypeName, declared.insert(name).inserted else { return false }
            if let clash = takenTypeName(name, in: scope), let node = keyNodes[endpoint.swiftName] {
                error(
                    "the response headers of '\(endpoint.swiftName)' would be the struct '\(name)', which is \(clash) "
                        + "inside \(toolTypeName); rename the endpoint", at: node)
                return true
            }
            scope.takenNames[name] = "the headers of '\(endpoint.swiftName)'"
            return false
        }
    }
}
