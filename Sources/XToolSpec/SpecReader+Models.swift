import XToolYAML

extension SpecReader {
    /// Records the declared model names first, so that fields can refer to models declared
    /// after them.
    mutating func collectModelNames(_ entry: MappingNode.Entry?) {
        guard let entry, case .mapping(let pairs) = entry.value.content else { return }
        for pair in pairs {
            guard let name = pair.key.scalarText else { continue }
            guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name) else {
                let suggestion = SwiftNaming.typeName(name).map { "; did you mean '\($0)'?" } ?? ""
                error("the model name '\(name)' is not a Swift type name" + suggestion, at: pair.key)
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

    /// Member names a model's conformances use, which a field can't take: a stored `hashValue`
    /// is ambiguous with `Hashable`'s (found by the random specs of Fuzz/random_specs.py).
    static let reservedFieldNames: Set<String> = ["hashValue"]

    private mutating func readModel(_ entry: MappingNode.Entry) -> Model? {
        let what = "the model '\(entry.key)'"
        guard
            let model = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: ["summary", "fields"]),
            let (fieldsEntry, fieldMap) = requiredMapping("fields", in: model, what: "the fields of '\(entry.key)'")
        else { return nil }

        var scope = EnumScope(owner: what, takenNames: takenTypeNames(inside: entry.key))
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
            if Self.reservedFieldNames.contains(member.rawSwiftName) {
                error(
                    "a field can't be named '\(member.rawSwiftName)': the generated model is Hashable, which uses that "
                        + "name itself; rename it with name:", at: item.keyNode)
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

    /// The type names a nested enum inside `owner` must not take: they would shadow a type
    /// the owner's code refers to.
    func takenTypeNames(inside owner: String) -> [String: String] {
        var taken: [String: String] = [owner: "the name of its own type"]
        for name in modelNames.keys where name != owner { taken[name] = "the model '\(name)'" }
        for name in TypeRef.builtIns.keys { taken[name] = "the built-in type \(name)" }
        for name in ReservedNames.swiftAndFoundation.union(ReservedNames.runtime) {
            taken[name] = "\(name), which the generated code uses"
        }
        return taken
    }
}
