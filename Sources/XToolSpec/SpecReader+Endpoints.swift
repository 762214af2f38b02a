import XToolYAML

/// An endpoint: its method and path, parameters, whole body and fixed values, and
/// the keys read in their own files (`response:` in Response.swift, `paginate:` in
/// Pagination.swift, `cache:` in CachePolicy.swift, `envelope:` in Envelope.swift, `errors:` in
/// ErrorBody.swift, `server:` in Server.swift, `forms:` in Forms.swift, `omit:` in Omit.swift).
extension SpecReader {
    mutating func readEndpoint(
        _ entry: MappingNode.Entry, names: EndpointNames, context: EndpointScope, enums: inout [Spec.EnumType]
    ) -> Spec.Endpoint? {
        let what = "the endpoint '\(entry.key)'"
        guard let map = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.endpoint)
        else { return nil }

        let methods = map.entries.filter { Spec.HTTPMethod(rawValue: $0.key) != nil }
        if methods.isEmpty {
            error("missing the method of \(what): one of get, post, put, patch or delete", at: entry.keyNode)
        }
        for extra in methods.dropFirst() {
            error(
                "\(what) has two methods, '\(methods[0].key)' and '\(extra.key)'; give one", at: extra.keyNode)
        }
        let method = methods.first.flatMap { Spec.HTTPMethod(rawValue: $0.key) }
        let pathNode = methods.first?.value
        let placeholders = pathNode.flatMap { readPath($0, servers: context.servers) } ?? []

        var endpointFixed = readFixed(map.entry("fixed"), headers: false, method: method)
        let endpointHeaders = readFixed(map.entry("headers"), headers: true, method: method)
        let own = map.value("omit").map { readOmitted($0, context: context) } ?? []
        let omitted = context.omitted + own.filter { !context.omitted.contains($0) }
        let server = map.value("server").flatMap { readServerName($0, servers: context.servers) }
        var sent = Set((context.fixed + endpointFixed).map(\.name)).subtracting(omitted)
        if let signature = context.signature, !omitted.contains(signature) { sent.insert(signature) }
        var context = context
        let envelope = map.entry("envelope").flatMap { readEndpointEnvelope($0) }
        if let envelope {
            context.hasEnvelope = envelope != .none
        }
        var parameters = readParameters(
            map.entry("params"), method: method ?? .get, placeholders: placeholders, context: context,
            alreadySent: sent, enums: &enums, endpoint: what, wholeBody: map.value("body") != nil)
        if let bodyEntry = map.entry("body"),
            let body = readWholeBody(bodyEntry, method: method, taken: parameters, context: context, endpoint: what)
        {
            parameters.append(body)
        }
        checkContentType(map.entry("headers"), parameters: parameters, endpoint: what)
        endpointFixed = nestFixed(
            endpointFixed, map.entry("fixed"), parameters: parameters, method: method,
            jsonBody: context.body == .json && !parameters.contains { $0.type.containsFile })
        if let pathNode {
            // Names declared under params, even those rejected above, so a placeholder is not
            // reported twice.
            let declared = Set(map.value("params")?.entries.map(\.key) ?? [])
            for placeholder in placeholders where !declared.contains(placeholder) {
                error("the path has {\(placeholder)}, but \(what) has no parameter '\(placeholder)'", at: pathNode)
            }
        }
        let response = map.entry("response").flatMap {
            readResponse($0, names: names, endpoint: what, context: context, enums: &enums)
        }
        // A response that didn't read (its error said, or its type's refusal) is no reason for
        // more errors about what needs one.
        let responseRead = response != nil || map.entry("response") == nil
        let errors = map.entry("errors").flatMap { readEndpointErrors($0, endpoint: what) }
        let isRead = map.value("read").map { readIsRead($0, method: method) } ?? false
        if let methodNode = methods.first?.keyNode {
            warnAboutUnmarkedRead(map, method: method, path: pathNode?.scalarText, endpoint: entry.key, at: methodNode)
        }
        let cache =
            map.value("cache").flatMap {
                responseRead ? readCache($0, response: response, method: method, isRead: isRead, endpoint: what) : nil
            } ?? .none
        let pagination = map.entry("paginate").flatMap {
            responseRead
                ? readPagination(
                    $0, response: response, parameters: parameters, cache: cache, names: names, endpoint: what)
                : nil
        }
        let samples = readSamples(map, format: response?.format ?? .json, what: what)
        var forms = map.value("forms").map { readForms($0) } ?? self.forms
        if response?.headers.isEmpty == false { forms.insert(.withResponse) }
        guard let method, let path = pathNode?.scalarText else { return nil }
        let summary = map.value("summary").flatMap { text($0, what: "summary") }
        return Spec.Endpoint(
            swiftName: SwiftNaming.memberIdentifier(names.method), names: names, summary: summary, method: method,
            path: path,
            parameters: parameters, fixed: endpointFixed, omitted: omitted, response: response, errors: errors,
            cache: cache, isRead: isRead, pagination: pagination, headers: endpointHeaders, envelope: envelope,
            server: server, samples: samples, forms: forms)
    }

    /// Checks a path's literal text and returns its `{placeholder}` names.
    private mutating func readPath(_ node: YAMLNode, servers: [String]) -> [String]? {
        guard let path = text(node, what: "the endpoint's path") else { return nil }
        if URLSyntax.problemWithBaseURL(path) == nil || path.lowercased().hasPrefix("https://")
            || path.lowercased().hasPrefix("http://")
        {
            let named = servers.first.map { "'server: \($0)'" } ?? "'server: <name>'"
            error(
                "the path '\(path)' is an absolute URL; a path is relative to its server: declare the other server "
                    + "under 'servers:' and give the endpoint \(named) and a path relative to it", at: node)
            return nil
        }
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

    /// A body on a GET is an error: URLSession refuses to send one (`URLError` -1103, "resource
    /// exceeds maximum size", on Apple platforms and Linux alike), so `instead` says what to do;
    /// on a DELETE, a warning. False when there can't be a body.
    mutating func checkBody(on method: Spec.HTTPMethod, instead: String, at node: YAMLNode) -> Bool {
        switch method {
        case .get:
            error("a GET request can't have a body: URLSession refuses to send one; \(instead)", at: node)
            return false
        case .delete:
            warning("a DELETE request with a body is rarely understood by servers", at: node)
            return true
        case .post, .put, .patch:
            return true
        }
    }
}
