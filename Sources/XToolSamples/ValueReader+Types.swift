import XToolDiagnostics
import XToolRules
import XToolSpec
import XToolYAML

extension ValueReader {
    /// Reads `node` (at `path`) as `type`, the way its generated `Decodable` would. `what` names
    /// it in messages (`the field`, `an element`); `lenient` is whether leniency reaches it (a
    /// model's fields and their arrays, not a dictionary's values or a union's variants), which
    /// the spec's `lenient:` then turns on; `dates` is the style of any `Date` in it.
    mutating func read(
        _ node: YAMLNode, as type: Spec.TypeRef, at path: [String], what: String, lenient: Bool, dates: Spec.DateStyle
    ) {
        if node.coreScalar == .null {
            guard !type.isOptional else { return }
            if case .json = type { return }
            report(
                "\(Self.place(path)) is null here, but \(what) is \(type.swiftSpelling) (make it optional?)",
                at: node.location, cause: .null, path: path)
            return
        }
        switch type {
        case .optional(let wrapped):
            // The wrapped value's messages name the optional type the spec declares (`String?`).
            optionalShown = type
            read(node, as: wrapped, at: path, what: what, lenient: lenient, dates: dates)
            optionalShown = nil
        case .json, .data, .file:
            return
        case .string, .int, .int64, .double, .decimal, .bool:
            scalar(node, as: type, at: path, what: what, lenient: lenient)
        case .date:
            if !self.dates.reads(node, in: dates) {
                let cause: Finding.Cause =
                    switch node.coreScalar {
                    case .string(let text)?: text.isEmpty ? .emptyText : .dateStyle
                    case .int?, .float?, .bool?: .scalar
                    default: .structure
                    }
                report(
                    "\(Self.place(path)) is \(Self.found(node)) here, which is not a date \(DateReader.name(of: dates))",
                    at: node.location, cause: cause, path: path)
            }
        case .dayOrDate:
            guard case .string(let text)? = node.coreScalar,
                DateRules.day(text) != nil || DateRules.isoDate(text) != nil
            else {
                return report(
                    "\(Self.place(path)) is \(Self.found(node)) here, which is neither a day (yyyy-MM-dd) nor an ISO 8601 date",
                    at: node.location, cause: .dateStyle, path: path)
            }
        case .url:
            url(node, at: path, what: what)
        case .enumeration(let enumType):
            enumeration(node, as: enumType, at: path, what: what)
        case .array(let element):
            guard case .sequence(let items) = node.content else { return mismatch(node, type, at: path, what: what) }
            for (index, item) in items.enumerated() {
                read(item, as: element, at: path + ["[\(index)]"], what: "an element", lenient: lenient, dates: dates)
            }
        case .dictionary(let value):
            guard case .mapping(let pairs) = node.content else { return mismatch(node, type, at: path, what: what) }
            for pair in pairs {
                read(
                    pair.value, as: value, at: path + [pair.key.scalarText ?? ""], what: "a value", lenient: false,
                    dates: dates)
            }
        case .app(let name):
            if let form = spec.appTypeForms[name] {
                return read(
                    node, as: form, at: path, what: "\(what) (\(name)'s JSON form)", lenient: lenient, dates: dates)
            }
            // The app's own type reads itself; said once per sample, at the first such value.
            guard appTypesNoted.insert(name).inserted else { return }
            report(
                "\(Self.place(path)) reads into \(name), the app's own type, which the sample check can't read; "
                    + "its values here are not checked (checkSamples() in the app's tests reads them); give its JSON "
                    + "form to check them here: appTypes: { \(name): String }",
                at: node.location, breaks: false)
        case .model(let name):
            guard let model = models[name] else { return }
            if let union = model.union {
                read(node, as: union, of: model, at: path)
            } else {
                read(node, as: model, at: path, what: what)
            }
        }
    }

    private mutating func mismatch(
        _ node: YAMLNode, _ type: Spec.TypeRef, at path: [String], what: String, hint: String = "",
        cause: Finding.Cause = .structure
    ) {
        let shown = optionalShown == .optional(type) ? optionalShown ?? type : type
        report(
            "\(Self.place(path)) is \(Self.found(node)) here, but \(what) is \(shown.swiftSpelling)\(hint)",
            at: node.location, cause: cause, path: path)
    }

    /// A number written as text (`format: string`), as `FieldDecoder.decodeNumberText` reads
    /// it (`ScalarRules`): a JSON string that spells a `type`, nothing else.
    private mutating func numberText(_ node: YAMLNode, as type: Spec.TypeRef, at path: [String]) {
        if case .string(let text)? = node.coreScalar {
            let spells =
                switch type {
                case .int, .int64: ScalarRules.exactInteger(text) != nil
                case .double: ScalarRules.exactNumber(text) != nil
                default: ScalarRules.exactDecimal(text) != nil
                }
            if spells { return }
        }
        mismatch(
            node, type, at: path, what: "the field",
            hint: " written as text (format: string), like \"29.99\"", cause: .text)
    }

