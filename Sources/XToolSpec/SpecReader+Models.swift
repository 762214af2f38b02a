import XToolDiagnostics
import XToolYAML

extension SpecReader {
    /// Records the declared model names first, so that fields can refer to models declared
    /// after them.
    mutating func collectModelNames(_ entry: MappingNode.Entry?) {
        for (name, keyNode, _) in entry?.value.entries ?? [] {
            guard SwiftNaming.isIdentifier(name), !ReservedNames.keywordsNoTypeTakes.contains(name) else {
                let suggestion = SwiftNaming.typeName(name).flatMap { $0 == name ? nil : "; did you mean '\($0)'?" }
                error(
                    "the model name '\(name)' is not a Swift type name"
                        + (suggestion ?? (SwiftNaming.isIdentifier(name) ? ": it is a Swift keyword" : "")),
                    at: keyNode)
                refusedModelNames.insert(name)
                continue
            }
            if let shadowed = ReservedNames.shadowed(by: name) {
                error("a model can't be named '\(name)': it would shadow \(shadowed)", at: keyNode)
                refusedModelNames.insert(name)
                continue
            }
            if let first = modelNames[name] {
                // Declared by the spec and a file it includes, or by two included files.
                diagnostics.error(
                    "the model '\(name)' is declared twice, here and at \(place(of: keyNode.location))",
                    at: first)
                error("the model '\(name)' is declared twice, here and at \(place(of: first))", at: keyNode)
                refusedModelNames.insert(name)
                continue
            }
            modelNames[name] = keyNode.location
        }
    }

    /// `file:line:column`: the included file's, or the spec's.
    func place(of location: SourceLocation) -> String {
        "\(location.file ?? specFileName):\(location)"
    }

    /// Whether an entry under `models:` declares an enum (`Visibility: { enum: [...] }`) rather
    /// than a struct.
    static func declaresEnum(_ entry: MappingNode.Entry) -> Bool {
        let keys = entry.value.entries.map(\.key)
        return keys.contains("enum") && !keys.contains("fields")
    }

    /// The enums declared under `models:`, before any field refers to them.
    mutating func readSharedEnums(_ entry: MappingNode.Entry) -> [Spec.EnumType] {
        guard case .mapping = entry.value.content,
            let models = mapping(entry.value, owner: entry.keyNode, what: "models", allowedKeys: [])
        else { return [] }
        return models.entries.compactMap { item in
            guard modelNames[item.key] != nil, Self.declaresEnum(item),
                let map = mapping(
                    item.value, owner: item.keyNode, what: "the enum '\(item.key)'", allowedKeys: SpecKeys.sharedEnum),
                let valuesNode = map.value("enum"),
                var enumType = readEnum(valuesNode, named: item.key)
            else { return nil }
            enumType.isShared = true
            enumType.summary = map.value("summary").flatMap { text($0, what: "summary") }
            sharedEnums[item.key] = enumType
            return enumType
        }
    }

    mutating func readModels(_ entry: MappingNode.Entry) -> [Spec.Model] {
        guard
            let models = mapping(
                entry.value, owner: entry.keyNode, what: "models", allowedKeys: [], nullIsEmpty: true)
        else { return [] }
        return models.entries.compactMap { item in
            guard modelNames[item.key] != nil, !Self.declaresEnum(item) else { return nil }
            var model = readModel(item)
            if item.keyNode.location.file != nil { model?.includedAt = item.keyNode.location }
            return model
        }
    }

    /// Member names a model's conformances use, which a field can't take: a stored `hashValue`
    /// is ambiguous with `Hashable`'s (found by the random specs of Fuzz/random_specs.py).
    static let reservedFieldNames: Set<String> = ["hashValue"]

