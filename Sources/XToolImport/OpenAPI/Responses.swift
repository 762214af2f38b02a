import XToolRules
import XToolSpec
import XToolYAML

/// What an operation's responses make of its endpoint.
struct ResponseDraft {
    var type: TypeDraft?
    /// `headers:` of the response: its headers read as typed values by `…WithResponse`.
    var headers: [MemberDraft] = []
    /// `path:` of the response: the items of a paginated list object.
    var path: Spec.KeyPath?
    var paginate: Spec.Pagination.Style?
    var paginateOrigin: Origin?
    var errors: ErrorsDraft?
    /// The statuses whose error bodies `errors` reads (`400`, `4XX`, `default`).
    var errorStatuses: [String] = []
    var comments: [String] = []
}

extension Importer {
    /// The first 2xx response (or `default` when there is none) as the call's result, paginated
    /// where it says how (a read only: `method` is the operation's); the error responses' body
    /// as `errors:`; the others as notes.
    mutating func response(
        _ operation: Located, method: String, typeName: String, parameters: [MemberDraft]
    ) -> ResponseDraft {
        let responses = object("responses", of: operation)?.entries ?? []
        let successIndex = Self.successIndex(responses)
        var result = ResponseDraft()
        var pagingHeaders: [(name: String, origin: Origin)] = []
        if let successIndex, let response = resolved(responses[successIndex].value) {
            let code = responses[successIndex].key
            var headerNames = MemberNames(taken: ["all"])
            for (header, keyNode, value) in object("headers", of: response)?.entries ?? [] {
                let origin = Origin(document: response.document, location: keyNode.location)
                if Self.isPagingHeader(header) {
                    pagingHeaders.append((header, origin))
                    continue
                }
                if let field = responseHeader(header, value, at: origin, names: &headerNames) {
                    result.headers.append(field)
                }
            }
            if let links = object("links", of: response) {
                let names = links.entries.map(\.key).joined(separator: ", ")
                warning("links (\(names)) are not generated", at: response.keyOrigin("links"), cause: "links")
                result.comments.append("links \(names): the response's values feed other operations; not generated")
            }
            if let media = jsonMedia(of: response) {
                if let schema = media["schema"] {
                    responseBody(
                        schema, method: method, headers: pagingHeaders, parameters: parameters, typeName: typeName,
                        into: &result)
                } else {
                    result.type = .json
                }
                pagingHeaders = []
            } else if let content = object("content", of: response), !content.entries.isEmpty {
                rawResponse(content.entries.map(\.key), code: code, at: response.keyOrigin("content"), into: &result)
            }
        }
        if !pagingHeaders.isEmpty {
            // Paging headers of a response without a JSON body: nothing to page through.
            note(
                paging(schema: nil, headers: pagingHeaders, parameters: [], listName: typeName + "Response"),
                into: &result)
        }
        var errors: [(key: String, keyNode: YAMLNode, value: Located)] = []
        for (index, entry) in responses.enumerated() where index != successIndex {
            if entry.key.hasPrefix("2") {
                if let response = resolved(entry.value), jsonMedia(of: response) != nil {
                    result.comments.append("also answers \(entry.key), with a body the call does not return")
                }
            } else {
                errors.append(entry)
            }
        }
        let errorBody = errorBody(errors, typeName: typeName)
        result.errors = errorBody.errors
        result.errorStatuses = errorBody.statuses
        result.comments += errorBody.comments
        return result
    }

    /// The media types an operation's responses are documented in, each once in the document's
    /// order, as the `Accept` header its requests send (`application/vnd.api+json`: some servers
    /// answer a request without it with a redirect or HTML); nil when no response has content.
    mutating func accept(_ operation: Located) -> String? {
        var types: [String] = []
        for (_, _, value) in object("responses", of: operation)?.entries ?? [] {
            guard let response = resolved(value) else { continue }
            for (type, _, _) in object("content", of: response)?.entries ?? [] where !types.contains(type) {
                types.append(type)
            }
        }
        return types.isEmpty ? nil : types.joined(separator: ", ")
    }

