import Foundation
import XToolRules
import XToolSpec
import XToolYAML

/// What the JSON values seen at one place were, merged over every value seen there.
enum CapturedShape: Equatable {
    /// Only `null` was seen.
    case null
    case bool
    /// An integer; `wide` once one is past 32 bits.
    case integer(wide: Bool)
    case number
    case text(TextKind)
    /// An object, read as the model of that name.
    case model(String)
    // Only the cases that hold a shape are boxed: a scalar's shape, made for every value read,
    // allocates nothing.
    indirect case array(CapturedShape)
    /// Numbers, some of them sent as text (`12` here, `"12"` there): read leniently.
    indirect case lenient(CapturedShape)
    /// Values that no one type reads (a number here, a word there).
    case json

    /// What a string's values look like.
    enum TextKind: Equatable {
        case plain
        /// A number's digits (`"12"`, `"9.5"`).
        case numeric(integer: Bool, wide: Bool)
        case url
        /// ISO 8601 (`2011-05-31T17:46:55Z`), the spec's default date style.
        case isoDate
        /// A date in a `DateFormatter` pattern (`Tue May 31 17:46:55 +0800 2011`).
        case datePattern(String)

        /// The pattern of a `datePattern`; nil for any other kind.
        var datePattern: String? {
            if case .datePattern(let pattern) = self { return pattern }
            return nil
        }
    }

    /// One shape that reads both.
    func merged(with other: CapturedShape) -> CapturedShape {
        switch (self, other) {
        case (.null, _): return other
        case (_, .null): return self
        case (.integer(let a), .integer(let b)): return .integer(wide: a || b)
        case (.integer, .number), (.number, .integer): return .number
        case (.text(.numeric(let a, let wideA)), .text(.numeric(let b, let wideB))):
            return .text(.numeric(integer: a && b, wide: wideA || wideB))
        case (.text(let a), .text(let b)): return .text(a == b ? a : .plain)
        case (.array(let a), .array(let b)): return .array(a.merged(with: b))
        default:
            if self == other { return self }
            // A number sent as text in one place and as a number in another reads leniently.
            let isLenient = { (shape: CapturedShape) in if case .lenient = shape { true } else { false } }
            if let a = number, let b = other.number, isLenient(self) || isLenient(other) || isText != other.isText {
                return .lenient(a.merged(with: b))
            }
            return .json
        }
    }

    /// The same shape with the model `old` named `new`.
    func renaming(_ old: String, to new: String) -> CapturedShape {
        switch self {
        case .model(old): .model(new)
        case .array(let element): .array(element.renaming(old, to: new))
        case .lenient(let number): .lenient(number.renaming(old, to: new))
        default: self
        }
    }

    /// The number a numeric shape reads as (text of digits too); nil for any other.
    private var number: CapturedShape? {
        switch self {
        case .integer, .number: self
        case .text(.numeric(let integer, let wide)): integer ? .integer(wide: wide) : .number
        case .lenient(let number): number
        default: nil
        }
    }

    private var isText: Bool {
        if case .text = self { return true }
        return false
    }
}

/// The date patterns captured text is recognised in beside ISO 8601, named by what they are.
enum KnownDatePattern: String, CaseIterable {
    /// A day: `2016-06-24`.
    case day = "yyyy-MM-dd"
    /// A day and a time of day, without a zone: `2023-07-04 20:00:17`.
    case dayAndTime = "yyyy-MM-dd HH:mm:ss"
    /// C's `ctime` layout with an offset before the year (Ruby 1.8's `Time#to_s`):
    /// `Tue May 31 17:46:55 +0800 2011`.
    case ctimeWithOffset = "EEE MMM dd HH:mm:ss Z yyyy"
    /// HTTP's date (RFC 9110's IMF-fixdate, RFC 1123's), always in GMT:
    /// `Mon, 07 Dec 2026 12:00:00 GMT`.
    case httpDate = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"

