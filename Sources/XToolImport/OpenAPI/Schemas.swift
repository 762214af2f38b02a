import XToolRules
import XToolSpec
import XToolYAML

/// The members of an object schema with its `allOf` parts merged in.
struct ObjectShape {
    var properties: [(key: String, keyNode: YAMLNode, schema: Located)] = []
    var required: Set<String> = []
    /// Where `additionalProperties` stands, when it is a schema or `true`.
    var additional: Origin?
    /// The schema of the other members, when `additionalProperties` says what they are (not
    /// `true` or `{}`): the model's `others:`.
    var additionalSchema: Located?
    /// `oneOf` and `anyOf` beside the properties, with their keyword.
    var alternatives: [(keyword: String, members: Located, origin: Origin)] = []
}

extension Importer {
    /// `components/schemas`, in document order.
    func componentSchemas() -> [(key: String, value: Located)] {
        (root["components"]?["schemas"]?.entries ?? []).map { ($0.key, $0.value) }
    }

    /// Names every object schema of `components/schemas` first, so that a name the document
    /// gives is never taken by an inline model named after its place. A model is made when an
    /// operation reaches it.
    mutating func nameComponentModels() {
        for (rank, (key, schema)) in componentSchemas().enumerated() {
            componentRanks[schema.origin] = rank
            guard !Self.isReference(schema), aliasTarget(schema) == nil else { continue }
            if isObjectSchema(schema) {
                modelNames[schema.origin] = uniqueTypeName(SwiftNaming.typeName(preservingCase: key))
            } else if isUnionSchema(schema), constants(of: schema) == nil {
                modelNames[schema.origin] = uniqueTypeName(SwiftNaming.typeName(preservingCase: key))
                unionComponents.insert(schema.origin)
            } else if isEnumSchema(schema) {
                modelNames[schema.origin] = uniqueTypeName(SwiftNaming.typeName(preservingCase: key))
                enumComponents.insert(schema.origin)
            }
        }
    }

    /// Orders the models as the document does: each component where the document has it, the
    /// models of its inline objects after it, then those of the operations' inline schemas.
    mutating func sortModels() {
        let order = models.indices.sorted { (modelRanks[$0], $0) < (modelRanks[$1], $1) }
        models = order.map { models[$0] }
        modelRanks = order.map { modelRanks[$0] }
    }

