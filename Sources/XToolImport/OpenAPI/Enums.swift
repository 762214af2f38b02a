import XToolSpec
import XToolYAML

/// Enums beyond a plain string `enum`: those whose values the document names (OpenAPI 3.1's
/// alternatives of one value each, `oneOf: [{ const: 0, title: DEFAULT }, …]`, how Discord names
/// its integers, and `enum` with the generators' `x-enum-varnames` or `x-enumNames` beside it),
/// and components that are enums, which the spec declares once as shared enums.
extension Importer {
    /// The enum `located` is when its alternatives are all single values (`const`, or `enum`
    /// of one): an integer enum named by their `title`s, or a string enum; nil for any other
    /// schema (and for integers some of which have no title: the number, with a note).
    mutating func constantsEnum(_ located: Located) -> TypeDraft? {
        guard let constants = constants(of: located) else { return nil }
        let values = constants.values
        var type: TypeDraft
        if values.allSatisfy({ if case .string = $0.coreScalar { true } else { false } }) {
            type = enumType(values.compactMap(\.string))
        } else if values.allSatisfy({ if case .int = $0.coreScalar { true } else { false } }) {
            type = integerEnum(
                values.compactMap(\.scalarText), names: constants.titles, spelling: Self.integerSpelling(located))
        } else {
            return nil
        }
        type.nullable = constants.nullable
        return type
    }

    /// The values of `oneOf` (or `anyOf`) alternatives that are each one value, with their
    /// titles; nil when an alternative is anything else.
    mutating func constants(of located: Located) -> (values: [YAMLNode], titles: [String?], nullable: Bool)? {
        guard let alternatives = (located["oneOf"] ?? located["anyOf"])?.items, !alternatives.isEmpty else {
            return nil
        }
        var result: (values: [YAMLNode], titles: [String?], nullable: Bool) = ([], [], false)
        for alternative in alternatives {
            guard let schema = resolved(alternative) else { return nil }
            if Self.isNullSchema(schema) {
                result.nullable = true
                continue
            }
            let enumValues = schema.node["enum"]?.items.filter { $0.coreScalar != .null } ?? []
            guard let value = schema.node["const"] ?? (enumValues.count == 1 ? enumValues[0] : nil),
                value.scalarText != nil
            else { return nil }
            result.values.append(value)
            result.titles.append(schema.node["title"]?.string)
        }
        return result.values.isEmpty ? nil : result
    }

    /// Whether a component is an enum of two values or more: strings, or integers the document
    /// names (`oneOf` of titled constants, `x-enum-varnames`), which the spec declares once, as a
    /// shared enum, for every member that refers to it.
    mutating func isEnumSchema(_ located: Located) -> Bool {
        if let constants = constants(of: located), constants.values.count > 1 {
            let strings = constants.values.allSatisfy { if case .string = $0.coreScalar { true } else { false } }
            return strings || constants.titles.allSatisfy { $0 != nil }
        }
        let values = located.node["enum"]?.items.filter { $0.coreScalar != .null } ?? []
        guard values.count > 1 else { return false }
        switch located.node["type"]?.string {
        case nil, "string": return values.allSatisfy { if case .string = $0.coreScalar { true } else { false } }
        case "integer":
            return (located.node["x-enum-varnames"] ?? located.node["x-enumNames"])?.items.count == values.count
        default: return false
        }
    }

    /// The shared enum `name` a component is, made once (`ChannelTypes: { enum: { … } }`);
    /// a member spells it by its name. A component that comes out as no enum after all (its
    /// values name no cases) is the type it is.
    mutating func sharedEnum(_ schema: Located, named name: String) -> TypeDraft {
        let enumeration: TypeDraft
        if let known = sharedEnums[name] {
            enumeration = known
        } else {
            enumeration = type(of: schema, suggested: name)
            guard enumeration.enumValues != nil else { return enumeration }
            sharedEnums[name] = enumeration
            var model = ModelDraft(name: name, summary: Self.summary(of: schema), comments: enumeration.comments)
            model.enumeration = enumeration
            models.append(model)
            modelRanks.append(componentRanks[schema.origin] ?? currentRank)
            builtModels.insert(name)
        }
        var reference = TypeDraft(spelling: name, kind: .scalar)
        reference.nullable = enumeration.nullable
        return reference
    }

    /// An integer `enum` with `x-enum-varnames` (openapi-generator) or `x-enumNames` (NSwag)
    /// naming its values, else the number with its values in a note.
    mutating func integerType(_ located: Located) -> TypeDraft {
        let spelling = Self.integerSpelling(located)
        let values = located.node["enum"]?.items.filter { $0.coreScalar != .null }.compactMap(\.scalarText) ?? []
        let names = (located.node["x-enum-varnames"] ?? located.node["x-enumNames"])?.items.map(\.string) ?? []
        guard !values.isEmpty else { return .scalar(spelling) }
        guard names.count == values.count else {
            return integerEnum(values, names: values.map { _ in nil }, spelling: spelling)
        }
        return integerEnum(values, names: names, spelling: spelling)
    }

    /// `Int64` for `format: int64`, else `Int`.
    static func integerSpelling(_ located: Located) -> String {
        located.node["format"]?.string == "int64" ? "Int64" : "Int"
    }

    /// An inline integer enum, `{ enum: { GUILD_TEXT: 0, DM: 1 } }`, when every value has a name
    /// a Swift case derives from: a name that derives none, `unknown` or another's case is left
    /// to the enum's `unknown(Int)` case, with a note. Without names, the number, with the values
    /// in a note.
    private func integerEnum(_ values: [String], names: [String?], spelling: String) -> TypeDraft {
        guard names.allSatisfy({ $0 != nil }) else {
            var number = TypeDraft.scalar(spelling)
            let listed = zip(values, names).map { value, name in name.map { "\(value) (\($0))" } ?? value }
            number.comments = ["one of: " + listed.joined(separator: ", ")]
            return number
        }
        var cases: Set<String> = []
        var kept: (values: [String], names: [String]) = ([], [])
        var dropped: [String] = []
        for (value, name) in zip(values, names.compactMap { $0 }) {
            guard let derived = SwiftNaming.memberName(name), derived != "unknown", cases.insert(derived).inserted
            else {
                dropped.append("\(value) (\(name))")
                continue
            }
            kept.values.append(value)
            kept.names.append(name)
        }
        var type = TypeDraft.scalar(spelling)
        guard !kept.values.isEmpty else { return type }
        type.enumValues = kept.values
        type.enumCaseNames = kept.names
        if !dropped.isEmpty {
            type.comments = [
                "also \(dropped.joined(separator: ", ")), held by the enum's unknown case (no case name of its own)"
            ]
        }
        return type
    }
}
