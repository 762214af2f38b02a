import Foundation
import TestSupport
import Testing
import XToolRuntime

/// The credential refresh: once for all the calls that expire together, never twice for one call,
/// never for a request that carried no credential it renews.
@Suite(.timeLimit(.minutes(1))) struct RefreshTests {
    /// The app's token store: the provided value reads it, the refresh replaces it.
    private final class Tokens: @unchecked Sendable {
        private let lock = NSLock()
        private var token: String
        private var refreshes = 0

        init(_ token: String) {
            self.token = token
        }

        var current: String { lock.withLock { token } }
        /// Refreshes run so far.
        var refreshCount: Int { lock.withLock { refreshes } }

        func set(_ token: String) {
            lock.withLock { self.token = token }
        }

        /// Counts the refresh, waits `seconds`, then stores `token` (or throws, without one).
        func refresh(to token: String?, after seconds: Double = 0) async throws {
            lock.withLock { refreshes += 1 }
            if seconds > 0 { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }
            guard let token else { throw RefreshDenied() }
            set(token)
        }
    }

    private struct RefreshDenied: Error {}

    /// Lets requests through once `count` of them arrived, so that they fail together.
    private final class Barrier: @unchecked Sendable {
        private let lock = NSLock()
        private var arrived = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private let count: Int

        init(_ count: Int) {
            self.count = count
        }

        func arrive() async {
            await withCheckedContinuation { continuation in
                let released: [CheckedContinuation<Void, Never>] = lock.withLock {
                    arrived += 1
                    waiting.append(continuation)
                    guard arrived >= count else { return [] }
                    defer { waiting = [] }
                    return waiting
                }
                for continuation in released { continuation.resume() }
            }
        }
    }

    /// Opens once: `wait()` returns after `open()`.
    private final class Latch: @unchecked Sendable {
        private let lock = NSLock()
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func open() {
            let released: [CheckedContinuation<Void, Never>] = lock.withLock {
                isOpen = true
                defer { waiting = [] }
                return waiting
            }
            for continuation in released { continuation.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let now: Bool = lock.withLock {
                    if !isOpen { waiting.append(continuation) }
                    return isOpen
                }
                if now { continuation.resume() }
            }
        }
    }

    private static let baseURL = URL(string: "https://api.example.com/")!

    /// A server that answers 401 with a body naming the request's `n`, unless the token is `valid`.
    private static func server(valid: String = "new", barrier: Barrier? = nil) -> StubTransport {
        StubTransport { request in
            if request.headers["Authorization"] == "Bearer \(valid)" {
                return .json(["ok": true])
            }
            await barrier?.arrive()
            let n = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
            return .json(["message": "Bad credentials", "n": .string(n)], status: 401)
        }
    }

    private static func client(
        _ transport: any HTTPTransport, tokens: Tokens, refresh: CredentialRefresh?, baseURL: URL = baseURL,
        headers: [FixedParameter]? = nil
    ) -> APIClient {
        APIClient(
            baseURL: baseURL, transport: transport, cache: MemoryResponseCache(),
            headers: headers ?? [.provided("Authorization", { tokens.current }, prefix: "Bearer ")], refresh: refresh)
    }

    @Test func anExpiredTokenIsRefreshedOnceAndTheCallSucceeds() async throws {
        let tokens = Tokens("old")
        let stub = Self.server()
        let api = Self.client(stub, tokens: tokens, refresh: CredentialRefresh { try await tokens.refresh(to: "new") })
        let value: JSON = try await api.send(RequestDescription(.get, "user"))
        #expect(value == ["ok": true])
        #expect(tokens.refreshCount == 1)
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])

        // The new token serves the next calls without a refresh.
        let again: JSON = try await api.send(RequestDescription(.get, "user"))
        #expect(again == ["ok": true])
        #expect(tokens.refreshCount == 1 && stub.requests.count == 3)
    }

    @Test func aRealServerSaying401GetsTheRequestAgainWithTheNewToken() async throws {
        let server = try TestServer.scope()
        try await server.route(
            "me", .json(#"{"message": "Bad credentials"}"#, status: 401), .json(#"{"login": "octocat"}"#))
        let tokens = Tokens("old")
        let api = Self.client(
            URLSessionTransport(timeout: 5), tokens: tokens,
            refresh: CredentialRefresh { try await tokens.refresh(to: "new") },
            baseURL: server.baseURL)
        let me: JSON = try await api.send(RequestDescription(.get, "me"), [.query("page", 1)])
        #expect(me == ["login": "octocat"])
        let sent = try await server.requests("me")
        #expect(sent.map { $0.headers["authorization"] } == ["Bearer old", "Bearer new"])
        #expect(sent.map(\.query) == ["page=1", "page=1"])
        #expect(tokens.refreshCount == 1)
    }

    @Test func sixtyFourCallsThatExpireTogetherShareOneRefresh() async throws {
        let tokens = Tokens("old")
        let stub = Self.server(barrier: Barrier(64))
        let api = Self.client(
            stub, tokens: tokens, refresh: CredentialRefresh { try await tokens.refresh(to: "new", after: 0.05) })
        let values = try await withThrowingTaskGroup(of: JSON.self) { group in
            for n in 0..<64 {
                group.addTask { try await api.send(RequestDescription(.get, "user"), [.query("n", n)]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.count == 64 && values.allSatisfy { $0 == ["ok": true] })
        #expect(tokens.refreshCount == 1)
        #expect(stub.requests.count == 128)
    }

    @Test func aFailingRefreshFailsEveryWaitingCallWithItsOwnFailure() async throws {
        let tokens = Tokens("old")
        let api = Self.client(
            Self.server(barrier: Barrier(64)), tokens: tokens,
            refresh: CredentialRefresh { try await tokens.refresh(to: nil, after: 0.05) })
        let failures = await withTaskGroup(of: (Int, XToolError?).self) { group in
            for n in 0..<64 {
                group.addTask {
                    do throws(XToolError) {
                        let _: JSON = try await api.send(RequestDescription(.get, "user"), [.query("n", n)])
                        return (n, nil)
                    } catch {
                        return (n, error)
                    }
                }
            }
            return await group.reduce(into: [(Int, XToolError?)]()) { $0.append($1) }
        }
        #expect(failures.count == 64)
        for (n, failure) in failures {
            #expect(failure?.statusCode == 401)
            let body = try #require(failure?.statusBody)
            #expect(
                try JSONDecoder().decode(JSON.self, from: body)["n"] == .string("\(n)"),
                "call \(n) got another's failure")
        }
        #expect(tokens.refreshCount == 1)
    }

    @Test func aSecond401AfterTheRefreshIsTheAnswer() async throws {
        let tokens = Tokens("old")
        let stub = Self.server(valid: "never")
        let api = Self.client(stub, tokens: tokens, refresh: CredentialRefresh { try await tokens.refresh(to: "new") })
        do {
            let _: JSON = try await api.send(RequestDescription(.get, "user"))
            Issue.record("a 401 succeeded")
        } catch {
            #expect(error.statusCode == 401)
        }
        #expect(tokens.refreshCount == 1)
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])
    }

    @Test func anEnvelopeCodeDeclaredAsExpiryRefreshes() async throws {
        // WeChat: the token in the query, failures as HTTP 200 with `errcode`.
        let tokens = Tokens("old")
        let stub = StubTransport { request in
            request.url.query == "access_token=new"
                ? .json(["errcode": 0, "errmsg": "ok"])
                : .json(["errcode": 42001, "errmsg": "access_token expired"])
        }
        let envelope = Envelope(
            success: .init(path: "errcode", equals: 0, missingIsSuccess: true), message: "errmsg", code: "errcode")
        for errors in [nil, ErrorBody(message: "errmsg", code: "errcode")] {
            let api = APIClient(
                baseURL: Self.baseURL, transport: stub,
                fixed: [.provided("access_token", { tokens.current }, in: .query)],
                envelope: envelope, errors: errors,
                refresh: CredentialRefresh(codes: [40001, 42001]) { try await tokens.refresh(to: "new") })
            let value: JSON = try await api.send(RequestDescription(.get, "menu/get"))
            #expect(value["errmsg"] == "ok")
            tokens.set("old")
        }
        #expect(tokens.refreshCount == 2)

        // A code that is not declared is the answer.
        let other = APIClient(
            baseURL: Self.baseURL,
            transport: StubTransport { _ in .json(["errcode": 40013, "errmsg": "invalid appid"]) },
            fixed: [.provided("access_token", { "t" }, in: .query)], envelope: envelope,
            refresh: CredentialRefresh(codes: [42001]) { Issue.record("refreshed for 40013") })
        await #expect(throws: XToolError.server(message: "invalid appid", code: "40013")) {
            try await other.send(RequestDescription(.get, "menu/get"))
        }
    }

    /// A gateway's expired session is code 27 beside a sub-code (`invalid-sessionkey`), and the
    /// failure's code is the sub-code, read first from `code: [sub_code, code]`: `codes: [27]`
    /// matches any place the list reads, through a real server, the failure `.server` (no error
    /// body declared) or `.rejected` (issue 53).
    @Test func anExpiryCodeBesideASubCodeRefreshes() async throws {
        let server = try TestServer.scope()
        let expired =
            #"{"error_response": {"code": 27, "msg": "Invalid session", "sub_code": "invalid-sessionkey"}}"#
        let envelope = Envelope(
            successes: [.init(absent: "error_response")], messages: ["error_response.msg"],
            codes: ["error_response.sub_code", "error_response.code"])
        let tokens = Tokens("old")
        for errors in [nil, ErrorBody(path: "error_response", message: "msg", code: "code")] {
            try await server.route("rest", .json(expired), .json(#"{"time": "22:00"}"#))
            let api = APIClient(
                baseURL: server.baseURL, transport: URLSessionTransport(timeout: 5),
                fixed: [.provided("session", { tokens.current }, in: .query)], envelope: envelope, errors: errors,
                refresh: CredentialRefresh(codes: [27]) { try await tokens.refresh(to: "new") })
            let value: JSON = try await api.send(RequestDescription(.get, "rest"))
            #expect(value == ["time": "22:00"])
            tokens.set("old")
        }
        #expect(tokens.refreshCount == 2)
        let sent = try await server.requests("rest").map(\.query)
        #expect(sent == ["session=old", "session=new", "session=old", "session=new"])
    }

    @Test func anErrorBodysCodeDeclaredAsExpiryRefreshes() async throws {
        // The Graph API's expired token: 400 with {"error": {"code": 190}}.
        let tokens = Tokens("old")
        let stub = StubTransport { request in
            request.headers["Authorization"] == "Bearer new"
                ? .json(["id": "1"]) : .json(["error": ["message": "Session has expired", "code": 190]], status: 400)
        }
        let api = APIClient(
            baseURL: Self.baseURL, transport: stub,
            headers: [.provided("Authorization", { tokens.current }, prefix: "Bearer ")],
            errors: ErrorBody(path: "error", message: "message", code: "code"),
            refresh: CredentialRefresh(codes: [190]) { try await tokens.refresh(to: "new") })
        let me: JSON = try await api.send(RequestDescription(.get, "me"))
        #expect(me == ["id": "1"])
        #expect(tokens.refreshCount == 1)
    }

    @Test func cancellingACallWaitingForTheRefreshCancelsThatCallAlone() async throws {
        let tokens = Tokens("old")
        let started = Latch()
        let release = Latch()
        let stub = Self.server()
        let api = Self.client(
            stub, tokens: tokens,
            refresh: CredentialRefresh {
                started.open()
                await release.wait()
                try await tokens.refresh(to: "new")
            })
        // The first call starts the refresh; the second joins it.
        let first = Task { () async throws(XToolError) -> JSON in try await api.send(RequestDescription(.get, "a")) }
        await started.wait()
        let second = Task { () async throws(XToolError) -> JSON in try await api.send(RequestDescription(.get, "b")) }
        while stub.requests.count < 2 { try await Task.sleep(nanoseconds: 1_000_000) }

        first.cancel()
        await #expect(throws: XToolError.cancelled) { try await first.value }
        release.open()
        #expect(try await second.value == ["ok": true])
        #expect(tokens.refreshCount == 1)
        #expect(stub.requests.map(\.url.path) == ["/a", "/b", "/b"])
    }

    @Test func aRequestWithoutTheRenewedCredentialIsNeverRefreshed() async throws {
        let tokens = Tokens("old")
        let stub = Self.server()
        let refresh = CredentialRefresh(renewing: ["Authorization"]) {
            Issue.record("refreshed")
            try await tokens.refresh(to: "new")
        }
        let api = Self.client(
            stub, tokens: tokens, refresh: refresh,
            headers: [
                .provided("Authorization", { tokens.current }, prefix: "Bearer "), .provided("X-Api-Key", { "key" }),
            ])
        // The token endpoint omits the token: its 401 means a wrong password, not an expired token.
        let login = RequestDescription(.post, "oauth/token", omitting: ["Authorization"])
        await #expect(throws: XToolError.self) { try await api.send(login, [.body("password", "wrong")]) }

        // Logged out: an optional token that is nil sends nothing, and nothing is refreshed.
        let loggedOut = Self.client(
            stub, tokens: tokens, refresh: refresh,
            headers: [.optionalProvided("Authorization", { nil }, prefix: "Bearer ")])
        await #expect(throws: XToolError.self) { try await loggedOut.send(RequestDescription(.get, "timelines/home")) }
        #expect(tokens.refreshCount == 0)
        #expect(stub.requests.count == 2)
    }

    /// Issue 40 item 3: a session only the endpoints that need it send (their own provided
    /// header) is renewed like the API's token, and the call goes again with the new one.
    @Test func aValueOnlyAnEndpointSendsIsRenewed() async throws {
        let tokens = Tokens("old")
        let stub = Self.server()
        let api = APIClient(
            baseURL: Self.baseURL, transport: stub, cache: MemoryResponseCache(),
            refresh: CredentialRefresh(renewing: ["Authorization"]) { try await tokens.refresh(to: "new") },
            provided: ["session": { tokens.current }])
        let orders = RequestDescription(
            .get, "orders", headers: [.provided("Authorization", label: "session", prefix: "Bearer ")])
        let value: JSON = try await api.send(orders)
        #expect(value == ["ok": true])
        #expect(tokens.refreshCount == 1)
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])
    }

    @Test func aRequestTheRefreshSendsNeverWaitsForItself() async throws {
        // The refresh asks the same API for a token, and the token endpoint says 401 too.
        let tokens = Tokens("old")
        let box = Recorder<APIClient>()
        let api = Self.client(
            Self.server(), tokens: tokens,
            refresh: CredentialRefresh {
                let issued: JSON = try await box.values[0].send(RequestDescription(.post, "oauth/token"))
                try await tokens.refresh(to: issued["access_token"]?.stringValue)
            })
        box.append(api)
        do {
            let _: JSON = try await api.send(RequestDescription(.get, "user"))
            Issue.record("a 401 succeeded")
        } catch {
            #expect(error.statusCode == 401)
        }
        #expect(tokens.refreshCount == 0, "the refresh failed before it stored anything")
    }

    @Test func a401FromAnotherOriginIsNotRefreshed() async throws {
        // The credentials stayed behind at the redirect: the other origin's 401 says nothing of them.
        let tokens = Tokens("old")
        let stub = StubTransport { request in
            request.url.host == "api.example.com"
                ? .init(status: 302, headers: ["Location": "https://cdn.example.com/file"])
                : .text("denied", status: 401)
        }
        let api = Self.client(stub, tokens: tokens, refresh: CredentialRefresh { try await tokens.refresh(to: "new") })
        await #expect(throws: XToolError.status(code: 401, body: Data("denied".utf8))) {
            try await api.send(RequestDescription(.get, "download"))
        }
        #expect(tokens.refreshCount == 0)
    }

    @Test func theCompletionFormAndTheFallbackCacheTakeTheRefreshToo() async throws {
        let tokens = Tokens("old")
        let stub = Self.server()
        let api = Self.client(stub, tokens: tokens, refresh: CredentialRefresh { try await tokens.refresh(to: "new") })
        let endpoint = RequestDescription(.get, "user", cache: .fallback)
        let result = await withCheckedContinuation { continuation in
            api.cachedTask(endpoint) { (result: Result<Cached<JSON>, XToolError>) in
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get() == Cached(value: ["ok": true]))
        #expect(tokens.refreshCount == 1)

        // Later the refresh fails: the stored value comes back with the original failure.
        let cachedAPI = APIClient(
            baseURL: Self.baseURL, transport: stub, cache: api.cache,
            headers: [.provided("Authorization", { "revoked" }, prefix: "Bearer ")],
            refresh: CredentialRefresh { throw RefreshDenied() })
        let fallback: Cached<JSON> = try await cachedAPI.cached(endpoint)
        #expect(fallback.value == ["ok": true])
        #expect(fallback.failure?.statusCode == 401)
    }
}
