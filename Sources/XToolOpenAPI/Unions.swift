import XToolSpec
import XToolYAML

/// A union schema before anything of it is built: `oneOf` or `anyOf` that does more than
/// constrain, or a 3.1 type array (`type: [string, integer]`).
struct UnionMembers {
    /// `oneOf`, `anyOf`, or `type` for a type array.
    var keyword: String
    /// Where the keyword stands, for warnings.
    var origin: Origin
    /// The alternatives that say what a value is, in the document's order: no null, no
    /// reference back to the union itself, each schema once.
    var alternatives: [Located]
    /// Null is one of the alternatives: the union is optional.
    var nullable: Bool
}

/// What decides which variant of an untagged union takes a value: the JSON it reads.
indirect enum ValueShape: Equatable {
    /// A string; `format` when only some strings read (`date-time`, `uri`), else empty.
    case string(format: String)
    case integer
    case number
    case boolean
    case array(ValueShape)
    /// An object read into a struct: the keys it needs, and those it reads.
    case object(required: Set<String>, properties: Set<String>)
    /// Any object (a dictionary).
    case dictionary
    /// Any value (JSON, or another union, whose `unknown` case takes anything).
    case anything

    /// Scalars and arrays of them: two alternatives of one such shape are one variant.
    var isScalar: Bool {
        switch self {
        case .string, .integer, .number, .boolean: true
        case .array(let element): element.isScalar
        default: false
        }
    }

    /// Whether a variant of this shape, tried first, would also read values of `other`'s: then
    /// `other` has to be tried before it.
    func takes(_ other: ValueShape) -> Bool {
        switch (self, other) {
        case (.anything, _): true
        case (.string(let format), .string): format.isEmpty
        case (.integer, .integer), (.number, .number), (.number, .integer), (.boolean, .boolean): true
        case (.array(let element), .array(let otherElement)): element.takes(otherElement)
        case (.dictionary, .object), (.dictionary, .dictionary): true
        case (.object(let required, _), .object(_, let properties)): required.isSubset(of: properties)
        case (.object(let required, _), .dictionary): required.isEmpty
        default: false
        }
    }
}

/// `oneOf`, `anyOf` and type arrays: a union model (tagged by the document's `discriminator`,
/// or by a value each alternative requires, else untagged and tried in an order where no
/// variant takes another's values), or the one type, enum or JSON they come down to.
extension Importer {
    /// The union `located` (a schema, not a reference) is, or nil: `oneOf` or `anyOf` beside no
    /// properties and not only constraining (the first of them), or a type array, where no
    /// `allOf` says what the value is.
    mutating func unionMembers(of located: Located) -> UnionMembers? {
        let node = located.node
        if let parts = located["allOf"] {
            if isObjectSchema(located) || parts.items.contains(where: Self.saysWhatItIs) { return nil }
        }
        for keyword in ["oneOf", "anyOf"] where node["properties"] == nil {
            guard let members = located[keyword], !Self.onlyConstrains(members) else { continue }
            var union = UnionMembers(keyword: keyword, origin: located.keyOrigin(keyword), alternatives: [], nullable: false)
            var seen: Set<Origin> = [located.origin]
            for member in members.items {
                if Self.isNullSchema(member) {
                    union.nullable = true
                } else if seen.insert((resolved(member) ?? member).origin).inserted {
                    union.alternatives.append(member)
                }
            }
            return union
        }
        guard case .sequence(let items) = node["type"]?.content, node["const"]?.string == nil else { return nil }
        var union = UnionMembers(keyword: "type", origin: located.keyOrigin("type"), alternatives: [], nullable: false)
        var seen: Set<String> = []
        for item in items {
            guard let text = item.scalarText else { continue }
            if text == "null" {
                union.nullable = true
                continue
            }
            guard seen.insert(text).inserted else { continue }
            // The schema with this one type, standing where the type is listed.
            let entries = node.entries.map { entry in
                YAMLNode.Entry(key: entry.keyNode, value: entry.key == "type" ? item : entry.value)
            }
            union.alternatives.append(Located(node: YAMLNode(.mapping(entries), at: item.location), document: located.document))
        }
        return union.alternatives.count > 1 ? union : nil
    }

    /// Whether a schema becomes a union model (two alternatives or more, not all strings).
    mutating func isUnionSchema(_ located: Located) -> Bool {
        guard let schema = resolved(located), let union = unionMembers(of: schema) else { return false }
        return union.alternatives.count > 1 && knownStrings(union.alternatives) == nil
    }

