import Foundation

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
/// A missing or null object on the way along a dotted key path counts as a missing value.
/// A `Date` without `dateFormat` is read in the client's `dates` style, or as ISO 8601 when the
/// model is decoded outside a client. Leniency applies to `String`, `Int`, `Int64`, `Double`,
/// `Decimal`, `Bool`, and optionals and arrays of them; it is on when `lenient` is true or the
/// client that decodes is lenient.
public struct FieldDecoder {
    private let root: KeyedDecodingContainer<AnyKey>
    private let lenient: Bool
    private let dates: DateStyle

    /// Reads the object `decoder` holds; `lenient` as the API's `lenient:` says.
    public init(_ decoder: any Decoder, lenient: Bool = false) throws {
        root = try decoder.container(keyedBy: AnyKey.self)
        self.lenient = lenient || decoder.userInfo[.lenient] as? Bool == true
        dates = decoder.userInfo[.dateStyle] as? DateStyle ?? .iso8601
    }

    /// The value at the dotted key path `key`. An optional (or `Indirect` optional) is nil when
    /// the value is missing or null; anything else must be there.
    public func decode<T: Decodable>(_ key: String) throws -> T {
        try decode(key, default: nil, dates: dates)
    }

    /// The value at `key`, or `default` when it is missing (or null, for a lenient API).
    public func decode<T: Decodable>(_ key: String, default: T) throws -> T {
        try decode(key, default: `default`, dates: dates)
    }

    /// A `Date` or `Date?` at `key` in its own style (the same values as the client's `dates`).
    public func decode<T: Decodable>(_ key: String, dateFormat: DateStyle) throws -> T {
        try decode(key, default: nil, dates: dateFormat)
    }

    /// Dates at `key` in their own style, or `default` when missing (`[Date]` with `default: []`).
    public func decode<T: Decodable>(_ key: String, default: T, dateFormat: DateStyle) throws -> T {
        try decode(key, default: `default`, dates: dateFormat)
    }

    private func decode<T: Decodable>(_ key: String, default fallback: T?, dates: DateStyle) throws -> T {
        let keys = keyPath(key)
        guard let last = keys.last.map({ AnyKey($0) }) else {
            throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: root.codingPath, debugDescription: "Empty key path."))
        }
        var container = root
        for name in keys.dropLast() {
            let nested = AnyKey(name)
            guard container.contains(nested), try !container.decodeNil(forKey: nested) else {
                // No object on the way to the value (missing or null): the value is missing.
                return try absent(T.self, nested, in: container, fallback: fallback, isNull: false)
            }
            container = try container.nestedContainer(keyedBy: AnyKey.self, forKey: nested)
        }
        guard container.contains(last), try !container.decodeNil(forKey: last) else {
            return try absent(T.self, last, in: container, fallback: fallback, isNull: container.contains(last))
        }
        if T.self == Date.self || T.self == Date?.self {
            return try dates.decode(from: container.superDecoder(forKey: last)) as! T
        }
        if lenient, let lenientType = T.self as? any LenientDecodable.Type {
            return try lenientType.init(leniently: container.superDecoder(forKey: last)) as! T
        }
        return try container.decode(T.self, forKey: last)
    }

    /// What a missing or null value at `key` becomes: the default (null only when lenient),
    /// nil for an optional, else an error naming the path.
    private func absent<T>(
        _ type: T.Type, _ key: AnyKey, in container: KeyedDecodingContainer<AnyKey>, fallback: T?, isNull: Bool
    ) throws -> T {
        if let fallback, !isNull || lenient {
            return fallback
        }
        if let nullable = T.self as? any Nullable.Type {
            return nullable.null as! T
        }
        guard isNull else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: container.codingPath, debugDescription: "No value for key '\(key.stringValue)'."))
        }
        throw DecodingError.valueNotFound(
            T.self, .init(codingPath: container.codingPath + [key], debugDescription: "Expected \(T.self), found null."))
    }
}
