import XToolYAML

/// A field or parameter as read from the spec, before it becomes a `Field` or `Parameter`.
struct MemberDeclaration {
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

    var swiftName: String { SwiftNaming.memberIdentifier(rawSwiftName) }
}

extension SpecReader {

    /// Reads `wire_name: Type` or its long form `{ type:, enum:, name:, default:, summary:,
    /// optional:, format:, in: }`; a field's type may be `T | false` (`isField`).
    mutating func readMember(
        _ entry: MappingNode.Entry, what: String, isParameter: Bool, enumScope: EnumScope, isField: Bool = false
    ) -> MemberDeclaration? {
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
                allowedKeys: isParameter ? SpecKeys.parameter : isField ? SpecKeys.modelField : SpecKeys.field)
        else { return nil }

        var rawName: String?
        if let nameNode = long.value("name") {
            rawName = validIdentifier(nameNode, what: "the Swift name of \(what)")
        } else {
            rawName = derivedName(entry, isParameter: isParameter)
        }
        guard let rawName else { return nil }

        var type: Spec.TypeRef?
        var orFalse = false
        switch (long.value("type"), long.value("enum")) {
        case (let typeNode?, nil):
            (type, orFalse) = readMemberType(typeNode, what: what, isField: isField) ?? (nil, false)
        case (nil, let enumNode?):
            type = readEnum(enumNode, memberName: rawName, scope: enumScope).map(Spec.TypeRef.enumeration)
        case (_?, let enumNode?):
            error("\(what) has both 'type' and 'enum'; give one", at: enumNode)
        case (nil, nil):
            error("missing key 'type' (or 'enum') in \(what)", at: entry.keyNode)
        }
        if let optionalNode = long.value("optional"), bool(optionalNode, what: "optional") == true, let wrapped = type {
            if wrapped.isOptional {
                warning("\(what) is already optional; 'optional: true' changes nothing", at: optionalNode)
            } else {
                type = .optional(wrapped)
            }
        }
        guard let type, checkNoData(type, what: what, at: entry.value) else { return nil }

        var member = MemberDeclaration(entry: entry, rawSwiftName: rawName, type: type)
        member.orFalse = orFalse
        member.summary = long.value("summary").flatMap { text($0, what: "summary") }
        if orFalse, let defaultNode = long.value("default") {
            error("\(what) is nil when missing or false; it takes no default", at: defaultNode)
        } else {
            member.defaultValue = long.value("default").flatMap { readDefault($0, type: type, what: what) }
        }
        member.dateFormat = readMemberDates(long, type: type, what: what)
        if let emptyNode = long.value("emptyAsNil"), bool(emptyNode, what: "emptyAsNil") == true {
            if type.isOptional || member.defaultValue != nil {
                member.emptyAsNil = true
            } else {
                error(
                    "'emptyAsNil' reads an empty value as nil, but \(what) is \(type.swiftSpelling), neither optional "
                        + "nor with a default", at: emptyNode)
            }
        }
        if let inNode = long.value("in"),
            let location = choice(
                inNode, what: "parameter location",
                [("query", Spec.ParameterLocation.query), ("path", .path), ("header", .header), ("body", .body)])
        {
            member.location = (location, inNode)
        }
        if let styleNode = long.value("style"), let style = readStyle(styleNode) {
            member.style = (style, styleNode)
        }
        if let nullableNode = long.value("nullable"), bool(nullableNode, what: "nullable") == true {
            member.nullable = nullableNode
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
