import XToolSpec
import XToolYAML

extension Importer {
    static let methods = ["get", "put", "post", "delete", "patch"]
    static let unsupportedMethods = ["head", "options", "trace"]

    /// `paths`: one endpoint per operation, in a tool named after its first tag (or its path's
    /// first segment), in the order the document lists them.
    mutating func tools() -> [ToolDraft] {
        var tools: [ToolDraft] = []
        var endpointNames: [String: MemberNames] = [:]
        /// The tool of each tag or path segment, by its name as a type name.
        var toolNames: [String: String] = [:]
        let tagStems = classTagStems()
        var strippedOperations = 0
        defer { noteGeneratorSuffixes(tags: tagStems, operations: strippedOperations) }
        for (key, pathKey, value) in root["paths"]?.entries ?? [] {
            guard let item = resolved(value) else { continue }
            // A fragment (`/flows/{flowID}#clone`: one URL, operations told apart by their
            // Content-Type) is never sent: the request is the path before it.
            let (path, fragment) = Self.withoutFragment(key)
            let pathOrigin = Origin(document: value.document, location: pathKey.location)
            if fragment != nil {
                warning(
                    "the path '\(key)' has a fragment, which no request sends: its operations are sent to '\(path)'",
                    at: pathOrigin, cause: "a path with a fragment", place: key)
            }
            if item["servers"] != nil {
                warning(
                    "the servers of '\(path)' are not used: the spec has one baseURL", at: item.keyOrigin("servers"),
                    cause: "the servers of a path", place: path)
            }
            let shared = object("parameters", of: item)?.items ?? []
            for (method, methodNode, operation) in operations(of: item, including: Self.unsupportedMethods) {
                let isMethod = Self.methods.contains(method)
                let group = Self.group(of: operation, path: path, tagStems: tagStems)
                let toolName = toolNames[group] ?? uniqueToolName(group)
                toolNames[group] = toolName
                let index: Int
                if let existing = tools.firstIndex(where: { $0.name == toolName }) {
                    index = existing
                } else {
                    tools.append(ToolDraft(name: toolName, summary: tagSummary(operation)))
                    index = tools.count - 1
                }
                guard isMethod else {
                    let name = method.uppercased()
                    warning(
                        "\(name) requests are not in the spec language; '\(path)' \(method) is left out",
                        at: Origin(document: item.document, location: methodNode.location), cause: "\(name) requests",
                        place: path)
                    tools[index].comments.append("\(name) \(path) is left out: the spec language has no \(name)")
                    continue
                }
                var names = endpointNames[toolName] ?? MemberNames(taken: ReservedNames.toolMembers)
                let name =
                    withoutGeneratorSuffix(operation, path: path, names: &names, stripped: &strippedOperations)
                    ?? endpointName(operation, method: method, path: path, fragment: fragment, names: &names)
                endpointNames[toolName] = names
                currentPlace = name
                defer { currentPlace = nil }
                var endpoint = endpoint(operation, name: name, method: method, path: (path, pathOrigin), shared: shared)
                if fragment != nil {
                    endpoint.comments.insert(
                        "the document's path is '\(key)': a fragment is never sent, so this is \(method.uppercased()) "
                            + (endpoint.path.isEmpty ? "the base URL" : endpoint.path), at: 0)
                }
                tools[index].endpoints.append(endpoint)
            }
        }
        return tools
    }

    /// The operations of a path item (of `methods`, and of `others` too), in the document's
    /// order, each written in place or as a `$ref` to another place or file (followed as a path
    /// item's is, relative to the file that holds it). One that can't be followed, or is no
    /// mapping, is an error: an operation is never left without its contents.
    mutating func operations(
        of item: Located, including others: [String] = []
    ) -> [(method: String, methodNode: YAMLNode, operation: Located)] {
        item.entries.compactMap { method, methodNode, value in
            guard Self.methods.contains(method) || others.contains(method) else { return nil }
            guard let operation = resolved(value) else { return nil }
            guard operation.node.isMapping else {
                error("an operation is a mapping (with 'responses'); '\(method)' is left out", at: operation)
                return nil
            }
            return (method, methodNode, operation)
        }
    }

