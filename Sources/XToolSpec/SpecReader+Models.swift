import XToolYAML

extension SpecReader {
    /// Records the declared model names first, so that fields can refer to models declared
    /// after them.
    mutating func collectModelNames(_ entry: MappingNode.Entry?) {
        guard let entry, case .mapping(let pairs) = entry.value.content else { return }
        for pair in pairs {
            guard let name = pair.key.scalarText else { continue }
            // `Type` and `Protocol` name a top-level type as they are; other keywords can't.
            guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.subtracting(["Type", "Protocol"]).contains(name)
            else {
                let suggestion = SwiftNaming.typeName(name).flatMap { $0 == name ? nil : "; did you mean '\($0)'?" }
                error(
                    "the model name '\(name)' is not a Swift type name"
                        + (suggestion ?? (SwiftNaming.isIdentifier(name) ? ": it is a Swift keyword" : "")),
                    at: pair.key)
                continue
            }
            if let shadowed = ReservedNames.shadowed(by: name) {
                error("a model can't be named '\(name)': it would shadow \(shadowed)", at: pair.key)
                continue
            }
            modelNames[name] = pair.key.location
        }
    }

    mutating func readModels(_ entry: MappingNode.Entry) -> [Model] {
        guard
            let models = mapping(
                entry.value, owner: entry.keyNode, what: "models", allowedKeys: [], nullIsEmpty: true)
        else { return [] }
        return models.entries.compactMap { item in
            guard modelNames[item.key] != nil else { return nil }
            return readModel(item)
        }
    }

    private mutating func readModel(_ entry: MappingNode.Entry) -> Model? {
        let what = "the model '\(entry.key)'"
        guard
            let model = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: ["summary", "fields"]),
            let (fieldsEntry, fieldMap) = requiredMapping("fields", in: model, what: "the fields of '\(entry.key)'")
        else { return nil }

        var scope = EnumScope(owner: what, ownerType: entry.key)
        var seen: [String: String] = [:]
        var fields: [Field] = []
        for item in fieldMap.entries {
            guard let keyPath = keyPath(item.keyNode, what: "a field's key path") else { continue }
            for component in keyPath.components { lintKey(component, at: item.keyNode) }
            guard
                let member = readMember(
                    item, what: "the field '\(item.key)'", isParameter: false, enumScope: scope),
                checkUnique(member, in: &seen, scope: what)
            else { continue }
            if member.type.containsFile {
                error("a model can't hold a File; File is the type of an upload parameter", at: item.value)
                continue
            }
            if case .enumeration(let enumType) = member.type.unwrapped {
                scope.takenNames[enumType.swiftName] = "the enum of '\(item.key)'"
            }
            fieldLocations[entry.key, default: []].append(item.keyNode.location)
            fields.append(
                Field(
                    keyPath: keyPath, swiftName: member.swiftName, type: member.type,
                    defaultValue: member.defaultValue, summary: member.summary, dateFormat: member.dateFormat,
                    isIndirect: false))
        }
        if case .mapping(let pairs) = fieldsEntry.value.content, pairs.isEmpty {
            warning("\(what) has no fields", at: fieldsEntry.keyNode)
        }
        let summary = model.value("summary").flatMap { text($0, what: "summary") }
        return Model(name: entry.key, summary: summary, fields: fields)
    }

    /// What a nested enum named `name` inside `scope` would shadow (a type the owner's code
    /// refers to), or nil when the name is free. One lookup per enum: nothing is rebuilt per
    /// model or parameter list.
    func takenTypeName(_ name: String, in scope: EnumScope) -> String? {
        if let local = scope.takenNames[name] { return local }
        if ReservedNames.swiftAndFoundation.contains(name) || ReservedNames.runtime.contains(name) {
            return "\(name), which the generated code uses"
        }
        if TypeRef.builtIns[name] != nil { return "the built-in type \(name)" }
        if name == scope.ownerType { return "the name of its own type" }
        if modelNames[name] != nil { return "the model '\(name)'" }
        return nil
    }
}
