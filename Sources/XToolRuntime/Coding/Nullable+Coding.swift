import Foundation

/// A `nullable:` field of a model is a `Nullable<T>?`: `FieldEncoder.encodeNullable` leaves out
/// nil and writes `.null` as `null`; `FieldDecoder.decodeNullable` reads a missing member as nil
/// and a `null` as `.null`. (`Nullable` itself is not `Codable`, so that `.body(name, value)`
/// keeps sending a `Nullable` through its own overload.)
@_spi(Generated)
extension FieldEncoder {
    /// Writes a `nullable:` field at `key`: nothing for nil, `null` for `.null`.
    public mutating func encodeNullable<Wrapped: Encodable>(_ value: Nullable<Wrapped>?, _ key: String) throws {
        try encodeNullable(value, key, dateFormat: nil)
    }

    /// Writes a `nullable:` field's date at `key` in its own style.
    public mutating func encodeNullable<Wrapped: Encodable>(
        _ value: Nullable<Wrapped>?, _ key: String, dateFormat: DateStyle?
    ) throws {
        switch (value, dateFormat) {
        case (nil, _): return
        case (.null?, _): try encode(JSON.null, key)
        case (.value(let wrapped)?, let style?): try encode(wrapped, key, dateFormat: style)
        case (.value(let wrapped)?, nil): try encode(wrapped, key)
        }
    }
}

@_spi(Generated)
extension FieldDecoder {
    /// The value at `key` of a `nullable:` field: nil when the member is missing, `.null` when
    /// it is `null`.
    public func decodeNullable<Wrapped: Decodable>(_ key: String) throws -> Nullable<Wrapped>? {
        try decodeNullable(key, dates: nil)
    }

    /// Dates at `key` of a `nullable:` field in their own style: nil when missing, `.null` when null.
    public func decodeNullable<Wrapped: Decodable>(_ key: String, dateFormat: DateStyle) throws
        -> Nullable<Wrapped>?
    {
        try decodeNullable(key, dates: dateFormat)
    }

    private func decodeNullable<Wrapped: Decodable>(_ key: String, dates: DateStyle?) throws -> Nullable<Wrapped>? {
        do {
            // A missing member is `keyNotFound`, a null one `valueNotFound` (see `absent`).
            _ = try decodeGenerally(key, default: nil, dateFormat: nil) as JSON
        } catch DecodingError.keyNotFound {
            return nil
        } catch DecodingError.valueNotFound {
            return .some(.null)  // not `.null`, which is `Optional`'s own (`NullRepresentable`), nil
        }
        return .value(try decodeGenerally(key, default: nil, dateFormat: dates))
    }
}
