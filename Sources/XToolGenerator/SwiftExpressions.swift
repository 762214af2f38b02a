import XToolSpec

/// Spec values written as Swift expressions of the runtime's types.
enum SwiftExpressions {
    /// A `Literal` as a `JSON` literal: `0`, `1.5`, `true`, `"211160679"`.
    static func json(_ literal: Literal) -> String {
        switch literal {
        case .string(let text): SwiftText.stringLiteral(text)
        case .int(let value): String(value)
        case .double(let value): double(value)
        case .bool(let value): String(value)
        }
    }

    /// `[.literal("source", "211160679"), .provided("access_token", accessToken)]`.
    static func fixedParameters(_ values: [FixedValue]) -> String? {
        guard !values.isEmpty else { return nil }
        let items = values.map { value in
            switch value.source {
            case .literal(let literal):
                ".literal(\(SwiftText.stringLiteral(value.name)), \(json(literal)))"
            case .provided(let label):
                ".provided(\(SwiftText.stringLiteral(value.name)), \(label))"
            }
        }
        return "[\(items.joined(separator: ", "))]"
    }

    /// A `DateStyle` expression.
    static func dateStyle(_ strategy: DateStrategy) -> String {
        switch strategy {
        case .iso8601: ".iso8601"
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .formatted(let format): ".formatted(\(SwiftText.stringLiteral(format)))"
        }
    }

    /// `Envelope(data: "data", success: .init(path: "code", equals: "0"), message: "msg", code: "code")`.
    static func envelope(_ envelope: Envelope) -> String {
        var arguments = ["data: \(keyPath(envelope.data))"]
        if let success = envelope.success {
            arguments.append(
                "success: .init(path: \(keyPath(success.path)), equals: \(SwiftText.stringLiteral(success.equals)))")
        }
        if let message = envelope.message { arguments.append("message: \(keyPath(message))") }
        if let code = envelope.code { arguments.append("code: \(keyPath(code))") }
        return "Envelope(\(arguments.joined(separator: ", ")))"
    }

    static func keyPath(_ path: KeyPath) -> String {
        SwiftText.stringLiteral(path.description)
    }

    /// A default value as a Swift expression of the member's type.
    static func defaultValue(_ value: DefaultValue) -> String {
        switch value {
        case .string(let text): SwiftText.stringLiteral(text)
        case .int(let value): String(value)
        case .double(let value): double(value)
        case .decimal(let text): "Decimal(string: \(SwiftText.stringLiteral(text)))!"
        case .bool(let value): String(value)
        case .url(let text): "URL(string: \(SwiftText.stringLiteral(text)))!"
        case .enumCase(let enumCase, let typeName): typeName + "." + enumCase.swiftName
        case .array(let items): "[\(items.map(defaultValue).joined(separator: ", "))]"
        case .dictionary(let entries):
            entries.isEmpty
                ? "[:]"
                : "[\(entries.map { "\(SwiftText.stringLiteral($0.key)): \(defaultValue($0.value))" }.joined(separator: ", "))]"
        case .null: "nil"
        }
    }

    /// A finite double in its shortest form that still reads as a `Double` (`3.0`, `0.1`, `1e+20`).
    private static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
