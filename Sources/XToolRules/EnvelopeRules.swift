// How an envelope's success test decides, the one home of the rule that the runtime
// (`Envelope`) and the sample check (`ValueReader`) both apply: the text a value is compared as,
// and whether it means success.

/// The envelope's success test, as the runtime reads a response and the sample check a sample.
package enum EnvelopeRules {
    /// A number as a test compares it, and as a query, a form or a signature sends it: an
    /// integer when it is one below 2^53 (`20`, not `20.0`), else Swift's shortest round-tripping
    /// form (`0.1`, `1e+300`).
    package static func numberText(_ value: Double) -> String {
        if let integer = Int64(exactly: value), abs(integer) < 1 << 53 { return String(integer) }
        return "\(value)"
    }

    /// Whether the value a success test reads means success: `text` is the value as compared
    /// (nil when missing or null), `isEmpty` whether it is an empty string, array or object. A
    /// test with values (`equals:`) succeeds when the text is one of them; a test of absence (no
    /// values) when the value is missing or empty; a missing value, for a test with values, only
    /// when `missingIsSuccess`.
    package static func isSuccess(text: String?, isEmpty: Bool, equals: [String], missingIsSuccess: Bool) -> Bool {
        guard let text, !(equals.isEmpty && isEmpty) else { return missingIsSuccess }
        return equals.contains(text)
    }
}