    /// What a union becomes: the one alternative (optional with null), an enum of strings with
    /// some values known, or a union model named after the component or `suggested`.
    mutating func unionType(_ union: UnionMembers, of schema: Located, suggested: String) -> TypeDraft {
        if union.alternatives.count == 1 {
            var type = type(of: union.alternatives[0], suggested: suggested)
            type.nullable = type.nullable || union.nullable
            return type
        }
        if union.alternatives.isEmpty {
            var json = TypeDraft.json
            json.nullable = union.nullable
            return json
        }
        if let values = knownStrings(union.alternatives) {
            var type = enumType(values)
            type.nullable = union.nullable
            return type
        }
        if let done = unionTypes[schema.origin] { return done }
        if let name = unionsBeingBuilt[schema.origin] {
            return TypeDraft(spelling: name, kind: .object, nullable: union.nullable)
        }
        let type = unionModel(union, of: schema, suggested: suggested)
        unionTypes[schema.origin] = type
        return type
    }

    /// A union of scalars where a value is sent as text (a query, a header, a path, a form): a
    /// `String`, with a note, rather than a union model the spec can't send there.
    mutating func textUnion(_ located: Located) -> TypeDraft? {
        guard let schema = resolved(located), let union = unionMembers(of: schema), union.alternatives.count > 1,
            knownStrings(union.alternatives) == nil, constants(of: schema) == nil
        else { return nil }
        var names: [String] = []
        for alternative in union.alternatives {
            switch valueShape(alternative) {
            case .string, .integer, .number, .boolean: names.append(describe(alternative))
            default: return nil
            }
        }
        var text = TypeDraft.scalar("String")
        text.nullable = union.nullable
        text.comments = ["\(union.keyword == "type" ? "type" : union.keyword) [\(names.joined(separator: ", "))]: sent as text"]
        return text
    }

    /// `oneOf [Circle, Square]`: the alternatives by name, or by type where they have none.
    mutating func unionNote(_ union: UnionMembers) -> String {
        var names: [String] = []
        for alternative in union.alternatives { names.append(describe(alternative)) }
        if union.keyword == "type" { return "type [\(names.joined(separator: ", "))]" }
        return "\(union.keyword) [\(names.joined(separator: ", "))]"
    }

    /// A variant to be: the alternative, its tags and what its type is read from.
    private struct PlannedVariant {
        var alternative: Located
        var tags: [String]
        var index: Int
    }

