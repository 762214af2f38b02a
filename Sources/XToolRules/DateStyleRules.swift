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

    /// A new formatter for a `DateFormatter` pattern: the `en_US_POSIX` locale, in `zone` (an
    /// IANA name; the spec's `timezone:`), else in UTC, unless the text itself has an offset.
    /// Formatters are costly: callers keep one per pattern and zone (`formatterKey`).
    package static func makeFormatter(_ pattern: String, zone: String?) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }

    /// What a kept formatter is found by: the pattern, with the zone when there is one.
    package static func formatterKey(_ pattern: String, zone: String?) -> String {
        zone.map { "\($0) \(pattern)" } ?? pattern
    }
}
