import Foundation

/// Writes a model's fields to match `FieldDecoder`: dotted key paths create (and merge) nested
/// objects, nil optionals are left out, dates use the client's style, or ISO 8601 outside a
/// client, or their own `dateFormat`.
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
    private let dates: DateStyle

    /// Writes an object into `encoder`.
    public init(_ encoder: any Encoder) {
        root = encoder.container(keyedBy: AnyKey.self)
        dates = encoder.userInfo[.dateStyle] as? DateStyle ?? .iso8601
    }

    /// Writes `value` at the dotted key path `key`, unless it is nil.
    public mutating func encode<T: Encodable>(_ value: T, _ key: String) throws {
        try encode(value, key, dates: dates)
    }

    /// Writes a `Date` or `Date?` at `key` in its own style.
    public mutating func encode<T: Encodable>(_ value: T, _ key: String, dateFormat: DateStyle) throws {
        try encode(value, key, dates: dateFormat)
    }

    private mutating func encode<T: Encodable>(_ value: T, _ key: String, dates: DateStyle) throws {
        if let nullable = value as? any NullRepresentable, nullable.isNull {
            return
        }
        let keys = keyPath(key)
        guard let last = keys.last.map({ AnyKey($0) }) else {
            throw EncodingError.invalidValue(value, .init(codingPath: root.codingPath, debugDescription: "Empty key path."))
        }
        var container = self.container(for: keys.dropLast())
        if let date = value as? Date {  // also a non-nil `Date?`
            try dates.encode(date, to: container.superEncoder(forKey: last))
        } else {
            try container.encode(value, forKey: last)
        }
    }

    /// The container at `path`, made once and reused so that `geo.x` and `geo.y` share `geo`.
    private mutating func container(for path: ArraySlice<String>) -> KeyedEncodingContainer<AnyKey> {
        guard let key = path.last else { return root }
        let joined = path.joined(separator: ".")
        if let existing = nested[joined] {
            return existing
        }
        var parent = container(for: path.dropLast())
        let made = parent.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        nested[joined] = made
        return made
    }
}
