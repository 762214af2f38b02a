import Foundation
internal import XToolRules

/// Reads a model's fields where synthesized `Codable` cannot: dotted key paths, defaults,
/// lenient APIs, per-field date styles.
///
/// ```swift
/// let c = try FieldDecoder(decoder, lenient: true)
/// id = try c.decode("id")                                    // Optional: missing or null -> nil
/// repostsCount = try c.decode("reposts_count", default: 0)   // missing -> 0; null -> 0 when lenient
/// coordinates = try c.decode("geo.coordinates")              // walks nested objects
/// createdAt = try c.decode("created_at", dateFormat: "yyyy-MM-dd")
/// ```
///
/// A component of digits indexes an array (`weather.0.description`; an object with such a key is
/// still read as an object). A missing or null object on the way along a dotted key path, an
/// index past the end of its array, or a key looked up in an array, counts as a missing value.
/// A `Date` without `dateFormat` is read in the `dates` style given (generated models give their
/// API's), else in the client's `dates` style, else as ISO 8601; so are the dates inside optionals,
/// arrays and dictionaries. Leniency applies to `String`, `Int`, `Int64`, `Double`,
/// `Decimal`, `Bool`, and optionals and arrays of them; it is on when `lenient` is true or the
/// client that decodes is lenient.
@_spi(Generated)
public struct FieldDecoder {
    /// The object decoded; nil for a document that is an array (`init(document:)`).
    @usableFromInline let root: KeyedDecodingContainer<AnyKey>?
    private let decoder: any Decoder
    /// The model's own `lenient` and `dates`; the decoding client's are read from `userInfo`
    /// only when a value needs them.
    private var modelLenient: Bool
    private let modelDates: DateStyle?
    /// An empty array, object or string is nil (or the default) for an optional field (or one
    /// with a default), and a missing value where the key path goes through it.
    @usableFromInline var emptyAsNil = false

    /// Reads the object `decoder` holds; `lenient` as the API's `lenient:` says, `emptyAsNil` as
    /// its `emptyAsNil:`, and dates in `dates` (the API's `dates:`), else in the decoding client's
    /// style, else as ISO 8601. A generated model passes its API's style, so that it decodes alike
    /// through a client and through a plain `JSONDecoder`.
    public init(_ decoder: any Decoder, lenient: Bool = false, emptyAsNil: Bool = false, dates: DateStyle? = nil)
        throws
    {
        root = try decoder.container(keyedBy: AnyKey.self)
        self.decoder = decoder
        modelLenient = lenient
        modelDates = dates
        self.emptyAsNil = emptyAsNil
    }

    /// This decoder for a field with `emptyAsNil: true` of its own: PHP-backed APIs send `[]`,
    /// `{}` or `""` for a text or an object they don't have (`"tel": []`), which then reads as
    /// nil (or the field's default), and as a missing value on a key path's way (`biz_ext.rating`
    /// with `"biz_ext": []`).
    public var emptiesAsNil: FieldDecoder {
        var decoder = self
        decoder.emptyAsNil = true
        return decoder
    }

    /// This decoder for a field with `lenient: true` of its own (or in a model with
    /// `lenient: true`): one text-for-number field doesn't make the whole API lenient.
    public var leniently: FieldDecoder {
        var decoder = self
        decoder.modelLenient = true
        return decoder
    }