    /// The API's `Accept` header: the one more than half of the endpoints that send one agree
    /// on, which they then leave to the API; the others keep their own.
    func sharedAccept(_ tools: inout [ToolDraft]) -> String? {
        let values = tools.flatMap(\.endpoints).compactMap(\.accept)
        var counts: [String: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        guard let shared = values.first(where: { counts[$0, default: 0] * 2 > values.count }) else { return nil }
        for tool in tools.indices {
            for index in tools[tool].endpoints.indices where tools[tool].endpoints[index].accept == shared {
                tools[tool].endpoints[index].accept = nil
            }
        }
        return shared
    }

    /// Which of an operation's responses is the call's result: the first 2xx, else `default`.
    static func successIndex(_ responses: [(key: String, keyNode: YAMLNode, value: Located)]) -> Int? {
        responses.firstIndex { $0.key.hasPrefix("2") } ?? responses.firstIndex { $0.key == "default" }
    }

    /// The success body's type: the page's items when it is paginated, else the whole body.
    private mutating func responseBody(
        _ schema: Located, method: String, headers: [(name: String, origin: Origin)], parameters: [MemberDraft],
        typeName: String, into result: inout ResponseDraft
    ) {
        let decision = paging(
            schema: schema, method: method, headers: headers, parameters: parameters, listName: typeName + "Response")
        if case .paginate(let paginate, let items, let origin) = decision {
            var comments: [String] = []
            let suggested =
                items.path.map { items.listName + SwiftNaming.typeName(preservingCase: $0.description) }
                ?? typeName + "Response"
            let type = responseType(items.array, suggested: suggested, comments: &comments)
            if case .array = type.kind, !type.nullable {
                result.type = type
                result.path = items.path
                result.paginate = paginate
                result.paginateOrigin = origin
                result.comments += comments
                if let list = items.list {
                    let holder = items.path?.components[0]
                    let others = list.properties.map(\.key).filter { $0 != holder }
                    if !others.isEmpty {
                        result.comments.append(
                            "the pages are returned, not the list's \(others.joined(separator: ", "))")
                    }
                }
                return
            }
        }
        if let (key, value) = wrappedValue(schema) {
            var comments: [String] = []
            let type = responseType(value, suggested: typeName + "Response", comments: &comments)
            // A model, a list or JSON; a lone scalar (`{ "deleted": true }`) keeps its name.
            if type.kind != .scalar, type.kind != .file {
                result.type = type
                result.path = Spec.KeyPath(components: [key])
                result.comments += comments
                note(decision, into: &result)
                return
            }
        }
        result.type = responseType(schema, suggested: typeName + "Response", comments: &result.comments)
        note(decision, into: &result)
    }

    /// The one member of a response that wraps its value in an object of one key (Asana's
    /// `{ "data": { … } }`, PagerDuty's `{ "incident": { … } }`): the call returns what is in
    /// it (`response: { path: data, type: Task }`). nil for any other response.
    private mutating func wrappedValue(_ schema: Located) -> (key: String, schema: Located)? {
        guard let target = resolved(schema), isObjectSchema(target), !isUnionSchema(target) else { return nil }
        let shape = shape(of: target)
        guard shape.properties.count == 1, shape.additional == nil, shape.alternatives.isEmpty,
            let member = shape.properties.first, !member.key.isEmpty, !member.key.contains(".")
        else { return nil }
        return (member.key, member.schema)
    }

    /// A response that is no JSON: text (`text/*`, XML) is a `String`, anything else (an image,
    /// a PDF, a zip) the bytes as they came, `Data`.
    private mutating func rawResponse(
        _ mediaTypes: [String], code: String, at origin: Origin, into result: inout ResponseDraft
    ) {
        let isText = mediaTypes.contains { type in
            let type = type.lowercased()
            return type.hasPrefix("text/") || type.hasSuffix("/xml") || type.hasSuffix("+xml")
        }
        guard isText || !takenTypeNames.contains("Data") else {
            let types = mediaTypes.joined(separator: ", ")
            warning("the response is \(types), but a model is named Data, so the call returns nothing", at: origin)
            result.comments.append("the \(code) response (\(types)) is not returned: Data names a model of this API")
            return
        }
        result.type = .scalar(isText ? "String" : "Data")
        if mediaTypes.contains(where: { $0.lowercased().hasPrefix("text/event-stream") }) {
            result.comments.append(
                "text/event-stream: the call returns the events as text once the server ends the stream")
        }
    }

    /// A response header as `…WithResponse` reads it: a String, a number, Bool, URL, Date
    /// (`format: date-time` in ISO 8601, `date` a day) or a shared enum, optional unless the
    /// document requires it. nil, with a warning, for a header of another type (the headers still hold its text).
    private mutating func responseHeader(
        _ name: String, _ header: Located, at origin: Origin, names: inout MemberNames
    ) -> MemberDraft? {
        let declared = resolved(header) ?? header
        let schema = declared["schema"]
        if let schema, isObjectSchema(schema) || isUnionSchema(schema) {
            warning(
                "the response header '\(name)' is \(describe(schema)), which a header can't be read as; "
                    + "…WithResponse's headers hold its text", at: origin)
            return nil
        }
        var type = schema.map { self.type(of: $0, suggested: "Header") } ?? .scalar("String")
        var member = MemberDraft(key: name, type: .scalar("String"))
        if type.enumValues != nil {
            member.comments = DraftPasses.enumComment(type)
            type = .scalar(type.spelling)
        }
        switch type.spelling {
        case "String", "Int", "Int64", "Double", "Bool", "URL", "Date":
            member.type = .scalar(type.spelling)
            if type.spelling == "Date" { member.type.dateFormat = type.dateFormat ?? DateStyleName.iso8601.rawValue }
        case let spelling where sharedEnums[spelling] != nil:
            member.type = .scalar(spelling)
        default:
            warning(
                "the response header '\(name)' is \(type.spelling), which a header can't be read as; "
                    + "…WithResponse's headers hold its text", at: origin)
            return nil
        }
        member.origin = origin
        member.optional = declared.node["required"]?.isTrue != true
        member.summary = Self.summary(of: declared)
        member.swiftName = names.override(for: name)
        return member
    }

    private mutating func note(_ decision: PagingDecision, into result: inout ResponseDraft) {
        if case .hint(let note, let message, let origin) = decision {
            warning(message, at: origin)
            result.comments.append(note)
        }
    }

    /// A response's type, with its notes moved to the endpoint: an inline object is a model
    /// named `suggested` (`ListPetsResponse`); an enum or binary data is a String.
    private mutating func responseType(_ schema: Located, suggested: String, comments: inout [String]) -> TypeDraft {
        var type = self.type(of: schema, suggested: suggested)
        comments += type.comments + DraftPasses.enumComment(type)
        if type.enumValues != nil || type.kind == .file {
            type = .scalar(type.enumValues != nil ? type.spelling : "String")
        }
        type.comments = []
        type.dateFormat = nil
        return type
    }
}