    /// Whether `text` is a date in the pattern: written exactly in it (a day as `DateRules.day`
    /// reads one; the other every field at its width, a valid date from 1900 on, as
    /// `DatePattern` reads it without its formatter), and read by the runtime in the zone the
    /// spec gives the pattern (`SpecWriter.patternZone`).
    func reads(_ text: String) -> Bool {
        guard let first = text.utf8.first, mayStart(with: first) else { return false }
        let exactly =
            self == .day ? DateRules.day(text) != nil : Self.fixedWidth[self]?.dateWithoutFormatter(from: text) != nil
        return exactly && Self.runtime[self]?.date(from: text) != nil
    }

    /// Whether the pattern writes a time of day without its zone: its times are the API's
    /// clock's, in a zone the spec must name (`timezone:`).
    var needsZone: Bool { self == .dayAndTime }

    /// Whether a date in the pattern may start with `byte`: a year's digit, a weekday's
    /// capital. Other text is not parsed.
    private func mayStart(with byte: UInt8) -> Bool {
        switch self {
        case .day, .dayAndTime: (0x30...0x39).contains(byte)
        case .ctimeWithOffset, .httpDate: (0x41...0x5A).contains(byte)
        }
    }

    private static let fixedWidth = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, DatePattern($0.rawValue, zone: nil)) })
    private static let runtime = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, DatePattern($0.rawValue, zone: SpecWriter.patternZone)) })
}

/// The models a capture's bodies make, merged by name across every body of every endpoint: the
/// `user` of a status and the body of a profile are one `User`.
struct CapturedModels {
    /// A model's fields as seen: in the order first seen, with what the objects read as it held
    /// at each key.
    struct Model {
        /// What the objects held at one key.
        struct Field {
            var shape = CapturedShape.null
            /// How often the key was present, and present and not null.
            var present = 0
            var nonNull = 0
            /// How often it held `""` or `[]`, which say "none" where its other values are not
            /// text or arrays (PHP-backed APIs), and which are values of their own where they are.
            var emptyTexts = 0
            var emptyArrays = 0
            /// The words it held, up to a few (an enum's values), with the objects that held each
            /// (by their id, else their scalars): one object captured again and again (a user in
            /// every status) says nothing of an enum.
            var words: [String: Set<String>] = [:]
            /// How often it held text that is no word (`"two words"`): then it has no enum.
            var otherTexts = 0
            /// The smallest and the largest integer it held (an epoch time's range).
            var integers: ClosedRange<Int64>?

            /// Records what one object held, `holder` telling the object apart; true where the
            /// key is new to the model.
            fileprivate mutating func record(_ value: CapturedShape, _ held: Held, holder: () -> String) -> Bool {
                var isNull = value == .null
                switch held {
                case .emptyText:
                    emptyTexts += 1
                    isNull = true
                case .emptyArray:
                    emptyArrays += 1
                    isNull = true
                case .word(let word):
                    if words[word] != nil || words.count <= CapturedModels.enumLimit {
                        words[word, default: []].insert(holder())
                    }
                case .text:
                    otherTexts += 1
                case .integer(let integer):
                    integers =
                        integers.map { min($0.lowerBound, integer)...max($0.upperBound, integer) } ?? integer...integer
                case .other:
                    break
                }
                shape = shape.merged(with: value)
                present += 1
                if !isNull { nonNull += 1 }
                return present == 1
            }
        }

        var name: String
        var keys: [String] = []
        var fields: [String: Field] = [:]
        var objects = 0
    }

    /// The most values an enum the capture shows may have.
    fileprivate static let enumLimit = 5

    private(set) var models: [Model] = []
    private var indexes: [String: Int] = [:]
    /// The model name each key gives (`modelName(for:)`), worked out once per key.
    private var modelNames: [String: String] = [:]
    /// The model the objects at each place are (`Status.user`, `Autocomplete.account`): one
    /// place's objects are one model, whatever their keys.
    private var placeModels: [Place: String] = [:]

