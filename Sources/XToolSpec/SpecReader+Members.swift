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
    /// The `nullable: true` of a parameter, with its node.
    var nullable: YAMLNode?

    var swiftName: String { SwiftNaming.memberIdentifier(rawSwiftName) }
}

extension SpecReader {
    static let fieldKeys = ["type", "enum", "name", "default", "summary", "optional", "format"]
    static let parameterKeys = fieldKeys + ["in", "style", "nullable"]

    /// Reads `wire_name: Type` or its long form `{ type:, enum:, name:, default:, summary:,
    /// optional:, format:, in: }`.
    mutating func readMember(
        _ entry: MappingNode.Entry, what: String, isParameter: Bool, enumScope: EnumScope
    ) -> MemberDeclaration? {
        guard case .mapping = entry.value.content else {
            guard let rawName = derivedName(entry, isParameter: isParameter),
                let type = readShorthandType(entry.value, what: what),
                checkNoData(type, what: what, at: entry.value)
            else { return nil }
            return MemberDeclaration(entry: entry, rawSwiftName: rawName, type: type)
        }
        guard
            let long = mapping(
                entry.value, owner: entry.keyNode, what: what,
                allowedKeys: isParameter ? Self.parameterKeys : Self.fieldKeys)
        else { return nil }

        var rawName: String?
        if let nameNode = long.value("name") {
            rawName = validIdentifier(nameNode, what: "the Swift name of \(what)")
        } else {
            rawName = derivedName(entry, isParameter: isParameter)
        }
        guard let rawName else { return nil }

        var type: Spec.TypeRef?
        switch (long.value("type"), long.value("enum")) {
        case (let typeNode?, nil):
            type = readShorthandType(typeNode, what: what)
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
        member.summary = long.value("summary").flatMap { text($0, what: "summary") }
        member.defaultValue = long.value("default").flatMap { readDefault($0, type: type, what: what) }
        if let formatNode = long.value("format") {
            if type.containsDate {
                member.dateFormat = readDateStyle(formatNode)
            } else {
                error("'format' applies to dates, but \(what) is \(type.swiftSpelling)", at: formatNode)
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
