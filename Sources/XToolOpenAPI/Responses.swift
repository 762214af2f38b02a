import XToolSpec
import XToolYAML

/// What an operation's responses make of its endpoint.
struct ResponseDraft {
    var type: TypeDraft?
    /// `path:` of the response: the items of a paginated list object.
    var path: String?
    var paginate: String?
    var paginateOrigin: Origin?
    var errors: ErrorsDraft?
    var comments: [String] = []
}

extension Importer {
    /// The first 2xx response (or `default` when there is none) as the call's result, paginated
    /// where it says how; the error responses' body as `errors:`; the others as notes.
    mutating func response(_ operation: Located, typeName: String, parameters: [MemberDraft]) -> ResponseDraft {
        let responses = operation["responses"]?.entries ?? []
        let successIndex =
            responses.firstIndex { $0.key.hasPrefix("2") } ?? responses.firstIndex { $0.key == "default" }
        var result = ResponseDraft()
        var pagingHeaders: [(name: String, origin: Origin)] = []
        if let successIndex, let response = resolved(responses[successIndex].value) {
            let code = responses[successIndex].key
            for (header, keyNode, _) in response["headers"]?.entries ?? [] {
                let origin = Origin(document: response.document, location: keyNode.location)
                if Self.isPagingHeader(header) {
                    pagingHeaders.append((header, origin))
                    continue
                }
                warning("the response header '\(header)' is not read: the call returns the body only", at: origin)
                result.comments.append("the response header '\(header)' is not read")
            }
            if let links = response["links"] {
                let names = links.entries.map(\.key).joined(separator: ", ")
                warning("links (\(names)) are not generated", at: response.keyOrigin("links"))
                result.comments.append("links \(names): the response's values feed other operations; not generated")
            }
            if let media = Self.jsonMedia(response["content"]) {
                if let schema = media["schema"] {
                    responseBody(
                        schema, headers: pagingHeaders, parameters: parameters, typeName: typeName, into: &result)
                } else {
                    result.type = .json
                }
                pagingHeaders = []
            } else if let content = response["content"], !content.entries.isEmpty {
                let types = content.entries.map(\.key).joined(separator: ", ")
                warning(
                    "the response is \(types): the spec language decodes JSON, so the call returns nothing",
                    at: response.keyOrigin("content"))
                result.comments.append(
                    "the \(code) response (\(types)) is not returned: the spec language decodes JSON only")
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
                if let response = resolved(entry.value), Self.jsonMedia(response["content"]) != nil {
                    result.comments.append("also answers \(entry.key), with a body the call does not return")
                }
            } else {
                errors.append(entry)
            }
        }
        let errorBody = errorBody(errors, typeName: typeName)
        result.errors = errorBody.errors
        result.comments += errorBody.comments
        return result
    }

    /// The success body's type: the page's items when it is paginated, else the whole body.
    private mutating func responseBody(
        _ schema: Located, headers: [(name: String, origin: Origin)], parameters: [MemberDraft], typeName: String,
        into result: inout ResponseDraft
    ) {
        let decision = paging(schema: schema, headers: headers, parameters: parameters, listName: typeName + "Response")
        if case .paginate(let paginate, let items, let origin) = decision {
            var comments: [String] = []
            let suggested =
                items.path.map { items.listName + SwiftNaming.typeName(preservingCase: $0) } ?? typeName + "Response"
            let type = responseType(items.array, suggested: suggested, comments: &comments)
            if case .array = type.kind, !type.nullable {
                result.type = type
                result.path = items.path
                result.paginate = paginate
                result.paginateOrigin = origin
                result.comments += comments
                if let list = items.list {
                    let others = list.properties.map(\.key).filter { $0 != items.path }
                    if !others.isEmpty {
                        result.comments.append(
                            "the pages are returned, not the list's \(others.joined(separator: ", "))")
                    }
                }
                return
            }
        }
        result.type = responseType(schema, suggested: typeName + "Response", comments: &result.comments)
        note(decision, into: &result)
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
        comments += type.comments + enumComment(type)
        if type.enumValues != nil || type.kind == .file { type = .scalar("String") }
        type.comments = []
        type.dateFormat = nil
        return type
    }
}
