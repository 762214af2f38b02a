import XToolSpec
import XToolYAML

/// `oneOf`, `anyOf` and type arrays: a union model (tagged by the document's `discriminator`,
/// or by a value each alternative requires, else untagged and tried in an order where no
/// variant takes another's values), or the one type, enum or JSON they come down to.
///
/// `UnionPlan.swift` decides how the variants are told apart, this file builds the model and
/// its variants, `UnionDemotion.swift` makes a union that can't be one a plainer type.
extension Importer {
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

    /// `oneOf [Circle, Square]`: the alternatives by name, or by type where they have none.
    mutating func unionNote(_ union: UnionMembers) -> String {
        var names: [String] = []
        for alternative in union.alternatives { names.append(describe(alternative)) }
        if union.keyword == "type" { return "type [\(names.joined(separator: ", "))]" }
        return "\(union.keyword) [\(names.joined(separator: ", "))]"
    }

    /// The union model: planned, then the model made first (so that a variant that holds the
    /// union refers to it) and its variants built; demoted when fewer than two variants are left
    /// or two of them get one case name.
    private mutating func unionModel(_ union: UnionMembers, of schema: Located, suggested: String) -> TypeDraft {
        let plan: UnionPlan
        switch unionPlan(union, of: schema) {
        case .planned(let planned): plan = planned
        case .ambiguous(let shapes, let tagProblem):
            return ambiguousUnion(union, shapes: shapes, tagProblem: tagProblem)
        }

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
        var comments = plan.comments
        let (variants, nullable) = unionVariants(plan, of: name, nullable: union.nullable, comments: &comments)
        currentRank = outerRank
        unionsBeingBuilt[schema.origin] = nil

        if let demoted = demotedUnion(union, model: index, variants: variants, nullable: nullable) { return demoted }
        models[index].comments = comments
        models[index].summary = Self.summary(of: schema)
        var draft = UnionDraft(discriminator: plan.discriminator, variants: variants)
        draft.shareCases { [models] in ModelDraft.keepsTag($0, at: $1, among: models) }
        models[index].union = draft
        return TypeDraft(spelling: name, kind: .object, nullable: nullable)
    }

    /// The variants of the union model `name`, each alternative's type built (named after its tag,
    /// its `title`, or `…Variant<n>`), and whether one of them makes the union optional.
    private mutating func unionVariants(
        _ plan: UnionPlan, of name: String, nullable: Bool, comments: inout [String]
    ) -> (variants: [UnionDraft.Variant], nullable: Bool) {
        var variants: [UnionDraft.Variant] = []
        var nullable = nullable
        for variant in plan.variants {
            // Named after its tag, else the `title` the document gives the alternative.
            let title = resolved(variant.alternative)?.node["title"]?.string.map(SwiftNaming.typeName(preservingCase:))
            let tag = variant.caseName ?? (variant.tags.count == 1 ? variant.tags.first : nil)
            let variantName =
                name + (tag.map(SwiftNaming.typeName(preservingCase:)) ?? title ?? "Variant\(variant.index + 1)")
            var type = type(of: variant.alternative, suggested: variantName)
            nullable = nullable || type.nullable
            type = variantType(type, comments: &comments)
            // The union's `unknown` case holds any value; two alternatives of one type are one variant.
            if plan.discriminator == nil,
                type.spelling == "JSON" || variants.contains(where: { $0.type == type.spelling })
            {
                continue
            }
            for tag in variant.tags.isEmpty ? [nil] : variant.tags.map(Optional.some) {
                // An integer tag is no name: the document's name of the value, else the type's.
                let isNumber = tag.map { Int64($0) != nil } ?? false
                let name =
                    variant.caseName
                    ?? (isNumber ? SwiftNaming.memberName(UnionDraft.caseName(ofSpelling: type.spelling)) : nil)
                variants.append(UnionDraft.Variant(tag: tag, type: type.spelling, name: name))
            }
        }
        return (variants, nullable)
    }

    /// A variant's type as a union can hold it: not optional (the union is), a String for an
    /// inline enum, a date with a format of its own or a file.
    private func variantType(_ type: TypeDraft, comments: inout [String]) -> TypeDraft {
        var variant = type
        variant.nullable = false
        comments += type.comments
        if type.enumValues != nil {
            comments.append("the \(type.spelling) variant is " + (DraftPasses.enumComment(type).first ?? ""))
            variant = .scalar(type.spelling)
        } else if let format = type.dateFormat {
            comments.append("the String variant is a date, \(format)")
            variant = .scalar("String")
        } else if type.kind == .file {
            variant = .scalar("String")
        }
        variant.comments = []
        return variant
    }

    // MARK: - Names

    /// A schema in a few words: its model's name, or its type.
    mutating func describe(_ located: Located) -> String {
        if let reference = located.node["$ref"]?.string {
            guard let target = resolved(located) else {
                return SwiftNaming.typeName(preservingCase: referencedName(reference))
            }
            return modelNames[target.origin] ?? SwiftNaming.typeName(preservingCase: referencedName(reference))
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
