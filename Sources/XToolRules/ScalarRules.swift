import Foundation

/// What a JSON scalar reads as, where the runtime and the samples' linter must agree: a number
/// as a `Decimal`, and, for a lenient API (`lenient: true`), the scalar sent in place of the type
/// a field declares: numbers sent as text and text as numbers; `"1"`, `"0"`, `"true"`, `"false"`,
/// `1` and `0` for a Bool; and a number written as text (`format: string`). The runtime's
/// `LenientDecodable` and `NumberText` read responses by these rules (and `JSONDecoder` a number
/// as a `Decimal` as `exactDecimal` does); the samples' linter (XToolSamples) checks samples by
/// them.
package enum ScalarRules {
    /// The text of a number sent as text, as it is read: without the spaces and tabs around it.
    package static func numberText(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    /// The integer `text` spells, leniently (`"12"`, `" 12 "`, `"+12"`), or nil (`"1.5"`, `"12a"`).
    package static func integer(_ text: String) -> Int64? {
        exactInteger(numberText(text))
    }

    /// The finite number `text` spells, leniently (`"29.99"`, `" 1e3"`), or nil (`"inf"`,
    /// `"nan"`, `"1e400"`).
    package static func number(_ text: String) -> Double? {
        exactNumber(numberText(text))
    }

    /// The decimal `text` spells, leniently.
    package static func decimal(_ text: String) -> Decimal? {
        exactDecimal(numberText(text))
    }

    /// The integer `text` spells as it stands, no space around it: how a number written as text
    /// (`format: string`) is read, and the lenient reading once trimmed.
    package static func exactInteger(_ text: String) -> Int64? {
        Int64(text)
    }

    /// The finite number `text` spells as it stands.
    package static func exactNumber(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The decimal `text` spells as it stands, exactly, where it spells a finite number that a
    /// `Decimal` holds (`JSONDecoder` reads a JSON number as `Decimal` so: `1e127`, not `1e128`).
    package static func exactDecimal(_ text: String) -> Decimal? {
        guard exactNumber(text) != nil else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The Bool `text` means: `"1"` or `"true"`, `"0"` or `"false"`, in any case.
    package static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true": true
        case "0", "false": false
        default: nil
        }
    }

    /// The Bool a number means: `1` or `0`.
    package static func bool(_ number: Int64) -> Bool? {
        switch number {
        case 1: true
        case 0: false
        default: nil
        }
    }
}
