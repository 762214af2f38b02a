import Foundation
import Testing
import XToolRules

/// `DatePattern` reads the fixed-width patterns without a formatter, and every date it reads so
/// is the one the formatter reads from the same text; every other text and pattern goes to the
/// formatter. Texts are written by a formatter of the pattern (in the `en_US_POSIX` locale, at
/// an offset of the test's choosing), so that ICU, not the test, says what each pattern writes.
@Suite struct DatePatternTests {
    /// Patterns APIs use, each with whether it writes an offset.
    static let fixedWidth: [(pattern: String, offset: Bool)] = [
        ("EEE MMM dd HH:mm:ss Z yyyy", true),  // Weibo, Twitter
        ("EEE, dd MMM yyyy HH:mm:ss Z", true),  // RFC 1123
        ("yyyy-MM-dd'T'HH:mm:ssZ", true),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", true),
        ("yyyy-MM-dd'T'HH:mm:ss.SSxx", true),
        ("yyyy-MM-dd'T'HH:mm:ss.Sxxx", true),
        ("yyyy-MM-dd HH:mm:ss", false),
        ("yyyy-MM-dd", false),
        ("dd/MM/yyyy HH:mm", false),
        ("yyyyMMdd'at'HHmmss", false),
        ("'on' MMM dd, yyyy", false),
    ]

    /// Offsets from -12:00 to +14:00, with the half and three-quarter hours some zones keep.
    static let offsets = [0, 28_800, -18_000, 19_800, 20_700, -34_200, 50_400, -43_200, 3_600, -3_600]

    /// From 1900 to 2100 at a stride that lands on every month, weekday, hour and millisecond,
    /// and the days around leap days and year ends.
    static let dates: [Date] = {
        let start = -2_208_988_800.0  // 1900-01-01
        let strided = (0..<1_500).map { Date(timeIntervalSince1970: start + Double($0) * 4_210_447.123) }
        let edges = [
            951_782_400.0, 951_868_799.999, 946_684_799.0, 946_684_800.0, -2_203_891_200.0, 4_107_456_000.0,
            1_709_164_800.5, 0, -1,
        ].map(Date.init(timeIntervalSince1970:))
        return strided + edges
    }()

