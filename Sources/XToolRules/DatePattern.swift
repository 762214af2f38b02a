import Foundation

/// A `DateFormatter` pattern in the `en_US_POSIX` locale and a zone (an IANA name; the spec's
/// `timezone:`, else UTC, unless the text itself has an offset): dates read and written by its
/// formatter, with a fast path for reading the fixed-width patterns APIs use. Formatters are
/// costly to make: callers keep one `DatePattern` per pattern and zone (`key(_:zone:)`).
///
/// Reading with a formatter costs tens of microseconds a date (ICU copies the whole formatter
/// for every text it parses). A pattern made only of fixed-width numbers (`yyyy`, `MM`, `dd`,
/// `HH`, `mm`, `ss`, `S`…`SSS`), English month and weekday abbreviations (`MMM`, `EEE`), an offset
/// (`Z`, `XX`, `XXX`…) and literals is read here instead, when the text matches it exactly and
/// names a valid date from 1900 on; anything else (another pattern, a zone without an offset in
/// the text, a text the fast path doesn't accept) goes to the formatter, so that every date read
/// is the one the formatter reads (`DatePatternTests` holds both to that).
package struct DatePattern: @unchecked Sendable {
    /// Configured once, then only used: `DateFormatter` is safe to use from several threads at
    /// once (Apple's since macOS 10.9 and iOS 7; the open-source one locks inside).
    private let formatter: DateFormatter
    private let fields: [Field]?

    package init(_ pattern: String, zone: String?) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        fields = Self.fields(of: pattern).flatMap { fields in
            // A text without an offset is a time in the formatter's zone: only UTC is read here.
            zone == nil || fields.contains(where: \.isOffset) ? fields : nil
        }
    }

    /// What a kept pattern is found by: the pattern, with the zone when there is one.
    package static func key(_ pattern: String, zone: String?) -> String {
        zone.map { "\($0) \(pattern)" } ?? pattern
    }

    /// The date `text` writes, as the formatter reads it.
    package func date(from text: String) -> Date? {
        dateWithoutFormatter(from: text) ?? formatter.date(from: text)
    }

    /// The date `text` writes, read by the fast path; nil when it can't tell (the formatter
    /// then decides).
    package func dateWithoutFormatter(from text: String) -> Date? {
        guard let fields else { return nil }
        var text = text
        return text.withUTF8 { Self.read($0, fields) }
    }

    /// `date` written in the pattern and zone.
    package func string(from date: Date) -> String {
        formatter.string(from: date)
    }

    // MARK: - The fast path

    /// One piece of a pattern the fast path reads.
    private enum Field: Hashable {
        case literal(UInt8)
        case year, month, monthName, day, hour, minute, second, weekdayName
        /// Fractional seconds in this many digits (1 to 3).
        case fraction(Int)
        /// `+0800` (`colon` false) or `+08:00`; `z` also reads `Z` for UTC.
        case offset(colon: Bool, z: Bool)

        var isOffset: Bool {
            kind == .offset(colon: false, z: false)
        }

        /// What the field sets, the same for each spelling of it; nil for a literal.
        var kind: Field? {
            switch self {
            case .literal: nil
            case .monthName: .month
            case .fraction: .fraction(0)
            case .offset: .offset(colon: false, z: false)
            default: self
            }
        }
    }

    /// The fields of `pattern`, or nil when the fast path doesn't read it: a letter it doesn't
    /// know, a field twice, no year, month or day, or anything outside ASCII.
    private static func fields(of pattern: String) -> [Field]? {
        let bytes = Array(pattern.utf8)
        var fields: [Field] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "'") {
                // A quoted literal; `''` is a quote.
                var end = index + 1
                if end < bytes.count, bytes[end] == byte {
                    fields.append(.literal(byte))
                    index = end + 1
                    continue
                }
                while end < bytes.count, bytes[end] != byte {
                    guard bytes[end] < 0x80 else { return nil }
                    fields.append(.literal(bytes[end]))
                    end += 1
                }
                guard end < bytes.count else { return nil }
                index = end + 1
                continue
            }
            guard isLetter(byte) else {
                fields.append(.literal(byte))
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] == byte { end += 1 }
            guard let field = field(byte, count: end - index) else { return nil }
            fields.append(field)
            index = end
        }
        let named = fields.compactMap(\.kind)
        guard Set(named).count == named.count, named.contains(.year), named.contains(.day), named.contains(.month)
        else { return nil }
        return fields
    }

    private static func field(_ letter: UInt8, count: Int) -> Field? {
        switch (Character(Unicode.Scalar(letter)), count) {
        case ("y", 4): .year
        case ("M", 2): .month
        case ("M", 3): .monthName
        case ("d", 2): .day
        case ("H", 2): .hour
        case ("m", 2): .minute
        case ("s", 2): .second
        case ("S", 1...3): .fraction(count)
        case ("E", 1...3): .weekdayName
        case ("Z", 1...3), ("x", 2), ("X", 2): .offset(colon: false, z: letter == UInt8(ascii: "X"))
        case ("x", 3), ("X", 3): .offset(colon: true, z: letter == UInt8(ascii: "X"))
        default: nil
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    .map { Array($0.utf8) }
    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }

    /// The date `bytes` write in `fields`, or nil when the fast path can't tell.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: [Field]) -> Date? {
        var text = Text(bytes: bytes)
        var (year, month, day, hour, minute, second, milliseconds, offset) = (0, 0, 0, 0, 0, 0, 0, 0)
        var weekday: Int?
        do {
            for field in fields {
                switch field {
                case .literal(let byte): try text.skip(byte)
                case .year: year = try text.number(4)
                case .month: month = try text.number(2)
                case .monthName: month = try text.name(monthNames) + 1
                case .day: day = try text.number(2)
                case .hour: hour = try text.number(2)
                case .minute: minute = try text.number(2)
                case .second: second = try text.number(2)
                case .fraction(let digits): milliseconds = try text.milliseconds(digits)
                case .weekdayName: weekday = try text.name(weekdayNames)
                case .offset(let colon, let z): offset = try text.offset(colon: colon, z: z)
                }
            }
        } catch {
            return nil
        }
        guard text.position == bytes.count, (1900...9999).contains(year), (1...12).contains(month),
            (1...daysIn(month, of: year)).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year, month, day)
        if let weekday, weekday != (days % 7 + 11) % 7 { return nil }  // 1970-01-01 was a Thursday (4)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        // As ICU and CoreFoundation compute it: milliseconds since 1970, then seconds since 2001.
        let since1970 = Double(seconds * 1_000 + milliseconds) / 1_000
        return Date(timeIntervalSinceReferenceDate: since1970 - Date.timeIntervalBetween1970AndReferenceDate)
    }

    /// Where the fast path is in a text; each read moves past what it read, or throws.
    private struct Text {
        struct Mismatch: Error {}

        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func skip(_ byte: UInt8) throws(Mismatch) {
            guard position < bytes.count, bytes[position] == byte else { throw Mismatch() }
            position += 1
        }

        /// A number of exactly `digits` ASCII digits.
        mutating func number(_ digits: Int) throws(Mismatch) -> Int {
            guard position + digits <= bytes.count else { throw Mismatch() }
            var value = 0
            for byte in bytes[position..<(position + digits)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw Mismatch() }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += digits
            return value
        }

        /// Fractional seconds in `digits` digits (1 to 3), as milliseconds.
        mutating func milliseconds(_ digits: Int) throws(Mismatch) -> Int {
            let value = try number(digits)
            return digits == 1 ? value * 100 : digits == 2 ? value * 10 : value
        }

        /// The index in `names` of the three letters here.
        mutating func name(_ names: [[UInt8]]) throws(Mismatch) -> Int {
            guard position + 3 <= bytes.count,
                let found = names.firstIndex(where: { $0.elementsEqual(bytes[position..<(position + 3)]) })
            else { throw Mismatch() }
            position += 3
            return found
        }

        /// Seconds east of UTC: `+0800`, or `+08:00` with `colon`; `Z` too with `z`.
        mutating func offset(colon: Bool, z: Bool) throws(Mismatch) -> Int {
            if z, position < bytes.count, bytes[position] == UInt8(ascii: "Z") {
                position += 1
                return 0
            }
            guard position < bytes.count else { throw Mismatch() }
            let sign = bytes[position] == UInt8(ascii: "+") ? 1 : bytes[position] == UInt8(ascii: "-") ? -1 : 0
            guard sign != 0 else { throw Mismatch() }
            position += 1
            let hours = try number(2)
            if colon { try skip(UInt8(ascii: ":")) }
            let minutes = try number(2)
            guard hours < 24, minutes < 60 else { throw Mismatch() }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the Gregorian calendar (from March-based years, so that
    /// the leap day ends a year).
    private static func daysSince1970(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
