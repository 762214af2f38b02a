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
@_spi(Generated)
public struct FieldDecoder {
    private let root: KeyedDecodingContainer<AnyKey>
    private let decoder: any Decoder
    /// The `lenient:` of the model (the client's leniency is read only when a value needs it).
    private let lenientModel: Bool

    /// Reads the object `decoder` holds; `lenient` as the API's `lenient:` says.
    public init(_ decoder: any Decoder, lenient: Bool = false) throws {
        root = try decoder.container(keyedBy: AnyKey.self)
        self.decoder = decoder
        lenientModel = lenient
    }

    /// The value at the dotted key path `key`. An optional (or `Indirect` optional) is nil when
    /// the value is missing or null; anything else must be there.
    public func decode<T: Decodable>(_ key: String) throws -> T {
        try decode(key, default: nil, dates: nil)
    }

    /// The value at `key`, or `default` when it is missing (or null, for a lenient API).
    public func decode<T: Decodable>(_ key: String, default: T) throws -> T {
        try decode(key, default: `default`, dates: nil)
    }

    /// A `Date` or `Date?` at `key` in its own style (the same values as the client's `dates`).
    public func decode<T: Decodable>(_ key: String, dateFormat: DateStyle) throws -> T {
        try decode(key, default: nil, dates: dateFormat)
    }

    /// The value at `key` of an optional field: nil when it is missing or null. What
    /// `decode(_:)` does for an optional type, in one lookup of the key.
    public func decodeIfPresent<T: Decodable>(_ key: String) throws -> T? {
        try decodeIfPresent(key, dates: nil)
    }

    /// A `Date?` at `key` in its own style.
    public func decodeIfPresent<T: Decodable>(_ key: String, dateFormat: DateStyle) throws -> T? {
        try decodeIfPresent(key, dates: dateFormat)
    }

    /// Whether the model or the client is lenient.
    private var lenient: Bool {
        lenientModel || decoder.userInfo[.lenient] as? Bool == true
    }

    /// `Date?`, compared by identity (naming `Date?.self` in a generic function looks its
    /// metadata up on every call).
    private static let optionalDate = ObjectIdentifier(Date?.self)

