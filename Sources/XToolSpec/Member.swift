import XToolYAML

// A member, the part that `params:`, a model's `fields:` and a response's `headers:` share, the
// one home of its keys and its reading: `wire_name: Type` or its long form, which each kind of
// member takes a part of (`Kind.keys`, which `SpecKeys` lists). What a parameter makes of it is
// Parameter.swift's, a field's SpecReader+Models.swift's, a header's Response.swift's.

/// A field, parameter or response header as read from the spec, before it becomes a `Field`, a
/// `Parameter` or a `HeaderField`.
struct MemberDeclaration {
    /// The keys of a member's long form, of which each kind takes a part (`Kind.keys`).
    enum Key: String, CaseIterable, Sendable {
        case type, `enum`, name, `default`, summary, optional, format, timezone, emptyAsNil, lenient, `in`, style,
            nullable, const, spread
    }

    /// What the member is: which keys its long form takes and which types it may have.
    enum Kind: Sendable {
        /// A parameter of `params:`: sent `in:` a place, in a `style:`, `nullable:` in a JSON body,
        /// a model's members `spread:` as arguments.
        case parameter
        /// A model's field: `emptyAsNil:`, `nullable:`, a type of `T | false`, and `spread:` when
        /// it is read from the model's own object.
        case modelField
        /// A response header, read like a field but never sent.
        case responseHeader

        /// The keys its long form takes, in `Key`'s order.
        var keys: [Key] {
            switch self {
            case .parameter: Key.allCases.filter { $0 != .emptyAsNil && $0 != .lenient && $0 != .const }
            case .modelField: Key.allCases.filter { $0 != .in && $0 != .style }
            case .responseHeader:
                Key.allCases.filter {
                    $0 != .in && $0 != .style && $0 != .nullable && $0 != .lenient && $0 != .const && $0 != .spread
                }
            }
        }
    }

    var entry: MappingNode.Entry
    /// The Swift name as derived or given, before back-quoting (for enum names and clashes).
    var rawSwiftName: String
    var type: Spec.TypeRef
    var defaultValue: Spec.DefaultValue?
    var summary: String?
    var dateFormat: Spec.DateStyle?
    /// The `in:` of a parameter, with its node.
    var location: (Spec.ParameterLocation, YAMLNode)?
    /// The `style:` of a parameter, with its node.
    var style: (Spec.ParameterStyle, YAMLNode)?
    /// The `nullable: true` of a parameter or a model's field, with its node.
    var nullable: YAMLNode?
    /// A field's `T | false`: the value is `false` when there is none (`type` is then `T?`).
    var orFalse = false
    /// A field's `emptyAsNil: true`.
    var emptyAsNil = false
    /// A field's `lenient: true`: its value is read leniently, whatever the API's `lenient:`.
    var lenient = false
    /// A number field's `format: string`: its value is a JSON string, read and written exactly.
    var numberAsText = false
    /// A field's `const:`: `defaultValue` is the value every instance has and sends.
    var isConstant = false
    /// The `spread: true` of a parameter or a field, with its node.
    var spread: YAMLNode?

    var swiftName: String { SwiftNaming.memberIdentifier(rawSwiftName) }
}

extension SpecReader {

