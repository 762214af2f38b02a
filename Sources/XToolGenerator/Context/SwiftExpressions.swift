import XToolSpec

/// Spec values written as Swift expressions: literals, key paths and defaults.
enum SwiftExpressions {
    /// A `Literal` as a `JSON` literal: `0`, `1.5`, `true`, `"211160679"`.
    static func json(_ literal: Spec.Literal) -> String {
        switch literal {
        case .string(let text): SwiftText.stringLiteral(text)
        case .int(let value): integer(value)
        case .double(let value): double(value)
        case .bool(let value): String(value)
        case .null: "nil"
        }
    }

    static func keyPath(_ path: Spec.KeyPath) -> String {
        SwiftText.stringLiteral(path.description)
    }

    /// A default value as a Swift expression of the member's type; its enum cases qualified by
    /// `enumOwner` (`Item.State.none`) for code outside the type that nests the enum. (Never an
    /// implicit `.none`, which an optional reads as nil.)
    static func defaultValue(_ value: Spec.DefaultValue, enumOwner: String? = nil) -> String {
        let typed = { (typeName: String) in enumOwner.map { "\($0).\(typeName)" } ?? typeName }
        let nested = { (value: Spec.DefaultValue) in defaultValue(value, enumOwner: enumOwner) }
        return switch value {
        case .string(let text): SwiftText.stringLiteral(text)
        case .int(let value): integer(value)
        case .double(let value): double(value)
        case .decimal(let text): "Decimal(string: \(SwiftText.stringLiteral(text)))!"
        case .bool(let value): String(value)
        case .url(let text): "URL(string: \(SwiftText.stringLiteral(text)))!"
        case .enumCase(let enumCase, let typeName): typed(typeName) + "." + enumCase.swiftName
        case .unknownEnumValue(let value, let typeName): typed(typeName) + ".unknown(\(SwiftText.stringLiteral(value)))"
        case .array(let items): "[\(items.map(nested).joined(separator: ", "))]"
        case .dictionary(let entries):
            entries.isEmpty
                ? "[:]"
                : "[\(entries.map { "\(SwiftText.stringLiteral($0.key)): \(nested($0.value))" }.joined(separator: ", "))]"
        case .null: "nil"
        }
    }

    /// An integer with its digits grouped by three past four digits (`2_147_483_647`), as
    /// `swift format` asks.
    static func integer(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 4 else { return String(value) }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "_" }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A finite double in its shortest form that still reads as a `Double` (`3.0`, `0.1`, `1e+20`).
    private static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