    /// The container that holds the last component of `key`, and that component's key; nil
    /// with the missing (or null) object on the way, for a dotted key path.
    private func locate(
        _ key: String
    ) throws -> (container: KeyedDecodingContainer<AnyKey>, key: AnyKey, missing: AnyKey?) {
        // A plain key (most of them) is used as it is; a dotted one walks nested objects.
        guard Self.isKeyPath(key) else { return (root, AnyKey(key), nil) }
        // Its components, empty ones skipped, read from the UTF-8 without an array of them.
        var container = root
        var pending: AnyKey?
        var start = key.utf8.startIndex
        while start < key.utf8.endIndex {
            let end = key.utf8[start...].firstIndex(of: UInt8(ascii: ".")) ?? key.utf8.endIndex
            if start < end {
                if let nested = pending {
                    guard container.contains(nested), try !container.decodeNil(forKey: nested) else {
                        return (container, nested, nested)
                    }
                    container = try container.nestedContainer(keyedBy: AnyKey.self, forKey: nested)
                }
                pending = AnyKey(String(key[start..<end]))
            }
            start = end < key.utf8.endIndex ? key.utf8.index(after: end) : end
        }
        guard let last = pending else {
            throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: root.codingPath, debugDescription: "Empty key path."))
        }
        return (container, last, nil)
    }

    /// Whether `key` is empty or holds a dot (a byte search: this runs for every field).
    private static func isKeyPath(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            bytes.isEmpty || memchr(bytes.baseAddress!, Int32(UInt8(ascii: ".")), bytes.count) != nil
        }
    }

    /// `dates` (nil: the client's style, or ISO 8601 outside a client).
    private func decode<T: Decodable>(_ key: String, default fallback: T?, dates: DateStyle?) throws -> T {
        let (container, last, missing) = try locate(key)
        if let missing {
            // No object on the way to the value (missing or null): the value is missing.
            return try absent(T.self, missing, in: container, fallback: fallback, isNull: false)
        }
        if T.self == Date.self || ObjectIdentifier(T.self) == Self.optionalDate {
            guard container.contains(last), try !container.decodeNil(forKey: last) else {
                return try absent(T.self, last, in: container, fallback: fallback, isNull: container.contains(last))
            }
            return try date(at: last, in: container, dates: dates) as! T
        }
        if fallback != nil {
            // Missing or null (nil) gives the default; null only when lenient.
            if let value = try strictOrLenient(T.self, at: last, in: container) { return value }
            return try absent(T.self, last, in: container, fallback: fallback, isNull: container.contains(last))
        }
        // The strict decoding first: what a clean response costs, in one lookup. Only a value
        // that fails goes the slow way: a missing or null optional, leniency, an error.
        do {
            return try container.fastDecode(T.self, forKey: last)
        } catch let error as DecodingError {
            guard container.contains(last) else { return try absent(T.self, last, in: container, fallback: nil, isNull: false) }
            if try container.decodeNil(forKey: last) {
                return try absent(T.self, last, in: container, fallback: nil, isNull: true)
            }
            return try lenientValue(T.self, at: last, in: container, strictError: error)
        }
    }

    private func decodeIfPresent<T: Decodable>(_ key: String, dates: DateStyle?) throws -> T? {
        let (container, last, missing) = try locate(key)
        guard missing == nil else { return nil }
        if T.self == Date.self {
            guard container.contains(last), try !container.decodeNil(forKey: last) else { return nil }
            return try date(at: last, in: container, dates: dates) as? T
        }
        return try strictOrLenient(T.self, at: last, in: container)
    }

    /// The value at `last` (nil when missing or null), strictly, then leniently if that fails
    /// and the API is lenient.
    private func strictOrLenient<T: Decodable>(
        _ type: T.Type, at last: AnyKey, in container: KeyedDecodingContainer<AnyKey>
    ) throws -> T? {
        do {
            return try container.fastDecodeIfPresent(T.self, forKey: last)
        } catch let error as DecodingError {
            return try lenientValue(T.self, at: last, in: container, strictError: error)
        }
    }

    /// The value read leniently when the API is lenient and the type allows it; else the
    /// strict decoding's error.
    private func lenientValue<T: Decodable>(
        _ type: T.Type, at last: AnyKey, in container: KeyedDecodingContainer<AnyKey>, strictError: DecodingError
    ) throws -> T {
        guard lenient, let lenientType = T.self as? any LenientDecodable.Type else { throw strictError }
        return try lenientType.init(leniently: container.superDecoder(forKey: last)) as! T
    }

    /// A date in `dates`, else the client's style, else ISO 8601.
    private func date(at last: AnyKey, in container: KeyedDecodingContainer<AnyKey>, dates: DateStyle?) throws -> Date {
        let style = dates ?? decoder.userInfo[.dateStyle] as? DateStyle ?? .iso8601
        return try style.decode(from: container, forKey: last)
    }

    /// What a missing or null value at `key` becomes: the default (null only when lenient),
    /// nil for an optional, else an error naming the path.
    private func absent<T>(
        _ type: T.Type, _ key: AnyKey, in container: KeyedDecodingContainer<AnyKey>, fallback: T?, isNull: Bool
    ) throws -> T {
        if let fallback, !isNull || lenient {
            return fallback
        }
        if let nullable = T.self as? any NullRepresentable.Type {
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

extension KeyedDecodingContainer where K == AnyKey {
    // `decode` and `decodeIfPresent` through the container's own overloads for the scalars
    // models hold most: called with a type known only at run time, the generic ones look
    // generic metadata up on every call (in `FieldDecoder`, a fifth of the time).

    fileprivate func fastDecode<T: Decodable>(_ type: T.Type, forKey key: AnyKey) throws -> T {
        if T.self == String.self { return unsafeBitCast(try decode(String.self, forKey: key), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decode(Int.self, forKey: key), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try decode(Int64.self, forKey: key), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decode(Bool.self, forKey: key), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decode(Double.self, forKey: key), to: T.self) }
        return try decode(T.self, forKey: key)
    }

    fileprivate func fastDecodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: AnyKey) throws -> T? {
        func cast<Scalar>(_ value: Scalar?) -> T? {
            guard let value else { return nil }
            return unsafeBitCast(value, to: T.self)
        }
        if T.self == String.self { return cast(try decodeIfPresent(String.self, forKey: key)) }
        if T.self == Int.self { return cast(try decodeIfPresent(Int.self, forKey: key)) }
        if T.self == Int64.self { return cast(try decodeIfPresent(Int64.self, forKey: key)) }
        if T.self == Bool.self { return cast(try decodeIfPresent(Bool.self, forKey: key)) }
        if T.self == Double.self { return cast(try decodeIfPresent(Double.self, forKey: key)) }
        return try decodeIfPresent(T.self, forKey: key)
    }
}