    /// Reads a response document, which may be an array as well as an object: a key path into
    /// it may start with an index (`0.id`), and a key looked up in an array is missing (an
    /// envelope's code in a bare array, which `missing: success` accepts).
    init(document decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            root = object
        } else {
            root = nil
            _ = try decoder.unkeyedContainer()  // neither an object nor an array: the decoder's error
        }
        self.decoder = decoder
        modelLenient = false
        modelDates = nil
    }

    private var lenient: Bool { modelLenient || decoder.userInfo[.lenient] as? Bool == true }
    private var dates: DateStyle { modelDates ?? decoder.userInfo[.dateStyle] as? DateStyle ?? .iso8601 }

    // The clean path most fields take is inlinable, so that it is specialized for the field's
    // type in the generated module: a key whose value decodes strictly, in one lookup through
    // the container's own overloads (through the nested objects of a dotted key path of plain
    // names, such as `geo.coordinates`). Anything else (a path with an index or `[]`, dates, a
    // missing, null or mistyped value, leniency) goes the general way, which is not inlined.

    /// The value at the dotted key path `key`. An optional (or `Indirect` optional) is nil when
    /// the value is missing or null; anything else must be there.
    @inlinable
    public func decode<T: Decodable>(_ key: String) throws -> T {
        if !emptyAsNil, case .found(let container, let last) = plainEnd(T.self, key),
            let value = try? Self.value(T.self, forKey: last, in: container)
        {
            return value
        }
        return try decodeGenerally(key, default: nil, dateFormat: nil)
    }

    /// The value at `key` of an optional field: nil when it is missing or null. What
    /// `decode(_:)` does for `T?`, without an error made and caught for a missing key.
    @inlinable
    public func decodeIfPresent<T: Decodable>(_ key: String) throws -> T? {
        switch emptyAsNil ? .general : plainEnd(T.self, key) {
        case .found(let container, let last):
            do {
                return try Self.valueIfPresent(T.self, forKey: last, in: container)
            } catch {
                // A value of another type: leniency decides, on the general path below.
            }
        case .absent: return nil
        case .general: break
        }
        return try decodeGenerally(key, default: nil, dateFormat: nil) as T?
    }

    /// The value at `key`, or `default` when it is missing (or null, for a lenient API).
    @inlinable
    public func decode<T: Decodable>(_ key: String, default: T) throws -> T {
        switch emptyAsNil ? .general : plainEnd(T.self, key) {
        case .found(let container, let last):
            // Missing is the default's case, answered without an error made and caught.
            do {
                if let value = try Self.valueIfPresent(T.self, forKey: last, in: container) { return value }
                if !container.contains(last) { return `default` }
            } catch {
                // A value of another type: leniency decides, on the general path below.
            }
        case .absent: return `default`
        case .general: break
        }
        return try decodeGenerally(key, default: `default`, dateFormat: nil)
    }

    /// The value at `key` of `container`, through the container's own overload for `String`,
    /// `Int`, `Int64`, `Double` and `Bool` (specialized, each test is a constant): the generic
    /// `decode(_:forKey:)` takes the decoder's generic path, which costs several times as much.
    @inlinable
    static func value<T: Decodable>(_ type: T.Type, forKey key: AnyKey, in container: KeyedDecodingContainer<AnyKey>)
        throws -> T
    {
        if T.self == String.self { return try container.decode(String.self, forKey: key) as! T }
        if T.self == Int.self { return try container.decode(Int.self, forKey: key) as! T }
        if T.self == Int64.self { return try container.decode(Int64.self, forKey: key) as! T }
        if T.self == Double.self { return try container.decode(Double.self, forKey: key) as! T }
        if T.self == Bool.self { return try container.decode(Bool.self, forKey: key) as! T }
        return try container.decode(T.self, forKey: key)
    }

    /// `value(_:forKey:in:)` of a value that may be missing or null (nil then).
    @inlinable
    static func valueIfPresent<T: Decodable>(
        _ type: T.Type, forKey key: AnyKey, in container: KeyedDecodingContainer<AnyKey>
    ) throws -> T? {
        if T.self == String.self { return try container.decodeIfPresent(String.self, forKey: key) as! T? }
        if T.self == Int.self { return try container.decodeIfPresent(Int.self, forKey: key) as! T? }
        if T.self == Int64.self { return try container.decodeIfPresent(Int64.self, forKey: key) as! T? }
        if T.self == Double.self { return try container.decodeIfPresent(Double.self, forKey: key) as! T? }
        if T.self == Bool.self { return try container.decodeIfPresent(Bool.self, forKey: key) as! T? }
        return try container.decodeIfPresent(T.self, forKey: key)
    }

    /// Where the clean path reads a field of type `T` at `key` (see `PathEnd`).
    @inlinable
    func plainEnd<T>(_ type: T.Type, _ key: String) -> PathEnd {
        guard let root, !Self.holdsDates(T.self) else { return .general }
        return Self.isKeyPath(key) ? plainPathEnd(key, in: root) : .found(root, AnyKey(key))
    }

    /// Whether `T` holds dates (see `DatesDecodable`). The scalars most fields hold, alone or
    /// optional, are answered by comparisons that specialization folds into a constant; any other
    /// type asks for the conformance.
    @inlinable
    static func holdsDates<T>(_ type: T.Type) -> Bool {
        if T.self == String.self || T.self == String?.self || T.self == Int.self || T.self == Int?.self
            || T.self == Int64.self || T.self == Int64?.self || T.self == Double.self || T.self == Double?.self
            || T.self == Bool.self || T.self == Bool?.self || T.self == URL.self || T.self == URL?.self
            || T.self == [String].self || T.self == [Int].self || T.self == [Int64].self || T.self == [Double].self
        {
            return false
        }
        return T.self is any DatesDecodable.Type
    }

    /// Where a key path ends for the clean path.
    @usableFromInline
    enum PathEnd {
        /// The object that holds the value, and the value's key in it.
        case found(KeyedDecodingContainer<AnyKey>, AnyKey)
        /// An object on the way is missing or null: the value is missing.
        case absent
        /// The general path decides: dates, an index, `[]`, an escaped dot, an empty key, or a
        /// value on the way that isn't an object.
        case general
    }

    /// The end of a dotted key path of plain names (`geo.coordinates`), walked through nested
    /// objects.
    @usableFromInline
    func plainPathEnd(_ key: String, in root: KeyedDecodingContainer<AnyKey>) -> PathEnd {
        var container = root
        var rest = Substring(key)
        while true {
            let dot = rest.utf8.firstIndex(of: UInt8(ascii: "."))
            let name = dot.map { rest[..<$0] } ?? rest
            guard Self.isPlainName(name) else { return .general }
            let codingKey = AnyKey(String(name))
            guard let dot else { return .found(container, codingKey) }
            guard container.contains(codingKey), (try? container.decodeNil(forKey: codingKey)) == false else {
                return .absent
            }
            guard let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: codingKey) else {
                return .general
            }
            container = nested
            rest = rest[rest.utf8.index(after: dot)...]
        }
    }

    /// Whether a key-path component is a key and nothing more: not empty, not an index, no `[]`
    /// and no backslash.
    static func isPlainName(_ name: Substring) -> Bool {
        var allDigits = true
        for byte in name.utf8 {
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "[") { return false }
            if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { allDigits = false }
        }
        return !name.isEmpty && !allDigits
    }

    /// Whether `key` is empty, dotted or reads each element: a path rather than one key of the object.
    @inlinable
    static func isKeyPath(_ key: String) -> Bool {
        // Over the contiguous bytes where there are some (a literal's, a native string's): the
        // UTF-8 view's own search costs several times as much.
        key.utf8.withContiguousStorageIfAvailable(isKeyPath(bytes:)) ?? isKeyPath(bytes: key.utf8)
    }

    /// `isKeyPath(_:)` of a key's UTF-8 bytes.
    @inlinable
    static func isKeyPath(bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard let last = bytes.last, last != UInt8(ascii: "]") else { return true }
        return bytes.contains(UInt8(ascii: "."))
    }

    /// What every call that missed the clean path does: a date written as text at a plain key
    /// read from that text, anything else along its key path (`dateFormat` nil: the model's or
    /// the client's `dates`).
    @usableFromInline
    func decodeGenerally<T: Decodable>(_ key: String, default fallback: T?, dateFormat: DateStyle?) throws -> T {
        let dates = dateFormat ?? self.dates
        if T.self == Date.self || T.self == Date?.self, !emptyAsNil, let date = textDate(key, dates: dates) {
            return (date as? T) ?? (Date?.some(date) as! T)
        }
        return try decode(key, default: fallback, dates: dates)
    }

    /// The date at a plain `key` written as text in `dates`, read without a decoder of its
    /// own; nil for anything else (missing, null, a number, text in another style), which the
    /// general path then reads or reports.
    private func textDate(_ key: String, dates: DateStyle) -> Date? {
        guard !Self.isKeyPath(key), let text = try? root?.decode(String.self, forKey: AnyKey(key)) else { return nil }
        return dates.date(fromText: text)
    }

    /// A `Date` at `key` (or a `Date?`, `[Date]`, `[String: Date]`…) in its own style (the same
    /// values as the client's `dates`).
    public func decode<T: Decodable>(_ key: String, dateFormat: DateStyle) throws -> T {
        try decodeGenerally(key, default: nil, dateFormat: dateFormat)
    }

    /// Dates at `key` of an optional field in their own style: nil when missing or null.
    public func decodeIfPresent<T: Decodable>(_ key: String, dateFormat: DateStyle) throws -> T? {
        try decodeGenerally(key, default: nil, dateFormat: dateFormat) as T?
    }

    /// Dates at `key` in their own style, or `default` when missing (`[Date]` with `default: []`).
    public func decode<T: Decodable>(_ key: String, default: T, dateFormat: DateStyle) throws -> T {
        try decodeGenerally(key, default: `default`, dateFormat: dateFormat)
    }

    /// The object's other members (a model's `others:`): each key but those of `known` (the
    /// first key of each field's key path) with its value, read as a field's value is (dates in
    /// the model's style, leniently for a lenient API); a null member is left out.
    public func decodeOthers<T: Decodable>(except known: Set<String>) throws -> [String: T] {
        guard let root else { return [:] }
        var others: [String: T] = [:]
        for key in root.allKeys where !known.contains(key.stringValue) {
            guard try !root.decodeNil(forKey: key) else { continue }
            others[key.stringValue] = try value(T.self, dates: dates, root.superDecoder(forKey: key)) {
                try root.decode(T.self, forKey: key)
            }
        }
        return others
    }

    /// The value at `key` of a field that is `false` when it has none (`T | false` in the spec:
    /// Reddit's `edited` is `false`, or the time of the edit): nil when missing, null or `false`.
    public func decodeUnlessFalse<T: Decodable>(_ key: String) throws -> T? {
        try decodeUnlessFalse(key, dateFormat: nil)
    }

    /// Dates at `key` in their own style, or nil when missing, null or `false`.
    public func decodeUnlessFalse<T: Decodable>(_ key: String, dateFormat: DateStyle?) throws -> T? {
        let value: JSON? = try decodeGenerally(key, default: nil, dateFormat: nil)
        guard let value, value != .bool(false) else { return nil }
        return try decodeGenerally(key, default: nil, dateFormat: dateFormat) as T?
    }

    private func decode<T: Decodable>(_ key: String, default fallback: T?, dates: DateStyle) throws -> T {
        try decode(at: keyPath(key), default: fallback, dates: dates)
    }

    /// The value along the key path's `components`; from a component `name[]` on, each element
    /// of the array at `name` is read along the rest (see `KeyPathArrays.swift`).
    private func decode<T: Decodable>(at components: [String], default fallback: T?, dates: DateStyle) throws -> T {
        let each = KeyPathSyntax.eachSplit(components)
        var rest = (each?.array ?? components)[...]
        guard !rest.isEmpty else {
            throw DecodingError.keyNotFound(
                AnyKey(components.joined(separator: ".")),
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: components.isEmpty ? "Empty key path." : "A key path can't start with '[]'."))
        }
        var cursor = try root.map(Cursor.object) ?? .array(decoder.unkeyedContainer())
        while let name = rest.popFirst() {
            let decoder: any Decoder
            switch cursor {
            case .object(let container):
                let key = AnyKey(name)
                guard container.contains(key), try !container.decodeNil(forKey: key) else {
                    // A missing or null object on the way means a missing value.
                    return try absent(
                        T.self, key, at: container.codingPath, fallback: fallback,
                        isNull: rest.isEmpty && container.contains(key))
                }
                if emptyAsNil, fallback != nil || T.self is any NullRepresentable.Type,
                    let empty = Self.emptiness(container, key)
                {
                    // An empty text, or an empty array or object where the path goes on or where
                    // the value is not of the field's own kind (`[]` for a `[String]?` stays `[]`).
                    let ownKind =
                        empty == .container && rest.isEmpty
                        ? try? value(T.self, dates: dates, inEach: each?.inEach, container.superDecoder(forKey: key)) {
                            try container.decode(T.self, forKey: key)
                        } : nil
                    if let ownKind { return ownKind }
                    return try absent(T.self, key, at: container.codingPath, fallback: fallback, isNull: false)
                }
                if rest.isEmpty {
                    return try value(T.self, dates: dates, inEach: each?.inEach, container.superDecoder(forKey: key)) {
                        try container.decode(T.self, forKey: key)
                    }
                }
                guard rest.first.flatMap(arrayIndex) != nil else {
                    cursor = .object(try container.nestedContainer(keyedBy: AnyKey.self, forKey: key))
                    continue
                }
                decoder = try container.superDecoder(forKey: key)
            case .array(var container):
                // A key in an array (the document's own) is missing, like a key in a null.
                guard let index = arrayIndex(name) else {
                    return try absent(
                        T.self, AnyKey(name), at: container.codingPath, fallback: fallback, isNull: false,
                        why: "No value for key '\(name)': the value is an array.")
                }
                let count = container.count ?? 0
                guard index < count else {
                    return try absent(
                        T.self, IndexKey(index), at: container.codingPath, fallback: fallback, isNull: false,
                        why: "No element at index \(index): the array has \(count).")
                }
                for _ in 0..<index { _ = try container.decode(Skipped.self) }
                if try container.decodeNil() {
                    return try absent(
                        T.self, IndexKey(index), at: container.codingPath, fallback: fallback, isNull: rest.isEmpty)
                }
                if rest.isEmpty {
                    var element = container
                    return try value(T.self, dates: dates, inEach: each?.inEach, container.superDecoder()) {
                        try element.decode(T.self)
                    }
                }
                decoder = try container.superDecoder()
            }
            // The value at `name` holds the next component: an array when that is an index and
            // the value is one, else an object (whose key may well be "0").
            if rest.first.flatMap(arrayIndex) != nil, let array = try? decoder.unkeyedContainer() {
                cursor = .array(array)
            } else if emptyAsNil, fallback != nil || T.self is any NullRepresentable.Type, Self.isEmpty(decoder) {
                // An element that is `[]` or `""` where the path looks for a key in an object.
                return try absent(T.self, AnyKey(name), at: decoder.codingPath, fallback: fallback, isNull: false)
            } else {
                cursor = .object(try decoder.container(keyedBy: AnyKey.self))
            }
        }
        preconditionFailure("a non-empty key path returns from its last component")
    }

    /// What an empty value at `key` is: an empty text, or an empty array or object; nil for any
    /// other value.
    private static func emptiness(_ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey) -> Emptiness? {
        if let text = try? container.decode(String.self, forKey: key) { return text.isEmpty ? .text : nil }
        if let array = try? container.nestedUnkeyedContainer(forKey: key) { return array.count == 0 ? .container : nil }
        if let object = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
            return object.allKeys.isEmpty ? .container : nil
        }
        return nil
    }

    /// Whether the value `decoder` holds is an empty array or an empty text.
    private static func isEmpty(_ decoder: any Decoder) -> Bool {
        if let array = try? decoder.unkeyedContainer() { return array.count == 0 }
        return (try? decoder.singleValueContainer().decode(String.self)) == ""
    }

    private enum Emptiness {
        case text, container
    }

    /// Where the walk along a key path stands: in an object or in an array.
    private enum Cursor {
        case object(KeyedDecodingContainer<AnyKey>)
        case array(any UnkeyedDecodingContainer)
    }

    /// The value itself, once found: an array read along `inEach` in each element, a `Date` in
    /// its style, a lenient type leniently, anything else as the container decodes it.
    private func value<T: Decodable>(
        _ type: T.Type, dates: DateStyle, inEach: [String]? = nil, _ decoder: @autoclosure () throws -> any Decoder,
        plain: () throws -> T
    ) throws -> T {
        if let inEach {
            guard let arrayType = T.self as? any KeyPathArrayDecodable.Type else {
                let decoder = try decoder()
                throw DecodingError.typeMismatch(
                    T.self,
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "'[]' reads each element of an array into an array, not into \(T.self)."))
            }
            return try arrayType.init(from: decoder(), inEach: inEach, reader: self, dates: dates) as! T
        }
        if let dated = T.self as? any DatesDecodable.Type {
            return try dated.init(from: decoder(), dates: dates) as! T
        }
        if lenient, let lenientType = T.self as? any LenientDecodable.Type {
            return try lenientType.init(leniently: decoder()) as! T
        }
        return try plain()
    }

    /// One element of an array read along `path` (see `KeyPathArrays.swift`): the element itself when
    /// the path is empty; nil for a null element of an optional type.
    func element<E: Decodable>(_ type: E.Type, at path: [String], in decoder: any Decoder, dates: DateStyle) throws
        -> E
    {
        guard !path.isEmpty else { return try value(E.self, dates: dates, decoder) { try E(from: decoder) } }
        if try decoder.singleValueContainer().decodeNil() {
            if let nullable = E.self as? any NullRepresentable.Type { return nullable.null as! E }
            throw DecodingError.valueNotFound(
                E.self, .init(codingPath: decoder.codingPath, debugDescription: "The element is null."))
        }
        return try FieldDecoder(decoder, lenient: modelLenient, emptyAsNil: emptyAsNil, dates: modelDates).decode(
            at: path, default: nil, dates: dates)
    }

    /// What a missing or null value at `key` becomes: the default (null only when lenient),
    /// nil for an optional, else an error naming the path.
    private func absent<T>(
        _ type: T.Type, _ key: any CodingKey, at codingPath: [any CodingKey], fallback: T?, isNull: Bool,
        why: String? = nil
    ) throws -> T {
        if let fallback, !isNull || lenient {
            return fallback
        }
        if let nullable = T.self as? any NullRepresentable.Type {
            return nullable.null as! T
        }
        guard isNull else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: why ?? "No value for key '\(key.stringValue)'."))
        }
        throw DecodingError.valueNotFound(
            T.self, .init(codingPath: codingPath + [key], debugDescription: "Expected \(T.self), found null."))
    }
}

