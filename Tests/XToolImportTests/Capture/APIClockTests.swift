import Testing
import XToolRules

@testable import XToolImport

/// The zone of an API's clock, for the times its answers write without one.
@Suite struct APIClockTests {
    static let offsets: [(time: String, offset: Int?)] = [
        ("2026-12-07T11:44:01.048+08:00", 28_800),
        ("2026-12-07T11:44:01-0530", -19_800),
        ("2026-12-07T03:44:01Z", 0),
        ("2026-12-07T03:44:01", nil),
        ("2026-12-07", nil),
    ]

    @Test(arguments: offsets) func theOffsetARecordedTimeEndsWith(_ time: String, _ offset: Int?) {
        #expect(DateRules.offset(of: time) == offset)
    }

    /// A model holding a time of day without a zone, and one holding a day.
    static let withTime = [
        ModelDraft(name: "Live", fields: [member("reporttime", format: "yyyy-MM-dd HH:mm:ss")])
    ]
    static let withDay = [ModelDraft(name: "Cast", fields: [member("date", format: "yyyy-MM-dd")])]

    static func member(_ key: String, format: String) -> MemberDraft {
        var member = MemberDraft(key: key, type: .scalar("Date"))
        member.type.dateFormat = format
        return member
    }

    static let zones: [(models: [ModelDraft], sent: String?, recorded: [Int?], zone: String?)] = [
        (withTime, nil, [28_800, 28_800], "Asia/Shanghai"),
        // A time the app sends measured the API's clock: it wins over where the capture was made.
        (withTime, "Asia/Tokyo", [28_800], "Asia/Tokyo"),
        // Recorded in two zones, in UTC, or without times: nothing to tell.
        (withTime, nil, [28_800, 3_600], nil),
        (withTime, nil, [0, 0], nil),
        (withTime, nil, [nil], nil),
        // Days alone need no zone of the API's.
        (withDay, nil, [28_800], nil),
    ]

    @Test(arguments: zones) func theZoneOfTheAPIsClock(
        _ models: [ModelDraft], _ sent: String?, _ recorded: [Int?], _ zone: String?
    ) {
        #expect(APIClock.zone(of: models, sentTimeZone: sent, recordedOffsets: recorded)?.name == zone)
    }
}
