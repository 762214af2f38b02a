import Foundation
internal import XToolRules

/// A type that can be read from what lenient APIs send in its place: numbers as strings and
/// strings as numbers; Bool as `"1"`/`"0"`/`"true"`/`"false"`/`1`/`0`.
protocol LenientDecodable: Decodable {
    init(leniently decoder: any Decoder) throws
}

extension LenientDecodable {
    /// The strict decoding, then the lenient `alternative` on the same single value.
    fileprivate static func decode(
        _ decoder: any Decoder, alternative: (any SingleValueDecodingContainer) -> Self?
    ) throws -> Self {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Self.self) {
            return value
        }
        guard let value = alternative(container) else {
            throw DecodingError.typeMismatch(
                Self.self,
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Expected \(Self.self) (leniently), found \(found(in: container))."))
        }
        return value
    }
}

extension Decoder {
    /// `type` read leniently from this decoder (a number sent as a string, `"1"` for true), as
    /// the lenient API's fields are; nil when it doesn't read so, or `type` has no lenient
    /// reading. What a lenient API's untagged union tries after every variant failed strictly.
    @_spi(Generated)
    public func leniently<T: Decodable>(_ type: T.Type) -> T? {
        guard let lenientType = T.self as? any LenientDecodable.Type else { return nil }
        return (try? lenientType.init(leniently: self)) as? T
    }
}

/// What a single value holds, for messages: `the string "3.0"`, `the number 3.5`, `null`.
private func found(in container: any SingleValueDecodingContainer) -> String {
    if container.decodeNil() { return "null" }
    if let bool = try? container.decode(Bool.self) { return "\(bool)" }
    if let number = try? container.decode(Double.self) { return "the number \(number)" }
    if let string = try? container.decode(String.self) { return "the string \"\(string)\"" }
    return "an array or an object"
}

extension String: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try Self.decode(decoder) { container in
            (try? container.decode(Int64.self)).map { String($0) }
                ?? (try? container.decode(Double.self)).map(JSON.shortestText)
        }
    }
}

extension Int: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try Self.decode(decoder) { $0.lenientText.flatMap(ScalarRules.integer).flatMap(Int.init(exactly:)) }
    }
}

extension Int64: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try Self.decode(decoder) { $0.lenientText.flatMap(ScalarRules.integer) }
    }
}

extension Double: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try Self.decode(decoder) { $0.lenientText.flatMap(ScalarRules.number) }
    }
}

extension Decimal: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try Self.decode(decoder) { $0.lenientText.flatMap(ScalarRules.decimal) }
    }
}

extension Bool: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try Self.decode(decoder) { container in
            container.lenientText.flatMap(ScalarRules.bool)
                ?? (try? container.decode(Int64.self)).flatMap(ScalarRules.bool)
        }
    }
}

extension Optional: LenientDecodable where Wrapped: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeNil() ? nil : Wrapped(leniently: decoder)
    }
}

extension Array: LenientDecodable where Element: LenientDecodable {
    init(leniently decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try container.decode(LenientBox<Element>.self).value)
        }
        self = elements
    }
}

/// Decodes its value leniently wherever a container asks for a `Decodable`.
struct LenientBox<Value: LenientDecodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        value = try Value(leniently: decoder)
    }
}

extension SingleValueDecodingContainer {
    /// The text a lenient reading starts from, where the value is text.
    fileprivate var lenientText: String? { try? decode(String.self) }
}