    static func formatter(_ pattern: String, offset: Int) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        formatter.dateFormat = pattern
        return formatter
    }

    @Test(arguments: fixedWidth)
    func aFixedWidthPatternIsReadWithoutTheFormatterAndAsItReads(pattern: String, offset: Bool) throws {
        let reader = DatePattern(pattern, zone: nil)
        let reference = Self.formatter(pattern, offset: 0)
        var read = 0
        for (index, date) in Self.dates.enumerated() {
            let writer = Self.formatter(pattern, offset: offset ? Self.offsets[index % Self.offsets.count] : 0)
            let text = writer.string(from: date)
            let fast = reader.dateWithoutFormatter(from: text)
            let slow = reference.date(from: text)
            #expect(fast != nil, "\(pattern): '\(text)' not read without the formatter")
            #expect(fast == slow, "\(pattern): '\(text)'")
            #expect(reader.date(from: text) == slow)
            if fast != nil { read += 1 }
        }
        #expect(read == Self.dates.count)
    }

    /// Every text one character away from a date the pattern writes (a digit, a sign, a letter's
    /// case, a space, or the character dropped) reads as the formatter reads it: the fast path
    /// refuses what it must, and what it accepts is the formatter's date.
    @Test(arguments: fixedWidth)
    func aTextOneCharacterOffReadsAsTheFormatterReadsIt(pattern: String, offset: Bool) {
        let reader = DatePattern(pattern, zone: nil)
        let reference = Self.formatter(pattern, offset: 0)
        for (index, date) in Self.dates.enumerated() where index % 75 == 0 {
            let writer = Self.formatter(pattern, offset: offset ? Self.offsets[index % Self.offsets.count] : 0)
            let text = Array(writer.string(from: date))
            for position in text.indices {
                let original = text[position]
                let swapped = Character(original.isUppercase ? original.lowercased() : original.uppercased())
                for replacement in ["0", "1", "2", "3", "4", "6", "9", "-", "+", " ", swapped, nil] as [Character?] {
                    var mutated = text
                    if let replacement { mutated[position] = replacement } else { mutated.remove(at: position) }
                    let mutatedText = String(mutated)
                    #expect(
                        reader.date(from: mutatedText) == reference.date(from: mutatedText),
                        "\(pattern): '\(mutatedText)'")
                }
            }
        }
    }

    /// Texts the fast path doesn't take (or takes and must refuse) read as the formatter reads
    /// them: nil for nonsense, a date where ICU accepts more than the fixed widths.
    @Test func anyOtherTextReadsAsTheFormatterReadsIt() {
        let cases: [(String, String)] = [
            ("yyyy-MM-dd", "2024-02-30"), ("yyyy-MM-dd", "2023-02-29"), ("yyyy-MM-dd", "2024-13-01"),
            ("yyyy-MM-dd", "2024-2-3"), ("yyyy-MM-dd", "2024-02-03 "), ("yyyy-MM-dd", " 2024-02-03"),
            ("yyyy-MM-dd", "2024/02/03"), ("yyyy-MM-dd", "1899-12-31"), ("yyyy-MM-dd", ""),
            ("yyyy-MM-dd", "２０２４-02-03"), ("yyyy-MM-dd HH:mm:ss", "2024-02-03 24:00:00"),
            ("yyyy-MM-dd HH:mm:ss", "2024-02-03 23:60:00"), ("yyyy-MM-dd HH:mm:ss", "2024-02-03 23:59:60"),
            ("EEE MMM dd HH:mm:ss Z yyyy", "Wed May 31 17:46:55 +0800 2011"),
            ("EEE MMM dd HH:mm:ss Z yyyy", "Tue may 31 17:46:55 +0800 2011"),
            ("EEE MMM dd HH:mm:ss Z yyyy", "Tue May 31 17:46:55 GMT+08:00 2011"),
            ("EEE MMM dd HH:mm:ss Z yyyy", "Tue May 31 17:46:55 +08:00 2011"),
            ("EEE MMM dd HH:mm:ss Z yyyy", "Tue May 31 17:46:55 +0860 2011"),
            ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "2024-02-03T04:05:06.789Z"),
            ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "2024-02-03T04:05:06.78Z"),
            ("yyyy-MM-dd'T'HH:mm:ssZ", "2024-02-03T04:05:06Z"),
        ]
        for (pattern, text) in cases {
            #expect(
                DatePattern(pattern, zone: nil).date(from: text) == Self.formatter(pattern, offset: 0).date(from: text),
                "\(pattern): '\(text)'")
        }
    }

    /// A pattern with a field of another width or kind, or a zone that the text doesn't override,
    /// goes to the formatter whole.
    @Test func otherPatternsGoToTheFormatter() throws {
        let shanghai = DatePattern("yyyy-MM-dd HH:mm:ss", zone: "Asia/Shanghai")
        #expect(shanghai.dateWithoutFormatter(from: "2019-01-10 18:49:58") == nil)
        #expect(shanghai.date(from: "2019-01-10 18:49:58") == Date(timeIntervalSince1970: 1_547_117_398))
        let withOffset = DatePattern("yyyy-MM-dd HH:mm:ssZ", zone: "Asia/Shanghai")
        #expect(
            withOffset.dateWithoutFormatter(from: "2019-01-10 10:49:58+0000")
                == Date(timeIntervalSince1970: 1_547_117_398))
        for pattern in ["MMMM d, yyyy", "yy-MM-dd", "yyyy-MM-dd hh:mm a", "yyyy-MM", "yyyy-MM-dd-MM", "yyyy-MM-dd'T"] {
            let reader = DatePattern(pattern, zone: nil)
            let text = Self.formatter(pattern, offset: 0).string(from: Date(timeIntervalSince1970: 1_700_000_000))
            #expect(reader.dateWithoutFormatter(from: text) == nil, "\(pattern)")
            #expect(reader.date(from: text) == Self.formatter(pattern, offset: 0).date(from: text), "\(pattern)")
        }
    }
}

/// `DateRules.isoDate` reads an ISO 8601 date in whole seconds without the format style, to the
/// instant the style reads.
@Suite struct ISODateTests {
    @Test func aDateInWholeSecondsReadsAsTheFormatStyleReadsIt() throws {
        for (index, date) in DatePatternTests.dates.enumerated() {
            let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            let offset = DatePatternTests.offsets[index % DatePatternTests.offsets.count]
            let style = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: offset)!)
            let text = whole.formatted(style)
            #expect(DateRules.isoDate(text) == (try Date(text, strategy: DateRules.iso)), "'\(text)'")
            #expect(DateRules.isoDate(text) == whole, "'\(text)'")
            let fast = DateRules.isoWholeSeconds.lazy.compactMap { $0.dateWithoutFormatter(from: text) }.first
            #expect(fast == whole, "not read fast: '\(text)'")
            let colon = text.hasSuffix("Z") ? text : String(text.dropLast(2) + ":" + text.suffix(2))
            #expect(DateRules.isoDate(colon) == whole, "'\(colon)'")
            #expect((try? Date(colon, strategy: DateRules.iso)) == whole, "the style reads '\(colon)' otherwise")
            #expect(
                DateRules.isoWholeSeconds[0].dateWithoutFormatter(from: colon) == whole, "not read fast: '\(colon)'")
        }
        for text in [
            "2024-05-01T12:00:00.5Z", "2024-05-01T12:00:00.811+08:00", "2024-05-01t12:00:00Z", "2024-05-01T12:00:00z",
            "2024-05-01T12:00:00+0800", "2024-05-01 12:00:00Z", "20240501T120000Z", "2024-02-30T12:00:00Z",
            "1850-05-01T12:00:00Z", "2024-05-01T12:00:00-00:00",
        ] {
            let style =
                (try? Date(text, strategy: DateRules.iso)) ?? (try? Date(text, strategy: DateRules.isoFractional))
            #expect(DateRules.isoDate(text) == style, "'\(text)'")
        }
    }
}
