import Testing
import XToolSpec

@testable import XToolImport

/// The failures a capture shows to be transient: asked for again as they were, and answered.
@Suite struct CapturedRetriesTests {
    /// A gateway's envelope: `code` 0 is success.
    static let envelope = EnvelopeDraft(
        data: Spec.KeyPath(components: ["data"]), successPath: Spec.KeyPath(components: ["code"]), successValue: "0",
        message: Spec.KeyPath(components: ["msg"]), code: Spec.KeyPath(components: ["code"]))

    static func call(
        _ item: String, status: Int = 200, code: Int = 0, time: String = "1", token: String = "token-0001"
    ) -> CapturedExchange {
        var call = CapturedExchange.call(
            "GET /item", [("id", item), ("timestamp", time), ("access_token", token)],
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
        #expect(found == CapturedRetries(retried: .init(codes: codes, statuses: statuses)), "\(name)")
    }

    static let renewals: [(name: String, calls: [CapturedExchange], refresh: CapturedRetries.Refresh?)] = [
        (
            "a 401 asked for again with a renewed token",
            [call("1", status: 401), call("1", token: "token-0002")],
            .init(failures: .init(statuses: [401]), renewed: ["access_token"])
        ),
        (
            "a failure at 200 asked for again with a renewed token",
            [call("1", code: 27), call("1", token: "token-0002")],
            .init(failures: .init(codes: ["27"]), renewed: ["access_token"])
        ),
        (
            "the call whose answer held the renewed token",
            [
                call("1", status: 401),
                CapturedExchange.call("POST /token", answer: #"{"access_token": "token-0002"}"#),
                call("1", token: "token-0002"),
            ],
            .init(failures: .init(statuses: [401]), renewed: ["access_token"], renewedBy: [1])
        ),
        ("a 401 asked for again with the same token", [call("1", status: 401), call("1")], nil),
        ("a renewed token on another request", [call("1", status: 401), call("2", token: "token-0002")], nil),
    ]

    /// A failure asked for again with a credential of another value: `refresh:`, never `retry:`.
    @Test(arguments: renewals) func theFailuresAskedForAgainWithRenewedCredentials(
        _ name: String, _ calls: [CapturedExchange], _ refresh: CapturedRetries.Refresh?
    ) {
        let found = CapturedRetries.inferred(from: calls, envelope: Self.envelope, besides: ["timestamp"])
        #expect(found.refresh == refresh, "\(name)")
    }
}
