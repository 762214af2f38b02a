import Foundation

/// The date styles a spec's `dates:` (and a field's `format:`) names, as the runtime's
/// `DateStyle` reads them from a string literal; any other text is a `DateFormatter` pattern.
package enum DateStyleName: String, CaseIterable, Sendable {
    case iso8601
    case secondsSince1970
    case millisecondsSince1970
}

/// How a date is read from text in each style: the runtime's `DateStyle` decodes responses by
/// these rules, and the samples' checker (XToolSamples) checks sample dates by them.
package enum DateRules {
    /// An ISO 8601 date, with or without fractional seconds, with any offset.
    package static func isoDate(_ text: String) -> Date? {
        (try? Date(text, strategy: iso)) ?? (try? Date(text, strategy: isoFractional))
    }

    package static let iso = Date.ISO8601FormatStyle()
    package static let isoFractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// A number of seconds or milliseconds written as a string (`"1714564800"`).
    package static func number(fromText text: String) -> Double? {
        Double(text)
    }
}
