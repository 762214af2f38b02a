import XToolDiagnostics
import XToolYAML

/// Where an inline enum will be nested, for naming and clash checks.
struct EnumScope {
    /// The type that holds the enum (`the model 'Status'`).
    var owner: String
    /// The Swift name of that type (`Status`, `StatusTool`).
    var ownerType: String
    /// Names taken inside the scope so far (the enums of earlier fields), with what they are.
    /// The names every scope shares (models, built-in and reserved types) are looked up in
    /// `SpecReader.takenTypeName(_:in:)` instead of being copied into each scope.
    var takenNames: [String: String] = [:]
}

extension SpecReader {
    /// The type of a shorthand field or parameter (`Int64`, `[Status]`, `"[String: Int]"`).
    mutating func readShorthandType(_ node: YAMLNode, what: String) -> Spec.TypeRef? {
        switch node.content {
        case .scalar(let text, _):
            do {
                return resolve(try typeExpression(text), at: node)
            } catch {
                self.error("malformed type '\(text)' for \(what): \(error.message)", at: node)
                return nil
            }
        case .sequence(let items):
            // The YAML flow sequence `[T]` is an array; `[String: T]` unquoted is a sequence
            // holding the one-pair mapping `{String: T}`, a dictionary.
            guard items.count == 1, let item = items.first else {
                error("an array type lists exactly one element type, like [Status]", at: node)
                return nil
            }
            if case .mapping(let pairs) = item.content {
                guard pairs.count == 1, let pair = pairs.first, pair.key.scalarText == "String" else {
                    error("a dictionary type is written [String: T]", at: item)
                    return nil
                }
                return readShorthandType(pair.value, what: what).map(Spec.TypeRef.dictionary)
            }
            return readShorthandType(item, what: what).map(Spec.TypeRef.array)
        case .mapping:
            error("expected a type for \(what), found a mapping", at: node)
            return nil
        }
    }

    /// Resolves type names to built-ins and the spec's models.
    private mutating func resolve(_ expression: TypeExpression, at node: YAMLNode) -> Spec.TypeRef? {
        switch expression {
        case .named(let name):
            if let builtIn = Spec.TypeRef.builtIns[name] { return builtIn }
            // Raw bytes, for a response; a model may take the name (it is not reserved).
            if name == "Data", modelNames[name] == nil { return .data }
            if let enumType = sharedEnums[name] { return .enumeration(enumType) }
            if modelNames[name] != nil { return .model(name) }
            if appTypeNames[name] != nil { return .app(name) }
            // Its declaration was refused, with the reason; an unknown type here would only
            // hide that.
            if refusedModelNames.contains(name) {
                refusedReferences += 1
                return nil
            }
            let builtIns = Spec.TypeRef.builtIns.keys.sorted()
            let models = modelNames.keys.sorted()
            let appTypes = appTypeNames.keys.sorted()
            var note = "the built-in types are " + WordList.joined(builtIns)
            if !models.isEmpty {
                note +=
                    (models.count == 1 ? "; the spec's model is " : "; the spec's models are ")
                    + WordList.joined(models)
            }
            if !appTypes.isEmpty {
                note +=
                    (appTypes.count == 1 ? "; the app's type is " : "; the app's types are ")
                    + WordList.joined(appTypes)
            }
            let suggestion = Suggestions.didYouMean(name, in: builtIns + models + appTypes, matchingParts: true)
            error("unknown type '\(name)'" + suggestion, at: node, note: note)
            return nil
        case .optional(let wrapped): return resolve(wrapped, at: node).map(Spec.TypeRef.optional)
        case .array(let element): return resolve(element, at: node).map(Spec.TypeRef.array)
        case .dictionary(let value): return resolve(value, at: node).map(Spec.TypeRef.dictionary)
        }
    }

    /// `{ enum: [a, b] }`: a nested enum named after the member that declares it (`memberName`
    /// as derived, before back-quoting).
    mutating func readEnum(_ node: YAMLNode, memberName: String, scope: EnumScope) -> Spec.EnumType? {
        let rawName = SwiftNaming.typeName(memberName) ?? memberName
        let typeName = SwiftNaming.nestedTypeIdentifier(rawName)
        if sharedEnums[rawName] != nil {
            error(
                "the enum of '\(memberName)' would be named '\(rawName)', like the enum '\(rawName)' declared under "
                    + "models:; use that one ('\(memberName): \(rawName)') or rename the member with name:",
                at: node)
            return nil
        }
        if let clash = takenTypeName(rawName, in: scope) {
            error(
                "the enum of '\(memberName)' would be named '\(rawName)', which is \(clash) inside \(scope.owner); "
                    + "rename the member with name:",
                at: node)
            return nil
        }
        // A name that starts with a digit (`3d_url` -> `_3dURL`), or one given with name:, can
        // derive the same type name as the member: `let _3dURL: _3dURL` is ambiguous in code
        // (found by Fuzz/random_specs.py).
        if rawName == memberName {
            error(
                "the enum of '\(memberName)' would be named '\(rawName)' like the member itself; "
                    + "rename the member with name:",
                at: node)
            return nil
        }
        return readEnum(node, named: typeName)
    }