    /// `String`, the numbers and `Bool`, strictly as `JSONDecoder` reads them, or leniently by
    /// `ScalarRules`, as `FieldDecoder` does for a lenient API.
    private mutating func scalar(
        _ node: YAMLNode, as type: Spec.TypeRef, at path: [String], what: String, lenient: Bool
    ) {
        let strict: Bool
        let leniently: Bool
        var range = ""
        switch (type, node.coreScalar) {
        case (.string, .string?):
            return
        case (.string, .int?), (.string, .float?):
            (strict, leniently) = (false, true)
        case (.int, .int?), (.int64, .int?), (.double, .int?):
            return
        case (.decimal, .int?), (.decimal, .float?):
            strict = node.scalarText.flatMap(ScalarRules.exactDecimal) != nil
            leniently = false
            range = ", past what Decimal holds"
        case (.int, .float(let value)?), (.int64, .float(let value)?):
            strict = value.isFinite && value.rounded() == value && Int64(exactly: value) != nil
            leniently = false
            if value.rounded() == value { range = ", past what \(type.swiftSpelling) holds" }
        case (.double, .float(let value)?):
            strict = value.isFinite
            leniently = false
            if !value.isFinite { range = ", past what Double holds" }
        case (.int, .string(let text)?), (.int64, .string(let text)?):
            (strict, leniently) = (false, ScalarRules.integer(text) != nil)
        case (.double, .string(let text)?):
            (strict, leniently) = (false, ScalarRules.number(text) != nil)
        case (.decimal, .string(let text)?):
            (strict, leniently) = (false, ScalarRules.decimal(text) != nil)
        case (.bool, .bool?):
            return
        case (.bool, .string(let text)?):
            (strict, leniently) = (false, ScalarRules.bool(text) != nil)
        case (.bool, .int(let value)?):
            (strict, leniently) = (false, ScalarRules.bool(value) != nil)
        default:
            (strict, leniently) = (false, false)
        }
        if strict || (isLenient && lenient && leniently) { return }
        let cause: Finding.Cause =
            switch node.coreScalar {
            case _ where lenient && leniently: .lenient
            case .float?, .int?: type == .string ? .structure : type == .bool ? .text : .wideNumber
            case .string(let text)?: text.isEmpty ? .emptyText : .text
            default: .structure
            }
        mismatch(
            node, type, at: path, what: what,
            hint: range.isEmpty && lenient && leniently && !isLenient ? " (add lenient: true?)" : range,
            cause: cause)
    }

    /// A URL: text that `URL(string:)` reads on every OS the runtime supports.
    private mutating func url(_ node: YAMLNode, at path: [String], what: String) {
        guard case .string(let text)? = node.coreScalar else {
            let isScalar = if case .scalar = node.content { true } else { false }
            return mismatch(node, .url, at: path, what: what, cause: isScalar ? .scalar : .structure)
        }
        if let problem = URLReader.problem(text) {
            report(
                "\(Self.place(path)) is \(Self.found(node)) here, which \(problem)", at: node.location,
                cause: text.isEmpty ? .emptyText : .text, path: path)
        }
    }

    /// A string enum's text or an integer enum's number; a value the spec doesn't list reads as
    /// the `unknown` case, which is reported without breaking.
    private mutating func enumeration(_ node: YAMLNode, as enumType: Spec.EnumType, at path: [String], what: String) {
        let value: String
        switch (enumType.isInteger, node.coreScalar) {
        case (false, .string(let text)?): value = text
        case (true, .int(let number)?): value = String(number)
        case (true, .float(let number)?) where Int64(exactly: number) != nil: value = String(Int64(number))
        default: return mismatch(node, .enumeration(enumType), at: path, what: what)
        }
        // A listed value whose case would be `unknown` (`UNKNOWN`) reads as the case that holds it.
        guard enumType.cases.contains(where: { $0.value == value }) || enumType.heldByUnknown.contains(value) else {
            let listed = enumType.cases.map(\.value).joined(separator: ", ")
            report(
                "\(Self.place(path)) is \(Self.found(node)) here, which \(enumType.swiftName) doesn't list (\(listed)); "
                    + "it reads as .unknown", at: node.location, breaks: false,
                cause: .unlisted(enumName: enumType.swiftName, value: value), path: path)
            return
        }
    }