    /// The first tag that is no version as a type name (a class's without its suffix,
    /// `tagStems`), else the path's first segment that is no version or parameter
    /// (`/2.0/users/{id}` -> `Users`), else `Default`.
    private static func group(of operation: Located, path: String, tagStems: [String: String]) -> String {
        let tag = operation["tags"]?.items.first?.node.string.flatMap { isVersion($0) ? nil : tagStems[$0] ?? $0 }
        let segment = path.split(separator: "/").first { !$0.hasPrefix("{") && !isVersion($0) }
        return (tag ?? segment.map(String.init)).map(SwiftNaming.spellingLeadingDigit).flatMap(SwiftNaming.typeName)
            ?? "Default"
    }

    /// Whether a path segment or a tag names a version, not a thing: `2.0`, `v1`, `v2.1`,
    /// `2012-09-25`.
    static func isVersion<Text: StringProtocol>(_ text: Text) -> Bool {
        let digits = text.first == "v" || text.first == "V" ? text.dropFirst() : text[...]
        return digits.first?.isNumber == true && digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" }
    }

    // MARK: - Generator suffixes

    /// The suffixes server frameworks name tags with after their classes (springfox's
    /// `user-controller`, JAX-RS's `pet-resource`, `store-api`).
    static let classTagSuffixes = ["-controller", "-resource", "-api"]

    /// Each first tag that ends in a class suffix, by the name it has without it (`user-controller`
    /// -> `user`), where no other tag comes to the same type name.
    private mutating func classTagStems() -> [String: String] {
        var tags: [String] = []
        for (_, _, value) in root["paths"]?.entries ?? [] {
            guard let item = resolved(value) else { continue }
            for (_, _, operation) in operations(of: item, including: Self.unsupportedMethods) {
                if let tag = operation["tags"]?.items.first?.node.string, !tags.contains(tag) { tags.append(tag) }
            }
        }
        let stems = tags.map { tag in
            Self.classTagSuffixes.first { tag.lowercased().hasSuffix($0) && tag.count > $0.count }
                .map { String(tag.dropLast($0.count)) } ?? tag
        }
        var result: [String: String] = [:]
        for (tag, stem) in zip(tags, stems) where stem != tag {
            let type = SwiftNaming.typeName(stem)
            if stems.count(where: { SwiftNaming.typeName($0) == type }) == 1 { result[tag] = stem }
        }
        return result
    }

    /// springfox's operationId without its suffix: the method it was made from and `Using` and
    /// the HTTP method, and `_1`, `_2` for another of that name (`getPhotoUsingGET_1` ->
    /// `getPhoto`); nil when it has none.
    static func springfoxStem(_ operationId: String) -> String? {
        var text = Substring(operationId)
        if let underscore = text.lastIndex(of: "_"), text.index(after: underscore) < text.endIndex,
            text[text.index(after: underscore)...].allSatisfy(\.isASCII),
            text[text.index(after: underscore)...].allSatisfy(\.isNumber)
        {
            text = text[..<underscore]
        }
        for method in methods + unsupportedMethods {
            let suffix = "Using" + method.uppercased()
            if text.hasSuffix(suffix), text.count > suffix.count { return String(text.dropLast(suffix.count)) }
        }
        return nil
    }

    /// The endpoint's name from an operationId with springfox's suffix, the suffix left out
    /// (`listUsersUsingGET` -> `listUsers`): the stem where it is free in the tool, else the stem
    /// and the words of the path's last segment that is no parameter (`getPhoto` on
    /// `/albums/{id}/cover` -> `getPhotoCover`). nil (the operationId's name as it is) when
    /// there is no suffix or neither is free.
    private func withoutGeneratorSuffix(
        _ operation: Located, path: String, names: inout MemberNames, stripped: inout Int
    ) -> String? {
        guard let operationId = operation.node["operationId"]?.string, let stem = Self.springfoxStem(operationId)
        else { return nil }
        let segment = path.split(separator: "/").last { !$0.hasPrefix("{") && !Self.isVersion($0) }
        let candidates = [SwiftNaming.memberName(stem), segment.flatMap { SwiftNaming.memberName(stem + " " + $0) }]
        guard let name = candidates.compactMap({ $0 }).first(where: { !names.contains($0) }) else { return nil }
        stripped += 1
        return names.override(for: name) ?? name
    }