    private mutating func unionModel(_ union: UnionMembers, of schema: Located, suggested: String) -> TypeDraft {
        var comments: [String] = []
        var discriminator: String?
        var planned: [PlannedVariant] = []
        var tagProblem: String?
        if let tagged = taggedPlan(union, of: schema, problem: &tagProblem) {
            discriminator = tagged.key
            planned = tagged.variants
            if schema.node["discriminator"] == nil {
                comments.append("tagged by '\(tagged.key)': each alternative requires a value of its own there")
            }
        } else {
            let shapes = union.alternatives.map { valueShape($0) }
            var kept: [Int] = []
            for index in shapes.indices where !(shapes[index].isScalar && kept.contains { shapes[$0] == shapes[index] }) {
                kept.append(index)
            }
            guard let order = Self.triedOrder(kept.map { shapes[$0] }) else {
                return ambiguousUnion(union, shapes: kept.map { (union.alternatives[$0], shapes[$0]) }, tagProblem: tagProblem)
            }
            planned = order.map { PlannedVariant(alternative: union.alternatives[kept[$0]], tags: [], index: kept[$0]) }
            if order != order.sorted() {
                var listed: [String] = []
                for index in kept { listed.append(describe(union.alternatives[index])) }
                comments.append(
                    "untagged: the first variant that decodes a value takes it, so these are tried in this order "
                        + "(the document lists \(listed.joined(separator: ", ")))")
            }
        }

        // The model goes first, so that a variant that holds the union refers to it.
        let name = modelNames[schema.origin] ?? uniqueTypeName(suggested)
        modelNames[schema.origin] = name
        let index = models.count
        models.append(ModelDraft(name: name))
        let rank = componentRanks[schema.origin] ?? currentRank
        modelRanks.append(rank)
        builtModels.insert(name)
        unionsBeingBuilt[schema.origin] = name
        let outerRank = currentRank
        currentRank = rank
        var variants: [UnionDraft.Variant] = []
        var nullable = union.nullable
        for variant in planned {
            let tag = variant.tags.first
            let variantName = name + (tag.map(Naming.typeName) ?? "Variant\(variant.index + 1)")
            var type = type(of: variant.alternative, suggested: variantName)
            nullable = nullable || type.nullable
            type = variantType(type, comments: &comments)
            // The union's `unknown` case holds any value; two alternatives of one type are one variant.
            if discriminator == nil, type.spelling == "JSON" || variants.contains(where: { $0.type == type.spelling }) {
                continue
            }
            for tag in variant.tags.isEmpty ? [nil] : variant.tags.map(Optional.some) {
                variants.append(UnionDraft.Variant(tag: tag, type: type.spelling))
            }
        }
        currentRank = outerRank
        unionsBeingBuilt[schema.origin] = nil

        var problem: String?
        if variants.count > 1 {
            var cases: Set<String> = []
            for variant in variants {
                let raw = SwiftNaming.memberName(variant.tag ?? Self.caseName(ofSpelling: variant.type))
                guard let raw, raw != "unknown", cases.insert(raw).inserted else {
                    problem = "the variant \(variant.tag.map { "'\($0)'" } ?? variant.type) gets no case name of its own"
                    break
                }
            }
        }
        if variants.count < 2 || problem != nil {
            // Not a union after all: the one type left, or JSON.
            models.remove(at: index)
            modelRanks.remove(at: index)
            builtModels.remove(name)
            var type = TypeDraft.json
            if variants.count == 1, problem == nil {
                type = TypeDraft(spelling: variants[0].type, kind: .object)
                type.kind = TypeDraft.kind(ofSpelling: type.spelling)
            } else if let problem {
                let note = unionNote(union)
                warning("\(note) is read as JSON: \(problem)", at: union.origin)
                type.comments = ["\(note): \(problem); JSON here"]
            }
            replaceReferences(to: name, with: type.spelling)
            type.nullable = nullable
            return type
        }
        models[index].comments = comments
        models[index].summary = Self.summary(of: schema)
        models[index].union = UnionDraft(discriminator: discriminator, variants: variants)
        return TypeDraft(spelling: name, kind: .object, nullable: nullable)
    }

    /// A variant's type as a union can hold it: not optional (the union is), a String for an
    /// inline enum, a date with a format of its own or a file.
    private func variantType(_ type: TypeDraft, comments: inout [String]) -> TypeDraft {
        var variant = type
        variant.nullable = false
        comments += type.comments
        if let values = type.enumValues {
            comments.append("the String variant is one of: " + values.joined(separator: ", "))
            variant = .scalar("String")
        } else if let format = type.dateFormat {
            comments.append("the String variant is a date, \(format)")
            variant = .scalar("String")
        } else if type.kind == .file {
            variant = .scalar("String")
        }
        variant.comments = []
        return variant
    }

    /// JSON, with a warning and a note, for an untagged union whose alternatives can't be told
    /// apart by trying them in turn.
    private mutating func ambiguousUnion(
        _ union: UnionMembers, shapes: [(alternative: Located, shape: ValueShape)], tagProblem: String?
    ) -> TypeDraft {
        var pair = ""
        for first in shapes.indices {
            let second = shapes.indices.first { other in
                other != first && shapes[first].shape.takes(shapes[other].shape) && shapes[other].shape.takes(shapes[first].shape)
            }
            if let second {
                pair = "\(describe(shapes[first].alternative)) and \(describe(shapes[second].alternative)) each read the other's values"
                break
            }
        }
        if pair.isEmpty { pair = "no order of its variants keeps one from reading another's values" }
        let note = unionNote(union)
        let tags = tagProblem.map { ", and \($0)" } ?? ", and no discriminator tells them apart"
        warning("\(note) is read as JSON: \(pair)\(tags)", at: union.origin)
        var json = TypeDraft.json
        json.nullable = union.nullable
        json.comments = ["\(note): \(pair)\(tags); JSON here"]
        return json
    }

