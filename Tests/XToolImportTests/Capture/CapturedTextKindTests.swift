import Foundation
import Testing
import XToolRules

@testable import XToolImport

/// What a captured string is taken for: numbers' digits, dates only where the shared rules
/// (`DateRules`, `DatePattern`) read them as the runtime will, URLs, else plain text.
@Suite struct CapturedTextKindTests {
    static let kinds: [(text: String, kind: CapturedShape.TextKind)] = [
        ("12", .numeric(integer: true, wide: false)),
        ("3000000001", .numeric(integer: true, wide: true)),
        ("9.5", .numeric(integer: false, wide: false)),
        ("2011-05-31T17:46:55Z", .isoDate),
        ("2011-05-31T17:46:55.123+08:00", .isoDate),
        ("2011-05-31T17:46:55+0800", .isoDate),
        // Minutes without seconds: no rule the runtime reads dates by reads it.
        ("2024-05-01T12:00Z", .plain),
        ("2016-06-24", .datePattern("yyyy-MM-dd")),
        ("1850-01-01", .datePattern("yyyy-MM-dd")),
        ("2016-02-30", .plain),
        // The formatter would read it; it is not written in the pattern.
        ("2016-6-24", .plain),
        ("2023-07-04 20:00:17", .datePattern("yyyy-MM-dd HH:mm:ss")),
        ("2023-07-04 24:00:17", .plain),
        ("2023-07-04 20:00", .plain),
        ("Tue May 31 17:46:55 +0800 2011", .datePattern("EEE MMM dd HH:mm:ss Z yyyy")),
        // A weekday that is not the date's.
        ("Mon May 31 17:46:55 +0800 2011", .plain),
        ("Tue May 31 17:46:55 CST 2011", .plain),
        ("Mon, 07 Dec 2026 12:00:00 GMT", .datePattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'")),
        // HTTP's date is in GMT, and says so.
        ("Mon, 07 Dec 2026 12:00:00 PST", .plain),
        ("https://img.example.com/a.png", .url),
        ("two words", .plain),
    ]

    @Test(arguments: kinds) func aTextIsTakenForWhatTheSharedRulesReadItAs(
        _ text: String, _ kind: CapturedShape.TextKind
    ) {
        #expect(CapturedModels.textKind(text) == kind)
    }

    /// An example of each pattern, and the instant it writes.
    static func example(of pattern: KnownDatePattern) -> (text: String, date: Date) {
        switch pattern {
        case .day: ("2016-06-24", Date(timeIntervalSince1970: 1_466_726_400))
        case .dayAndTime: ("2023-07-04 20:00:17", Date(timeIntervalSince1970: 1_688_500_817))
        case .ctimeWithOffset: ("Tue May 31 17:46:55 +0800 2011", Date(timeIntervalSince1970: 1_306_835_215))
        case .httpDate: ("Mon, 07 Dec 2026 12:00:00 GMT", Date(timeIntervalSince1970: 1_796_644_800))
        }
    }

    /// Each known pattern's example reads, through `DatePattern` in the zone the spec writes,
    /// as the instant it writes, and is recognised.
    @Test(arguments: KnownDatePattern.allCases) func eachKnownPatternReadsThroughDatePattern(
        _ pattern: KnownDatePattern
    ) {
        let (text, date) = Self.example(of: pattern)
        #expect(DatePattern(pattern.rawValue, zone: SpecWriter.patternZone).date(from: text) == date)
        #expect(pattern.reads(text))
        #expect(CapturedModels.textKind(text) == .datePattern(pattern.rawValue))
    }
}