    /// The enum `swiftName` of the values in `node`: a sequence of strings (`[public, private]`,
    /// case names derived from the values), or a mapping from case names to values, all
    /// integers (`{ male: 1, female: 2 }`) or all strings.
    mutating func readEnum(_ node: YAMLNode, named swiftName: String) -> Spec.EnumType? {
        var cases: [Spec.EnumCase] = []
        var heldByUnknown: [String] = []
        var seen: [String: String] = [:]
        func add(_ value: String, name raw: String, at item: YAMLNode) {
            if let first = seen[raw] {
                error("the enum values '\(first)' and '\(value)' both derive the case name '\(raw)'", at: item)
                return
            }
            if let same = cases.first(where: { $0.value == value }) {
                error("the value '\(value)' is listed twice (as '\(same.swiftName)' too)", at: item)
                return
            }
            seen[raw] = value
            cases.append(Spec.EnumCase(value: value, swiftName: SwiftNaming.memberIdentifier(raw)))
        }
        switch node.content {
        case .sequence(let items) where !items.isEmpty:
            for item in items {
                guard let value = text(item, what: "an enum value") else { continue }
                guard let raw = self.memberName(value) else {
                    error("can't derive a Swift case name from the enum value '\(value)'", at: item)
                    continue
                }
                // `unknown`, `UNKNOWN`, `Unknown`…: the `unknown(String)` case holds it.
                guard raw != "unknown" else {
                    heldByUnknown.append(value)
                    continue
                }
                add(value, name: raw, at: item)
            }
            return Spec.EnumType(swiftName: swiftName, cases: cases, heldByUnknown: heldByUnknown)
        case .mapping(let pairs) where !pairs.isEmpty:
            let isInteger: Bool
            switch pairs[0].value.coreScalar {
            case .int: isInteger = true
            case .string: isInteger = false
            default:
                error(
                    "an enum maps case names to integers or to strings, like { male: 1, female: 2 }, not to "
                        + Self.kind(of: pairs[0].value), at: pairs[0].value)
                return nil
            }
            for pair in pairs {
                guard let name = text(pair.key, what: "an enum case name") else { continue }
                let value: String
                switch (pair.value.coreScalar, isInteger) {
                case (.int(let number), true): value = String(number)
                case (.string(let text), false): value = text
                default:
                    error(
                        "the values of an enum are all \(isInteger ? "integers" : "strings"), but '\(name)' is "
                            + Self.kind(of: pair.value), at: pair.value)
                    continue
                }
                guard let raw = self.memberName(name) else {
                    error("can't derive a Swift case name from '\(name)'", at: pair.key)
                    continue
                }
                guard raw != "unknown" else {
                    error(
                        "an enum can't have a case named 'unknown': that case holds the values the spec does not list",
                        at: pair.key)
                    continue
                }
                add(value, name: raw, at: pair.key)
            }
            return Spec.EnumType(swiftName: swiftName, cases: cases, isInteger: isInteger)
        default:
            error(
                "an enum lists its values as a non-empty sequence, like [public, private], or maps case names to "
                    + "values, like { male: 1, female: 2 }", at: node)
            return nil
        }
    }

    /// A `default:` value checked against `type`.
    mutating func readDefault(_ node: YAMLNode, type: Spec.TypeRef, what: String) -> Spec.DefaultValue? {
        func mismatch(_ expected: String) -> Spec.DefaultValue? {
            error("the default of \(what) must be \(expected), found \(Self.kind(of: node))", at: node)
            return nil
        }
        let scalar = node.coreScalar
        switch type {
        case .optional(let wrapped):
            return scalar == .null ? .null : readDefault(node, type: wrapped, what: what)
        case .string:
            guard case .string(let text) = scalar else { return mismatch("a String (quote it)") }
            return .string(text)
        case .int, .int64:
            guard case .int(let value) = scalar else { return mismatch("an integer") }
            return .int(value)
        case .double:
            if case .int(let value) = scalar { return .double(Double(value)) }
            guard case .float(let value) = scalar, value.isFinite else { return mismatch("a number") }
            return .double(value)
        case .decimal:
            switch scalar {
            case .int, .float: return .decimal(node.scalarText ?? "0")
            default: return mismatch("a number")
            }
        case .bool:
            guard case .bool(let value) = scalar else { return mismatch("true or false") }
            return .bool(value)
        case .url:
            guard case .string(let text) = scalar, text.contains(":"), !text.contains(" ") else {
                return mismatch("an absolute URL")
            }
            return .url(text)
        case .enumeration(let enumType):
            let text: String
            switch (scalar, enumType.isInteger) {
            case (.string(let value), false): text = value
            case (.int(let value), true): text = String(value)
            default:
                let values = enumType.cases.map(\.value)
                return mismatch("one of the enum's values (\(values.joined(separator: ", ")))")
            }
            if enumType.heldByUnknown.contains(text) { return .unknownEnumValue(text, typeName: enumType.swiftName) }
            guard let match = enumType.cases.first(where: { $0.value == text }) else {
                let values = enumType.cases.map(\.value)
                error(
                    "the default '\(text)' of \(what) is not one of the enum's values"
                        + Suggestions.didYouMean(text, in: values), at: node)
                return nil
            }
            return .enumCase(match, typeName: enumType.swiftName)
        case .array(let element):
            guard case .sequence(let items) = node.content else { return mismatch("a sequence") }
            let values = items.compactMap { readDefault($0, type: element, what: what) }
            return values.count == items.count ? .array(values) : nil
        case .dictionary(let value):
            if scalar == nil, case .mapping(let pairs) = node.content {
                let entries = pairs.compactMap { pair -> Spec.DefaultValue.DictionaryEntry? in
                    guard let key = pair.key.scalarText,
                        let item = readDefault(pair.value, type: value, what: what)
                    else { return nil }
                    return Spec.DefaultValue.DictionaryEntry(key: key, value: item)
                }
                return entries.count == pairs.count ? .dictionary(entries) : nil
            }
            return mismatch("a mapping")
        case .date, .dayOrDate, .json, .model, .file, .data, .app:
            error("\(what) of type \(type.swiftSpelling) can't have a default", at: node)
            return nil
        }
    }
}
