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

/// How a union model's variants are told apart and the order they are tried in, before any of
/// them is built.
struct UnionPlan {
    /// A variant to be: the alternative, its tags and what its type is read from.
    struct Variant {
        var alternative: Located
        /// The discriminator's values that select it; none in an untagged union.
        var tags: [String]
        /// The name of its case, when the document names an integer tag (nil: after the tag, or
        /// the type for an integer the document doesn't name).
        var caseName: String?
        /// The alternative's place in the document's list (`…Variant2` names after it).
        var index: Int
    }

    /// The key whose value names the variant; nil for an untagged union, tried in turn.
    var discriminator: String?
    var variants: [Variant]
    /// Notes for the model's doc comment: how the variants are told apart.
    var comments: [String]
}

/// What planning a union came to: a plan, or no way to tell its variants apart (the alternatives
/// with their shapes, and why no tag does).
enum UnionPlanning {
    case planned(UnionPlan)
    case ambiguous(shapes: [(alternative: Located, shape: ValueShape)], tagProblem: String?)
}

/// Planning a union: which schemas are unions, what JSON each alternative reads, and how the
/// variants are told apart (tags, or an order to try them in). Nothing is built here.
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
            var union = UnionMembers(
                keyword: keyword, origin: located.keyOrigin(keyword), alternatives: [], nullable: false)
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
            union.alternatives.append(
                Located(node: YAMLNode(.mapping(entries), at: item.location), document: located.document))
        }
        return union.alternatives.count > 1 ? union : nil
    }

    /// Whether a schema becomes a union model (two alternatives or more, not all strings).
    mutating func isUnionSchema(_ located: Located) -> Bool {
        guard let schema = resolved(located), let union = unionMembers(of: schema) else { return false }
        return union.alternatives.count > 1 && knownStrings(union.alternatives) == nil
    }

    /// How the union's variants are told apart: by the document's `discriminator`, or by a value
    /// each alternative requires, else untagged and tried in an order where no variant takes
    /// another's values (scalars of one shape are one variant).
    mutating func unionPlan(_ union: UnionMembers, of schema: Located) -> UnionPlanning {
        var tagProblem: String?
        if let tagged = taggedPlan(union, of: schema, problem: &tagProblem) {
            var comments: [String] = []
            if schema.node["discriminator"] == nil {
                comments.append("tagged by '\(tagged.key)': each alternative requires a value of its own there")
            }
            return .planned(UnionPlan(discriminator: tagged.key, variants: tagged.variants, comments: comments))
        }
        let shapes = union.alternatives.map { valueShape($0) }
        var kept: [Int] = []
        for index in shapes.indices where !(shapes[index].isScalar && kept.contains { shapes[$0] == shapes[index] }) {
            kept.append(index)
        }
        guard let order = Self.triedOrder(kept.map { shapes[$0] }) else {
            // No order works: a key where each alternative lists values of its own (not required,
            // or more than one: PagerDuty's `type: { enum: [phone_contact_method, sms_contact_method] }`)
            // tells them apart where the value has it.
            var ignored: String?
            if schema.node["discriminator"] == nil,
                let tagged = taggedPlan(union, of: schema, problem: &ignored, declared: true)
            {
                let comment =
                    "tagged by '\(tagged.key)': each alternative lists values of its own there (a value without one is kept as it came)"
                return .planned(UnionPlan(discriminator: tagged.key, variants: tagged.variants, comments: [comment]))
            }
            return .ambiguous(shapes: kept.map { (union.alternatives[$0], shapes[$0]) }, tagProblem: tagProblem)
        }
        var comments: [String] = []
        if order != order.sorted() {
            var listed: [String] = []
            for index in kept { listed.append(describe(union.alternatives[index])) }
            comments.append(
                "untagged: the first variant that decodes a value takes it, so these are tried in this order "
                    + "(the document lists \(listed.joined(separator: ", ")))")
        }
        let variants = order.map {
            UnionPlan.Variant(alternative: union.alternatives[kept[$0]], tags: [], index: kept[$0])
        }
        return .planned(UnionPlan(discriminator: nil, variants: variants, comments: comments))
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
    /// `declared`: tags from a key each alternative declares with values of its own, required or
    /// not, one value or several.
    private mutating func taggedPlan(
        _ union: UnionMembers, of schema: Located, problem: inout String?, declared: Bool = false
    ) -> (key: String, variants: [UnionPlan.Variant])? {
        guard union.alternatives.allSatisfy({ isObjectSchema($0) }) else { return nil }
        var key = schema.node["discriminator"]?["propertyName"]?.string
        let mapping =
            schema["discriminator"]?["mapping"]?.entries.compactMap { entry in
                entry.value.node.string.map { (tag: entry.key, target: referencedName($0)) }
            } ?? []
        if key == nil { key = impliedDiscriminator(union.alternatives, declared: declared) }
        guard let key else { return nil }
        var variants: [UnionPlan.Variant] = []
        var cases: Set<String> = []
        for (index, alternative) in union.alternatives.enumerated() {
            var tags: [String] = []
            if let reference = alternative.node["$ref"]?.string {
                let name = referencedName(reference)
                tags = mapping.filter { $0.target == name }.map(\.tag)
                if tags.isEmpty, schema.node["discriminator"] != nil { tags = [name] }
            }
            var caseName: String?
            if tags.isEmpty, let tag = requiredTag(of: alternative, at: key, declared: declared) {
                tags = tag.values
                caseName = tag.name.flatMap(SwiftNaming.memberName)
            }
            guard !tags.isEmpty else { return nil }
            for tag in tags {
                guard let raw = caseName ?? SwiftNaming.memberName(tag), raw != "unknown", cases.insert(raw).inserted
                else {
                    problem = "the tags at '\(key)' give no case names of their own ('\(tag)')"
                    return nil
                }
            }
            variants.append(UnionPlan.Variant(alternative: alternative, tags: tags, caseName: caseName, index: index))
        }
        return (key, variants)
    }

    /// A key every alternative requires with one string value, each its own (`type: { enum:
    /// [text] }`, `role: { const: user }`): the first such key of the first alternative.
    private mutating func impliedDiscriminator(_ alternatives: [Located], declared: Bool) -> String? {
        guard let first = alternatives.first else { return nil }
        for key in shape(of: first).properties.map(\.key) {
            var values: Set<String> = []
            let distinct = alternatives.allSatisfy { alternative in
                guard let tag = requiredTag(of: alternative, at: key, declared: declared) else { return false }
                return tag.values.allSatisfy { values.insert($0).inserted }
            }
            if distinct { return key }
        }
        return nil
    }

    /// The one value an object schema requires at `key` (`type: { enum: [text] }`, `role: {
    /// const: user }`, Discord's `type: { type: integer, enum: [1] }`), with the name the
    /// document gives an integer there (the `title` of its value in the enum the property
    /// refers to: `1` is `KEYWORD` in `AutomodTriggerType`).
    ///
    /// `declared`: the key need not be required, and strings may be several (`enum:
    /// [phone_contact_method, sms_contact_method]`).
    mutating func requiredTag(of alternative: Located, at key: String, declared: Bool = false) -> (
        values: [String], name: String?
    )? {
        let shape = shape(of: alternative)
        guard declared || shape.required.contains(key), let property = shape.properties.first(where: { $0.key == key }),
            let schema = resolved(property.schema)
        else { return nil }
        let listed = schema.node["enum"]?.items ?? []
        if declared, listed.count > 1, listed.allSatisfy({ if case .string = $0.coreScalar { true } else { false } }) {
            return (listed.compactMap(\.string), nil)
        }
        guard let value = schema.node["const"] ?? (listed.count == 1 ? listed[0] : nil), let text = value.scalarText
        else { return nil }
        switch value.coreScalar {
        case .string: return ([text], nil)
        case .int: return ([text], valueName(text, in: schema))
        default: return nil
        }
    }

    /// The name the enum a schema refers to (through `allOf`, as Discord writes it) gives
    /// `value`: its `title` among `oneOf` constants.
    private mutating func valueName(_ value: String, in schema: Located) -> String? {
        for part in [schema] + (schema["allOf"]?.items ?? []) {
            guard let enumSchema = resolved(part), let constants = constants(of: enumSchema),
                let index = constants.values.firstIndex(where: { $0.scalarText == value })
            else { continue }
            return constants.titles[index]
        }
        return nil
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
        let types =
            (node["type"].map { $0.items.isEmpty ? [$0.string ?? ""] : $0.items.compactMap(\.scalarText) } ?? [])
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
            if node["enum"]?.items.contains(where: { if case .string = $0.coreScalar { true } else { false } }) == true
            {
                return .string(format: "")
            }
            return node["properties"] != nil || node["additionalProperties"] != nil ? .dictionary : .anything
        }
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
        "$ref", "type", "properties", "items", "enum", "allOf", "oneOf", "anyOf", "format", "const",
        "additionalProperties",
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
        if let values = node["enum"]?.items, !values.isEmpty, values.allSatisfy({ $0.coreScalar == .null }) {
            return true
        }
        return false
    }
}