    /// A model's object: each field at its key path, present unless it is optional or has a
    /// default, null only where it is optional (or, leniently, has a default).
    private mutating func read(_ node: YAMLNode, as model: Spec.Model, at path: [String], what: String) {
        let tag = unionTag
        unionTag = nil
        let recordedByEnclosing = spreadInEnclosing
        spreadInEnclosing = false
        guard case .mapping = node.content else {
            report(
                "\(Self.place(path)) is \(Self.found(node)) here, but \(what) is \(model.name), an object",
                at: node.location)
            return
        }
        var missing: [String] = []
        let outer = self.field
        let outerLenient = fieldLenient
        defer { fieldLenient = outerLenient }
        for field in model.fields {
            let key = field.keyPath.description
            fieldLenient = field.lenient || model.lenient
            if field.isSpread {
                self.field = (model.name, key, path)
                spreadInEnclosing = true
                read(node, as: field.type, at: path, what: "the field", lenient: false, dates: spec.dates)
                spreadInEnclosing = false
                continue
            }
            self.field = (model.name, key, path + field.keyPath.components)
            let emptyIsNil =
                (field.emptyAsNil || spec.emptyAsNil) && (field.type.isOptional || field.defaultValue != nil)
            switch Self.gather(field.keyPath, in: node, from: path) {
            case .found(let value, _) where field.orFalse && value.coreScalar == .bool(false):
                continue
            case .found(let value, _) where emptyIsNil && Self.readsAsNil(value, as: field.type):
                continue
            case .notObject(let value, _, _) where emptyIsNil && Self.isEmptyValue(value):
                continue
            case .found(let value, let at):
                self.field?.path = at
                if value.coreScalar == .null, !field.type.isOptional, field.defaultValue != nil {
                    if !isLenient {
                        report(
                            "\(Self.place(at)) is null here; the field's default is for a missing value "
                                + "(lenient: true reads null as the default)", at: value.location,
                            cause: .nullForDefault, path: at)
                    }
                    continue
                }
                if field.numberAsText {
                    numberText(value, as: field.type.unwrapped, at: at)
                } else {
                    read(
                        value, as: field.type, at: at, what: "the field", lenient: true,
                        dates: field.dateFormat ?? spec.dates)
                }
            case .missing:
                if !field.type.isOptional, field.defaultValue == nil { missing.append(key) }
            case .notObject(let value, let at, let found):
                report(
                    "\(Self.place(at)) is \(found) here, but the field '\(key)' reads into it as an object",
                    at: value.location)
            }
        }
        self.field = outer
        fieldLenient = model.lenient
        let others = model.others.map { readOthers(node, as: $0, of: model, at: path) } ?? []
        if !recordedByEnclosing {
            unread.record(
                node, of: model.name,
                reading: keysRead(by: model, in: node) + (tag.map { [[$0]] } ?? []) + others.map { [$0] })
        }
        if !missing.isEmpty {
            let quoted = missing.map { "'\($0)'" }
            let named = WordList.joined(quoted, limit: 3)
            report(
                "\(Self.place(path)) has no \(named), which \(model.name) needs (make \(missing.count > 1 ? "them" : "it") "
                    + "optional or give \(missing.count > 1 ? "them defaults" : "it a default")?)", at: node.location,
                cause: .missing(model: model.name, keys: missing))
        }
    }

    /// The key paths of `node` that `model` reads: its fields' and `ignore:`'s, and a spread
    /// field's, those its model or its union's variant reads of the same object.
    private func keysRead(by model: Spec.Model, in node: YAMLNode) -> [[String]] {
        model.ignoredKeys.map(\.components)
            + model.fields.flatMap { field -> [[String]] in
                guard field.isSpread else { return [field.keyPath.components] }
                guard case .model(let name) = field.type, let target = models[name] else { return [] }
                return keysRead(bySpread: target, in: node)
            }
    }

    /// The key paths of `node` that a spread member of type `model` reads: a struct's fields', or
    /// a tagged union's tag and its variant's (the key the tag names, for `payload: underTag`);
    /// every key for a tag no variant takes, which `.unknown` keeps.
    private func keysRead(bySpread model: Spec.Model, in node: YAMLNode) -> [[String]] {
        guard let union = model.union else { return keysRead(by: model, in: node) }
        guard let discriminator = union.discriminator else { return [] }
        guard let tag = Self.tag(of: node, at: discriminator),
            let variant = union.variants.first(where: { $0.tag == tag })
        else {
            guard case .mapping(let pairs) = node.content else { return [] }
            return pairs.compactMap { $0.key.scalarText.map { [$0] } }
        }
        switch (union.payload, variant.type) {
        case (.underTag, _): return [[discriminator], [tag]]
        case (.beside, .model(let name)):
            return [[discriminator]] + (models[name].map { keysRead(bySpread: $0, in: node) } ?? [])
        case (.beside, _): return [[discriminator]]
        }
    }

