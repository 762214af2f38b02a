import Foundation

/// Encodes as the JSON value it stands for (what `xtoolgen context` prints).
extension MustacheValue: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}

/// Decodes any JSON value: integers that fit in `Int` stay exact, other numbers become doubles.
extension MustacheValue: Decodable {
    /// Decodes a value from a single-value container (null, bool, number, string, array or object).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MustacheValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MustacheValue].self))
        }
    }

    /// Parses JSON bytes holding any top-level value (not only objects).
    ///
    /// - Throws: the `DecodingError` of malformed JSON.
    package init(json: Data) throws {
        self = try JSONDecoder().decode(MustacheValue.self, from: json)
    }
}
