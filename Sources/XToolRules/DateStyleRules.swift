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
    /// An ISO 8601 date, with or without fractional seconds, with any offset. A date in whole
    /// seconds (`2024-05-01T12:00:00Z`, `…+08:00`, `…+0800`) is read by `DatePattern`'s fast
    /// path, to the same instant: there is no fraction whose rounding could differ.
    package static func isoDate(_ text: String) -> Date? {
        isoWholeSeconds.lazy.compactMap { $0.dateWithoutFormatter(from: text) }.first
            ?? (try? Date(text, strategy: iso)) ?? (try? Date(text, strategy: isoFractional))
    }

    /// The offset from UTC, in seconds, an ISO 8601 time ends with (`+08:00`, `-0530`, `Z`).
    package static func offset(of time: String) -> Int? {
        if time.hasSuffix("Z") || time.hasSuffix("z") { return 0 }
        for tail in [time.suffix(6), time.suffix(5)] {
            let digits = tail.dropFirst().filter { $0 != ":" }
            guard let sign = tail.first, sign == "+" || sign == "-", digits.count == 4,
                tail.count == 5 || tail.dropFirst(3).first == ":",
                let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2))
            else { continue }
            return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        return nil
    }

    /// ISO 8601 in whole seconds, with the offset's colon (RFC 3339) and without it (as
    /// `Date.ISO8601FormatStyle` writes it).
    package static let isoWholeSeconds = [
        DatePattern("yyyy-MM-dd'T'HH:mm:ssXXX", zone: nil), DatePattern("yyyy-MM-dd'T'HH:mm:ssXX", zone: nil),
    ]

    package static let iso = Date.ISO8601FormatStyle()
    package static let isoFractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// A whole day as `DayOrDate` reads it: exactly `yyyy-MM-dd`, a day of the Gregorian
    /// calendar; nil for any other text.
    package static func day(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard DateComponents(year: year, month: month, day: day).isValidDate(in: calendar) else { return nil }
        return (year, month, day)
    }

    /// A number of seconds or milliseconds written as a string (`"1714564800"`).
    package static func number(fromText text: String) -> Double? {
        Double(text)
    }
}
