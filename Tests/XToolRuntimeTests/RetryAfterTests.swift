import Foundation
import TestSupport
import Testing

@testable import XToolRuntime

/// Rate limits (issue 31): a 429 or 503 with `Retry-After`, in seconds or as an HTTP date, is
/// sent again once after the wait when the request is safe to repeat and the wait is within
/// `ClientOptions.maxRetryAfter`; otherwise the failure carries the response's headers.
@Suite struct RetryAfterTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private static let tooMany = #"{"errors": [{"message": "Too Many Requests.", "status": 429}]}"#

    private static func limited(_ retryAfter: String, status: Int = 429) -> Canned {
        Canned(
            status: status, headers: ["Content-Type": "application/json", "Retry-After": retryAfter], body: tooMany)
    }

    private func client(maxRetryAfter: TimeInterval = 10) -> APIClient {
        APIClient(
            baseURL: server.baseURL, options: ClientOptions(maxRetryAfter: maxRetryAfter),
            errors: ErrorBody(path: "errors.0", message: "message", code: "status"))
    }

    /// An HTTP date `seconds` from now, as `Retry-After` writes it.
    private static func httpDate(in seconds: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(seconds))
    }

    @Test func aGetIsSentAgainAfterRetryAfterSeconds() async throws {
        try await server.route("limited", Self.limited("1"), .json(#"{"ok": true}"#))
        let start = Date()
        let value: JSON = try await client().send(RequestDescription(.get, "limited"))
        #expect(value == ["ok": true])
        #expect(Date().timeIntervalSince(start) >= 0.9, "it waited the second Retry-After asked for")
        #expect(try await server.requests("limited").count == 2)
    }

    @Test func aRetryAfterDateIsWaitedForToo() async throws {
        try await server.route("limited", Self.limited(Self.httpDate(in: 1), status: 503), .json("[1]"))
        let value: [Int] = try await client().send(RequestDescription(.get, "limited"))
        #expect(value == [1])
        #expect(try await server.requests("limited").count == 2)
    }

    /// The completion form goes through the same call, so it waits and retries alike.
    @Test func theCompletionFormIsRetriedAlike() async throws {
        try await server.route("limited", Self.limited("0"), .json("[2]"))
        let client = client()
        let result: Result<[Int], XToolError> = await withCheckedContinuation { continuation in
            client.task(RequestDescription(.get, "limited")) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == [2])
        #expect(try await server.requests("limited").count == 2)
    }

    /// A POST marked as a read (a GraphQL query) is retried; any other POST is not, and its
    /// failure carries the headers.
    @Test func onlyAPostMarkedAsAReadIsRetried() async throws {
        try await server.route("graphql", Self.limited("0"), .json(#"{"data": {"ok": true}}"#))
        let query = RequestDescription(.post, "graphql", response: "data", read: true)
        let value: JSON = try await client().send(query, [.body("query", "{ ok }")])
        #expect(value == ["ok": true])

        try await server.route("mutation", Self.limited("0"), .json("{}"))
        let error = await #expect(throws: XToolError.self) {
            try await client().send(RequestDescription(.post, "mutation"), [.body("query", "mutation { like }")])
        }
        guard case .rejected(let failure)? = error else {
            Issue.record("expected .rejected, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 429 && failure.headers["retry-after"] == "0" && failure.retryAfter == 0)
        #expect(try await server.requests("mutation").count == 1)
    }

    /// A wait past the bound fails at once, in both forms, with what the app needs to wait
    /// itself: the status, the message, `Retry-After`.
    @Test func aWaitPastTheBoundFailsAtOnceWithTheHeaders() async throws {
        try await server.route("limited", Self.limited("120"))
        let client = client(maxRetryAfter: 5)
        let error = await #expect(throws: XToolError.self) {
            try await client.send(RequestDescription(.get, "limited"))
        }
        guard case .rejected(let failure)? = error else {
            Issue.record("expected .rejected, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 429 && failure.message == "Too Many Requests." && failure.code == "429")
        #expect(failure.retryAfter == 120)
        let completed: Result<Void, XToolError> = await withCheckedContinuation { continuation in
            client.task(RequestDescription(.get, "limited")) { continuation.resume(returning: $0) }
        }
        guard case .failure(.rejected(let again)) = completed else {
            Issue.record("expected .rejected, got \(completed)")
            return
        }
        #expect(again.headers["Retry-After"] == "120")
        #expect(try await server.requests("limited").count == 2, "one request per call, none retried")
    }

    /// Retried once: a second 429 is the failure.
    @Test func aSecondLimitIsTheFailure() async throws {
        try await server.route("limited", Self.limited("0"), Self.limited("0"), .json("{}"))
        let error = await #expect(throws: XToolError.self) {
            try await client().send(RequestDescription(.get, "limited"))
        }
        #expect(error?.description.contains("HTTP 429") == true)
        #expect(try await server.requests("limited").count == 2)
    }

    @Test func retryAfterReadsSecondsAndDates() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.seconds(in: ["Retry-After": "120"], now: now) == 120)
        #expect(RetryAfter.seconds(in: ["Retry-After": "Sun, 06 Nov 1994 08:49:47 GMT"], now: now) == 10)
        #expect(RetryAfter.seconds(in: ["Retry-After": "Sun, 06 Nov 1994 08:49:27 GMT"], now: now) == 0)
        #expect(RetryAfter.seconds(in: ["Retry-After": "soon"], now: now) == nil)
        #expect(RetryAfter.seconds(in: [:], now: now) == nil)
    }

    // MARK: - Retries an API declares (issue 40 item 8)

    private func client(retry: RetryRules) -> APIClient {
        APIClient(
            baseURL: server.baseURL, errors: ErrorBody(path: "errors.0", message: "message", code: "code"),
            retry: retry)
    }

    /// A commerce API's 430 with `Retry-After` is asked for again when the spec names 430; a
    /// write is not, unless `writes: true`.
    @Test func aDeclaredStatusIsAskedForAgainOnReadsOnlyUnlessWrites() async throws {
        try await server.route("cart", Self.limited("0", status: 430), .json(#"{"ok": true}"#))
        let value: JSON = try await client(retry: RetryRules(statuses: [430])).send(RequestDescription(.get, "cart"))
        #expect(value == ["ok": true])
        try await server.route("cart", Self.limited("0", status: 430), .json(#"{"ok": true}"#))
        await #expect(throws: XToolError.self, "a POST is a write") {
            let _: JSON = try await client(retry: RetryRules(statuses: [430])).send(RequestDescription(.post, "cart"))
        }
        try await server.route("cart", Self.limited("0", status: 430), .json(#"{"ok": true}"#))
        let written: JSON = try await client(retry: RetryRules(statuses: [430], writes: true))
            .send(RequestDescription(.post, "cart"))
        #expect(written == ["ok": true])
        #expect(try await server.requests("cart").count == 5)
    }

    /// The wait read where the spec says, a header's or the body's number; a code the rules
    /// don't name, or a wait past `maxRetryAfter`, is the failure at once.
    @Test func theWaitIsReadWhereTheRulesSay() async throws {
        let body = #"{"errors": [{"message": "Slow down", "code": "THROTTLED", "wait": 1}]}"#
        try await server.route(
            "items", Canned(status: 400, headers: ["Content-Type": "application/json"], body: body), .json("[1]"))
        let start = Date()
        let rules = RetryRules(codes: ["THROTT*"], waitPath: "errors.0.wait")
        let value: [Int] = try await client(retry: rules).send(RequestDescription(.get, "items"))
        #expect(value == [1] && Date().timeIntervalSince(start) >= 0.9)
        try await server.route(
            "items", Canned(status: 400, headers: ["Content-Type": "application/json", "X-Wait": "60"], body: body))
        await #expect(throws: XToolError.self, "60 s is past maxRetryAfter") {
            let _: [Int] = try await client(retry: RetryRules(codes: ["THROTTLED"], waitHeader: "X-Wait"))
                .send(RequestDescription(.get, "items"))
        }
        try await server.route("items", Canned(status: 400, headers: ["Content-Type": "application/json"], body: body))
        await #expect(throws: XToolError.self, "a code the rules don't name") {
            let _: [Int] = try await client(retry: RetryRules(codes: ["isp.*"])).send(RequestDescription(.get, "items"))
        }
        #expect(try await server.requests("items").count == 4)
    }

    /// A failure that is the call's (a wait past `maxRetryAfter`, or a code the rules don't
    /// retry) carries the wait wherever the rules read it, as its `retryAfter`, for an app that
    /// waits itself (issue 53).
    @Test func theFailureCarriesTheWaitTheRulesRead() async throws {
        let body = #"{"errors": [{"message": "Slow down for 30 more seconds", "code": "THROTTLED", "wait": 45}]}"#
        try await server.route(
            "items", Canned(status: 400, headers: ["Content-Type": "application/json", "X-Wait": "60"], body: body))
        let cases: [(RetryRules, TimeInterval?)] = [
            (RetryRules(codes: ["THROTTLED"], waitHeader: "X-Wait"), 60),
            (RetryRules(codes: ["THROTTLED"], waitPath: "errors.0.wait"), 45),
            (RetryRules(codes: ["isp.*"], waitPattern: #"(\d+) more seconds"#), 30),
            (RetryRules(codes: ["isp.*"]), nil),
        ]
        for (rules, wait) in cases {
            let error = await #expect(throws: XToolError.self) {
                let _: [Int] = try await client(retry: rules).send(RequestDescription(.get, "items"))
            }
            guard case .rejected(let failure)? = error else {
                Issue.record("expected .rejected, got \(String(describing: error))")
                continue
            }
            #expect(failure.retryAfter == wait)
        }
        #expect(try await server.requests("items").count == 4)
    }
}
