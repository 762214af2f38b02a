import Foundation
internal import XToolRules

/// A number an API sends as a JSON string (`"amount": "29.99"`; `format: string` in the spec):
/// read from that text exactly and written back as text, never through a `Double`.
@_spi(Generated)
public protocol NumberText: Sendable {
    /// The number `text` spells, or nil when it spells none.
    init?(numberText text: String)
    /// The number as the API writes it.
    var numberText: String { get }
}

@_spi(Generated)
extension Decimal: NumberText {
    public init?(numberText text: String) {
        guard let value = ScalarRules.exactDecimal(text) else { return nil }
        self = value
    }

    public var numberText: String { description }
}

@_spi(Generated)
extension Int: NumberText {
    public init?(numberText text: String) {
        guard let value = ScalarRules.exactInteger(text).flatMap(Int.init(exactly:)) else { return nil }
        self = value
    }
    public var numberText: String { String(self) }
}

@_spi(Generated)
extension Int64: NumberText {
    public init?(numberText text: String) {
        guard let value = ScalarRules.exactInteger(text) else { return nil }
        self = value
    }
    public var numberText: String { String(self) }
}

@_spi(Generated)
extension Double: NumberText {
    public init?(numberText text: String) {
        guard let value = ScalarRules.exactNumber(text) else { return nil }
        self = value
    }

    public var numberText: String { String(self) }
}

@_spi(Generated)
extension FieldDecoder {
    /// The number written as text at `key` (`"29.99"`), exactly.
    public func decodeNumberText<T: NumberText>(_ key: String) throws -> T {
        try number(from: decode(key) as String, at: key)
    }

    /// The number written as text at `key` of an optional field: nil when missing or null.
    public func decodeNumberTextIfPresent<T: NumberText>(_ key: String) throws -> T? {
        try (decodeIfPresent(key) as String?).map { try number(from: $0, at: key) }
    }

    private func number<T: NumberText>(from text: String, at key: String) throws -> T {
        guard let number = T(numberText: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [AnyKey(key)], debugDescription: "'\(text)' at '\(key)' is no \(T.self)."))
        }
        return number
    }
}

@_spi(Generated)
extension FieldEncoder {
    /// Writes a number as text at `key` (`"29.99"`), unless it is nil.
    public mutating func encodeNumberText<T: NumberText>(_ value: T?, _ key: String) throws {
        guard let value else { return }
        try encode(value.numberText, key)
    }
}
