import XToolSpec
import XToolYAML

/// Error responses (4xx, 5xx, `default`) with a JSON body: `errors:` with the model they decode
/// to, per endpoint, and for the whole API when most endpoints share one.
extension Importer {
    /// The endpoint's `errors:`: the one model its error responses' JSON bodies decode to, with
    /// the message and code where the model has them. Bodies that are no model, and models
    /// beside another, are notes with a warning (the call throws `XToolError.status` for them).
    mutating func errorBody(
        _ responses: [(key: String, keyNode: YAMLNode, value: Located)], typeName: String
    ) -> (errors: ErrorsDraft?, comments: [String]) {
        var typed: [(code: String, origin: Origin, type: String, schema: Located)] = []
        var comments: [String] = []
        for (code, keyNode, value) in responses {
            guard let response = resolved(value), let media = Self.jsonMedia(response["content"]),
                let schema = media["schema"]
            else { continue }
            let origin = Origin(document: value.document, location: keyNode.location)
            // An inline body of a shared response is named after it (`ErrorBadRequest`).
            let suggested =
                value.node["$ref"]?.string.map { SwiftNaming.typeName(preservingCase: Self.referencedName($0)) }
                ?? typeName + "Error"
            var type: TypeDraft?
            if isObjectSchema(schema) || isUnionSchema(schema) {
                type = self.type(of: schema, suggested: suggested)
            }
            guard let type, type.kind == .object, type.spelling != "JSON", !type.spelling.hasPrefix("[") else {
                let body = describe(schema)
                warning(
                    "the \(code) error body (\(body)) is no model: errors: decodes a model, so the call throws XToolError.status with it",
                    at: origin)
                comments.append(
                    "the \(code) error body (\(body)) is no model: XToolError.status(code:body:) carries it")
                continue
            }
            typed.append((code, origin, type.spelling, schema))
        }
        var models: [String] = []
        for entry in typed where !models.contains(entry.type) { models.append(entry.type) }
        guard let first = typed.first else { return (nil, comments) }
        guard models.count == 1 else {
            let list = typed.map { "\($0.code) -> \($0.type)" }.joined(separator: ", ")
            let other = typed.first { $0.type != first.type } ?? first
            warning(
                "the error responses have different bodies (\(list)): errors: names one model, so the call throws "
                    + "XToolError.status with these", at: other.origin)
            comments.append(
                "errors \(list): one model per endpoint in the spec; XToolError.status(code:body:) carries them")
            return (nil, comments)
        }
        var errors = ErrorsDraft(type: first.type)
        (errors.message, errors.code) = messageAndCode(of: first.schema)
        return (errors, comments)
    }

    /// The key paths of an error model's `message` and `code` (text or numbers), in the error
    /// itself or in its object `error` (`error.message`).
    private mutating func messageAndCode(of schema: Located) -> (message: String?, code: String?) {
        guard isObjectSchema(schema) else { return (nil, nil) }
        let properties = shape(of: schema).properties
        func scalar(_ key: String, in properties: [(key: String, keyNode: YAMLNode, schema: Located)]) -> Bool {
            guard let property = properties.first(where: { $0.key == key }), let value = resolved(property.schema)
            else { return false }
            let types =
                value.node["type"].map { $0.items.isEmpty ? [$0.string ?? ""] : $0.items.compactMap(\.scalarText) }
                ?? []
            return types.contains { ["string", "integer", "number"].contains($0) }
        }
        var message = scalar("message", in: properties) ? "message" : nil
        var code = scalar("code", in: properties) ? "code" : nil
        if message == nil, code == nil, let error = properties.first(where: { $0.key == "error" })?.schema,
            isObjectSchema(error)
        {
            let inner = shape(of: error).properties
            message = scalar("message", in: inner) ? "error.message" : nil
            code = scalar("code", in: inner) ? "error.code" : nil
        }
        return (message, code)
    }

    /// The API's `errors:` when more than half of the endpoints have the same one; those
    /// endpoints then leave theirs out.
    func sharedErrors(_ tools: inout [ToolDraft]) -> ErrorsDraft? {
        var counts: [ErrorsDraft: Int] = [:]
        var order: [ErrorsDraft] = []
        var total = 0
        for tool in tools {
            for endpoint in tool.endpoints {
                total += 1
                guard let errors = endpoint.errors else { continue }
                if counts[errors] == nil { order.append(errors) }
                counts[errors, default: 0] += 1
            }
        }
        var best: ErrorsDraft?
        for errors in order where counts[errors, default: 0] > best.map({ counts[$0, default: 0] }) ?? 0 {
            best = errors
        }
        guard let best, counts[best, default: 0] * 2 > total else { return nil }
        for tool in tools.indices {
            for endpoint in tools[tool].endpoints.indices where tools[tool].endpoints[endpoint].errors == best {
                tools[tool].endpoints[endpoint].errors = nil
            }
        }
        return best
    }
}
