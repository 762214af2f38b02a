import XToolYAML

extension SpecReader {
    static let endpointKeys =
        ["summary"] + HTTPMethod.allCases.map(\.rawValue) + ["params", "body", "fixed", "omit", "response", "errors", "cache", "paginate"]

    mutating func readTools(
        _ entry: MappingNode.Entry, body: BodyEncoding, arrays: ParameterStyle?, fixed: [FixedValue],
        headers: [FixedValue], signature: String?, hasEnvelope: Bool
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
            let context = EndpointContext(
                body: body, arrays: arrays, fixed: fixed, headers: headers, signature: signature, toolTypeName: typeName,
                hasEnvelope: hasEnvelope)
            return readTool(item, typeName: typeName, context: context)
        }
    }

    /// What every endpoint of a tool is read against.
    struct EndpointContext {
        var body: BodyEncoding
        /// The style of array parameters that don't name one (`arrays:`).
        var arrays: ParameterStyle?
        var fixed: [FixedValue]
        var headers: [FixedValue]
        var signature: String?
        var toolTypeName: String
        /// The API declares an envelope: a whole `String` response is JSON inside it, not text.
        var hasEnvelope: Bool
    }

    private mutating func readTool(_ entry: MappingNode.Entry, typeName: String, context: EndpointContext) -> Tool? {
        let what = "the tool '\(entry.key)'"
        guard
            let tool = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: ["summary", "endpoints"]),
            let (_, endpoints) = requiredMapping("endpoints", in: tool, what: "the endpoints of '\(entry.key)'")
        else { return nil }

        var methodNames: [String: String] = [:]
        var keyNodes: [String: YAMLNode] = [:]
        var enums: [EnumType] = []
        var result: [Endpoint] = []
        var paginated: [(raw: String, item: MappingNode.Entry)] = []
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
            if let name = [raw, raw + "WithResponse"].first(where: { methodNames[$0] != nil }), let first = methodNames[name] {
                error("the endpoints '\(first)' and '\(item.key)' both become the method '\(name)'", at: item.keyNode)
                continue
            }
            methodNames[raw] = item.key
            methodNames[raw + "WithResponse"] = item.key
            guard let endpoint = readEndpoint(item, swiftName: raw, context: context, enums: &enums) else { continue }
            keyNodes[endpoint.swiftName] = item.keyNode
            result.append(endpoint)
            if endpoint.pagination != nil { paginated.append((raw, item)) }
        }
        // A paginated endpoint's companion `…Items` method takes a name of its own.
        for (raw, item) in paginated {
            let companion = raw + "Items"
            if let other = methodNames[companion] {
                error(
                    "the endpoint '\(other)' takes the name '\(companion)' of the method that lists every item of '\(item.key)'",
                    at: item.keyNode)
            }
        }
        checkHeadersTypeNames(&result, enums: enums, toolTypeName: typeName, keyNodes: keyNodes)
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
        let omitted = map.value("omit").map { readOmitted($0, context: context) } ?? []
        var sent = Set((context.fixed + endpointFixed).map(\.name)).subtracting(omitted)
        if let signature = context.signature { sent.insert(signature) }
        var parameters = readParameters(
            map.entry("params"), method: method ?? .get, placeholders: placeholders, context: context,
            alreadySent: sent, enums: &enums, endpoint: what, wholeBody: map.value("body") != nil)
        if let bodyEntry = map.entry("body"),
            let body = readWholeBody(bodyEntry, method: method, taken: parameters, context: context, endpoint: what)
        {
            parameters.append(body)
        }
        if let pathNode {
            // Names declared under params, even those rejected above, so a placeholder is not
            // reported twice.
            let declared = Set(map.value("params")?.entries.map(\.key) ?? [])
            for placeholder in placeholders where !declared.contains(placeholder) {
                error("the path has {\(placeholder)}, but \(what) has no parameter '\(placeholder)'", at: pathNode)
            }
        }
        var response = map.entry("response").flatMap { readResponse($0, endpoint: what, context: context) }
        if let headers = response?.headers, !headers.isEmpty {
            response?.headersTypeName = (SwiftNaming.typeName(swiftName) ?? swiftName) + "Headers"
        }
        let errors = map.entry("errors").flatMap { readErrors($0, what: "the error body of \(what)") }
        var cache = CachePolicy.none
        if let cacheNode = map.value("cache") {
            cache = choice(cacheNode, what: "cache policy", [("none", CachePolicy.none), ("fallback", .fallback)]) ?? .none
            if cache == .fallback, response == nil {
                error("'cache: fallback' stores a response, but \(what) has none", at: cacheNode)
            } else if cache == .fallback, let method, method != .get {
                warning("'cache: fallback' on a \(method.rawValue.uppercased()) request replays a stored answer to a write", at: cacheNode)
            }
        }
        let pagination = map.entry("paginate").flatMap {
            readPagination($0, response: response, parameters: parameters, cache: cache, endpoint: what)
        }
        guard let method, let path = pathNode?.scalarText else { return nil }
        let summary = map.value("summary").flatMap { text($0, what: "summary") }
        return Endpoint(
            swiftName: SwiftNaming.memberIdentifier(swiftName), summary: summary, method: method, path: path,
            parameters: parameters, fixed: endpointFixed, omitted: omitted, response: response, errors: errors,
            cache: cache, pagination: pagination)
    }

    /// `paginate: link`, or a mapping with `cursor:` (and `next:` or `lastItem:`, `hasMore:`),
    /// `page:` (`limit:`, `start:`) or `offset:` (`limit:`).
    private mutating func readPagination(
        _ entry: MappingNode.Entry, response: Response?, parameters: [Parameter], cache: CachePolicy, endpoint: String
    ) -> Pagination? {
        guard let response, case .array = response.type else {
            error("'paginate' needs a response that is an array (the items of a page), in \(endpoint)", at: entry.keyNode)
            return nil
        }
        if cache == .fallback {
            error("a paginated endpoint can't use 'cache: fallback'", at: entry.keyNode)
            return nil
        }
        if let clash = parameters.first(where: { ["from", "pageCursor"].contains($0.swiftName) }) {
            error(
                "a paginated endpoint's method takes 'from pageCursor:' for the next page; rename the parameter "
                    + "'\(clash.name)' with name:", at: entry.keyNode)
            return nil
        }
        if entry.value.scalarText != nil {
            return choice(entry.value, what: "pagination", [("link", Pagination.link)])
        }
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the pagination of \(endpoint)",
                allowedKeys: ["cursor", "next", "lastItem", "hasMore", "page", "offset", "limit", "start"])
        else { return nil }
        let styles = map.entries.filter { ["cursor", "page", "offset"].contains($0.key) }
        guard let style = styles.first, styles.count == 1 else {
            error(
                "the pagination of \(endpoint) names one of cursor, page or offset (or is 'paginate: link')",
                at: styles.dropFirst().first?.keyNode ?? entry.keyNode)
            return nil
        }
        guard let parameter = pagedParameter(style.value, in: parameters, integer: style.key != "cursor") else { return nil }
        let allowed: [String: [String]] = [
            "cursor": ["next", "lastItem", "hasMore"], "page": ["limit", "start"], "offset": ["limit"],
        ]
        for other in map.entries where other.key != style.key && !(allowed[style.key] ?? []).contains(other.key) {
            error("'\(other.key)' doesn't apply to '\(style.key)' pagination", at: other.keyNode)
            return nil
        }
        let limit = map.value("limit").flatMap { pagedParameter($0, in: parameters, integer: true) }
        switch style.key {
        case "cursor":
            let next = map.value("next").flatMap { keyPath($0, what: "the next cursor's key path") }
            let lastItem = map.value("lastItem").flatMap { keyPath($0, what: "the last item's key path") }
            let hasMore = map.value("hasMore").flatMap { keyPath($0, what: "the has-more key path") }
            guard (next == nil) != (lastItem == nil) else {
                error("cursor pagination reads its token from 'next' (a key path of the payload) or 'lastItem' (one of the last item); give one", at: style.keyNode)
                return nil
            }
            return .cursor(parameter: parameter, next: next, lastItem: lastItem, hasMore: hasMore)
        case "page":
            var start = 1
            if let node = map.value("start") {
                guard case .int(let value) = node.coreScalar else {
                    error("'start' is the first page's number, found \(Self.kind(of: node))", at: node)
                    return nil
                }
                start = Int(value)
            }
            return .page(parameter: parameter, limit: limit, start: start)
        default:
            return .offset(parameter: parameter, limit: limit)
        }
    }

    /// The wire name of a parameter that pagination sets, which must be one of the endpoint's
    /// query or body parameters (an integer one for page numbers, offsets and limits).
    private mutating func pagedParameter(_ node: YAMLNode, in parameters: [Parameter], integer: Bool) -> String? {
        guard let name = nonEmptyText(node, what: "a parameter's name") else { return nil }
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            error(
                "'\(name)' is not a parameter of this endpoint; declare it under params:"
                    + Suggestions.didYouMean(name, in: parameters.map(\.name)), at: node)
            return nil
        }
        guard parameter.location == .query || parameter.location == .body else {
            error("pagination sets '\(name)', so it goes in the query or the body, not the \(parameter.location.rawValue)", at: node)
            return nil
        }
        if integer, ![TypeRef.int, .int64].contains(parameter.type.unwrapped) {
            error("'\(name)' counts pages or items, so it is an Int, not \(parameter.type.swiftSpelling)", at: node)
            return nil
        }
        return name
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
            return readFixedValue(item, isHeader: false, allowsProvided: false)
        }
    }

    /// `omit: [name, …]`: the API's fixed parameters and headers an endpoint does not send.
    private mutating func readOmitted(_ node: YAMLNode, context: EndpointContext) -> [String] {
        guard case .sequence(let items) = node.content else {
            error("'omit' lists names of fixed parameters or headers, like [access_token]", at: node)
            return []
        }
        let known = (context.fixed + context.headers).map(\.name)
        return items.compactMap { item in
            guard let name = text(item, what: "a name to omit") else { return nil }
            guard known.contains(name) else {
                error(
                    "'\(name)' is not a fixed parameter or header of the API, so there is nothing to omit"
                        + Suggestions.didYouMean(name, in: known), at: item)
                return nil
            }
            return name
        }
    }

    /// `body: Type` or `body: { type:, name:, summary: }`: one value sent as the whole JSON body,
    /// an argument named after its type (`NewIssue` -> `newIssue`) unless `name:` says otherwise.
    private mutating func readWholeBody(
        _ entry: MappingNode.Entry, method: HTTPMethod?, taken: [Parameter], context: EndpointContext, endpoint: String
    ) -> Parameter? {
        let what = "the body of \(endpoint)"
        var typeNode = entry.value
        var nameNode: YAMLNode?
        var summary: String?
        if case .mapping = entry.value.content {
            guard let map = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: ["type", "name", "summary"]),
                let node = required("type", in: map)
            else { return nil }
            typeNode = node
            nameNode = map.value("name")
            summary = map.value("summary").flatMap { text($0, what: "summary") }
        }
        guard let type = readShorthandType(typeNode, what: what) else { return nil }
        switch type.unwrapped {
        case .model, .array, .dictionary, .json: break
        default:
            error("\(what) must be a model, an array, a dictionary or JSON, not \(type.swiftSpelling)", at: typeNode)
            return nil
        }
        if type.containsFile {
            error("a File goes in a multipart body as a parameter, not in a JSON body", at: typeNode)
            return nil
        }
        if let method, method == .get || method == .delete {
            warning("a \(method.rawValue.uppercased()) request with a body is rarely understood by servers", at: entry.keyNode)
        }
        let derived: String? =
            if case .model(let model) = type.unwrapped { SwiftNaming.memberName(model) } else { "body" }
        let rawName = nameNode.flatMap { validIdentifier($0, what: "the Swift name of \(what)") } ?? derived
        guard let rawName else { return nil }
        if let clash = taken.first(where: { $0.swiftName.filter { $0 != "`" } == rawName }) {
            error(
                "the body's argument '\(rawName)' clashes with the parameter '\(clash.name)'; rename one with name:",
                at: nameNode ?? entry.keyNode)
            return nil
        }
        return Parameter(
            name: "", swiftName: SwiftNaming.memberIdentifier(rawName), type: type, location: .wholeBody,
            summary: summary)
    }

    private mutating func readResponse(
        _ entry: MappingNode.Entry, endpoint: String, context: EndpointContext
    ) -> Response? {
        let what = "the response of \(endpoint)"
        let node = entry.value
        guard case .mapping = node.content else {
            return readShorthandType(node, what: what).flatMap {
                checkedResponse(Response(path: KeyPath(components: []), type: $0), at: node, context: context)
            }
        }
        guard let map = mapping(node, owner: entry.keyNode, what: what, allowedKeys: ["path", "type", "headers"]),
            let typeNode = required("type", in: map),
            let type = readShorthandType(typeNode, what: what)
        else { return nil }
        let path = map.value("path").flatMap { keyPath($0, what: "the response's path") }
        var response = Response(path: path ?? KeyPath(components: []), type: type)
        if let headersEntry = map.entry("headers") {
            response.headers = readResponseHeaders(headersEntry, endpoint: endpoint, context: context)
        }
        return checkedResponse(response, at: typeNode, context: context)
    }

    /// `headers: { X-RateLimit-Remaining: Int, ETag: String? }`: headers read as typed values.
    private mutating func readResponseHeaders(
        _ entry: MappingNode.Entry, endpoint: String, context: EndpointContext
    ) -> [HeaderField] {
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the response headers of \(endpoint)", allowedKeys: [])
        else { return [] }
        let scope = EnumScope(owner: context.toolTypeName, ownerType: context.toolTypeName)
        var seen: [String: String] = ["all": "the struct's own 'all'"]
        var headers: [HeaderField] = []
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
            case .string, .int, .int64, .double, .bool, .date, .url: break
            case .enumeration(let enumType) where enumType.isShared: break
            case .enumeration:
                error("\(what) can't declare an enum of its own; declare it under models: and name it", at: item.value)
                continue
            default:
                error(
                    "\(what) is \(member.type.swiftSpelling); a header reads as String, Int, Int64, Double, Bool, "
                        + "Date, URL or an enum declared under models:", at: item.value)
                continue
            }
            if member.defaultValue != nil {
                error("\(what) can't have a default; make it optional", at: item.value)
                continue
            }
            headers.append(
                HeaderField(
                    name: item.key, swiftName: member.swiftName, type: member.type, summary: member.summary,
                    dateFormat: member.dateFormat))
        }
        return headers
    }

    /// Reports a headers struct (`IssueHeaders`, nested in the tool) that would take a name the
    /// tool's code already uses; such an endpoint is dropped.
    private mutating func checkHeadersTypeNames(
        _ endpoints: inout [Endpoint], enums: [EnumType], toolTypeName: String, keyNodes: [String: YAMLNode]
    ) {
        var scope = EnumScope(owner: toolTypeName, ownerType: toolTypeName)
        for enumType in enums {
            scope.takenNames[enumType.swiftName.filter { $0 != "`" }] = "the enum '\(enumType.swiftName)'"
        }
        endpoints.removeAll { endpoint in
            guard let name = endpoint.response?.headersTypeName else { return false }
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

    /// A response can't be a `File` (an upload type); `Data` is the whole body, nothing inside
    /// it. Sets the format: bytes for `Data`, text for a whole `String` outside an envelope.
    private mutating func checkedResponse(_ response: Response, at node: YAMLNode, context: EndpointContext) -> Response? {
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