    /// The import's summary of the generator suffixes it left out of names.
    private mutating func noteGeneratorSuffixes(tags: [String: String], operations: Int) {
        if operations > 0 {
            summary.append(
                "\(operations) operationIds lose springfox's suffix ('UsingGET', and '_1' for another of the name: "
                    + "listUsersUsingGET_1 -> listUsers); an endpoint whose name another has is named after its path")
        }
        if !tags.isEmpty {
            let renamed = tags.sorted { $0.key < $1.key }.map {
                "\($0.key) -> \(SwiftNaming.typeName($0.value) ?? $0.value)"
            }
            summary.append(
                "\(tags.count) tools are named without their tag's class suffix (\(renamed.prefix(3).joined(separator: ", "))"
                    + (renamed.count > 3 ? " and \(renamed.count - 3) more" : "") + ")")
        }
    }

    /// A tool name whose type (`PetsTool`) no model or other tool has, recorded as taken.
    private mutating func uniqueToolName(_ base: String) -> String {
        let name = SwiftNaming.unique(base) { name in
            let type = GeneratedNames.toolType(base: name)
            return takenTypeNames.contains(type) || ReservedNames.shadowed(by: type) != nil
        }
        takenTypeNames.insert(GeneratedNames.toolType(base: name))
        return name
    }

    /// The description of the operation's first tag in the document's `tags`.
    private func tagSummary(_ operation: Located) -> String? {
        guard let tag = operation["tags"]?.items.first?.node.string else { return nil }
        let declared = root["tags"]?.items.first { $0.node["name"]?.string == tag }
        return declared?.node["description"]?.string.flatMap(Importer.summary)
    }

    /// A path key without its fragment (`/flows/{flowID}#clone` -> `/flows/{flowID}`, `clone`).
    static func withoutFragment(_ key: String) -> (path: String, fragment: String?) {
        guard let hash = key.firstIndex(of: "#") else { return (key, nil) }
        return (String(key[..<hash]), String(key[key.index(after: hash)...]))
    }

    /// `operationId` as Swift names a method (`get-user_by-id` -> `getUserByID`), else the method,
    /// the path without its parameters and versions, and its fragment (`post /v2/pets/{id}/photos`
    /// -> `postPetsPhotos`,
    /// `post /flows/{flowID}#clone` -> `postFlowsClone`), unique in its tool: an operationId
    /// another endpoint has takes the path's fragment (`cloneFlowCopy`), else a number. A
    /// fragment `name=value` is named by its value's last dotted part
    /// (`#X-Amz-Target=Translate_20170701.DeleteTerminology` -> `deleteTerminology`).
    private func endpointName(
        _ operation: Located, method: String, path: String, fragment: String?, names: inout MemberNames
    ) -> String {
        let fragmentName = fragment.flatMap { SwiftNaming.memberName(String($0.split(separator: "=").last ?? "")) }
        /// `name` and the fragment's name (`cloneFlow`, `copy` -> `cloneFlowCopy`).
        func withFragment(_ name: String) -> String? {
            fragmentName.flatMap { SwiftNaming.parameterName(name + " " + $0) }
        }
        if let wanted = operation.node["operationId"]?.string.flatMap(SwiftNaming.memberName) {
            if names.contains(wanted), let apart = withFragment(wanted), !names.contains(apart) {
                return names.override(for: apart) ?? apart
            }
            return names.override(for: wanted) ?? wanted
        }
        let words = path.split(separator: "/").filter { !$0.hasPrefix("{") && !Self.isVersion($0) }.joined(
            separator: " ")
        let base = SwiftNaming.memberName(method + " " + words) ?? method
        let name = withFragment(base) ?? base
        return names.override(for: name) ?? name
    }

