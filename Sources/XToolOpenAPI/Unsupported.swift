import XToolYAML

/// The constructs the spec language is still gaining (unions, typed error bodies, pagination),
/// one function each: until the language has them, each writes the nearest valid spec, a
/// warning at the document's line and column, and a note in the spec where a person decides.
extension Importer {
    // MARK: - Unions

    /// `oneOf` or `anyOf`: exactly what the language can say (one alternative, one alternative
    /// or null, strings with some values known, which an inline enum's `unknown` case holds);
    /// any other union is JSON, with a warning at `keyword` and a note, until the language has
    /// unions.
    mutating func unionType(_ keyword: String, _ members: Located, at origin: Origin, suggested: String) -> TypeDraft {
        let alternatives = members.items.filter { !Self.isNullSchema($0) }
        let nullable = alternatives.count < members.items.count
        if alternatives.count == 1 {
            var type = type(of: alternatives[0], suggested: suggested)
            type.nullable = type.nullable || nullable
            return type
        }
        if let values = knownStrings(alternatives) {
            var type = enumType(values)
            type.nullable = nullable
            return type
        }
        let note = unionNote(keyword, members)
        warning("\(note) is read as JSON until the spec language has unions", at: origin)
        var json = TypeDraft.json
        json.nullable = nullable
        json.comments = ["\(note): a union once the language has one; JSON until then"]
        return json
    }

    /// `type: [string, integer]`: JSON, with a warning at `type` and a note, until the language
    /// has unions.
    mutating func typeUnion(_ types: [String], at origin: Origin) -> TypeDraft {
        let list = types.joined(separator: ", ")
        warning("a value of the types \(list) is read as JSON until the spec language has unions", at: origin)
        var json = TypeDraft.json
        json.comments = ["type [\(list)]: a union once the language has one; JSON until then"]
        return json
    }

    /// `oneOf [A, B]`: the alternatives by name, or by type where they have none.
    mutating func unionNote(_ keyword: String, _ members: Located) -> String {
        var names: [String] = []
        for member in members.items { names.append(describe(member)) }
        return "\(keyword) [\(names.joined(separator: ", "))]"
    }

    /// The values of alternatives that are all plain strings (some of them with an `enum`), in
    /// order; nil for any other union.
    private mutating func knownStrings(_ alternatives: [Located]) -> [String]? {
        var values: [String] = []
        for alternative in alternatives {
            guard let schema = resolved(alternative), schema.node["type"]?.string == "string",
                schema.node["format"] == nil
            else { return nil }
            for value in schema.node["enum"]?.items.compactMap(\.string) ?? [] where !values.contains(value) {
                values.append(value)
            }
        }
        return values.isEmpty ? nil : values
    }

    /// The keys that say what a value is (the others only constrain it: `required`,
    /// `minimum`, …).
    static let typeKeys: Set<String> = [
        "$ref", "type", "properties", "items", "enum", "allOf", "oneOf", "anyOf", "format", "const", "additionalProperties",
    ]

    /// Whether alternatives only constrain (`oneOf: [{required: [a]}, {required: [b]}]`): a
    /// rule for the server to check, not a union of types.
    static func onlyConstrains(_ members: Located) -> Bool {
        members.items.allSatisfy { Set($0.node.entries.map(\.key)).isDisjoint(with: typeKeys) }
    }

    private static func isNullSchema(_ located: Located) -> Bool {
        let node = located.node
        if node["type"]?.string == "null" { return true }
        if let values = node["enum"]?.items, !values.isEmpty, values.allSatisfy({ $0.coreScalar == .null }) { return true }
        return false
    }

    /// A schema in a few words: its model's name, or its type. A model of an alternative of a
    /// union is not imported by being named here (the spec reads the union as JSON for now).
    mutating func describe(_ located: Located) -> String {
        if let reference = located.node["$ref"]?.string {
            guard let target = resolved(located) else { return Naming.typeName(Self.referencedName(reference)) }
            return modelNames[target.origin] ?? Naming.typeName(Self.referencedName(reference))
        }
        let node = located.node
        if node["enum"] != nil { return "enum" }
        if let properties = node["properties"]?.entries.map(\.key) {
            return "object {" + properties.prefix(3).joined(separator: ", ") + (properties.count > 3 ? ", …" : "") + "}"
        }
        if let type = node["type"]?.string {
            if type == "array", let items = located["items"] { return "[\(describe(items))]" }
            if let format = node["format"]?.string { return "\(type) (\(format))" }
            return type
        }
        if let members = located["oneOf"] ?? located["anyOf"] { return unionNote(located["oneOf"] == nil ? "anyOf" : "oneOf", members) }
        return "any value"
    }

    // MARK: - Error responses

    /// The responses that are not the success: a note listing their status codes and bodies
    /// (typed error bodies once the language has `errors:`), and a warning at the first one.
    mutating func errorResponses(_ responses: [(key: String, keyNode: YAMLNode, value: Located)]) -> [String] {
        guard let first = responses.first else { return [] }
        var listed: [String] = []
        for (code, _, value) in responses {
            guard let response = resolved(value) else { continue }
            if let media = Self.jsonMedia(response["content"]), let schema = media["schema"] {
                // A named error body is imported: `XToolError.status` carries it, to decode by hand.
                let body = Self.isReference(schema) ? type(of: schema, suggested: "").spelling : describe(schema)
                listed.append("\(code) -> \(body)")
            } else {
                listed.append("\(code) (no JSON body)")
            }
        }
        let list = listed.joined(separator: ", ")
        warning(
            "error responses are not typed yet (\(list)): the call throws XToolError.status with the body",
            at: Origin(document: first.value.document, location: first.keyNode.location))
        return ["errors: \(list): XToolError.status(code:body:) carries them until the language has errors:"]
    }

    // MARK: - Pagination

    /// Whether a response header leads to the next page (`Link`, `X-Next`).
    static func isPagingHeader(_ name: String) -> Bool {
        name.lowercased() == "link" || name.lowercased().contains("next")
    }

    /// A note where a response looks paged: a `Link` or next-page header, or a cursor or page
    /// parameter.
    func paginationHint(headers: [String], parameters: [MemberDraft]) -> String? {
        if headers.contains(where: { $0.lowercased() == "link" }) {
            return "the response has a Link header: add paginate: link once the language has pagination?"
        }
        if let next = headers.first(where: Self.isPagingHeader) {
            return "the response header '\(next)' leads to the next page: add paginate: once the language has pagination?"
        }
        let cursors = ["after", "before", "cursor", "starting_after", "ending_before", "page_token", "pageToken", "next_token", "since_id", "max_id"]
        if let cursor = parameters.first(where: { cursors.contains($0.key) }) {
            return "'\(cursor.key)' looks like a cursor: add paginate: once the language has pagination?"
        }
        if let page = parameters.first(where: { ["page", "offset"].contains($0.key) }) {
            return "'\(page.key)' looks like page numbers: add paginate: once the language has pagination?"
        }
        return nil
    }
}
