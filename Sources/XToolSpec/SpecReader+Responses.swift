import XToolYAML

/// An endpoint's `response:`: the type at a key path, the headers read as typed values, and the
/// format (JSON, text or bytes).
extension SpecReader {
    mutating func readResponse(
        _ entry: MappingNode.Entry, endpoint: String, context: EndpointScope, enums: inout [Spec.EnumType]
    ) -> Spec.Response? {
        let what = "the response of \(endpoint)"
        let node = entry.value
        guard case .mapping = node.content else {
            return readShorthandType(node, what: what).flatMap {
                checkedResponse(Spec.Response(path: Spec.KeyPath(components: []), type: $0), at: node, context: context)
            }
        }
        guard let map = mapping(node, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.response),
            let typeNode = required("type", in: map),
            let type = readShorthandType(typeNode, what: what)
        else { return nil }
        let pathNode = map.value("path")
        let path = pathNode.flatMap { keyPath($0, what: "the response's path", allowsEach: true) }
        if let path, let pathNode, !checkEachElement(path, type: type, at: pathNode) { return nil }
        var response = Spec.Response(path: path ?? Spec.KeyPath(components: []), type: type)
        if let headersEntry = map.entry("headers") {
            response.headers = readResponseHeaders(headersEntry, endpoint: endpoint, context: context, enums: &enums)
        }
        return checkedResponse(response, at: typeNode, context: context)
    }

    /// `headers: { X-RateLimit-Remaining: Int, ETag: String? }`: headers read as typed values. An
    /// inline enum is nested in the tool, beside its parameters' enums.
    private mutating func readResponseHeaders(
        _ entry: MappingNode.Entry, endpoint: String, context: EndpointScope, enums: inout [Spec.EnumType]
    ) -> [Spec.HeaderField] {
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the response headers of \(endpoint)", allowedKeys: [])
        else { return [] }
        let scope = EnumScope(owner: context.toolTypeName, ownerType: context.toolTypeName)
        var seen: [String: String] = ["all": "the struct's own 'all'"]
        var headers: [Spec.HeaderField] = []
        for item in map.entries {
            let what = "the header '\(item.key)'"
            guard let member = readMember(item, what: what, isParameter: false, enumScope: scope) else { continue }
            if let first = seen[member.rawSwiftName] {
                error(
                    "'\(item.key)' becomes '\(member.rawSwiftName)', like \(first.hasPrefix("the ") ? first : "'\(first)'"); "
                        + "rename it with name:", at: item.keyNode)
                continue
            }
            seen[member.rawSwiftName] = item.key
            switch member.type.unwrapped {
            case .string, .int, .int64, .double, .decimal, .bool, .date, .url, .enumeration: break
            default:
                error(
                    "\(what) is \(member.type.swiftSpelling); a header reads as String, Int, Int64, Double, Decimal, "
                        + "Bool, Date, URL or an enum", at: item.value)
                continue
            }
            if member.defaultValue != nil {
                error("\(what) can't have a default; make it optional", at: item.value)
                continue
            }
            guard share(member.type, in: &enums, at: item.keyNode) else { continue }
            headers.append(
                Spec.HeaderField(
                    name: item.key, swiftName: member.swiftName, type: member.type, summary: member.summary,
                    dateFormat: member.dateFormat))
        }
        return headers
    }

    /// A response can't be a `File` (an upload type); `Data` is the whole body, nothing inside
    /// it. Sets the format: bytes for `Data`, text for a whole `String` outside an envelope.
    private mutating func checkedResponse(_ response: Spec.Response, at node: YAMLNode, context: EndpointScope) -> Spec
        .Response?
    {
        guard !response.type.containsFile else {
            error("a response can't be a File; File is the type of an upload parameter", at: node)
            return nil
        }
        var response = response
        if response.type.containsData {
            guard response.type.unwrapped == .data, response.path.components.isEmpty else {
                error(
                    "Data is the whole body of a response, as it came: write 'response: Data' (or 'Data?'), "
                        + "without a path, inside nothing", at: node)
                return nil
            }
            response.format = .data
        } else if response.type.unwrapped == .string, response.path.components.isEmpty, !context.hasEnvelope {
            response.format = .text
        }
        return response
    }
}
