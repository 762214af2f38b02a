import Foundation
import Taobao
import TestSupport
import Testing
import XToolRuntime

/// Specs/Taobao.yaml, a gateway written from Taobao's open platform documentation (issue 40):
/// one URL for every method, common parameters, a GMT+8 `timestamp` of each request and an
/// upper-case MD5 signature the runtime computes from the secret (no app code but the key and
/// the secret); errors inside HTTP 200 under `error_response`. Responses are shaped as the
/// documentation's (`{"time_get_response": {"time": …}}`, `{"error_response": {"code", "msg",
/// "sub_code", "sub_msg"}}`).
@Suite struct TaobaoTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private func api() -> TaobaoAPI {
        TaobaoAPI(baseURL: server.baseURL, appKey: { "12345678" }, appSecret: { "helloworld" })
    }

    /// The request carries every common parameter, the time it was made in GMT+8 and the
    /// signature of all of them as the documentation computes it (checked here by Python's
    /// hashlib over the parameters the server received); the secret is never sent.
    @Test func aCallIsStampedAndSignedByTheRuntime() async throws {
        try await server.route("rest", .json(#"{"time_get_response": {"time": "2026-12-02 22:00:00"}}"#))
        let before = Date().addingTimeInterval(-1)
        let time = try await TimeTool(api: api()).now()
        #expect(time == "2026-12-02 22:00:00")

        let echo = try #require(try await server.requests("rest").first)
        let items = try #require(URLComponents(string: "?" + echo.query)?.queryItems)
        let sent = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(items.map(\.name) == ["app_key", "v", "format", "sign_method", "timestamp", "method", "sign"])
        #expect(sent["method"] == "taobao.time.get" && sent["app_key"] == "12345678" && sent["sign_method"] == "md5")
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "Asia/Shanghai")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let stamped = try #require(sent["timestamp"].flatMap(format.date(from:)))
        #expect(stamped >= before.addingTimeInterval(-1) && stamped <= Date())
        let text =
            "helloworld"
            + sent.filter { $0.key != "sign" }.sorted { $0.key < $1.key }
            .map { $0.key + $0.value }.joined() + "helloworld"
        #expect(sent["sign"] == (try Self.pythonMD5(text)).uppercased())
        #expect(!echo.query.contains("helloworld"))
    }

    /// `error_response` at HTTP 200 is a typed failure with the gateway's message (its
    /// `sub_msg`, else its `msg`) and code.
    @Test func anErrorResponseAt200IsARejection() async throws {
        try await server.route(
            "rest",
            .json(
                #"{"error_response": {"code": 25, "msg": "Invalid signature", "sub_code": "isv.invalid-signature", "sub_msg": "sign check failed"}}"#
            ),
            .json(#"{"error_response": {"code": 11, "msg": "Insufficient isv permissions"}}"#))
        for (message, code) in [("sign check failed", "isv.invalid-signature"), ("Insufficient isv permissions", "11")]
        {
            let error = await #expect(throws: XToolError.self) { try await TimeTool(api: api()).now() }
            guard case .rejected(let failure)? = error else {
                Issue.record("expected .rejected, got \(String(describing: error))")
                return
            }
            #expect(failure.status == 200 && failure.message == message && failure.code == code)
        }
    }

    /// A transient `isp.*` failure is asked for once more; the call limit's ban is waited out as
    /// its message says when that is within `maxRetryAfter`, and is the failure when it is longer.
    @Test func declaredTransientFailuresAreAskedForAgainOnce() async throws {
        try await server.route(
            "rest",
            .json(
                #"{"error_response": {"code": 15, "msg": "Remote service error", "sub_code": "isp.remote-service-timeout", "sub_msg": "timed out"}}"#
            ),
            .json(#"{"time_get_response": {"time": "2026-12-02 22:00:01"}}"#),
            .json(
                #"{"error_response": {"code": 7, "msg": "App Call Limited", "sub_msg": "This ban will last for 1 more seconds"}}"#
            ),
            .json(#"{"time_get_response": {"time": "2026-12-02 22:00:03"}}"#),
            .json(
                #"{"error_response": {"code": 7, "msg": "App Call Limited", "sub_msg": "This ban will last for 41 more seconds"}}"#
            ))
        let tool = TimeTool(api: api())
        #expect(try await tool.now() == "2026-12-02 22:00:01")
        let start = Date()
        #expect(try await tool.now() == "2026-12-02 22:00:03")
        #expect(Date().timeIntervalSince(start) >= 0.9, "it waited the second the message gave")
        await #expect(throws: XToolError.self, "41 seconds is past maxRetryAfter (10)") { try await tool.now() }
        let requests = try await server.requests("rest")
        #expect(requests.count == 5)
        // The retry is the call built again, a second later: a new timestamp, so a new signature.
        let stamps = requests.map { echo in
            (URLComponents(string: "?" + echo.query)?.queryItems ?? []).filter {
                ["timestamp", "sign"].contains($0.name)
            }
        }
        #expect(stamps[2].count == 2 && stamps[3].count == 2)
        #expect(stamps[2][0].value != stamps[3][0].value && stamps[2][1].value != stamps[3][1].value)
    }

    /// The call limit is code 7 beside a sub-code, which the failure's code is (`code:` reads the
    /// sub-code first): `retry: codes: ["7"]` matches it all the same, and the ban is waited out
    /// (issue 53).
    @Test func theCallLimitBesideASubCodeIsAskedForAgain() async throws {
        try await server.route(
            "rest",
            .json(
                #"{"error_response": {"code": 7, "msg": "App Call Limited", "sub_code": "accesscontrol.limited-by-app-access-count", "sub_msg": "This ban will last for 1 more seconds"}}"#
            ),
            .json(#"{"time_get_response": {"time": "2026-12-02 22:00:01"}}"#))
        let start = Date()
        #expect(try await TimeTool(api: api()).now() == "2026-12-02 22:00:01")
        #expect(Date().timeIntervalSince(start) >= 0.9, "it waited the second the message gave")
        #expect(try await server.requests("rest").count == 2)
    }

    /// A ban past `maxRetryAfter` is the call's failure, and the wait its message gives, read as
    /// `retry: wait: pattern` says, is the failure's `retryAfter`, for an app that waits itself
    /// (issue 53).
    @Test func aBansWaitIsTheFailuresRetryAfter() async throws {
        try await server.route(
            "rest",
            .json(
                #"{"error_response": {"code": 7, "msg": "App Call Limited", "sub_code": "accesscontrol.limited-by-app-access-count", "sub_msg": "This ban will last for 41 more seconds"}}"#
            ))
        let error = await #expect(throws: XToolError.self) { try await TimeTool(api: api()).now() }
        guard case .rejected(let failure)? = error else {
            Issue.record("expected .rejected, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "This ban will last for 41 more seconds" && failure.retryAfter == 41)
        #expect(try await server.requests("rest").count == 1)
    }

    /// MD5 of `text` as Python's hashlib computes it: a digest independent of the runtime's.
    private static func pythonMD5(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import hashlib, sys; print(hashlib.md5(sys.argv[1].encode()).hexdigest())", text,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