    private mutating func readModel(_ entry: MappingNode.Entry) -> Spec.Model? {
        let what = "the model '\(entry.key)'"
        if entry.value["oneOf"] != nil {
            return readUnion(entry, what: what)
        }
        guard
            let model = mapping(
                entry.value, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.model)
        else { return nil }
        if let enumKey = model.entry("enum")?.keyNode {
            error("\(what) has both 'fields' and 'enum'; a model is a struct with fields or an enum", at: enumKey)
            return nil
        }
        guard model.value("fields") != nil else {
            error("missing key 'fields' (or 'enum') in \(what)", at: entry.keyNode)
            return nil
        }
        guard let (fieldsEntry, fieldMap) = requiredMapping("fields", in: model, what: "the fields of '\(entry.key)'")
        else { return nil }

        var scope = EnumScope(owner: what, ownerType: entry.key)
        var seen: [String: String] = [:]
        var fields: [Spec.Field] = []
        for item in fieldMap.entries {
            guard let keyPath = keyPath(item.keyNode, what: "a field's key path", allowsEach: true) else { continue }
            lintKeyPath(item.key, at: item.keyNode)
            guard
                let member = readMember(item, what: "the field '\(item.key)'", kind: .modelField, enumScope: scope),
                checkEachElement(keyPath, type: member.type, at: item.value),
                checkUnique(member, in: &seen, scope: what)
            else { continue }
            if Self.reservedFieldNames.contains(member.rawSwiftName) {
                error(
                    "a field can't be named '\(member.rawSwiftName)': the generated model is Hashable, which uses that "
                        + "name itself; rename it with name:", at: item.keyNode)
                continue
            }
            if member.type.containsFile {
                error("a model can't hold a File; File is the type of an upload parameter", at: item.value)
                continue
            }
            if case .enumeration(let enumType) = member.type.unwrapped, !enumType.isShared {
                scope.takenNames[enumType.swiftName] = "the enum of '\(item.key)'"
            }
            guard checkNullable(member, keyPath: keyPath), checkSpread(member, keyPath: keyPath, of: entry.key)
            else { continue }
            fieldLocations[entry.key, default: []].append(item.keyNode.location)
            fields.append(
                Spec.Field(
                    keyPath: keyPath, swiftName: member.swiftName,
                    type: member.nullable == nil || member.type.isOptional ? member.type : .optional(member.type),
                    defaultValue: member.defaultValue, summary: member.summary, dateFormat: member.dateFormat,
                    isIndirect: false, orFalse: member.orFalse, emptyAsNil: member.emptyAsNil,
                    nullable: member.nullable != nil, lenient: member.lenient, numberAsText: member.numberAsText,
                    isConstant: member.isConstant, isSpread: member.spread != nil))
        }
        if case .mapping(let pairs) = fieldsEntry.value.content, pairs.isEmpty {
            warning("\(what) has no fields", at: fieldsEntry.keyNode)
        }
        let summary = model.value("summary").flatMap { text($0, what: "summary") }
        var result = Spec.Model(name: entry.key, summary: summary, fields: fields)
        result.ignoredKeys = model.value("ignore").map { ignoredKeys($0, fields: fields, what: what) } ?? []
        result.others = model.entry("others").flatMap { readOthers($0, taken: seen, what: what) }
        if let spread = fields.first(where: \.isSpread), fields.allSatisfy(\.isSpread) {
            error(
                "\(what) has no field but the spread '\(spread.swiftName)', so it is that field's type; "
                    + "use the type itself", at: fieldsEntry.keyNode)
        }
        if result.others != nil, let spread = fields.first(where: \.isSpread) {
            error(
                "\(what) reads every other key as 'others', and its field '\(spread.swiftName)' reads the keys of "
                    + "its own object; a model with a spread field can't have others",
                at: model.entry("others")!.keyNode)
            result.others = nil
        }
        result.lenient = model.value("lenient").flatMap { bool($0, what: "lenient") } ?? false
        return result
    }

    /// `others: Link`, or `{ type: Link, name: links, summary: … }`: the other keys of the
    /// object, by key, in a `[String: Link]` named `others` unless `name:` says otherwise.
    private mutating func readOthers(_ entry: MappingNode.Entry, taken: [String: String], what: String)
        -> Spec.Others?
    {
        var name = "others"
        var summary: String?
        var typeNode = entry.value
        if case .mapping = entry.value.content {
            guard
                let map = mapping(
                    entry.value, owner: entry.keyNode, what: "the others of \(what)", allowedKeys: SpecKeys.others),
                let node = required("type", in: map)
            else { return nil }
            typeNode = node
            summary = map.value("summary").flatMap { text($0, what: "summary") }
            if let nameNode = map.value("name") {
                guard let given = nonEmptyText(nameNode, what: "the name of the others"),
                    SwiftNaming.isIdentifier(given), !SwiftNaming.keywords.contains(given),
                    !Self.reservedFieldNames.contains(given)
                else {
                    error("the others' name: is a Swift identifier, like links", at: nameNode)
                    return nil
                }
                name = given
            }
        }
        guard let type = readShorthandType(typeNode, what: "the others of \(what)") else { return nil }
        if type.isOptional || type.containsFile {
            error(
                "the others' values can't be \(type.isOptional ? "optional (a null member is left out)" : "files"); "
                    + "name their type, like Link", at: typeNode)
            return nil
        }
        if let field = taken[name] {
            error(
                "the others of \(what) would be named '\(name)' like the field '\(field)'; give them a name:",
                at: entry.keyNode)
            return nil
        }
        return Spec.Others(swiftName: name, valueType: type, summary: summary)
    }

