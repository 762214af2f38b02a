/// A JSON-like value that templates render.
///
/// Sections treat `null`, `false` and empty arrays as falsey and everything else (including `0`,
/// `""` and `{}`) as truthy, like the spec's reference implementation. Arrays repeat a section once
/// per element; any other truthy value is pushed on the context stack for one pass.
package enum MustacheValue: Sendable, Hashable {
    /// No value: interpolates as the empty string and is falsey.
    case null
    /// A boolean: interpolates as `true` or `false`.
    case bool(Bool)
    /// An integer, kept exact: interpolates without a decimal point.
    case integer(Int)
    /// A floating-point number: interpolates in its shortest round-trip form (`1.21`), and without
    /// `.0` when it is integral.
    case double(Double)
    /// A string: interpolates as itself (escaped when the escaping asks for it).
    case string(String)
    /// A list: a section renders once per element; interpolates as the empty string.
    case array([MustacheValue])
    /// A hash: the context in which names are looked up; interpolates as the empty string.
    case object([String: MustacheValue])
}

extension MustacheValue {
    /// Whether a section renders (`{{#name}}`) or an inverted section does not (`{{^name}}`).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .array(let elements): !elements.isEmpty
        case .integer, .double, .string, .object: true
        }
    }

    /// The text an interpolation tag writes, before escaping.
    var interpolationText: String {
        switch self {
        case .null, .array, .object: ""
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value): Int64(exactly: value).map { String($0) } ?? value.description
        case .string(let value): value
        }
    }
}
