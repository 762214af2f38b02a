import Foundation
internal import XToolRules

/// Writes a model's fields to match `FieldDecoder`: dotted key paths create (and merge) nested
/// objects, and components of digits arrays (written in order, `null` before the first element
/// written), nil optionals are left out, dates use their own `dateFormat`, else the `dates`
/// given (generated models give their API's), else the client's style, else ISO 8601.
///
/// ```swift
/// var c = FieldEncoder(encoder)
/// try c.encode(id, "id")
/// try c.encode(coordinates, "geo.coordinates")
/// try c.encode(createdAt, "created_at", dateFormat: "yyyy-MM-dd")
/// ```
@_spi(Generated)
public struct FieldEncoder {
    private var root: KeyedEncodingContainer<AnyKey>
    /// Nested containers already made, by the key path that leads to them (`"geo"`).
    private var nested: [String: KeyedEncodingContainer<AnyKey>] = [:]
    /// Arrays already made, by the key path that names them (`"weather"`).
    private var arrays: [String: any UnkeyedEncodingContainer] = [:]
    private let dates: DateStyle

    /// Writes an object into `encoder`, dates in `dates` (the API's `dates:`), else in the
    /// encoding client's style, else as ISO 8601.
    public init(_ encoder: any Encoder, dates: DateStyle? = nil) {
        root = encoder.container(keyedBy: AnyKey.self)
        self.dates = dates ?? encoder.userInfo[.dateStyle] as? DateStyle ?? .iso8601
    }

    /// Writes `value` at the dotted key path `key`, unless it is nil.
    public mutating func encode<T: Encodable>(_ value: T, _ key: String) throws {
        try encode(value, key, dates: dates)
    }

    /// Writes a `Date` at `key` (or a `Date?`, `[Date]`…) in its own style.
    public mutating func encode<T: Encodable>(_ value: T, _ key: String, dateFormat: DateStyle) throws {
        try encode(value, key, dates: dateFormat)
    }

    /// Writes a model's other members (`others:`), each at its key, in the order of their keys,
    /// but those of `known` (the keys its fields write).
    public mutating func encodeOthers<T: Encodable>(_ others: [String: T], except known: Set<String>) throws {
        for (key, value) in others.sorted(by: { $0.key < $1.key }) where !known.contains(key) {
            if let dated = value as? any DatesEncodable {
                try dated.encode(to: root.superEncoder(forKey: AnyKey(key)), dates: dates)
            } else {
                try root.encode(value, forKey: AnyKey(key))
            }
        }
    }

    /// Writes `value` at `key`, or `false` when it is nil (`T | false` in the spec).
    public mutating func encodeOrFalse<T: Encodable>(_ value: T?, _ key: String) throws {
        try encodeOrFalse(value, key, dates: dates)
    }

    /// Writes a `Date` at `key` in its own style, or `false` when it is nil.
    public mutating func encodeOrFalse<T: Encodable>(_ value: T?, _ key: String, dateFormat: DateStyle) throws {
        try encodeOrFalse(value, key, dates: dateFormat)
    }

    private mutating func encodeOrFalse<T: Encodable>(_ value: T?, _ key: String, dates: DateStyle) throws {
        guard let value else { return try encode(false, key, dates: dates) }
        try encode(value, key, dates: dates)
    }

    private mutating func encode<T: Encodable>(_ value: T, _ key: String, dates: DateStyle) throws {
        try encode(value, at: keyPath(key), dates: dates)
    }

