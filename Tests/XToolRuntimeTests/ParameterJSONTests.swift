import Foundation
import Testing

@testable import XToolRuntime

/// Parameters become JSON directly for the common scalars: the same JSON as the round trip
/// through the client's `JSONEncoder` (what every parameter went through before), for each date
/// style.
@Suite struct ParameterJSONTests {
    private func roundTrip(_ value: any Encodable, _ dates: DateStyle) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: dates.encoder().encode(value))
    }

    @Test(arguments: [
        DateStyle.iso8601, .secondsSince1970, .millisecondsSince1970, .formatted("EEE MMM dd HH:mm:ss Z yyyy"),
    ])
    func directJSONIsWhatTheRoundTripGives(dates: DateStyle) throws {
        let values: [any Encodable & Sendable] = [
            "text", "", "北京 & +", 0, -7, Int64.max, Int64.min, true, false,
            3.0, 0.1, -0.0, 1e20, 1e300, Double(1 << 53) - 1, 123_456.789,
            Date(timeIntervalSince1970: 1_306_835_215), Date(timeIntervalSince1970: 1_306_835_215.25),
            ["a", "b"], [1, 2], [Int64(3)], [String](), Int?.none, Int?.some(5), String?.some("x"),
            JSON.null, JSON.string("s"), JSON.int(4), JSON.bool(true), JSON.double(2.5), JSON.array([1, "a"]),
            [1.5, 2.0], ["k": 1],
        ]
        for value in values {
            #expect(try JSON(encoding: value, dates: dates) == roundTrip(value, dates), "\(value)")
        }
    }

    @Test func whatJSONCannotHoldIsStillAnError() {
        #expect(throws: (any Error).self) { try JSON(encoding: Double.nan, dates: .iso8601) }
        #expect(throws: (any Error).self) { try JSON(encoding: Double.infinity, dates: .iso8601) }
    }
}