    /// Reads `wire_name: Type` or its long form (`MemberDeclaration.Key`, the part `kind` takes);
    /// a model field's type may be `T | false`.
    mutating func readMember(
        _ entry: MappingNode.Entry, what: String, kind: MemberDeclaration.Kind, enumScope: EnumScope
    ) -> MemberDeclaration? {
        typealias Key = MemberDeclaration.Key
        let isParameter = kind == .parameter
        let isField = kind == .modelField
        guard case .mapping = entry.value.content else {
            guard let rawName = derivedName(entry, isParameter: isParameter),
                let (type, orFalse) = readMemberType(entry.value, what: what, isField: isField),
                checkNoData(type, what: what, at: entry.value)
            else { return nil }
            var member = MemberDeclaration(entry: entry, rawSwiftName: rawName, type: type)
            member.orFalse = orFalse
            return member
        }
        guard
            let long = mapping(
                entry.value, owner: entry.keyNode, what: what,
                allowedKeys: kind.keys.map(\.rawValue))
        else { return nil }

        var rawName: String?
        if let nameNode = long.value(Key.name.rawValue) {
            rawName = validIdentifier(nameNode, what: "the Swift name of \(what)")
        } else {
            rawName = derivedName(entry, isParameter: isParameter)
        }
        guard let rawName else { return nil }

        var type: Spec.TypeRef?
        var orFalse = false
        switch (long.value(Key.type.rawValue), long.value(Key.`enum`.rawValue)) {
        case (let typeNode?, nil):
            (type, orFalse) = readMemberType(typeNode, what: what, isField: isField) ?? (nil, false)
        case (nil, let enumNode?):
            type = readEnum(enumNode, memberName: rawName, scope: enumScope).map(Spec.TypeRef.enumeration)
        case (_?, let enumNode?):
            error("\(what) has both 'type' and 'enum'; give one", at: enumNode)
        case (nil, nil):
            error("missing key 'type' (or 'enum') in \(what)", at: entry.keyNode)
        }
        if let optionalNode = long.value(Key.optional.rawValue), bool(optionalNode, what: "optional") == true,
            let wrapped = type
        {
            if wrapped.isOptional {
                warning("\(what) is already optional; 'optional: true' changes nothing", at: optionalNode)
            } else {
                type = .optional(wrapped)
            }
        }
        guard let type, checkNoData(type, what: what, at: entry.value) else { return nil }

        var member = MemberDeclaration(entry: entry, rawSwiftName: rawName, type: type)
        member.orFalse = orFalse
        member.summary = long.value(Key.summary.rawValue).flatMap { text($0, what: "summary") }
        if orFalse, let defaultNode = long.value(Key.`default`.rawValue) ?? long.value(Key.const.rawValue) {
            error("\(what) is nil when missing or false; it takes no default", at: defaultNode)
        } else if let constNode = long.value(Key.const.rawValue) {
            if let defaultNode = long.value(Key.`default`.rawValue) {
                error("\(what) is a constant ('const'), which is its default too; give one of them", at: defaultNode)
            }
            member.defaultValue = readDefault(constNode, type: type, what: what)
            member.isConstant = member.defaultValue != nil
        } else {
            member.defaultValue = long.value(Key.`default`.rawValue).flatMap { readDefault($0, type: type, what: what) }
        }
        if let formatNode = long.value(Key.format.rawValue), MemberDeclaration.isNumber(type.unwrapped),
            formatNode.scalarText == "string"
        {
            member.numberAsText = readNumberAsText(long, formatNode: formatNode, isField: isField, what: what)
        } else {
            member.dateFormat = readMemberDates(long, type: type, what: what)
        }
        if let emptyNode = long.value(Key.emptyAsNil.rawValue), bool(emptyNode, what: "emptyAsNil") == true {
            if type.isOptional || member.defaultValue != nil {
                member.emptyAsNil = true
            } else {
                error(
                    "'emptyAsNil' reads an empty value as nil, but \(what) is \(type.swiftSpelling), neither optional "
                        + "nor with a default", at: emptyNode)
            }
        }
        member.lenient = long.value(Key.lenient.rawValue).flatMap { bool($0, what: "lenient") } ?? false
        if let inNode = long.value(Key.`in`.rawValue),
            let location = choice(
                inNode, what: "parameter location", Spec.ParameterLocation.declarable.map { ($0.rawValue, $0) })
        {
            member.location = (location, inNode)
        }
        if let styleNode = long.value(Key.style.rawValue), let style = readStyle(styleNode) {
            member.style = (style, styleNode)
        }
        if let nullableNode = long.value(Key.nullable.rawValue), bool(nullableNode, what: "nullable") == true {
            member.nullable = nullableNode
        }
        if let spreadNode = long.value(Key.spread.rawValue), bool(spreadNode, what: "spread") == true {
            member.spread = spreadNode
        }
        return member
    }

