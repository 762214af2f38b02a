import Foundation
import XToolYAML

/// The part of JSON Schema (draft-07) that `docs/xtoolgen-spec.schema.json` uses, checking a
/// YAML node tree as an editor's YAML language server reads it: plain scalars by the core
/// schema (`1` an integer, `true` a boolean, `~` null), quoted ones as strings, keys as strings.
///
/// Keywords: `$ref` (`#/definitions/…`), `type`, `enum`, `const`, `properties`,
/// `additionalProperties`, `required`, `propertyNames`, `items`, `minItems`, `oneOf`, `anyOf`,
/// `pattern`, `minimum`, `maximum`; `$schema`, `$id`, `title`, `description`,
/// `markdownDescription`, `default`, `examples` and `definitions` are annotations. A schema that
/// uses any other keyword is refused (`unknownKeywords`), so nothing is ignored unseen.
struct SchemaValidator {
    /// One place where the node tree breaks the schema.
    struct Failure: CustomStringConvertible {
        var line: Int
        var column: Int
        var message: String
        var description: String { "\(line):\(column): \(message)" }
    }

    static let keywords: Set<String> = [
        "$ref", "type", "enum", "const", "properties", "additionalProperties", "required", "propertyNames", "items",
        "minItems", "oneOf", "anyOf", "pattern", "minimum", "maximum",
    ]
    static let annotations: Set<String> = [
        "$schema", "$id", "title", "description", "markdownDescription", "default", "examples", "definitions",
    ]

    /// The schema, read as YAML (which JSON is), so that its values compare with the spec's.
    let root: YAMLNode

    init(schema text: String) throws {
        root = try YAMLParser().parseDocument(text)
    }

