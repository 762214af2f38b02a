import XToolYAML

// `response:`, the one home of the concept in XToolSpec: its keys (which `SpecKeys` lists for
// the reader and the JSON Schema's check), its value with what follows from it (the format, the
// headers struct's name) and how it is read.
extension Spec {
    /// What an endpoint decodes from the payload.
    package struct Response: Sendable, Hashable {
        /// The keys of `response:`'s long form.
        package enum Key: String, CaseIterable, Sendable {
            case path, type, headers
        }

        /// The key path of the value to decode, after the envelope; empty for the whole payload.
        package var path: KeyPath
        package var type: TypeRef
        package var format: ResponseFormat = .json
        /// The headers the spec names, read as typed values; empty when it names none.
        package var headers: [HeaderField] = []
        /// The Swift name of the struct that holds them (`IssueHeaders`), when there are some.
        package var headersTypeName: String?
    }

    /// A response header read as a typed value.
    package struct HeaderField: Sendable, Hashable {
        /// The header's name (`X-RateLimit-Remaining`).
        package var name: String
        /// The property name, ready for code.
        package var swiftName: String
        package var type: TypeRef
        package var summary: String?
        /// A date style for this header (HTTP's date format otherwise).
        package var dateFormat: DateStyle?
    }

    /// How a response's body becomes the call's value.
    package enum ResponseFormat: String, Sendable, Hashable {
        /// JSON, through the envelope.
        case json
        /// The whole body as text (`response: String` without a path or an envelope).
        case text
        /// The whole body as bytes (`response: Data`).
        case data
    }
}

/// An endpoint's `response:`: the type at a key path, the headers read as typed values, and the
/// format (JSON, text or bytes).
extension SpecReader {
    /// `names`: the endpoint's, after which the struct of its typed headers is named.
    mutating func readResponse(
        _ entry: MappingNode.Entry, names: EndpointNames, endpoint: String, context: EndpointScope,
        enums: inout [Spec.EnumType]
    ) -> Spec.Response? {
        let what = "the response of \(endpoint)"
        let node = entry.value
        guard case .mapping = node.content else {
            return readShorthandType(node, what: what).flatMap {
                checkedResponse(Spec.Response(path: Spec.KeyPath(components: []), type: $0), at: node, context: context)
            }
        }
        guard let map = mapping(node, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.response),
            let typeNode = required(Spec.Response.Key.type.rawValue, in: map),
            let type = readShorthandType(typeNode, what: what)
        else { return nil }
        let pathNode = map.value(Spec.Response.Key.path.rawValue)
        let path = pathNode.flatMap { keyPath($0, what: "the response's path", allowsEach: true) }
        if let path, let pathNode, !checkEachElement(path, type: type, at: pathNode) { return nil }
        var response = Spec.Response(path: path ?? Spec.KeyPath(components: []), type: type)
        if let headersEntry = map.entry(Spec.Response.Key.headers.rawValue) {
            response.headers = readResponseHeaders(headersEntry, endpoint: endpoint, context: context, enums: &enums)
            if !response.headers.isEmpty { response.headersTypeName = GeneratedNames.headersType(method: names.method) }
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
            guard let member = readMember(item, what: what, kind: .responseHeader, enumScope: scope) else { continue }
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
