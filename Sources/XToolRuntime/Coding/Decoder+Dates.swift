import Foundation

// A value that holds dates (`Date`, `[Date]`, `[String: Date]`…) read and written whole in a
// date style rather than the coder's date strategy: what a union's date variant uses, so that
// it decodes alike through a client and through a plain `JSONDecoder` or `JSONEncoder`, as a
// model's fields do (`FieldDecoder`, `FieldEncoder`).

extension Decoder {
    /// `type` read from this decoder, its dates in `style` (the API's `dates:`), else in the
    /// decoding client's style, else as ISO 8601.
    @_spi(Generated)
    public func decodeDates<T: Decodable>(_ type: T.Type, in style: DateStyle? = nil) throws -> T {
        let dates = style ?? userInfo[.dateStyle] as? DateStyle ?? .iso8601
        guard let dated = T.self as? any DatesDecodable.Type else { return try T(from: self) }
        return try dated.init(from: self, dates: dates) as! T
    }
}

extension Encoder {
    /// Writes `value` into this encoder, its dates in `style` (the API's `dates:`), else in the
    /// encoding client's style, else as ISO 8601.
    @_spi(Generated)
    public func encodeDates<T: Encodable>(_ value: T, in style: DateStyle? = nil) throws {
        let dates = style ?? userInfo[.dateStyle] as? DateStyle ?? .iso8601
        guard let dated = value as? any DatesEncodable else { return try value.encode(to: self) }
        try dated.encode(to: self, dates: dates)
    }
}
