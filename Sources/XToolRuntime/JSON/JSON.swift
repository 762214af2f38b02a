import Foundation

/// Any JSON value: what the generic layer returns for code that does not want models, and the
/// type of fixed literals (`.literal("feature", 0)` is a number, `.literal("source", "2")` a string).
///
/// ```swift
/// let deals: JSON = try await client.send(RequestDescription(.get, "v1/deal/find_deals"), [.query("city", "北京")])
/// let firstID = deals["deals"][0]["deal_id"]?.stringValue
/// ```
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number without a fraction or exponent that fits `Int64` (ids stay exact).
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
}

extension JSON {
    /// Parses a JSON document (any value at the top level).
    public init(data: Data) throws {
        self = try JSONDecoder().decode(JSON.self, from: data)
    }

    /// The value for `key` when this is an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSON? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The value when this is a Bool.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The value when this is a string.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The number as `Int64` when it has no fraction.
    public var int64Value: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The number as `Int` when it has no fraction and fits.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The number as `Double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The elements when this is an array.
    public var arrayValue: [JSON]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// The members when this is an object.
    public var objectValue: [String: JSON]? {
        guard case .object(let value) = self else { return nil }
        return value
    }
}

extension JSON {
    /// The value at a key path (`error.code`, `errors.0.field`: digits index an array); nil when
    /// a step is missing.
    func value(at path: [String]) -> JSON? {
        path.reduce(self as JSON?) { value, key in
            if let index = arrayIndex(key), case .array? = value { return value?[index] }
            return value?[key]
        }
    }
}

extension Optional where Wrapped == JSON {
    /// Lets lookups chain without `?`: `json["statuses"][0]["user"]["id"]`.
    public subscript(key: String) -> JSON? { self?[key] }

    /// Lets lookups chain without `?`: `json["statuses"][0]`.
    public subscript(index: Int) -> JSON? { self?[index] }
}

extension JSON: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode([String: JSON].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON: CustomStringConvertible {
    /// Compact JSON text with sorted keys.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        // With non-conforming floats converted, a JSON value always encodes.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
