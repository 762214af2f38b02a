import Foundation
internal import XToolRules

extension JSON {
    /// The text a scalar is sent as in a query, a form, a header or a signature, and compared as
    /// in an envelope: strings as they are, `true`/`false`, numbers in their shortest exact form,
    /// arrays and objects as compact JSON; nil for null.
    var text: String? {
        switch self {
        case .null: nil
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.shortestText(value)
        case .string(let value): value
        case .array, .object: description
        }
    }

    /// The values sent for one parameter: an array repeats its key, null is left out.
    var parameterTexts: [String] {
        if case .array(let elements) = self {
            return elements.compactMap(\.text)
        }
        return text.map { [$0] } ?? []
    }

    /// `20` rather than `20.0`; otherwise Swift's shortest round-tripping form (`0.1`, `1e+300`):
    /// the envelope's rule (`EnvelopeRules.numberText`), which the sample check shares.
    static func shortestText(_ value: Double) -> String { EnvelopeRules.numberText(value) }

    /// A value encoded the way the client encodes it (its date style), as JSON. The scalars,
    /// dates and arrays of scalars that parameters mostly are become JSON directly, as the
    /// round trip would make them; anything else is encoded with a `JSONEncoder` set up for
    /// `dates` and read back.
    init(encoding value: any Encodable, dates: DateStyle) throws {
        if let direct = Self.direct(value, dates: dates) {
            self = direct
            return
        }
        self = try JSONDecoder().decode(JSON.self, from: dates.encoder().encode(value))
    }

    private static func direct(_ value: any Encodable, dates: DateStyle) -> JSON? {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .int(Int64(number))
        case let number as Int64: return .int(number)
        case let number as Double: return self.number(number)
        case let date as Date: return dates.json(for: date)
        case let texts as [String]: return .array(texts.map(JSON.string))
        case let numbers as [Int]: return .array(numbers.map { .int(Int64($0)) })
        case let numbers as [Int64]: return .array(numbers.map(JSON.int))
        case let json as JSON:
            switch json {
            case .null, .bool, .int, .string: return json
            case .double, .array, .object: return nil
            }
        default:
            if let nullable = value as? any NullRepresentable, nullable.isNull { return .null }
            return nil
        }
    }

    /// A Double as the round trip reads it back: an integer when it is one (and exactly
    /// representable, below 2^53), else the Double; nil for what JSON can't hold.
    static func number(_ value: Double) -> JSON? {
        guard value.isFinite else { return nil }
        if let integer = Int64(exactly: value), abs(integer) < 1 << 53 { return .int(integer) }
        return .double(value)
    }
}