    /// Writes `value` along the key path's components; from a component `name[]` on, element `i`
    /// of the value goes to `name.i` and the rest of the path (see `KeyPathArrays.swift`).
    mutating func encode<T: Encodable>(_ value: T, at keys: [String], dates: DateStyle) throws {
        if let nullable = value as? any NullRepresentable, nullable.isNull {
            return
        }
        if let each = KeyPathSyntax.eachSplit(keys) {
            guard let array = value as? any KeyPathArrayEncodable, !each.array.isEmpty else {
                throw EncodingError.invalidValue(
                    value,
                    .init(
                        codingPath: root.codingPath,
                        debugDescription: "'[]' writes each element of an array after a key, not \(T.self)."))
            }
            try array.encodeEach(into: &self, array: each.array, inEach: each.inEach, dates: dates)
            return
        }
        guard let last = keys.last else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: root.codingPath, debugDescription: "Empty key path."))
        }
        if let index = arrayIndex(last) {
            var array = try self.array(for: keys.dropLast(), value: value)
            try Self.fill(&array, upTo: index, value: value)
            if let dated = value as? any DatesEncodable {
                try dated.encode(to: array.superEncoder(), dates: dates)
            } else {
                try array.encode(value)
            }
            return
        }
        var container = try self.container(for: keys.dropLast(), value: value)
        if let dated = value as? any DatesEncodable {  // a Date, a non-nil `Date?`, `[Date]`…
            try dated.encode(to: container.superEncoder(forKey: AnyKey(last)), dates: dates)
        } else {
            try container.encode(value, forKey: AnyKey(last))
        }
    }

    /// An empty array at `path`, so that an empty array read along `[]` reads back as one.
    mutating func encodeEmptyArray(at path: [String], value: some Encodable) throws {
        _ = try array(for: path[...], value: value)
    }

    /// The object at `path`, made once and reused so that `geo.x` and `geo.y` share `geo` (and
    /// `weather.0.main` and `weather.0.icon` the first element of `weather`).
    private mutating func container(for path: ArraySlice<String>, value: some Encodable) throws
        -> KeyedEncodingContainer<AnyKey>
    {
        guard let key = path.last else { return root }
        let joined = path.joined(separator: ".")
        if let existing = nested[joined] {
            return existing
        }
        let made: KeyedEncodingContainer<AnyKey>
        if let index = arrayIndex(key) {
            var array = try self.array(for: path.dropLast(), value: value)
            try Self.fill(&array, upTo: index, value: value)
            made = array.nestedContainer(keyedBy: AnyKey.self)
        } else {
            var parent = try container(for: path.dropLast(), value: value)
            made = parent.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        }
        nested[joined] = made
        return made
    }

    /// The array at `path` (its last component names it), made once and reused.
    private mutating func array(for path: ArraySlice<String>, value: some Encodable) throws
        -> any UnkeyedEncodingContainer
    {
        let joined = path.joined(separator: ".")
        if let existing = arrays[joined] {
            return existing
        }
        guard let key = path.last else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: root.codingPath, debugDescription: "A key path can't start with an index."))
        }
        let made: any UnkeyedEncodingContainer
        if let index = arrayIndex(key) {
            var parent = try array(for: path.dropLast(), value: value)
            try Self.fill(&parent, upTo: index, value: value)
            made = parent.nestedUnkeyedContainer()
        } else {
            var parent = try container(for: path.dropLast(), value: value)
            made = parent.nestedUnkeyedContainer(forKey: AnyKey(key))
        }
        arrays[joined] = made
        return made
    }

    /// Pads `array` with nulls so that the next element written is at `index`; an element
    /// already written there can't be written again.
    private static func fill(_ array: inout any UnkeyedEncodingContainer, upTo index: Int, value: some Encodable) throws
    {
        guard array.count <= index else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: array.codingPath,
                    debugDescription: "Element \(index) was written already; write an array's elements in order."))
        }
        while array.count < index { try array.encodeNil() }
    }

}

/// A value that holds dates, written in a given style rather than the encoder's date strategy.
protocol DatesEncodable {
    func encode(to encoder: any Encoder, dates: DateStyle) throws
}

extension Date: DatesEncodable {
    func encode(to encoder: any Encoder, dates: DateStyle) throws {
        try dates.encode(self, to: encoder)
    }
}

extension Optional: DatesEncodable where Wrapped: DatesEncodable {
    func encode(to encoder: any Encoder, dates: DateStyle) throws {
        if let self {
            try self.encode(to: encoder, dates: dates)
        } else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension Array: DatesEncodable where Element: DatesEncodable {
    func encode(to encoder: any Encoder, dates: DateStyle) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try element.encode(to: container.superEncoder(), dates: dates)
        }
    }
}

extension Dictionary: DatesEncodable where Key == String, Value: DatesEncodable {
    func encode(to encoder: any Encoder, dates: DateStyle) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in self {
            try value.encode(to: container.superEncoder(forKey: AnyKey(key)), dates: dates)
        }
    }
}
