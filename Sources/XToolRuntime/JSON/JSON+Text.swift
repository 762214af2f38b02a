import Foundation

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

    /// `20` rather than `20.0`; otherwise Swift's shortest round-tripping form (`0.1`, `1e+300`).
    static func shortestText(_ value: Double) -> String {
        if let integer = Int64(exactly: value), abs(integer) < 1 << 53 {
            return String(integer)
        }
        return "\(value)"
    }

    /// A value encoded the way the client encodes it (its date style), as JSON.
    init(encoding value: any Encodable, with encoder: JSONEncoder) throws {
        self = try JSONDecoder().decode(JSON.self, from: encoder.encode(value))
    }
}
