import XToolYAML

extension Importer {
    /// The first 2xx response (or `default` when there is none) as the call's result; the
    /// others as notes.
    mutating func response(
        _ operation: Located, typeName: String, parameters: [MemberDraft]
    ) -> (type: TypeDraft?, comments: [String]) {
        let responses = operation["responses"]?.entries ?? []
        let successIndex = responses.firstIndex { $0.key.hasPrefix("2") } ?? responses.firstIndex { $0.key == "default" }
        var comments: [String] = []
        var type: TypeDraft?
        var headers: [String] = []
        if let successIndex, let response = resolved(responses[successIndex].value) {
            let code = responses[successIndex].key
            for (header, keyNode, _) in response["headers"]?.entries ?? [] {
                headers.append(header)
                warning(
                    "the response header '\(header)' is not read: the call returns the body only",
                    at: Origin(document: response.document, location: keyNode.location))
                if !Self.isPagingHeader(header) { comments.append("the response header '\(header)' is not read") }
            }
            if let links = response["links"] {
                let names = links.entries.map(\.key).joined(separator: ", ")
                warning("links (\(names)) are not generated", at: response.keyOrigin("links"))
                comments.append("links \(names): the response's values feed other operations; not generated")
            }
            if let media = Self.jsonMedia(response["content"]) {
                type = media["schema"].map { responseType($0, typeName: typeName, comments: &comments) } ?? .json
            } else if let content = response["content"], !content.entries.isEmpty {
                let types = content.entries.map(\.key).joined(separator: ", ")
                warning(
                    "the response is \(types): the spec language decodes JSON, so the call returns nothing",
                    at: response.keyOrigin("content"))
                comments.append("the \(code) response (\(types)) is not returned: the spec language decodes JSON only")
            }
        }
        var errors: [(key: String, keyNode: YAMLNode, value: Located)] = []
        for (index, entry) in responses.enumerated() where index != successIndex {
            if entry.key.hasPrefix("2") {
                if let response = resolved(entry.value), Self.jsonMedia(response["content"]) != nil {
                    comments.append("also answers \(entry.key), with a body the call does not return")
                }
            } else {
                errors.append(entry)
            }
        }
        comments += errorResponses(errors)
        if let hint = paginationHint(headers: headers, parameters: parameters) { comments.append(hint) }
        return (type, comments)
    }

    /// A response's type, with its notes moved to the endpoint: an inline object is a model
    /// named after the operation (`ListPetsResponse`); an enum or binary data is a String.
    private mutating func responseType(_ schema: Located, typeName: String, comments: inout [String]) -> TypeDraft {
        var type = self.type(of: schema, suggested: typeName + "Response")
        comments += type.comments + enumComment(type)
        if type.enumValues != nil || type.kind == .file { type = .scalar("String") }
        type.comments = []
        type.dateFormat = nil
        return type
    }
}