/// The coding key of an array element, so that paths read `weather[0]`.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) {
        nil
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }
}

/// Decodes from anything, reading nothing: skips an array element.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) {}
}

/// A value that holds dates (`Date`, and optionals, arrays and string-keyed dictionaries of
/// them), read in a given style rather than the decoder's date strategy.
@usableFromInline
protocol DatesDecodable {
    init(from decoder: any Decoder, dates: DateStyle) throws
}

extension Date: DatesDecodable {
    @usableFromInline
    init(from decoder: any Decoder, dates: DateStyle) throws {
        self = try dates.decode(from: decoder)
    }
}

extension Optional: DatesDecodable where Wrapped: DatesDecodable {
    @usableFromInline
    init(from decoder: any Decoder, dates: DateStyle) throws {
        self = try decoder.singleValueContainer().decodeNil() ? nil : Wrapped(from: decoder, dates: dates)
    }
}

extension Array: DatesDecodable where Element: DatesDecodable {
    @usableFromInline
    init(from decoder: any Decoder, dates: DateStyle) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try Element(from: container.superDecoder(), dates: dates))
        }
        self = elements
    }
}

extension Dictionary: DatesDecodable where Key == String, Value: DatesDecodable {
    @usableFromInline
    init(from decoder: any Decoder, dates: DateStyle) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        self = try Dictionary(
            uniqueKeysWithValues: container.allKeys.map { key in
                (key.stringValue, try Value(from: container.superDecoder(forKey: key), dates: dates))
            })
    }
}
