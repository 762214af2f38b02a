import Foundation

// What a generated model of an API that isn't lenient reads through its own `CodingKeys`
// beside the container's `decode(_:forKey:)`: a default for a missing key, and dates in the
// API's style. The answers are `FieldDecoder`'s for a plain key, at the cost of synthesized
// `Codable`.

@_spi(Generated)
extension KeyedDecodingContainer {
    /// The value at `key`, or `default` when the key is missing; a null is what it is for the
    /// type (nil for an optional, an error for anything else: only a lenient API, whose models
    /// read through `FieldDecoder`, takes a null for the default).
    @inlinable
    public func decode<T: Decodable>(_ type: T.Type, forKey key: Key, default: T) throws -> T {
        contains(key) ? try decode(T.self, forKey: key) : `default`
    }

    /// The dates at `key` (a `Date`, or an optional, array or string-keyed dictionary of them)
    /// in the style `dates`: ISO 8601 text is read as text, without a decoder of its own.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: Key, dates: DateStyle) throws -> T {
        if T.self == Date.self || T.self == Date?.self, let text = try? decode(String.self, forKey: key),
            let date = dates.date(fromText: text)
        {
            return (date as? T) ?? (Date?.some(date) as! T)
        }
        guard let dated = T.self as? any DatesDecodable.Type else { return try decode(T.self, forKey: key) }
        guard contains(key) else {
            if let nullable = T.self as? any NullRepresentable.Type { return nullable.null as! T }
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for key '\(key.stringValue)'."))
        }
        return try dated.init(from: superDecoder(forKey: key), dates: dates) as! T
    }

    /// The dates at `key` of an optional field in the style `dates`: nil when missing or null.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key, dates: DateStyle) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(T.self, forKey: key, dates: dates)
    }

    /// The dates at `key` in the style `dates`, or `default` when the key is missing.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: Key, default: T, dates: DateStyle) throws -> T {
        contains(key) ? try decode(T.self, forKey: key, dates: dates) : `default`
    }
}

@_spi(Generated)
extension Decoder {
    /// The style a model reads its dates in: its API's (`model`), else the decoding client's,
    /// else ISO 8601.
    public func dateStyle(model: DateStyle? = nil) -> DateStyle {
        model ?? userInfo[.dateStyle] as? DateStyle ?? .iso8601
    }
}