    /// `ignore:`, the keys of the server's object no field reads on purpose: a list of key paths
    /// (`_links.curies`), none of which a field reads.
    private mutating func ignoredKeys(_ node: YAMLNode, fields: [Spec.Field], what: String) -> [Spec.KeyPath] {
        guard case .sequence(let items) = node.content else {
            error("'ignore' of \(what) is a list of keys, like [created_by, _links.curies]", at: node)
            return []
        }
        return items.compactMap { item in
            guard let path = keyPath(item, what: "a key \(what) ignores") else { return nil }
            if let field = fields.first(where: { $0.keyPath.components.starts(with: path.components) }) {
                error("\(what) reads '\(field.keyPath)' in its fields, so '\(path)' can't be ignored", at: item)
                return nil
            }
            return path
        }
    }

    /// A field's `nullable: true` tells a `null` from a missing member, one value of the
    /// property each: no default, no `T | false`, no `emptyAsNil`, no `[]` in its key path.
    private mutating func checkNullable(_ member: MemberDeclaration, keyPath: Spec.KeyPath) -> Bool {
        guard let node = member.nullable else { return true }
        let clash: String? =
            if member.defaultValue != nil {
                "it can't have a default (a missing member reads as nil)"
            } else if member.orFalse {
                "it can't be 'T | false' (which reads false as nil)"
            } else if member.emptyAsNil {
                "it can't be 'emptyAsNil' (which reads an empty value as nil)"
            } else if keyPath.components.contains(where: { $0.hasSuffix("[]") }) {
                "its key path can't read each element of an array ('[]')"
            } else {
                nil
            }
        guard let clash else { return true }
        error("the field '\(member.entry.key)' is nullable (null is not the same as missing), so \(clash)", at: node)
        return false
    }