    /// The string at a tagged union's discriminator.
    private static func tag(of node: YAMLNode, at discriminator: String) -> String? {
        node[discriminator].flatMap { if case .string(let text)? = $0.coreScalar { text } else { nil } }
    }

    /// A model's `others:` in its object: each key its fields don't take, read as the others'
    /// type (a null member is left out), as `FieldDecoder.decodeOthers` does; the keys read.
    private mutating func readOthers(
        _ node: YAMLNode, as others: Spec.Others, of model: Spec.Model, at path: [String]
    ) -> [String] {
        guard case .mapping(let pairs) = node.content else { return [] }
        let beside = Set(model.keysBesideOthers)
        var keys: [String] = []
        for pair in pairs {
            guard let key = pair.key.scalarText, !beside.contains(key) else { continue }
            keys.append(key)
            guard pair.value.coreScalar != .null else { continue }
            let outer = self.field
            self.field = (model.name, others.swiftName, path + [key])
            read(
                pair.value, as: others.valueType, at: path + [key], what: "the others' value", lenient: true,
                dates: spec.dates)
            self.field = outer
        }
        return keys
    }

    /// Whether `emptyAsNil` reads `node` as nil for a field of `type`, as `FieldDecoder` does: an
    /// empty text, or an empty array or object that is not of the field's own kind.
    private static func readsAsNil(_ node: YAMLNode, as type: Spec.TypeRef) -> Bool {
        guard isEmptyValue(node) else { return false }
        switch (node.content, type.unwrapped) {
        case (.sequence, .array), (.mapping, .dictionary), (_, .json): return false
        default: return true
        }
    }

    /// An empty text, array or object.
    static func isEmptyValue(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .scalar(let text, let style): style != .plain && text.isEmpty
        case .sequence(let items): items.isEmpty
        case .mapping(let entries): entries.isEmpty
        }
    }

    /// A union: tagged, the variant its discriminator names; untagged, the first variant that
    /// reads. Anything else reads as the `unknown` case, which is reported without breaking.
    private mutating func read(_ node: YAMLNode, as union: Spec.Union, of model: Spec.Model, at path: [String]) {
        let recordedByEnclosing = spreadInEnclosing
        spreadInEnclosing = false
        if let discriminator = union.discriminator {
            let tag = Self.tag(of: node, at: discriminator)
            if let tag, let variant = union.variants.first(where: { $0.tag == tag }) {
                guard union.payload == .underTag else {
                    unionTag = discriminator
                    spreadInEnclosing = recordedByEnclosing
                    read(
                        node, as: variant.type, at: path, what: "the '\(tag)' variant", lenient: false,
                        dates: spec.dates)
                    spreadInEnclosing = false
                    unionTag = nil
                    return
                }
                if !recordedByEnclosing { unread.record(node, of: model.name, reading: [[discriminator], [tag]]) }
                guard let payload = node[tag] else {
                    return report(
                        "\(Self.place(path)) has no '\(tag)', which holds the '\(tag)' variant of \(model.name) "
                            + "(payload: underTag)", at: node.location)
                }
                read(
                    payload, as: variant.type, at: path + [tag], what: "the '\(tag)' variant", lenient: false,
                    dates: spec.dates)
                return
            }
            let tags = union.variants.compactMap(\.tag).joined(separator: ", ")
            let found =
                tag.map {
                    "'\(discriminator)' \(SampleJSON.quoted($0)) here, which \(model.name) doesn't list (\(tags))"
                }
                ?? "no string '\(discriminator)' here to tell which of \(model.name)'s variants (\(tags)) it is"
            report("\(Self.place(path)) has \(found); it reads as .unknown", at: node.location, breaks: false)
            return
        }
        // Strictly first; then, for a lenient API, leniently, as the generated code tries them.
        for lenient in spec.lenient ? [false, true] : [false] {
            for variant in union.variants where !lenient || !variant.type.containsDate {
                var trial = self
                trial.findings = []
                trial.read(node, as: variant.type, at: path, what: "the variant", lenient: lenient, dates: spec.dates)
                if !trial.findings.contains(where: \.breaks) {
                    findings += trial.findings
                    unread = trial.unread
                    return
                }
            }
        }
        let types = union.variants.map(\.type.swiftSpelling).joined(separator: ", ")
        report(
            "\(Self.place(path)) is \(Self.found(node)) here, which is none of \(model.name)'s variants (\(types)); "
                + "it reads as .unknown", at: node.location, breaks: false)
    }
}
