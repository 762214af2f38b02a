import Foundation
internal import XToolRules

/// How an API writes dates, in responses and in parameters.
///
/// A string literal names a style: `"iso8601"`, `"secondsSince1970"`, `"millisecondsSince1970"`,
/// or else a date format (`"EEE MMM dd HH:mm:ss Z yyyy"`, Weibo's RFC 2822-like `created_at`).
/// An array literal accepts any of several styles (`["yyyy-MM-dd", "iso8601"]`).
public enum DateStyle: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// `2024-05-01T12:00:00Z`, read with or without fractional seconds and with any offset;
    /// written with milliseconds only when the date has them.
    case iso8601
    /// A number of seconds (a numeric string is accepted too).
    case secondsSince1970
    /// A number of milliseconds (a numeric string is accepted too).
    case millisecondsSince1970
    /// A `DateFormatter` pattern, read and written in the `en_US_POSIX` locale, in the time
    /// zone `timeZone` names (an IANA name such as `"Asia/Shanghai"`; UTC when nil or unknown):
    /// a text without a zone is a time in that zone, and dates are written in it. A zone in the
    /// text itself (a pattern with `Z`) wins when reading.
    case formatted(String, timeZone: String? = nil)
    /// Any of these styles: a date is read in the first that matches, and written in the first.
    case oneOf([DateStyle])

    public init(arrayLiteral elements: DateStyle...) {
        self = .oneOf(elements)
    }

    public init(stringLiteral value: String) {
        switch DateStyleName(rawValue: value) {
        case .iso8601?: self = .iso8601
        case .secondsSince1970?: self = .secondsSince1970
        case .millisecondsSince1970?: self = .millisecondsSince1970
        case nil: self = .formatted(value)
        }
    }

    /// Reads a date from a single value.
    public func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        switch self {
        case .secondsSince1970, .millisecondsSince1970:
            let scale: Double = self == .secondsSince1970 ? 1 : 1_000
            if let number = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: number / scale)
            }
            let text = try container.decode(String.self)
            guard let number = DateRules.number(fromText: text) else {
                throw Self.mismatch(container, text: text, expected: "a number of \(scale == 1 ? "" : "milli")seconds")
            }
            return Date(timeIntervalSince1970: number / scale)
        case .iso8601, .formatted:
            let text = try container.decode(String.self)
            guard let date = date(fromText: text) else {
                let expected =
                    if case .formatted(let pattern, _) = self { "a date like '\(pattern)'" } else { "an ISO 8601 date" }
                throw Self.mismatch(container, text: text, expected: expected)
            }
            return date
        case .oneOf(let styles):
            for style in styles {
                if let date = try? style.decode(from: decoder) { return date }
            }
            let found = (try? container.decode(String.self)).map { "\"\($0)\"" } ?? "another value"
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "Expected a date in one of the styles \(styles.map(\.name).joined(separator: ", ")), found \(found)."
            )
        }
    }

    /// The style as a spec names it, for messages: `iso8601`, `'yyyy-MM-dd'`.
    private var name: String {
        switch self {
        case .iso8601: DateStyleName.iso8601.rawValue
        case .secondsSince1970: DateStyleName.secondsSince1970.rawValue
        case .millisecondsSince1970: DateStyleName.millisecondsSince1970.rawValue
        case .formatted(let pattern, _): "'\(pattern)'"
        case .oneOf(let styles): "[" + styles.map(\.name).joined(separator: ", ") + "]"
        }
    }

    /// The time now as this style writes it, epoch seconds whole (`1733112345`, not a fraction).
    func now() -> JSON {
        let now = Date()
        guard case .secondsSince1970 = self else { return json(for: now) ?? .null }
        return json(for: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))) ?? .null
    }

    /// The JSON a date is written as (what `encode(_:to:)` writes, read back).
    func json(for date: Date) -> JSON? {
        switch self {
        case .secondsSince1970: JSON.number(date.timeIntervalSince1970)
        case .millisecondsSince1970: JSON.number((date.timeIntervalSince1970 * 1_000).rounded())
        case .iso8601: .string(Self.isoText(date))
        case .formatted(let pattern, let zone): .string(Self.pattern(pattern, zone).string(from: date))
        case .oneOf(let styles): (styles.first ?? .iso8601).json(for: date)
        }
    }

    /// Writes a date as a single value.
    public func encode(_ date: Date, to encoder: any Encoder) throws {
        if case .oneOf(let styles) = self {
            return try (styles.first ?? .iso8601).encode(date, to: encoder)
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .secondsSince1970: try container.encode(date.timeIntervalSince1970)
        case .millisecondsSince1970: try container.encode((date.timeIntervalSince1970 * 1_000).rounded())
        case .iso8601: try container.encode(Self.isoText(date))
        case .formatted(let pattern, let zone): try container.encode(Self.pattern(pattern, zone).string(from: date))
        case .oneOf: break  // written above
        }
    }

    /// ISO 8601, with milliseconds where the date has a fraction of a second, at `zone`'s
    /// offset (`Z` in UTC, `-04:00`).
    static func isoText(_ date: Date, in zone: TimeZone = .gmt) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        // The style truncates to milliseconds, and `.811` read back is `.8109999…`: half a
        // millisecond more makes it round, so that a date read from text writes the same text.
        let written = whole ? date : date.addingTimeInterval(0.000_5)
        guard zone != .gmt else { return written.formatted(whole ? DateRules.iso : DateRules.isoFractional) }
        return written.formatted(
            Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: !whole, timeZone: zone))
    }

    /// The date `text` writes in this style; nil when it doesn't, or when the style writes
    /// numbers.
    func date(fromText text: String) -> Date? {
        switch self {
        case .secondsSince1970, .millisecondsSince1970: nil
        case .iso8601: DateRules.isoDate(text)
        case .formatted(let pattern, let zone): Self.pattern(pattern, zone).date(from: text)
        case .oneOf(let styles): styles.lazy.compactMap { $0.date(fromText: text) }.first
        }
    }

    /// Formatters are costly to make: one per pattern and zone is made, kept, and shared (a
    /// `DatePattern` is only read once made), and the lock only guards the dictionary.
    private static let patterns = Locked<[String: DatePattern]>([:])

    private static func pattern(_ pattern: String, _ zone: String?) -> DatePattern {
        let key = DatePattern.key(pattern, zone: zone)
        return patterns.withLock { patterns in
            if let known = patterns[key] { return known }
            let made = DatePattern(pattern, zone: zone)
            patterns[key] = made
            return made
        }
    }

    private static func mismatch(_ container: any SingleValueDecodingContainer, text: String, expected: String)
        -> DecodingError
    {
        .dataCorruptedError(in: container, debugDescription: "Expected \(expected), found \"\(text)\".")
    }
}

extension CodingUserInfoKey {
    /// The client's `DateStyle`, read by `FieldDecoder` and `FieldEncoder`.
    static let dateStyle = CodingUserInfoKey(rawValue: "XToolRuntime.dateStyle")!
    /// `true` when the client is lenient, read by `FieldDecoder`.
    static let lenient = CodingUserInfoKey(rawValue: "XToolRuntime.lenient")!
}

extension DateStyle {
    /// A decoder set up for this style and leniency, as the client decodes responses.
    func decoder(lenient: Bool) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { try self.decode(from: $0) }
        decoder.userInfo[.dateStyle] = self
        decoder.userInfo[.lenient] = lenient
        return decoder
    }

    /// An encoder set up for this style, as the client encodes parameters.
    func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in try self.encode(date, to: encoder) }
        encoder.userInfo[.dateStyle] = self
        return encoder
    }
}
