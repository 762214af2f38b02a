import Testing
import XToolSpec

@testable import XToolImport

/// The failures a capture shows to be transient: asked for again as they were, and answered.
@Suite struct CapturedRetriesTests {
    /// A gateway's envelope: `code` 0 is success.
    static let envelope = EnvelopeDraft(
        data: Spec.KeyPath(components: ["data"]), successPath: Spec.KeyPath(components: ["code"]), successValue: "0",
        message: Spec.KeyPath(components: ["msg"]), code: Spec.KeyPath(components: ["code"]))

    static func call(_ item: String, status: Int = 200, code: Int = 0, time: String = "1") -> CapturedExchange {
        var call = CapturedExchange.call(
            "GET /item", [("id", item), ("timestamp", time)],
            answer: code == 0 ? #"{"code": 0, "msg": "ok", "data": {"id": 1}}"# : #"{"code": \#(code), "msg": "wait"}"#)
        call.status = status
        return call
    }

    static let captures: [(name: String, calls: [CapturedExchange], codes: [String], statuses: [Int])] = [
        (
            "a failure at 200 asked for again and answered", [call("1", code: 7, time: "1"), call("1", time: "2")],
            ["7"], []
        ),
        (
            "a status asked for again and answered", [call("1", status: 430, time: "1"), call("1", time: "2")], [],
            [430]
        ),
        ("a failure asked for again that failed again", [call("1", code: 7), call("1", code: 7)], [], []),
        ("a failure followed by another request", [call("1", code: 7), call("2")], [], []),
        ("a 429, which the runtime asks for again by itself", [call("1", status: 429), call("1")], [], []),
    ]

    @Test(arguments: captures) func theFailuresAskedForAgain(
        _ name: String, _ calls: [CapturedExchange], _ codes: [String], _ statuses: [Int]
    ) {
        let found = CapturedRetries.inferred(from: calls, envelope: Self.envelope, besides: ["timestamp"])
        #expect(found == CapturedRetries(codes: codes, statuses: statuses), "\(name)")
    }
}