    /// `oneOf: [String, Customer]` (untagged) or `oneOf: { tag: Type, … }` with
    /// `discriminator: key` (tagged); a variant's long form `{ type: Type, name: caseName }`
    /// names its case.
    private mutating func readUnion(_ entry: MappingNode.Entry, what: String) -> Spec.Model? {
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.union),
            let variantsNode = map.value("oneOf")
        else { return nil }
        let discriminator = map.value("discriminator").flatMap { nonEmptyText($0, what: "the discriminator key") }
        var payload = Spec.Union.Payload.beside
        if let node = map.value("payload"),
            let chosen = choice(node, what: "union payload", Spec.Union.Payload.allCases.map { ($0.rawValue, $0) })
        {
            if discriminator == nil, chosen == .underTag {
                error(
                    "'payload: underTag' reads a variant at the key its tag names; it needs 'discriminator:'", at: node)
            }
            payload = chosen
        }
        let problemsBefore = diagnostics.all.count + refusedReferences
        var variants: [Spec.Union.Variant] = []
        var seen: [String: YAMLNode] = [:]
        func add(_ variant: (type: Spec.TypeRef, name: String?)?, tag: String?, at node: YAMLNode) {
            guard let (type, name) = variant else { return }
            guard !type.containsFile else {
                error("a union can't hold a File; File is the type of an upload parameter", at: node)
                return
            }
            // Under its tag a payload may be null (a cleared value: `"type": "number", "number":
            // null`); a variant read from the union's own value can't be.
            if case .optional = type, discriminator == nil || payload != .underTag {
                error(
                    "a variant can't be optional (only a payload under its tag, 'payload: underTag'); make the field "
                        + "that holds the union optional instead", at: node)
                return
            }
            guard let raw = name ?? SwiftNaming.memberName(tag ?? Self.caseName(of: type)) else {
                error("can't derive a case name from '\(tag ?? type.swiftSpelling)'", at: node)
                return
            }
            if raw == "unknown" {
                error("the case 'unknown' holds what no variant decodes; a variant can't take it", at: node)
                return
            }
            if seen[raw] != nil {
                // Several tags may be one case: the same model, beside its tag, which it keeps.
                let first = variants.first { $0.caseName == SwiftNaming.memberIdentifier(raw) }
                guard let first, first.type == type, case .model(let model) = type, let discriminator,
                    payload == .beside
                else {
                    error("two variants of \(what) both become the case '\(raw)'", at: node)
                    return
                }
                sharedCases.append((entry.key, raw, model, discriminator, node))
            }
            seen[raw] = node
            variants.append(Spec.Union.Variant(caseName: SwiftNaming.memberIdentifier(raw), type: type, tag: tag))
        }
        switch variantsNode.content {
        case .sequence(let items):
            if let node = map.entry("discriminator")?.keyNode {
                error("a discriminator maps its values to types: write oneOf as a mapping { value: Type }", at: node)
            }
            for item in items { add(readVariant(item, what: "a variant of \(what)"), tag: nil, at: item) }
        case .mapping:
            guard discriminator != nil else {
                error("a tagged union needs 'discriminator:', the key whose value picks the variant", at: entry.keyNode)
                return nil
            }
            guard
                let tagged = mapping(
                    variantsNode, owner: entry.keyNode, what: "the variants of \(what)", allowedKeys: [])
            else { return nil }
            for item in tagged.entries {
                add(readVariant(item.value, what: "the variant '\(item.key)'"), tag: item.key, at: item.keyNode)
            }
        case .scalar:
            error("'oneOf' lists the variants' types, like [String, Customer], or maps tags to types", at: variantsNode)
            return nil
        }
        // One variant is a union too: a GraphQL union or interface with one member today (`union
        // Merchandise = ProductVariant`) is real, and `.unknown` keeps the members it gains.
        guard !variants.isEmpty || diagnostics.all.count + refusedReferences > problemsBefore else {
            error("a union has at least one variant", at: variantsNode)
            return nil
        }
        let summary = map.value("summary").flatMap { text($0, what: "summary") }
        return Spec.Model(
            name: entry.key, summary: summary, fields: [],
            union: Spec.Union(discriminator: discriminator, variants: variants, payload: payload))
    }

    /// A field's `spread: true` reads the model's own object: one key (its name, no path), a
    /// model's type, required, with none of the keys that say how a member's value is read; what
    /// the model is, a struct or a tagged union, is checked once every model is read
    /// (`checkSpreadFields`).
    private mutating func checkSpread(_ member: MemberDeclaration, keyPath: Spec.KeyPath, of model: String) -> Bool {
        guard let node = member.spread else { return true }
        let what = "the field '\(member.entry.key)'"
        guard keyPath.components.count == 1, !Spec.KeyPath.readsEach(keyPath.components[0]) else {
            error("\(what) is spread: it reads the object itself, so its key is a name, not a key path", at: node)
            return false
        }
        guard case .model(let name) = member.type else {
            error(
                "\(what) is spread over its model's object, so its type is a model or a tagged union, required, "
                    + "not \(member.type.swiftSpelling)", at: node)
            return false
        }
        let reading: [(MemberDeclaration.Key, Bool)] = [
            (.default, member.defaultValue != nil), (.format, member.dateFormat != nil || member.numberAsText),
            (.nullable, member.nullable != nil), (.emptyAsNil, member.emptyAsNil), (.lenient, member.lenient),
        ]
        if let (key, _) = reading.first(where: \.1) {
            error("\(what) is spread over its model's object; it takes no '\(key.rawValue)'", at: node)
            return false
        }
        spreadFields.append((model: model, field: member.entry.key, type: name, node: node))
        return true
    }

    /// Each spread field's type, once every model is read: a model with fields or a tagged
    /// union, whose keys sit beside the other fields', which doesn't read the same object as
    /// the model again through a union (a struct that holds itself is the model graph's error).
    mutating func checkSpreadFields() {
        for spread in spreadFields {
            guard let target = models[spread.type] else { continue }
            if let union = target.union, union.discriminator == nil {
                error(
                    "the field '\(spread.field)' of \(spread.model) is spread over its object, but \(spread.type) is "
                        + "an untagged union; spread a model with fields or a tagged union (discriminator:)",
                    at: spread.node)
            } else if readsAgain(spread.model, from: spread.type) {
                error(
                    "the field '\(spread.field)' of \(spread.model) is spread over its object, and \(spread.type) "
                        + "reads that object as \(spread.model) again (a variant beside its tag), which never ends; "
                        + "give that union 'payload: underTag' or leave the variant out", at: spread.node)
            }
        }
    }

    /// Each case several tags share, once every model is read: its model keeps the tag in a
    /// field of its own (at the discriminator's key), which writes it back; the union can't say
    /// which of the case's tags to write.
    mutating func checkSharedCases() {
        for shared in sharedCases {
            guard let model = models[shared.model] else { continue }  // an undefined type, said where it is named
            guard model.union == nil else {
                error(
                    "the case '\(shared.caseName)' of \(shared.union) takes several tags, so its type is a model "
                        + "with fields that keeps the tag; '\(shared.model)' is not one", at: shared.node)
                continue
            }
            if !model.fields.contains(where: { $0.keyPath.components == [shared.key] && !$0.isSpread }) {
                error(
                    "the case '\(shared.caseName)' of \(shared.union) takes several tags, and \(shared.model) has no "
                        + "field '\(shared.key)' to keep which one it came with: add it", at: shared.node)
            }
        }
    }

    /// Whether reading an object as `start` (a spread field's type) reads it as `model` again
    /// through a union: a spread field of a struct reads the same object, and so does a union's
    /// variant beside its tag.
    private func readsAgain(_ model: String, from start: String) -> Bool {
        var seen: Set<String> = []
        func walk(_ name: String, throughUnion: Bool) -> Bool {
            guard let current = models[name], seen.insert(name).inserted else { return false }
            if let union = current.union {
                guard union.discriminator != nil, union.payload == .beside else { return false }
                return union.variants.contains {
                    guard case .model(let variant) = $0.type else { return false }
                    return variant == model || walk(variant, throughUnion: true)
                }
            }
            return current.fields.contains {
                guard $0.isSpread, case .model(let type) = $0.type else { return false }
                return type == model ? throughUnion : walk(type, throughUnion: throughUnion)
            }
        }
        return walk(start, throughUnion: false)
    }

    /// A variant: its type, shorthand (`Customer`), or `{ type: Customer, name: expanded }`
    /// with the name of its case.
    private mutating func readVariant(_ node: YAMLNode, what: String) -> (type: Spec.TypeRef, name: String?)? {
        guard case .mapping = node.content else { return readShorthandType(node, what: what).map { ($0, nil) } }
        guard let long = mapping(node, owner: node, what: what, allowedKeys: SpecKeys.variant) else { return nil }
        guard let typeNode = long.value("type") else {
            error("missing key 'type' in \(what)", at: node)
            return nil
        }
        let name = long.value("name").flatMap { validIdentifier($0, what: "the case name of \(what)") }
        if long.value("name") != nil, name == nil { return nil }
        return readShorthandType(typeNode, what: what).map { ($0, name) }
    }

    /// A variant's case name from its type: `String` -> `string`, `[Customer]` -> `customers`.
    private static func caseName(of type: Spec.TypeRef) -> String {
        switch type {
        case .array(let element): caseName(of: element) + "s"
        case .dictionary(let value): caseName(of: value) + "_map"
        default: type.swiftSpelling
        }
    }

    /// What a nested enum named `name` inside `scope` would shadow (a type the owner's code
    /// refers to), or nil when the name is free. One lookup per enum: nothing is rebuilt per
    /// model or parameter list.
    func takenTypeName(_ name: String, in scope: EnumScope) -> String? {
        if let local = scope.takenNames[name] { return local }
        if ReservedNames.swiftAndFoundation.contains(name) || ReservedNames.runtime.contains(name) {
            return "\(name), which the generated code uses"
        }
        if Spec.TypeRef.builtIns[name] != nil { return "the built-in type \(name)" }
        if name == scope.ownerType { return "the name of its own type" }
        if modelNames[name] != nil { return "the model '\(name)'" }
        return nil
    }
}
