import Foundation
import Testing
@_spi(Generated) import XToolRuntime

/// `DateStyle.formatted(_:timeZone:)`: a pattern's text without a zone is a time in the named
/// zone, dates are written in it, and a zone in the text wins when reading (issue 30).
@Suite struct DateStyleTimeZoneTests {
    static let beijing: DateStyle = .formatted("yyyy-MM-dd HH:mm:ss", timeZone: "Asia/Shanghai")
    /// 2019-01-10 10:49:58 UTC: AMap's "2019-01-10 18:49:58", Beijing time.
    static let reported = Date(timeIntervalSince1970: 1_547_117_398)

    /// A stand-in for a model: one date read and written in `style` through the SPI the
    /// generated unions use.
    struct Stamp: Codable, Equatable {
        static let style: DateStyle = .oneOf([.formatted("yyyy-MM-dd'T'HH:mm:ssZ"), DateStyleTimeZoneTests.beijing])
        var date: Date

        init(date: Date) { self.date = date }
        init(from decoder: any Decoder) throws { date = try decoder.decodeDates(Date.self, in: Self.style) }
        func encode(to encoder: any Encoder) throws { try encoder.encodeDates(date, in: Self.style) }
    }

    static func decoder(_ style: DateStyle) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { try style.decode(from: $0) }
        return decoder
    }

    @Test func aZonelessTextIsATimeInTheNamedZoneAndIsWrittenInIt() throws {
        let decoded = try JSONDecoder().decode([Stamp].self, from: Data(#"["2019-01-10 18:49:58"]"#.utf8))
        #expect(decoded == [Stamp(date: Self.reported)])
        let plain = try JSONDecoder().decode(
            [Stamp].self, from: Data(#"["2019-01-10T10:49:58+0000"]"#.utf8))
        #expect(plain == decoded, "a zone in the text wins")

        #expect(
            try Self.decoder(Self.beijing).decode([Date].self, from: Data(#"["2019-01-10 18:49:58"]"#.utf8)) == [
                Self.reported
            ])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in try Self.beijing.encode(date, to: encoder) }
        let written = try encoder.encode([Self.reported])
        #expect(String(decoding: written, as: UTF8.self) == #"["2019-01-10 18:49:58"]"#)
    }

    @Test func withoutAZoneTheTextIsUTC() throws {
        let utc: DateStyle = "yyyy-MM-dd HH:mm:ss"
        #expect(
            try Self.decoder(utc).decode([Date].self, from: Data(#"["2019-01-10 18:49:58"]"#.utf8))
                == [Self.reported.addingTimeInterval(8 * 3_600)])
    }
}