    /// A note naming the components no operation reaches, which the spec leaves out.
    func unusedComponentsNote() -> [String] {
        let unused = componentSchemas().filter { !usedComponents.contains($0.value.origin) }.map(\.key)
        guard !unused.isEmpty else { return [] }
        var lines = ["Not imported, as no operation's types reach them:", ""]
        for name in unused {
            if lines[lines.count - 1].count + name.count > 94 {
                lines[lines.count - 1] += ","
                lines.append("")
            }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "  " : ", ") + name
        }
        return lines
    }

    /// The one part of an `allOf` that says what the value is, when the schema itself says
    /// nothing more (`{ description: …, allOf: [$ref: Track] }`, the usual way to document a
    /// reference): the value is that part's type, not a model of its own.
    func aliasTarget(_ located: Located) -> Located? {
        guard let parts = located["allOf"]?.items else { return nil }
        let meaningful = parts.filter(Self.saysWhatItIs)
        guard meaningful.count == 1 else { return nil }
        let own = Set(located.node.entries.map(\.key)).intersection(Self.typeKeys).subtracting(["allOf"])
        let type = located.node["type"]?.string
        guard own.isEmpty || (own == ["type"] && (type == "object" || type == meaningful[0].node["type"]?.string))
        else { return nil }
        return meaningful[0]
    }

    /// The type name a referenced schema takes: the document's name for it (a component's key,
    /// a pointer's last component, the name a file's name gives), or, for a whole file, its
    /// `title` when that is a type name already (`title: Pet`). A member of another file
    /// (`a_details.yml#/writable`) whose name another schema has taken is named from its file
    /// too (`ADetailsWritable`), not numbered.
    func referencedSchemaName(_ reference: String, target: Located) -> String {
        let reading = referenceReadings[reference]
        if reading?.fragment == nil, let title = target.node["title"]?.string,
            !title.isEmpty, SwiftNaming.typeName(preservingCase: title) == title
        {
            return title
        }
        let name = SwiftNaming.typeName(preservingCase: referencedName(reference))
        guard let reading, !reading.file.isEmpty, reading.fragment?.isEmpty == false, modelNames[target.origin] == nil,
            takenTypeNames.contains(name)
        else { return name }
        return SwiftNaming.typeName(preservingCase: referencedName(reading.file)) + name
    }

    /// Whether a schema is an object with properties (after merging `allOf`): a model.
    mutating func isObjectSchema(_ located: Located) -> Bool {
        guard let schema = resolved(located) else { return false }
        if schema.node["properties"]?.entries.isEmpty == false { return true }
        var visited: Set<Origin> = [schema.origin]
        return schema["allOf"]?.items.contains { hasProperties($0, visited: &visited) } ?? false
    }

    private mutating func hasProperties(_ located: Located, visited: inout Set<Origin>) -> Bool {
        guard let schema = resolved(located), visited.insert(schema.origin).inserted else { return false }
        if schema.node["properties"]?.entries.isEmpty == false { return true }
        return schema["allOf"]?.items.contains { hasProperties($0, visited: &visited) } ?? false
    }

    /// The properties, required names and extras of an object schema and its `allOf` parts.
    mutating func shape(of located: Located) -> ObjectShape {
        var shape = ObjectShape()
        var visited: Set<Origin> = []
        collect(located, into: &shape, visited: &visited)
        return shape
    }

    private mutating func collect(_ located: Located, into shape: inout ObjectShape, visited: inout Set<Origin>) {
        guard let schema = resolved(located), visited.insert(schema.origin).inserted else { return }
        usedComponents.insert(schema.origin)
        for part in schema["allOf"]?.items ?? [] { collect(part, into: &shape, visited: &visited) }
        for (key, keyNode, value) in schema["properties"]?.entries ?? [] {
            if let index = shape.properties.firstIndex(where: { $0.key == key }) {
                shape.properties[index].schema = value
            } else {
                shape.properties.append((key, keyNode, value))
            }
        }
        for name in schema["required"]?.items.compactMap(\.node.string) ?? [] { shape.required.insert(name) }
        if let additional = schema["additionalProperties"], additional.node.isMapping || additional.node.isTrue {
            shape.additional = schema.keyOrigin("additionalProperties")
            shape.additionalSchema = additional.node.entries.isEmpty ? nil : additional
        }
        for key in ["oneOf", "anyOf"] {
            if let members = schema[key], !Self.onlyConstrains(members) {
                shape.alternatives.append((key, members, schema.keyOrigin(key)))
            }
        }
    }

    /// The model made from an object schema: the one already made from it, or a new one named
    /// `suggested` (made unique).
    mutating func model(_ located: Located, suggested: String) -> TypeDraft {
        let schema = resolved(located) ?? located
        let name = modelNames[schema.origin] ?? uniqueTypeName(suggested)
        modelNames[schema.origin] = name
        if !builtModels.contains(name) { buildModel(schema, name: name) }
        return TypeDraft(spelling: name, kind: .object)
    }

    /// Adds the model `name`, then the models its fields make.
    private mutating func buildModel(_ schema: Located, name: String) {
        builtModels.insert(name)
        let index = models.count
        models.append(ModelDraft(name: name))
        let rank = componentRanks[schema.origin] ?? currentRank
        modelRanks.append(rank)
        let outerRank = currentRank
        currentRank = rank
        defer { currentRank = outerRank }
        let shape = shape(of: schema)
        var comments: [String] = []
        if let additional = shape.additional, shape.additionalSchema == nil {
            // `true` (or `{}`): the document says more members may come, not what they are.
            warning(
                "additionalProperties: true beside properties: the model '\(name)' keeps only the listed properties",
                at: additional, cause: "additionalProperties beside properties", place: name)
            comments.append("additionalProperties: members beyond these fields are not kept")
        }
        for (keyword, members, origin) in shape.alternatives {
            var names: [String] = []
            for member in members.items { names.append(describe(member)) }
            let note = "\(keyword) [\(names.joined(separator: ", "))]"
            warning(
                "\(note) beside properties: the model '\(name)' keeps only the properties listed", at: origin,
                cause: "\(keyword) beside properties", place: name)
            comments.append("\(note): the alternatives' own members are not fields of this model")
        }
        let fields = self.fields(of: shape, model: name, comments: &comments)
        if let others = shape.additionalSchema {
            let type = self.type(of: others, suggested: nestedTypeName(parent: name, member: "Other"))
            models[index].others = type.kind == .file ? "String" : type.spelling
        }
        models[index].comments = comments
        models[index].summary = Self.summary(of: schema)
        models[index].fields = fields
    }

    /// The description of a schema (or of the node that refers to it) as a summary.
    static func summary(of located: Located) -> String? {
        located.node["description"]?.string.flatMap(Importer.summary)
    }

    private mutating func fields(of shape: ObjectShape, model: String, comments: inout [String]) -> [MemberDraft] {
        var names = MemberNames()
        var fields: [MemberDraft] = []
        for (name, keyNode, schema) in shape.properties {
            let origin = Origin(document: schema.document, location: keyNode.location)
            guard !name.isEmpty else {
                warning("a property with an empty name can't be a field", at: origin, place: model)
                comments.append("a property with an empty name is left out")
                continue
            }
            // A dot in a name is part of it (`admin.sign_up`), not a step into an object: the
            // field's key path is the name alone (`admin\.sign_up`).
            let path = KeyPathSyntax.text(of: [name])
            let spelled = SwiftNaming.spellingLeadingDigit(path)
            var type = self.type(
                of: schema,
                suggested: nestedTypeName(parent: model, member: SwiftNaming.typeName(preservingCase: spelled)))
            if type.kind == .file {
                warning("binary data in a JSON object is read as a String", at: schema, place: model)
                type = .scalar("String")
            }
            var field = MemberDraft(key: name, type: type)
            field.origin = origin
            field.summary = Self.summary(of: schema)
            (field.readOnly, field.writeOnly) = direction(of: schema)
            // An inline object's model says what its field says already.
            // (Every model's name is in `builtModels` and names are unique: the set answers most
            // fields, and the model, built just now, is found from the end.)
            if !Self.isReference(schema), builtModels.contains(type.spelling),
                let model = models.lastIndex(where: { $0.name == type.spelling }),
                models[model].summary == field.summary
            {
                models[model].summary = nil
            }
            let required = shape.required.contains(name)
            field.optional = !required || type.nullable
            field.mayBeNull = !required && type.nullable
            if !required, let value = defaultValue(resolved(schema)?.node["default"], for: type) {
                field.defaultValue = value
                field.optional = type.nullable
            }
            field.swiftName = names.fieldName(for: path)
            fields.append(field)
        }
        return fields
    }

    /// The longest name an inline model of a member is given after its parent's whole name.
    static let nestedNameLimit = 60

    /// The name of an inline model of `parent`'s member: `parent` and `member`, the words the
    /// parent ends with said once where the member starts with them too and that name is free
    /// (`AccountVerify` + `AccountVerifyAmounts` -> `AccountVerifyAmounts`), or, where that is
    /// longer than `nestedNameLimit` (a document that nests wrappers in wrappers), `member` after
    /// the fewest of the parent's first words that make a name no type has
    /// (`AvailabilityMixinAvailabilityVersionTypes` -> `AvailabilityVersionTypes`).
    func nestedTypeName(parent: String, member: String) -> String {
        let words = Self.words(of: parent)
        let memberWords = Self.words(of: member)
        for count in stride(from: min(words.count, memberWords.count - 1), through: 1, by: -1)
        where words.suffix(count).elementsEqual(memberWords.prefix(count)) {
            let collapsed = words.dropLast(count).joined() + member
            if !takenTypeNames.contains(collapsed) { return collapsed }
        }
        let whole = parent + member
        guard whole.count > Self.nestedNameLimit else { return whole }
        for count in 1..<max(1, words.count) {
            // `Availability` + `Availability…` would say the word twice.
            guard !member.hasPrefix(words[count - 1]) else { continue }
            let name = words.prefix(count).joined() + member
            if name.count <= Self.nestedNameLimit, !takenTypeNames.contains(name) { return name }
        }
        return whole
    }

    /// The words of a type name, split where a lower-case letter or digit meets a capital
    /// (`AccountVerify` -> `Account`, `Verify`; `URLPath` stays one word).
    private static func words(of name: String) -> [Substring] {
        var words: [Substring] = []
        var start = name.startIndex
        for index in name.indices.dropFirst()
        where name[index].isUppercase && !name[name.index(before: index)].isUppercase {
            words.append(name[start..<index])
            start = index
        }
        if start < name.endIndex { words.append(name[start...]) }
        return words
    }

    /// Whether a property is `readOnly` or `writeOnly`, where it stands or in the schema it
    /// refers to.
    mutating func direction(of located: Located) -> (readOnly: Bool, writeOnly: Bool) {
        let target = resolved(located)?.node
        let readOnly = located.node["readOnly"]?.isTrue == true || target?["readOnly"]?.isTrue == true
        let writeOnly = located.node["writeOnly"]?.isTrue == true || target?["writeOnly"]?.isTrue == true
        return (readOnly, writeOnly)
    }

    /// What a schema becomes where it is used: a built-in type, a model (made from an inline
    /// object and named `suggested`), an array, a dictionary, an inline enum or JSON.
    mutating func type(of located: Located, suggested: String) -> TypeDraft {
        if let reference = located.node["$ref"]?.string {
            guard let target = resolved(located) else { return .json }
            usedComponents.insert(target.origin)
            let name = referencedSchemaName(reference, target: target)
            // A union refers to itself through its variants by its name, which it guards itself.
            if unionComponents.contains(target.origin) { return type(of: target, suggested: name) }
            // A schema that stands on its own elsewhere than in `components` (a file of its own,
            // a split document's `schemas.yaml#/PetKind`) is named by the document as a component
            // is: its model stays apart from others of its structure, and an enum is shared.
            if componentRanks[target.origin] == nil, namesASchema(reference) {
                namedSchemas.insert(target.origin)
                if modelNames[target.origin] == nil, isEnumSchema(target) {
                    modelNames[target.origin] = uniqueTypeName(name)
                    enumComponents.insert(target.origin)
                }
            }
            if enumComponents.contains(target.origin), let enumName = modelNames[target.origin] {
                return sharedEnum(target, named: enumName)
            }
            if modelNames[target.origin] != nil { return model(target, suggested: name) }
            guard resolving.insert(target.origin).inserted else {
                warning("the schema '\(reference)' is defined as itself; read as JSON", at: located)
                return .json
            }
            defer { resolving.remove(target.origin) }
            return type(of: target, suggested: name)
        }
        let node = located.node
        var types = node["type"].map { $0.items.isEmpty ? [$0.string ?? ""] : $0.items.compactMap(\.scalarText) } ?? []
        let nullable =
            node["nullable"]?.isTrue == true || types.contains("null")
            || node["enum"]?.items.contains { $0.coreScalar == .null } == true
        types.removeAll { $0 == "null" }
        var result = nonNullType(of: located, types: types, suggested: suggested)
        result.nullable = result.nullable || nullable
        return result
    }

    private mutating func nonNullType(of located: Located, types: [String], suggested: String) -> TypeDraft {
        let node = located.node
        if let parts = located["allOf"], let type = allOfType(located, parts: parts, suggested: suggested) {
            return type
        }
        if let named = constantsEnum(located) { return named }
        if let union = unionMembers(of: located) { return unionType(union, of: located, suggested: suggested) }
        if let constant = node["const"], let value = constant.string {
            if case .int = constant.coreScalar {
                var number = TypeDraft.scalar(Self.integerSpelling(located))
                number.comments = ["always \(value)"]
                return number
            }
            return enumType([value])
        }
        if let values = node["enum"]?.items.filter({ $0.coreScalar != .null }), !values.isEmpty {
            if types.isEmpty || types == ["string"] {
                if values.allSatisfy({ if case .string = $0.coreScalar { true } else { false } }) {
                    return enumType(values.compactMap(\.string))
                }
            }
        }
        let format = node["format"]?.string
        switch types.first {
        case "string":
            return stringType(located, format: format)
        case "integer":
            return integerType(located)
        case "number":
            return enumNote(.scalar(format == "decimal" ? "Decimal" : "Double"), located)
        case "boolean":
            return .scalar("Bool")
        case "array":
            return arrayType(located, suggested: suggested)
        default:
            if isObjectSchema(located) { return model(located, suggested: suggested) }
            if let additional = node["additionalProperties"], additional.isMapping {
                let member = Located(node: additional, document: located.document)
                // springfox writes Java's `Object` as `{type: object}`, so a `Map<String, Object>`'s
                // values are any JSON value (`"86400000"`), not maps of their own.
                let value =
                    isOpenObject(member) ? .json : type(of: member, suggested: suggested + "Value")
                if value.enumValues != nil {
                    return TypeDraft(
                        spelling: "[String: \(value.spelling)]", kind: .object,
                        comments: value.comments + DraftPasses.enumComment(value))
                }
                return TypeDraft(
                    spelling: "[String: \(value.spelled(optional: value.nullable))]", kind: .object,
                    comments: value.comments)
            }
            if types.first == "object" || node["properties"] != nil || node["additionalProperties"] != nil {
                return TypeDraft(spelling: "[String: JSON]", kind: .object)
            }
            if node["not"] != nil {
                warning("'not' can't be expressed; the value is read as JSON", at: located.keyOrigin("not"))
                var json = TypeDraft.json
                json.comments = ["not: any value but the one described; JSON here"]
                return json
            }
            return .json
        }
    }

    /// Whether a schema is an object that says nothing of its members (`{type: object}`, or a
    /// reference to one): no properties, no `additionalProperties`, no parts, no values.
    private mutating func isOpenObject(_ located: Located) -> Bool {
        guard let node = resolved(located)?.node, node["type"]?.string == "object" else { return false }
        return ["properties", "additionalProperties", "allOf", "oneOf", "anyOf", "enum", "const"].allSatisfy {
            node[$0] == nil
        }
    }

    /// `allOf`: the referenced type of an alias (`allOf: [$ref]` beside a description or
    /// `nullable`), else the merged model when a part has properties, else the one part that
    /// says what the value is.
    private mutating func allOfType(_ located: Located, parts: Located, suggested: String) -> TypeDraft? {
        if let target = aliasTarget(located) { return type(of: target, suggested: suggested) }
        if isObjectSchema(located) { return model(located, suggested: suggested) }
        let meaningful = parts.items.filter { !Set($0.node.entries.map(\.key)).isDisjoint(with: Self.typeKeys) }
        guard let first = meaningful.first else { return nil }
        return type(of: first, suggested: suggested)
    }

    private func stringType(_ located: Located, format: String?) -> TypeDraft {
        switch format {
        case "date-time": return .scalar("Date")
        case "date":
            var date = TypeDraft.scalar("Date")
            date.dateFormat = "yyyy-MM-dd"
            return date
        case "uri", "url": return .scalar("URL")
        case "binary": return TypeDraft(spelling: "File", kind: .file)
        case "decimal":
            var decimal = TypeDraft.scalar("Decimal")
            decimal.numberAsText = true
            return decimal
        default:
            let encoding = located.node["contentEncoding"]?.string ?? located.node["contentMediaType"]?.string
            if encoding == "binary" || encoding == "application/octet-stream" {
                return TypeDraft(spelling: "File", kind: .file)
            }
            return .scalar("String")
        }
    }

    private mutating func arrayType(_ located: Located, suggested: String) -> TypeDraft {
        guard let items = located["items"] else {
            return TypeDraft(spelling: "[JSON]", kind: .array(elementIsScalar: false))
        }
        let element = type(of: items, suggested: SwiftNaming.singular(suggested))
        if element.kind == .file {
            warning(
                "an array of files is sent as one file: the spec language sends one file per parameter", at: located)
            return TypeDraft(
                spelling: "File", kind: .file, comments: ["an array of files in the document; one file here"])
        }
        if element.enumValues != nil {
            return TypeDraft(
                spelling: "[\(element.spelling)]", kind: .array(elementIsScalar: true),
                comments: DraftPasses.enumComment(element))
        }
        var array = TypeDraft(
            spelling: "[\(element.spelled(optional: element.nullable))]",
            kind: .array(elementIsScalar: element.kind == .scalar),
            comments: element.comments)
        array.dateFormat = element.dateFormat
        return array
    }

    /// An inline string enum of `values`, without the values no Swift case can be derived
    /// from (the enum's `unknown(String)` case holds them). A single value (a type tag like
    /// `object: [list]`) is a String, as a person writes it. Where a value's case needs a name
    /// of its own (`caseName(of:)`), the enum names every case
    /// (`{ enum: { gpt4: gpt-4, gpt35Turbo: gpt-3.5-turbo } }`).
    func enumType(_ values: [String]) -> TypeDraft {
        if values.count == 1 {
            var tag = TypeDraft.scalar("String")
            tag.comments = ["always \(values[0])"]
            return tag
        }
        var cases: [String: String] = [:]
        var kept: (values: [String], names: [String]) = ([], [])
        var dropped: [String] = []
        var named = false
        for value in values {
            guard let (name, isNamed) = TypeDraft.caseName(of: value), cases[name] == nil else {
                dropped.append(value)
                continue
            }
            cases[name] = value
            kept.values.append(value)
            kept.names.append(name)
            named = named || isNamed
        }
        if named, let unknown = kept.names.firstIndex(of: "unknown") {
            // Named cases can't be called `unknown`: the `unknown(String)` case holds it.
            dropped.append(kept.values.remove(at: unknown))
            kept.names.remove(at: unknown)
        }
        guard !kept.values.isEmpty else { return .scalar("String") }
        var type = TypeDraft(spelling: "String", kind: .scalar, enumValues: kept.values)
        if named { type.enumCaseNames = kept.names }
        if !dropped.isEmpty {
            let list = dropped.map { "'\($0)'" }.joined(separator: ", ")
            type.comments = [
                "also \(list), held by the enum's unknown case (no Swift case name derives from \(dropped.count == 1 ? "it" : "them"))"
            ]
        }
        return type
    }

    /// The values of a number enum, as a comment on the number type.
    private func enumNote(_ type: TypeDraft, _ located: Located) -> TypeDraft {
        guard let values = located.node["enum"]?.items.compactMap(\.scalarText), !values.isEmpty else { return type }
        var noted = type
        noted.comments = ["one of: " + values.joined(separator: ", ")]
        return noted
    }

    /// A `default:` the spec can check against `type`, or nil.
    func defaultValue(_ node: YAMLNode?, for type: TypeDraft) -> YAMLValue? {
        guard let node, let scalar = node.coreScalar else {
            if type.spelling.hasPrefix("["), node?.items.isEmpty == true, case .sequence = node?.content {
                return .sequence([])
            }
            if type.spelling.hasPrefix("[String:"), node?.isMapping == true, node?.entries.isEmpty == true {
                return .emptyMapping
            }
            return nil
        }
        if let values = (type.enumValues != nil ? type : sharedEnums[type.spelling]).flatMap({ $0.enumValues }) {
            let spelling = type.enumValues != nil ? type.spelling : sharedEnums[type.spelling]?.spelling ?? "String"
            switch scalar {
            case .string(let text) where values.contains(text) && spelling == "String": return .string(text)
            case .int where values.contains(node.scalarText ?? "") && spelling != "String":
                return .plain(node.scalarText ?? "")
            default: return nil
            }
        }
        switch (type.spelling, scalar) {
        case ("String", .string(let text)): return .string(text)
        case ("String", .int), ("String", .float), ("String", .bool): return .string(node.scalarText ?? "")
        case ("Int", .int), ("Int64", .int), ("Double", .int), ("Decimal", .int): return .plain(node.scalarText ?? "0")
        case ("Double", .float(let value)), ("Decimal", .float(let value)):
            return value.isFinite ? .plain(node.scalarText ?? "0") : nil
        case ("Bool", .bool(let value)): return .plain(value ? "true" : "false")
        case ("URL", .string(let text)): return text.contains(":") && !text.contains(" ") ? .string(text) : nil
        default: return nil
        }
    }
}