    /// The order in which untagged variants are tried: the document's, except that a variant
    /// goes after the ones whose values it would also read. nil when no order does.
    static func triedOrder(_ shapes: [ValueShape]) -> [Int]? {
        var remaining = Array(shapes.indices)
        var order: [Int] = []
        while !remaining.isEmpty {
            let next = remaining.firstIndex { candidate in
                !remaining.contains { $0 != candidate && shapes[candidate].takes(shapes[$0]) }
            }
            guard let next else { return nil }
            order.append(remaining.remove(at: next))
        }
        return order
    }

    // MARK: - Tags

    /// The discriminator and each alternative's tags: the document's `discriminator` (its
    /// `mapping`, else the referenced schemas' names, else the value the alternative requires
    /// at the key), or a key every alternative requires a value of its own at. nil when a
    /// variant would have no tag, is no object, or two tags make one case.
    private mutating func taggedPlan(
        _ union: UnionMembers, of schema: Located, problem: inout String?
    ) -> (key: String, variants: [PlannedVariant])? {
        guard union.alternatives.allSatisfy({ isObjectSchema($0) }) else { return nil }
        var key = schema.node["discriminator"]?["propertyName"]?.string
        let mapping = schema["discriminator"]?["mapping"]?.entries.compactMap { entry in
            entry.value.node.string.map { (tag: entry.key, target: Self.referencedName($0)) }
        } ?? []
        if key == nil { key = impliedDiscriminator(union.alternatives) }
        guard let key else { return nil }
        var variants: [PlannedVariant] = []
        var cases: Set<String> = []
        for (index, alternative) in union.alternatives.enumerated() {
            var tags: [String] = []
            if let reference = alternative.node["$ref"]?.string {
                let name = Self.referencedName(reference)
                tags = mapping.filter { $0.target == name }.map(\.tag)
                if tags.isEmpty, schema.node["discriminator"] != nil { tags = [name] }
            }
            if tags.isEmpty, let value = requiredValue(of: alternative, at: key) { tags = [value] }
            guard !tags.isEmpty else { return nil }
            for tag in tags {
                guard let raw = SwiftNaming.memberName(tag), raw != "unknown", cases.insert(raw).inserted else {
                    problem = "the tags at '\(key)' give no case names of their own ('\(tag)')"
                    return nil
                }
            }
            variants.append(PlannedVariant(alternative: alternative, tags: tags, index: index))
        }
        return (key, variants)
    }

    /// A key every alternative requires with one string value, each its own (`type: { enum:
    /// [text] }`, `role: { const: user }`): the first such key of the first alternative.
    private mutating func impliedDiscriminator(_ alternatives: [Located]) -> String? {
        guard let first = alternatives.first else { return nil }
        for key in shape(of: first).properties.map(\.key) {
            var values: Set<String> = []
            let distinct = alternatives.allSatisfy { alternative in
                guard let value = requiredValue(of: alternative, at: key) else { return false }
                return values.insert(value).inserted
            }
            if distinct { return key }
        }
        return nil
    }

    /// The one string value an object schema requires at `key`, if it has one.
    private mutating func requiredValue(of alternative: Located, at key: String) -> String? {
        let shape = shape(of: alternative)
        guard shape.required.contains(key), let property = shape.properties.first(where: { $0.key == key }),
            let schema = resolved(property.schema)
        else { return nil }
        if let constant = schema.node["const"]?.string { return constant }
        guard let values = schema.node["enum"]?.items, values.count == 1, case .string(let value) = values[0].coreScalar else {
            return nil
        }
        return value
    }

    // MARK: - Shapes

    /// What JSON a schema reads, to order untagged variants.
    mutating func valueShape(_ located: Located, depth: Int = 0) -> ValueShape {
        guard depth < 16, let schema = resolved(located) else { return .anything }
        if isObjectSchema(schema) {
            let shape = shape(of: schema)
            let properties = Set(shape.properties.map(\.key))
            return .object(required: shape.required.intersection(properties), properties: properties)
        }
        if let union = unionMembers(of: schema) {
            if union.alternatives.count == 1 { return valueShape(union.alternatives[0], depth: depth + 1) }
            return knownStrings(union.alternatives) == nil ? .anything : .string(format: "")
        }
        let node = schema.node
        if let part = schema["allOf"]?.items.first(where: Self.saysWhatItIs) {
            return valueShape(part, depth: depth + 1)
        }
        let types = (node["type"].map { $0.items.isEmpty ? [$0.string ?? ""] : $0.items.compactMap(\.scalarText) } ?? [])
            .filter { $0 != "null" }
        if node["const"]?.string != nil { return .string(format: "") }
        switch types.first {
        case "string":
            let format = node["format"]?.string ?? ""
            return .string(format: ["date-time", "date", "uri", "url", "decimal"].contains(format) ? format : "")
        case "integer": return .integer
        case "number": return .number
        case "boolean": return .boolean
        case "array": return .array(schema["items"].map { valueShape($0, depth: depth + 1) } ?? .anything)
        case "object": return .dictionary
        default:
            if node["enum"]?.items.contains(where: { if case .string = $0.coreScalar { true } else { false } }) == true {
                return .string(format: "")
            }
            return node["properties"] != nil || node["additionalProperties"] != nil ? .dictionary : .anything
        }
    }