    /// The definitions of `#/definitions`, by name.
    var definitions: [String: YAMLNode] {
        Dictionary(
            (root["definitions"]?.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every keyword of a (sub)schema that this validator neither checks nor knows as an
    /// annotation, with its JSON pointer.
    func unknownKeywords() -> [String] {
        var found: [String] = []
        func visit(_ schema: YAMLNode, at pointer: String) {
            for entry in schema.entries {
                let place = pointer + "/" + entry.key
                switch entry.key {
                case "properties", "definitions":
                    for sub in entry.value.entries { visit(sub.value, at: place + "/" + sub.key) }
                case "additionalProperties", "items", "propertyNames":
                    visit(entry.value, at: place)
                case "oneOf", "anyOf":
                    for (index, sub) in entry.value.items.enumerated() { visit(sub, at: place + "/\(index)") }
                default:
                    if !Self.keywords.contains(entry.key), !Self.annotations.contains(entry.key) { found.append(place) }
                }
            }
        }
        visit(root, at: "#")
        return found.sorted()
    }

    /// The places where `node` breaks the root schema.
    func validate(_ node: YAMLNode) -> [Failure] {
        validate(node, root, at: "")
    }

    /// The places where `node` breaks the schema of `#/definitions/<name>`.
    func validate(_ node: YAMLNode, definition name: String) -> [Failure] {
        guard let schema = definitions[name] else { return [failure(node, "", "has no definition '\(name)'")] }
        return validate(node, schema, at: "")
    }

    private func failure(_ node: YAMLNode, _ path: String, _ message: String) -> Failure {
        Failure(
            line: node.location.line, column: node.location.column,
            message: (path.isEmpty ? "the document" : "'\(path)'") + " " + message)
    }

    private func resolve(_ reference: String) -> YAMLNode? {
        guard reference.hasPrefix("#/definitions/") else { return nil }
        return definitions[String(reference.dropFirst("#/definitions/".count))]
    }

    private func validate(_ node: YAMLNode, _ schema: YAMLNode, at path: String) -> [Failure] {
        if case .bool(let allows) = schema.coreScalar {
            return allows ? [] : [failure(node, path, "is not allowed here")]
        }
        var failures: [Failure] = []
        if let reference = schema["$ref"]?.string {
            guard let target = resolve(reference) else { return [failure(node, path, "refers to \(reference)")] }
            failures += validate(node, target, at: path)
        }
        let kind = Self.kind(of: node)
        if let types = schema["type"] {
            let allowed = types.string.map { [$0] } ?? types.items.compactMap(\.string)
            guard allowed.contains(where: { Self.kind(kind, fits: $0) }) else {
                return failures + [
                    failure(node, path, "is \(kind.name), where the schema wants \(allowed.joined(separator: " or "))")
                ]
            }
        }
        if let values = schema["enum"]?.items, !values.contains(where: { Self.equal(kind, Self.kind(of: $0)) }) {
            let listed = values.map { Self.kind(of: $0).name }.joined(separator: ", ")
            failures.append(failure(node, path, "is \(kind.name), not one of \(listed)"))
        }
        if let value = schema["const"], !Self.equal(kind, Self.kind(of: value)) {
            failures.append(failure(node, path, "is \(kind.name), not \(Self.kind(of: value).name)"))
        }
        if case .string(let text) = kind {
            if let pattern = schema["pattern"]?.string, text.range(of: pattern, options: .regularExpression) == nil {
                failures.append(failure(node, path, "is \"\(text)\", which doesn't match \(pattern)"))
            }
        }
        if let number = kind.number {
            if let minimum = schema["minimum"].flatMap({ Self.kind(of: $0).number }), number < minimum {
                failures.append(failure(node, path, "is less than \(minimum)"))
            }
            if let maximum = schema["maximum"].flatMap({ Self.kind(of: $0).number }), number > maximum {
                failures.append(failure(node, path, "is more than \(maximum)"))
            }
        }
        switch node.content {
        case .mapping:
            failures += validateObject(node, schema, at: path)
        case .sequence(let items):
            if let minimum = schema["minItems"].flatMap({ Self.kind(of: $0).number }), Double(items.count) < minimum {
                failures.append(failure(node, path, "has \(items.count) items, fewer than \(minimum)"))
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    failures += validate(item, itemSchema, at: path + "[\(index)]")
                }
            }
        case .scalar:
            break
        }
        if let choices = schema["oneOf"]?.items {
            let results = choices.map { validate(node, $0, at: path) }
            let matches = results.filter(\.isEmpty).count
            if matches != 1 {
                failures +=
                    matches == 0
                    ? closest(results, node, path) : [failure(node, path, "matches \(matches) of oneOf's choices")]
            }
        }
        if let choices = schema["anyOf"]?.items {
            let results = choices.map { validate(node, $0, at: path) }
            if !results.contains(where: \.isEmpty) { failures += closest(results, node, path) }
        }
        return failures
    }

    /// When no choice fits: the failures of the choice that came closest (the fewest failures
    /// below the node itself), else one failure saying so.
    private func closest(_ results: [[Failure]], _ node: YAMLNode, _ path: String) -> [Failure] {
        let deeper = results.filter {
            $0.allSatisfy { $0.line != node.location.line || $0.column != node.location.column }
        }
        if let best = deeper.min(by: { $0.count < $1.count }), !best.isEmpty { return best }
        return [failure(node, path, "fits none of the forms the schema allows here")]
    }

    private func validateObject(_ node: YAMLNode, _ schema: YAMLNode, at path: String) -> [Failure] {
        var failures: [Failure] = []
        let properties = schema["properties"]
        let entries = node.entries
        for required in schema["required"]?.items.compactMap(\.string) ?? []
        where !entries.contains(where: { $0.key == required }) {
            failures.append(failure(node, path, "misses the required key '\(required)'"))
        }
        for entry in entries {
            let place = path.isEmpty ? entry.key : path + "." + entry.key
            if let names = schema["propertyNames"] {
                let keyNode = YAMLNode(.scalar(text: entry.key, style: .doubleQuoted), at: entry.keyNode.location)
                failures += validate(keyNode, names, at: place)
            }
            if let property = properties?[entry.key] {
                failures += validate(entry.value, property, at: place)
            } else if let additional = schema["additionalProperties"] {
                if additional.coreScalar == .bool(false) {
                    let known = (properties?.entries.map(\.key) ?? []).joined(separator: ", ")
                    failures.append(
                        Failure(
                            line: entry.keyNode.location.line, column: entry.keyNode.location.column,
                            message: "'\(entry.key)' is not a key the schema allows here (\(known))"))
                } else {
                    failures += validate(entry.value, additional, at: place)
                }
            }
        }
        return failures
    }

    /// A node as the language server sees it.
    enum Kind {
        case null
        case bool(Bool)
        case integer(Int64)
        case number(Double)
        case string(String)
        case array, object

        var name: String {
            switch self {
            case .null: "null"
            case .bool(let value): "the boolean \(value)"
            case .integer(let value): "the integer \(value)"
            case .number(let value): "the number \(value)"
            case .string(let text): "the string \"\(text)\""
            case .array: "an array"
            case .object: "an object"
            }
        }

        var number: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .number(let value): value
            default: nil
            }
        }
    }

    static func kind(of node: YAMLNode) -> Kind {
        switch node.content {
        case .mapping: return .object
        case .sequence: return .array
        case .scalar(let text, _):
            switch node.coreScalar {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .integer(value)
            case .float(let value): return .number(value)
            case .string, nil: return .string(text)
            }
        }
    }

    static func kind(_ kind: Kind, fits type: String) -> Bool {
        switch (kind, type) {
        case (.null, "null"), (.bool, "boolean"), (.integer, "integer"), (.integer, "number"), (.number, "number"),
            (.string, "string"), (.array, "array"), (.object, "object"):
            true
        default: false
        }
    }

    static func equal(_ kind: Kind, _ other: Kind) -> Bool {
        switch (kind, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: kind.number != nil && kind.number == other.number
        }
    }
}
