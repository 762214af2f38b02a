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
    ) -> (errors: ErrorsDraft?, statuses: [String], comments: [String]) {
        var typed: [(code: String, origin: Origin, type: String, schema: Located)] = []
        var comments: [String] = []
        for (code, keyNode, value) in responses {
            guard let response = resolved(value), let media = jsonMedia(of: response),
                let schema = media["schema"]
            else { continue }
            let origin = Origin(document: value.document, location: keyNode.location)
            // An inline body of a shared response is named after it (`ErrorBadRequest`).
            let suggested =
                value.node["$ref"]?.string.map { SwiftNaming.typeName(preservingCase: referencedName($0)) }
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
        // Inline bodies of one structure are one; the document's own schemas keep their names
        // (`UnauthenticatedResponse` for 401, `NotFoundResponse` for 404, though both are
        // `{ message, exception }`). Bodies of one model need no comparing, and most endpoints
        // have only those.
        let compares = Set(typed.map(\.type)).count > 1
        let byName =
            compares ? Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        var groups: [(structure: String, first: (type: String, schema: Located), codes: [String])] = []
        for entry in typed {
            let structure =
                compares && !Self.isReference(entry.schema)
                ? passes.structure(of: entry.type, components: [], byName: byName) ?? entry.type : entry.type
            if let index = groups.firstIndex(where: { $0.structure == structure }) {
                groups[index].codes.append(entry.code)
            } else {
                groups.append((structure, (entry.type, entry.schema), [entry.code]))
            }
        }
        guard !groups.isEmpty else { return (nil, [], comments) }
        // Bodies that differ by status: the one of `default` (else of a class of statuses, else of
        // the most statuses) for all, the others for their statuses (`4XX -> ErrorResponse`,
        // `429 -> RatelimitedResponse`).
        let main =
            groups.firstIndex { $0.codes.contains("default") }
            ?? groups.firstIndex { $0.codes.contains { $0.uppercased().hasSuffix("XX") } }
            ?? groups.indices.max { (groups[$0].codes.count, -$0) < (groups[$1].codes.count, -$1) } ?? 0
        var errors = errorsDraft(groups[main].first)
        for (index, group) in groups.enumerated() where index != main {
            let body = errorsDraft(group.first)
            for code in group.codes where code != "default" {
                errors.statuses.append(StatusErrorsDraft(status: code.uppercased(), errors: body))
            }
        }
        return (errors, typed.map { $0.code.uppercased() }, comments)
    }

    /// `errors:` of one model, with its message and code.
    private mutating func errorsDraft(_ body: (type: String, schema: Located)) -> ErrorsDraft {
        var errors = ErrorsDraft(type: body.type)
        (errors.message, errors.code) = messageAndCode(of: body.schema)
        return errors
    }

    /// The key paths of an error model's message and code (text or numbers; `WireVocabulary`'s
    /// names: `message`, RFC 7807's `detail`, OAuth's `error_description`, Mastodon's `error`…),
    /// in the error itself or in its object `error` (`error.message`); a key the error requires
    /// comes first.
    private mutating func messageAndCode(of schema: Located) -> (message: Spec.KeyPath?, code: Spec.KeyPath?) {
        guard isObjectSchema(schema) else { return (nil, nil) }
        func scalar(_ keys: [String], in shape: ObjectShape, under outer: [String] = []) -> Spec.KeyPath? {
            let present = keys.filter { key in
                guard let property = shape.properties.first(where: { $0.key == key }),
                    let value = resolved(property.schema)
                else {
                    return false
                }
                let types =
                    value.node["type"].map { $0.items.isEmpty ? [$0.string ?? ""] : $0.items.compactMap(\.scalarText) }
                    ?? []
                return types.contains { ["string", "integer", "number"].contains($0) }
            }
            return (present.first { shape.required.contains($0) } ?? present.first).map {
                Spec.KeyPath(components: outer + [$0])
            }
        }
        let outer = shape(of: schema)
        var message = scalar(WireVocabulary.message, in: outer)
        var code = scalar(WireVocabulary.code, in: outer)
        if message == nil, code == nil, let error = outer.properties.first(where: { $0.key == "error" })?.schema,
            isObjectSchema(error)
        {
            let inner = shape(of: error)
            message = scalar(WireVocabulary.message, in: inner, under: ["error"])
            code = scalar(WireVocabulary.code, in: inner, under: ["error"])
        }
        return (message, code)
    }

    /// The API's `errors:` when more than half of the endpoints have the same body, with the
    /// statuses they agree on: a status's body is the one most of those endpoints that document
    /// the status give it (three that answer 400 with `Error` and one with `NfsError` leave 400
    /// to `Error`). An endpoint whose errors are all the API's then leaves them out; one that
    /// gives a status another body keeps its own, so every documented body is read as its model.
    func sharedErrors(_ tools: inout [ToolDraft]) -> ErrorsDraft? {
        var counts: [ErrorsDraft: Int] = [:]
        var order: [ErrorsDraft] = []
        var total = 0
        for endpoint in tools.flatMap(\.endpoints) {
            total += 1
            guard let errors = endpoint.errors?.alone else { continue }
            if counts[errors] == nil { order.append(errors) }
            counts[errors, default: 0] += 1
        }
        var best: ErrorsDraft?
        for errors in order where counts[errors, default: 0] > best.map({ counts[$0, default: 0] }) ?? 0 {
            best = errors
        }
        guard var shared = best, counts[shared, default: 0] * 2 > total else { return nil }
        // Each status's votes among those endpoints: its own body, or nil for the shared one.
        var statusOrder: [String] = []
        var votes: [String: [(body: ErrorsDraft?, count: Int)]] = [:]
        for endpoint in tools.flatMap(\.endpoints) where endpoint.errors?.alone == shared {
            for status in endpoint.errorStatuses where status != "DEFAULT" {
                let body = endpoint.errors?.statuses.first { $0.status == status }?.errors
                if votes[status] == nil { statusOrder.append(status) }
                if let index = votes[status]?.firstIndex(where: { $0.body == body }) {
                    votes[status]?[index].count += 1
                } else {
                    votes[status, default: []].append((body, 1))
                }
            }
        }
        for status in statusOrder {
            guard let ballots = votes[status], let first = ballots.first else { continue }
            let winner = ballots.dropFirst().reduce(first) { $1.count > $0.count ? $1 : $0 }
            if let body = winner.body { shared.statuses.append(StatusErrorsDraft(status: status, errors: body)) }
        }
        for tool in tools.indices {
            for index in tools[tool].endpoints.indices {
                let endpoint = tools[tool].endpoints[index]
                guard let own = endpoint.errors, own.alone == shared.alone,
                    endpoint.errorStatuses.allSatisfy({ status in
                        status == "DEFAULT"
                            || own.statuses.first { $0.status == status }?.errors
                                == shared.statuses.first { $0.status == status }?.errors
                    })
                else { continue }
                tools[tool].endpoints[index].errors = nil
            }
        }
        return shared
    }
}