    // MARK: - Names

    /// What the spec names an untagged variant's case after (as the spec loader does): the
    /// type, its element's with `s` (`[Pet]` -> `Pets`), a dictionary's value's with `_map`.
    static func caseName(ofSpelling spelling: String) -> String {
        if spelling.hasPrefix("[String: "), spelling.hasSuffix("]") {
            return caseName(ofSpelling: String(spelling.dropFirst("[String: ".count).dropLast())) + "_map"
        }
        if spelling.hasPrefix("["), spelling.hasSuffix("]") {
            return caseName(ofSpelling: String(spelling.dropFirst().dropLast())) + "s"
        }
        return spelling
    }

    /// Replaces the name of a union that came to nothing where a model built meanwhile spells it.
    private mutating func replaceReferences(to name: String, with replacement: String) {
        for model in models.indices {
            for field in models[model].fields.indices {
                let spelling = models[model].fields[field].type.spelling
                models[model].fields[field].type.spelling = Self.replacing(name, with: replacement, in: spelling)
            }
            if var union = models[model].union {
                for variant in union.variants.indices {
                    union.variants[variant].type = Self.replacing(name, with: replacement, in: union.variants[variant].type)
                }
                models[model].union = union
            }
        }
    }

    /// `spelling` with the type name `name` replaced by `replacement` (`[Shape]` -> `[JSON]`).
    static func replacing(_ name: String, with replacement: String, in spelling: String) -> String {
        var result = ""
        var word = ""
        for character in spelling {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                result += word == name ? replacement : word
                word = ""
                result.append(character)
            }
        }
        return result + (word == name ? replacement : word)
    }

    // MARK: - The special cases

    /// The values of alternatives that are all plain strings (some of them with an `enum`), in
    /// order; nil for any other union.
    mutating func knownStrings(_ alternatives: [Located]) -> [String]? {
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

    /// Whether a schema says what a value is (an `allOf` part that is not only a constraint).
    static func saysWhatItIs(_ located: Located) -> Bool {
        !Set(located.node.entries.map(\.key)).isDisjoint(with: typeKeys)
    }

    /// Whether alternatives only constrain (`oneOf: [{required: [a]}, {required: [b]}]`): a
    /// rule for the server to check, not a union of types.
    static func onlyConstrains(_ members: Located) -> Bool {
        !members.items.contains(where: saysWhatItIs)
    }

    static func isNullSchema(_ located: Located) -> Bool {
        let node = located.node
        if node["type"]?.string == "null" { return true }
        if let values = node["enum"]?.items, !values.isEmpty, values.allSatisfy({ $0.coreScalar == .null }) { return true }
        return false
    }

    /// A schema in a few words: its model's name, or its type.
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
        for keyword in ["oneOf", "anyOf"] {
            guard let members = located[keyword] else { continue }
            var names: [String] = []
            for member in members.items { names.append(describe(member)) }
            return "\(keyword) [\(names.joined(separator: ", "))]"
        }
        return "any value"
    }
}

extension TypeDraft {
    /// The kind of a type spelled as the spec writes it.
    static func kind(ofSpelling spelling: String) -> Kind {
        if spelling.hasPrefix("[String:") || spelling == "JSON" { return .object }
        if spelling.hasPrefix("[") {
            let element = String(spelling.dropFirst().dropLast())
            return .array(elementIsScalar: kind(ofSpelling: element) == .scalar)
        }
        let scalars: Set<String> = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "Decimal"]
        return scalars.contains(spelling.hasSuffix("?") ? String(spelling.dropLast()) : spelling) ? .scalar : .object
    }
}