    /// A member's type; a field's may be `T | false` (Reddit's `edited: Date | false`), read as
    /// `T?` with `false` as nil.
    private mutating func readMemberType(
        _ node: YAMLNode, what: String, isField: Bool
    ) -> (type: Spec.TypeRef, orFalse: Bool)? {
        guard case .scalar(let text, _) = node.content, let bar = text.lastIndex(of: "|"),
            text[text.index(after: bar)...].filter({ $0 != " " }) == "false"
        else { return readShorthandType(node, what: what).map { ($0, false) } }
        guard isField else {
            error(
                "'T | false' is a field's type (a value, or false when there is none); \(what) can't be one", at: node)
            return nil
        }
        let valueText = String(text[..<bar].reversed().drop { $0 == " " }.reversed())
        let valueNode = YAMLNode(.scalar(text: valueText, style: .plain), at: node.location)
        guard let type = readShorthandType(valueNode, what: what) else { return nil }
        return (type.isOptional ? type : .optional(type), true)
    }

    /// `Data` is a response's raw body, never a field's or a parameter's type.
    private mutating func checkNoData(_ type: Spec.TypeRef, what: String, at node: YAMLNode) -> Bool {
        guard type.containsData else { return true }
        error(
            "Data is the raw body of a response (response: Data), not a type for \(what); "
                + "a JSON value of any kind is JSON", at: node)
        return false
    }

    /// The Swift member name derived from a wire name, or an error asking for `name:`.
    private mutating func derivedName(_ entry: MappingNode.Entry, isParameter: Bool) -> String? {
        guard let name = isParameter ? SwiftNaming.parameterName(entry.key) : memberName(entry.key) else {
            error("can't derive a Swift name from '\(entry.key)'; give one with name:", at: entry.keyNode)
            return nil
        }
        return name
    }

    /// Reports a member whose Swift name another member of the same scope already derives.
    mutating func checkUnique(
        _ member: MemberDeclaration, in seen: inout [String: String], scope: String
    ) -> Bool {
        if let first = seen[member.rawSwiftName] {
            error(
                "'\(member.entry.key)' and '\(first)' both become '\(member.rawSwiftName)' in \(scope); "
                    + "rename one with name:",
                at: member.entry.keyNode)
            return false
        }
        seen[member.rawSwiftName] = member.entry.key
        return true
    }
}

extension SpecReader {
    /// `format: string` on a number field (`{ type: Decimal, format: string }`): money APIs send
    /// `"29.99"`, which a `Decimal` holds exactly and which goes back as text. Only a model's
    /// field, plain or optional, with no default and nothing else that reads its value another way.
    fileprivate mutating func readNumberAsText(_ long: MappingNode, formatNode: YAMLNode, isField: Bool, what: String)
        -> Bool
    {
        guard isField else {
            error("'format: string' applies to a model's fields; \(what) is sent as text already", at: formatNode)
            return false
        }
        let clashes = [MemberDeclaration.Key.default, .lenient, .emptyAsNil, .nullable, .timezone].filter {
            long.value($0.rawValue) != nil
        }
        if let clash = clashes.first {
            error(
                "\(what) is a number written as text ('format: string'), which takes no '\(clash.rawValue)'",
                at: long.value(clash.rawValue) ?? formatNode)
            return false
        }
        return true
    }
}

extension MemberDeclaration {
    /// The numbers `format: string` writes as text.
    fileprivate static func isNumber(_ type: Spec.TypeRef) -> Bool {
        [.int, .int64, .double, .decimal].contains(type)
    }
}
