import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Issue 42 item 2: a date that is a whole day or an instant in one field (a notes API's date
/// property: `"2020-12-08"` for an all-day date, `"2020-12-08T12:00:00.000-04:00"` with a time),
/// read in either form and written back in the form it came in.
@Suite struct DayOrDateTests {
    private struct DateProperty: Codable, Sendable, Equatable {
        let start: DayOrDate
        let end: DayOrDate?
    }

    @Test func aDayStaysADayAndAnInstantAnInstant() throws {
        let json = #"{"start":"2020-12-08","end":"2020-12-08T12:00:00.000-04:00"}"#
        let property = try JSONDecoder().decode(DateProperty.self, from: Data(json.utf8))
        #expect(property.start == .day(year: 2020, month: 12, day: 8))
        #expect(property.end == .date(Date(timeIntervalSince1970: 1_607_443_200)))
        let written = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(property))
        #expect(written["start"] == "2020-12-08", "not 2020-12-08T00:00:00Z")
        #expect(written["end"].flatMap { DayOrDate(text: $0) } == property.end, "the same instant")
    }

    /// Issue 53 item 8: an instant is written back at the offset it came with, not in UTC.
    @Test(arguments: [
        ("2020-12-08T12:00:00-04:00", "2020-12-08T12:00:00-04:00"),
        ("2020-12-08T12:00:00.000-04:00", "2020-12-08T12:00:00-04:00"),
        ("2020-12-08T12:00:00.250+05:30", "2020-12-08T12:00:00.250+05:30"),
        ("2020-12-08T16:00:00+0000", "2020-12-08T16:00:00Z"),
        ("2020-12-08T16:00:00Z", "2020-12-08T16:00:00Z"),
    ])
    func anInstantKeepsItsOffset(_ text: String, _ written: String) throws {
        let json = Data(#"{"start":"\#(text)"}"#.utf8)
        let property = try JSONDecoder().decode(DateProperty.self, from: json)
        let encoded = try JSONEncoder().encode(property)
        #expect(try JSONDecoder().decode([String: String].self, from: encoded)["start"] == written)
        let readAgain = try JSONDecoder().decode(DateProperty.self, from: encoded)
        #expect(readAgain == property)
        guard case .date(_, let zone) = readAgain.start, case .date(_, let first) = property.start else {
            Issue.record("not an instant: \(readAgain.start)")
            return
        }
        #expect(zone?.secondsFromGMT() == first?.secondsFromGMT())
    }

    /// An instant the app makes has no zone of its own: it is written in UTC, and equal to the
    /// same instant read at any offset.
    @Test func anInstantTheAppMakesIsWrittenInUTC() {
        let instant = Date(timeIntervalSince1970: 1_607_443_200)
        #expect(DayOrDate.date(instant).text == "2020-12-08T16:00:00Z")
        #expect(DayOrDate(text: "2020-12-08T12:00:00-04:00") == .date(instant))
        #expect(Set([DayOrDate.date(instant), DayOrDate(text: "2020-12-08T17:00:00+01:00")!]).count == 1)
    }

    /// A day's instant is its start in the zone the app names.
    @Test func aDayStartsInTheZoneTheAppNames() throws {
        let day = DayOrDate.day(year: 2020, month: 12, day: 8)
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(day.date(in: newYork) == Date(timeIntervalSince1970: 1_607_403_600))  // 05:00 UTC
        #expect(DayOrDate.date(Date(timeIntervalSince1970: 0)).date(in: newYork) == Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: ["2021-02-29", "2020-12-8", "12/08/2020", "", "today"])
    func textInNeitherFormIsRefused(_ text: String) {
        #expect(DayOrDate(text: text) == nil)
    }

    @Test func aNumberIsADecodingErrorAtItsPath() async throws {
        let server = try TestServer.scope()
        try await server.route("dates", .json(#"[{"start": 20201208}]"#))
        let client = APIClient(baseURL: server.baseURL)
        await #expect(throws: XToolError.self) {
            let _: [DateProperty] = try await client.send(RequestDescription(.get, "dates"))
        }
    }
}