    /// A key of a model or of an endpoint's answer (`holder`).
    private struct Place: Hashable {
        var holder: String
        var key: String
    }
    /// The keys of the object a model is being read from while the model has none yet (its
    /// first object's members are read before its keys are recorded).
    private var pendingKeys: [String: Set<String>] = [:]
    /// The models first met inside another model (not an endpoint's answer or a request's
    /// body), with the place and key that named them: one of them gives its name to an answer of
    /// another shape, and takes its place's.
    private var nestedOrigins: [String: (place: String, name: String)] = [:]
    /// The name each model named after its place (`DropletSize`) would have had (`Size`).
    private var plainNames: [String: String] = [:]

    /// The shape of `node`, found at a key named `name` in the model `place` (or the endpoint
    /// whose answer it is): an object becomes the model that name gives, an array's objects the
    /// model of its singular. Where that model has keys of its own and the object shares fewer
    /// than half of them, read elsewhere, the object is a model of its place's
    /// (`AutocompleteAccount` beside the `Account` of `accounts`).
    ///
    /// An endpoint's answer (`answer`) takes the name from a model met inside another of
    /// another shape (the `Size` of `sizes` from a disk's `size: {amount, unit}`, which becomes
    /// `DiskInfoSize`), and the model of its shape named after its place becomes it (a droplet's
    /// `DropletSize` is the `Size`).
    mutating func shape(of node: YAMLNode, name: String, at place: String = "", answer: Bool = false)
        -> CapturedShape
    {
        switch node.content {
        case .scalar(let text, let style):
            return style == .plain ? Self.plainShape(text) : .text(Self.textKind(text))
        case .sequence(let items):
            let element = SwiftNaming.singular(name)
            return .array(
                items.reduce(CapturedShape.null) {
                    $0.merged(with: shape(of: $1, name: element, at: place, answer: answer))
                })
        case .mapping:
            let placeName = Place(holder: place, key: name)
            if let model = placeModels[placeName] {
                read(node, as: model)
                return .model(model)
            }
            var model: String
            // A JSON:API resource object is named by its type (`{"type": "accounts", "attributes":
            // {…}}` is an `Account`), whatever key holds it (`data`).
            if let type = Self.resourceType(of: node) {
                model = modelName(for: SwiftNaming.singular(type))
            } else {
                // A name not seen yet is a known model's when its keys are that model's, or most
                // of them (a status an update returns, or a repost a show returns, is the `Status`
                // of a timeline), or when it ends in that model's name and has its keys
                // (`retweeted_status`).
                model = modelName(for: name)
                if indexes[model] == nil {
                    let keys = Set(node.entries.map(\.key))
                    if let known = models.first(where: { known in
                        keys.count >= 3 && keys.isSubset(of: known.keys) && keys.count * 2 >= known.keys.count
                    }) {
                        model = known.name
                    } else if let known = models.filter({
                        model.hasSuffix($0.name) && model != $0.name && fits(node, $0)
                    }).max(by: { $0.name.count < $1.name.count }) {
                        model = known.name
                    }
                }
            }
            if !place.isEmpty, let index = indexes[model], !fits(node, models[index]) {
                let plain = model
                if answer, let origin = nestedOrigins[plain],
                    rename(plain, to: modelName(for: origin.place + "_" + origin.name))
                {
                    if let sibling = models.first(where: { plainNames[$0.name] == plain && fits(node, $0) }) {
                        rename(sibling.name, to: plain)
                    }
                } else {
                    model = modelName(for: place + "_" + name)
                    plainNames[model] = plain
                }
            }
            if indexes[model] == nil, !answer, !place.isEmpty { nestedOrigins[model] = (place, name) }
            placeModels[placeName] = model
            read(node, as: model)
            return .model(model)
        }
    }

    /// Names the models `holders` hold at `key` after their holders (`PushEvent`'s `payload` a
    /// `PushEventPayload`), where they are not all one model: a union's variants whose member
    /// is of another shape in each.
    mutating func nameApart(at key: String, in holders: [String]) {
        let held = holders.compactMap { holder in placeModels[Place(holder: holder, key: key)].map { (holder, $0) } }
        guard Set(held.map(\.1)).count > 1 else { return }
        for (holder, model) in held where model == modelName(for: key) {
            rename(model, to: modelName(for: holder + "_" + key))
        }
    }