    private mutating func endpoint(
        _ operation: Located, name: String, method: String, path: (text: String, origin: Origin), shared: [Located]
    ) -> EndpointDraft {
        var endpoint = EndpointDraft(name: name, method: method, path: Self.specPath(path.text))
        var summary = (operation.node["summary"]?.string ?? operation.node["description"]?.string).flatMap(
            Importer.summary)
        if operation.node["deprecated"]?.isTrue == true { summary = "Deprecated. " + (summary ?? "") }
        endpoint.summary = summary
        let typeName = SwiftNaming.typeName(preservingCase: name)
        let sentBySecurity = securityNames(for: operation)
        endpoint.omit = security.allNames.filter { !sentBySecurity.contains($0) }

        var names = MemberNames.parameters()
        var comments: [String] = []
        endpoint.params = parameters(
            operation, shared: shared, method: method, path: path, typeName: typeName,
            skipping: security.allNames, names: &names, comments: &comments)
        let body = requestBody(operation, method: method, typeName: typeName, names: &names)
        endpoint.params = withUniqueKeys(endpoint.params + body.parameters, comments: &comments)
        endpoint.body = body.body
        endpoint.contentType = body.contentType
        comments += body.comments
        let response = response(operation, method: method, typeName: typeName, parameters: endpoint.params)
        endpoint.response = response.type
        endpoint.accept = accept(operation)
        endpoint.responsePath = response.path
        endpoint.responseHeaders = response.type == nil ? [] : response.headers
        if response.type == nil, let header = response.headers.first, let origin = header.origin {
            let names = response.headers.map { "'\($0.key)'" }.joined(separator: ", ")
            warning(
                "the response headers (\(names)) have no body to be declared beside: …WithResponse's headers hold their text",
                at: origin, cause: "response headers without a body")
        }
        endpoint.paginate = response.paginate
        endpoint.paginateOrigin = response.paginateOrigin
        endpoint.errors = response.errors
        endpoint.errorStatuses = response.errorStatuses
        endpoint.samples = samples(operation)
        comments += response.comments
        if endpoint.paginate != nil { renamePageLabels(&endpoint.params, names: &names) }
        if let callbacks = object("callbacks", of: operation) {
            let names = callbacks.entries.map(\.key).joined(separator: ", ")
            warning(
                "callbacks (\(names)) are requests the server sends; no code is generated for them",
                at: operation.keyOrigin("callbacks"), cause: "callbacks")
            comments.append("callbacks \(names): requests the server sends back, not generated")
        }
        if operation["servers"] != nil {
            warning(
                "the operation's own servers are not used: the spec has one baseURL", at: operation.keyOrigin("servers")
            )
            comments.append("this operation has servers of its own; the spec uses baseURL")
        }
        endpoint.comments = comments
        return endpoint
    }

    /// The parameters without those whose name another one has (Twilio's form field
    /// `AccountSid` beside the path's `{AccountSid}`): a spec names each parameter once.
    private mutating func withUniqueKeys(_ parameters: [MemberDraft], comments: inout [String]) -> [MemberDraft] {
        var result: [MemberDraft] = []
        for parameter in parameters {
            guard let first = result.first(where: { $0.key == parameter.key }) else {
                result.append(parameter)
                continue
            }
            let what = "the \(parameter.place) parameter '\(parameter.key)'"
            if let origin = parameter.origin {
                warning(
                    "\(what) has the name of the \(first.place) parameter; a spec names each parameter once, so it is left out",
                    at: origin)
            }
            comments.append("\(what) is left out: the \(first.place) parameter has its name")
        }
        return result
    }

    /// Renames the parameters of a paginated endpoint that would take its method's `from
    /// pageCursor:` (PagerDuty's `From` header -> `fromValue`).
    private func renamePageLabels(_ parameters: inout [MemberDraft], names: inout MemberNames) {
        for index in parameters.indices {
            let name = parameters[index].swiftName ?? SwiftNaming.parameterName(parameters[index].key) ?? ""
            guard ReservedNames.pageLabels.contains(name) else { continue }
            parameters[index].swiftName = names.take(SwiftNaming.unique(name + "Value") { names.contains($0) })
        }
    }

    /// `/pets/{petId}` -> `pets/{petId}`, literal text that a URL can't hold percent-encoded.
    static func specPath(_ path: String) -> String {
        var result = ""
        var inPlaceholder = false
        for character in path.drop(while: { $0 == "/" }) {
            if character == "{" { inPlaceholder = true }
            if inPlaceholder || URLSyntax.isAllowedInPath(character) || character == "%" {
                result.append(character)
            } else {
                result += String(character).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            }
            if character == "}" { inPlaceholder = false }
        }
        return result
    }

    /// The placeholders of a path template (`{petId}`).
    static func placeholders(_ path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
