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
    mutating func readShorthandType(_ node: YAMLNode, what: String) -> TypeRef? {
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
                return readShorthandType(pair.value, what: what).map(TypeRef.dictionary)
            }
            return readShorthandType(item, what: what).map(TypeRef.array)
        case .mapping:
            error("expected a type for \(what), found a mapping", at: node)
            return nil
        }
    }

    /// Resolves type names to built-ins and the spec's models.
    private mutating func resolve(_ expression: TypeExpression, at node: YAMLNode) -> TypeRef? {
        switch expression {
        case .named(let name):
            if let builtIn = TypeRef.builtIns[name] { return builtIn }
            if modelNames[name] != nil { return .model(name) }
            let builtIns = TypeRef.builtIns.keys.sorted(), models = modelNames.keys.sorted()
            var note = "the built-in types are " + Self.list(builtIns)
            if !models.isEmpty {
                note += (models.count == 1 ? "; the spec's model is " : "; the spec's models are ") + Self.list(models)
            }
            let suggestion = Suggestions.didYouMean(name, in: builtIns + models, matchingParts: true)
            error("unknown type '\(name)'" + suggestion, at: node, note: note)
            return nil
        case .optional(let wrapped): return resolve(wrapped, at: node).map(TypeRef.optional)
        case .array(let element): return resolve(element, at: node).map(TypeRef.array)
        case .dictionary(let value): return resolve(value, at: node).map(TypeRef.dictionary)
        }
    }

    /// `a, b and c`.
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// `{ enum: [a, b] }`: a nested enum named after the member that declares it (`memberName`
    /// as derived, before back-quoting).
    mutating func readEnum(_ node: YAMLNode, memberName: String, scope: EnumScope) -> EnumType? {
        guard case .sequence(let items) = node.content, !items.isEmpty else {
            error("an enum lists its values as a non-empty sequence, like [public, private]", at: node)
            return nil
        }
        let rawName = SwiftNaming.typeName(memberName) ?? memberName
        let typeName = SwiftNaming.nestedTypeIdentifier(rawName)
        if let clash = takenTypeName(rawName, in: scope) {
            error(
                "the enum of '\(memberName)' would be named '\(rawName)', which is \(clash) inside \(scope.owner); "
                    + "rename the member with name:",
                at: node)
            return nil
        }
        var cases: [EnumCase] = []
        var seen: [String: String] = [:]
        for item in items {
            guard let value = text(item, what: "an enum value") else { continue }
            guard value != "unknown" else { continue }  // the `unknown(String)` case holds it
            guard let raw = self.memberName(value) else {
                error("can't derive a Swift case name from the enum value '\(value)'", at: item)
                continue
            }
            if let first = seen[raw] {
                error("the enum values '\(first)' and '\(value)' both derive the case name '\(raw)'", at: item)
                continue
            }
            seen[raw] = value
            cases.append(EnumCase(value: value, swiftName: SwiftNaming.memberIdentifier(raw)))
        }
        return EnumType(swiftName: typeName, cases: cases)
    }

    /// A `default:` value checked against `type`.
    mutating func readDefault(_ node: YAMLNode, type: TypeRef, what: String) -> DefaultValue? {
        func mismatch(_ expected: String) -> DefaultValue? {
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
            guard case .string(let text) = scalar else { return mismatch("one of the enum's values") }
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
                let entries = pairs.compactMap { pair -> DefaultValue.DictionaryEntry? in
                    guard let key = pair.key.scalarText,
                        let item = readDefault(pair.value, type: value, what: what)
                    else { return nil }
                    return DefaultValue.DictionaryEntry(key: key, value: item)
                }
                return entries.count == pairs.count ? .dictionary(entries) : nil
            }
            return mismatch("a mapping")
        case .date, .json, .model, .file:
            error("\(what) of type \(type.swiftSpelling) can't have a default", at: node)
            return nil
        }
    }
}