    /// Renames a model wherever the models and places name it; false (and nothing renamed)
    /// where the new name is taken.
    @discardableResult
    private mutating func rename(_ old: String, to new: String) -> Bool {
        guard let index = indexes[old], indexes[new] == nil else { return false }
        models[index].name = new
        indexes[old] = nil
        indexes[new] = index
        for model in models.indices {
            for key in models[model].keys {
                models[model].fields[key]!.shape = models[model].fields[key]!.shape.renaming(old, to: new)
            }
        }
        for (place, model) in placeModels where model == old { placeModels[place] = new }
        nestedOrigins[new] = nestedOrigins.removeValue(forKey: old)
        plainNames[new] = plainNames.removeValue(forKey: old)
        if plainNames[new] == new { plainNames[new] = nil }
        return true
    }

    /// Whether an object's keys are a model's: one set of keys within the other (a district's
    /// `{name, adcode}` beside a district with its `center` and `level` too), or at least half of
    /// the larger set shared (the keys of the object the model is being read from, while it has
    /// none yet).
    private func fits(_ object: YAMLNode, _ model: Model) -> Bool {
        let known = model.keys.isEmpty ? pendingKeys[model.name] ?? [] : Set(model.keys)
        guard !known.isEmpty else { return true }
        let keys = Set(object.entries.map(\.key))
        let shared = keys.intersection(known).count
        return shared == min(keys.count, known.count) || shared * 2 >= max(keys.count, known.count)
    }

    /// The shape of an object read as the model `model`, whatever its keys say (a model the
    /// importer names itself: GraphQL's errors); another node as `shape(of:name:)` reads it.
    mutating func shape(of node: YAMLNode, model: String) -> CapturedShape {
        guard node.isMapping else { return shape(of: node, name: model) }
        read(node, as: model)
        return .model(model)
    }

    /// What one key of an object held, beside its shape, as `read` records it.
    fileprivate enum Held {
        /// `""` or `[]`, set aside: whether they are values or "none" depends on the key's other
        /// values (`drafts`).
        case emptyText, emptyArray
        /// A word an enum's value may be.
        case word(String)
        /// Other text.
        case text
        case integer(Int64)
        case other
    }

    private mutating func read(_ object: YAMLNode, as name: String) {
        if indexes[name] == nil {
            indexes[name] = models.count
            models.append(Model(name: name))
        }
        guard case .mapping(let pairs) = object.content else { return }
        let isFirst = models[indexes[name]!].keys.isEmpty && pendingKeys[name] == nil
        if isFirst { pendingKeys[name] = Set(object.entries.map(\.key)) }
        defer { if isFirst { pendingKeys[name] = nil } }
        // The values are read first (an object inside may be of this model too), then the model
        // is taken out of the list, changed in place and put back.
        var fields: [(key: String, shape: CapturedShape, held: Held)] = []
        fields.reserveCapacity(pairs.count)
        // A resource's members are its own (an `Account`'s `attributes` are `AccountAttributes`),
        // not every resource's.
        let isResource = Self.resourceType(of: object) != nil
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            let child = isResource ? name + "_" + key : key
            switch pair.value.content {
            case .scalar("", .doubleQuoted), .scalar("", .singleQuoted):
                fields.append((key, .null, .emptyText))
            case .sequence(let items) where items.isEmpty:
                fields.append((key, .null, .emptyArray))
            case .scalar(let word, .doubleQuoted) where Self.isWord(word):
                fields.append((key, shape(of: pair.value, name: child, at: name), .word(word)))
            default:
                let shape = shape(of: pair.value, name: child, at: name)
                var held = Held.other
                if case .text = shape { held = .text }
                if case .integer = shape, let value = pair.value.scalarText.flatMap({ Int64($0) }) {
                    held = .integer(value)
                }
                fields.append((key, shape, held))
            }
        }
        let index = indexes[name]!
        var model = Model(name: name)
        swap(&model, &models[index])
        defer { swap(&model, &models[index]) }
        var identity: String?
        model.objects += 1
        for (key, shape, held) in fields {
            let isNew = model.fields[key, default: Model.Field()].record(shape, held) {
                let holder = identity ?? Self.identity(of: object)
                identity = holder
                return holder
            }
            if isNew { model.keys.append(key) }
        }
    }

    /// The type of a JSON:API resource object (jsonapi.org: `{"type": "accounts", "id": "1",
    /// "attributes": {…}}`): a word at `type` beside an object at `attributes`; nil for any other.
    private static func resourceType(of object: YAMLNode) -> String? {
        guard object["attributes"]?.isMapping == true, let type = object["type"]?.scalarText, isWord(type) else {
            return nil
        }
        return type
    }

    /// `statuses` -> `Status`, `user` -> `User`; a name the generated code can't take gets a
    /// suffix.
    private mutating func modelName(for key: String) -> String {
        if let known = modelNames[key] { return known }
        let typeName = SwiftNaming.typeName(key) ?? "Model"
        let name = ReservedNames.canNameModel(typeName) ? typeName : typeName + "Model"
        modelNames[key] = name
        return name
    }

    /// `true`, `12`, `2147483648`, `1.5`, `null`.
    private static func plainShape(_ text: String) -> CapturedShape {
        switch text {
        case "true", "false": return .bool
        case "null", "~", "": return .null
        default:
            if let value = Int64(text) { return .integer(wide: value > Int64(Int32.max) || value < Int64(Int32.min)) }
            return Double(text) != nil ? .number : .text(textKind(text))
        }
    }

    /// Numbers' digits, dates the shared rules read (`DateRules`: ISO 8601 as the runtime reads
    /// it; a `KnownDatePattern`), URLs; anything else is plain text.
    static func textKind(_ text: String) -> CapturedShape.TextKind {
        if let integer = Int64(text) {
            return .numeric(integer: true, wide: integer > Int64(Int32.max) || integer < Int64(Int32.min))
        }
        if Double(text) != nil, text.contains("."), text.allSatisfy({ $0.isNumber || "+-.".contains($0) }) {
            return .numeric(integer: false, wide: false)
        }
        // ISO 8601 starts with its year: other text is not handed to its parser, whose every
        // failure costs (it formats an example date for the error it throws).
        if let first = text.utf8.first, (0x30...0x39).contains(first), DateRules.isoDate(text) != nil {
            return .isoDate
        }
        if let known = KnownDatePattern.allCases.first(where: { $0.reads(text) }) {
            return .datePattern(known.rawValue)
        }
        if text.hasPrefix("https://") || text.hasPrefix("http://"), !text.contains(" "), URL(string: text) != nil {
            return .url
        }
        return .plain
    }

    /// The draft of a shape where a member or a response uses it.
    static func type(of shape: CapturedShape) -> TypeDraft {
        switch shape {
        case .null, .json: return .json
        case .bool: return .scalar("Bool")
        case .integer(let wide): return .scalar(wide ? "Int64" : "Int")
        case .number: return .scalar("Double")
        case .text(.plain), .text(.numeric): return .scalar("String")
        case .lenient(let number): return type(of: number)
        case .text(.url): return .scalar("URL")
        case .text(.isoDate): return .scalar("Date")
        case .text(.datePattern(let pattern)):
            var date = TypeDraft.scalar("Date")
            date.dateFormat = pattern
            return date
        case .model(let name): return TypeDraft(spelling: name, kind: .object)
        case .array(let element):
            let type = self.type(of: element)
            return TypeDraft(spelling: "[\(type.spelling)]", kind: .array(elementIsScalar: type.kind == .scalar))
        }
    }

    /// `active`, `in_review`, `h5`: text an enum's value may be.
    private static func isWord(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, first | 0x20 >= UInt8(ascii: "a"), first | 0x20 <= UInt8(ascii: "z"),
            utf8.count <= 24
        else { return false }
        return utf8.allSatisfy { byte in
            let lower = byte | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
    }

    /// `secondsSince1970` (or milliseconds) for integers a key named like a time (`created_at`,
    /// `updateTime`, `expires`) held, every one of them between 2001 and 2100; nil for others
    /// (ids are integers of ten digits too).
    private static func epochStyle(_ key: String, _ range: ClosedRange<Int64>?) -> String? {
        let lower = key.lowercased()
        guard let range,
            ["time", "date", "_at", "created", "updated", "expires", "timestamp"].contains(where: {
                lower.contains($0)
            }) || key.hasSuffix("At")
        else { return nil }
        let seconds: ClosedRange<Int64> = 978_307_200...4_102_444_800
        if seconds.contains(range.lowerBound), seconds.contains(range.upperBound) {
            return DateStyleName.secondsSince1970.rawValue
        }
        let milliseconds = seconds.lowerBound * 1000...seconds.upperBound * 1000
        if milliseconds.contains(range.lowerBound), milliseconds.contains(range.upperBound) {
            return DateStyleName.millisecondsSince1970.rawValue
        }
        return nil
    }

    /// What tells one object from another: its id, else its scalars.
    private static func identity(of object: YAMLNode) -> String {
        let id = object.entries.first { ["id", "ID", "_id", "uuid"].contains($0.key) }?.value.scalarText
        return id ?? object.entries.compactMap { $0.value.scalarText }.joined(separator: "\u{1}")
    }

    /// The values of an enum, where a key's text is a few words, each held by at least two
    /// objects and six in all, and nothing else; nil for any other.
    private static func enumValues(_ holders: [String: Set<String>], seen: Int) -> [String]? {
        guard (2...enumLimit).contains(holders.count), holders.values.allSatisfy({ $0.count >= 2 }),
            holders.values.reduce(0, { $0 + $1.count }) >= 6, holders.count <= seen
        else { return nil }
        return holders.keys.sorted()
    }

    /// The models as drafts: a field is optional where an object lacked it or held null; one
    /// only ever null is `JSON?`, said so. `""` and `[]` are values where the key's others are
    /// text or arrays, and say "none" (optional, `emptyAsNil: true`) where they are not.
    var drafts: [ModelDraft] {
        models.map { model in
            var draft = ModelDraft(name: model.name)
            for key in model.keys {
                let field = model.fields[key]!
                var shape = field.shape
                let emptyTexts = field.emptyTexts
                let emptyArrays = field.emptyArrays
                var nonNull = field.nonNull
                var emptyAsNil = false
                switch shape {
                case .null where emptyTexts + emptyArrays > 0:
                    shape = emptyArrays > 0 ? .array(.null) : .text(.plain)
                    nonNull += emptyTexts + emptyArrays
                case .array:
                    nonNull += emptyArrays
                    emptyAsNil = emptyTexts > 0
                case .text(.plain), .text(.numeric):
                    nonNull += emptyTexts
                    emptyAsNil = emptyArrays > 0
                default:
                    emptyAsNil = emptyTexts + emptyArrays > 0
                }
                var member = MemberDraft(key: key, type: Self.type(of: shape))
                if case .integer = shape, let style = Self.epochStyle(key, field.integers) {
                    member.type = .scalar("Date")
                    member.type.dateFormat = style
                }
                let present = field.present
                member.optional =
                    emptyAsNil || present < model.objects || nonNull < present || member.type.spelling == "JSON"
                member.emptyAsNil = emptyAsNil
                if shape == .text(.plain), emptyTexts == 0, field.otherTexts == 0,
                    let values = Self.enumValues(field.words, seen: nonNull)
                {
                    member.type.enumValues = values
                }
                if case .lenient = shape { member.lenient = true }
                if shape == .null {
                    member.comments.append("only null in \(present) captured bodies: its type is a guess")
                }
                if shape == .json { member.comments.append("captured as values of different types") }
                draft.fields.append(member)
            }
            return draft
        }
    }
}
