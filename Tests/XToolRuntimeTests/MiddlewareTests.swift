import Foundation
import TestSupport
import Testing
import XToolRuntime

/// The middleware chain: order, changes to requests and responses, logging, retries.
@Suite struct MiddlewareTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    /// Notes when it sees the request and the response, and tags both.
    private struct Tagging: Middleware {
        let name: String
        let log: Recorder<String>

        func intercept(
            _ request: HTTPRequest, context: MiddlewareContext,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            log.append("→\(name)")
            var request = request
            request.headers.add("X-Chain", name)
            var response = try await next(request)
            log.append("←\(name)")
            response.headers.add("X-Seen-By", name)
            return response
        }
    }

    /// Replaces every response body.
    private struct Rewrite: Middleware {
        func intercept(
            _ request: HTTPRequest, context: MiddlewareContext,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            var response = try await next(request)
            response.body = Data(#"{"rewritten": true}"#.utf8)
            return response
        }
    }

    private func client(_ middleware: [any Middleware], fixed: [FixedParameter] = [], signature: Signature? = nil)
        -> APIClient
    {
        APIClient(
            baseURL: server.baseURL, options: ClientOptions(middleware: middleware), fixed: fixed, signature: signature)
    }

    @Test func middlewareRunInOrderAndCanChangeRequestsAndResponses() async throws {
        let log = Recorder<String>()
        let api = client([Tagging(name: "outer", log: log), Tagging(name: "inner", log: log)])
        let response = try await api.response(RequestDescription(.get, "chain"))
        #expect(log.values == ["→outer", "→inner", "←inner", "←outer"])
        #expect(response.headers.fields.filter { $0.name == "X-Seen-By" }.map(\.value) == ["inner", "outer"])
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.headers["x-chain"] == "outer,inner")  // URLSession joins repeated fields

        let rewritten: JSON = try await client([Rewrite()]).send(RequestDescription(.get, "chain"))
        #expect(rewritten == ["rewritten": true])
    }

    @Test func loggingNeverShowsProvidedValuesOrSignatures() async throws {
        let lines = Recorder<String>()
        let api = client(
            [LoggingMiddleware(log: { lines.append($0) })],
            fixed: [.literal("source", "211160679"), .provided("access_token", { "SECRET-TOKEN" })],
            signature: Signature(name: "sign") { _ in "SECRET-SIGNATURE" })
        let _: Echo = try await api.send(
            RequestDescription(.get, "statuses/friends_timeline.json"), [.query("count", 20)])
        try await server.route("fail", .html(500))
        await #expect(throws: XToolError.self) {
            try await api.send(RequestDescription(.post, "fail"), [.body("text", "hi")])
        }
        let refused = APIClient(
            baseURL: try TestServer.refusedBaseURL,
            options: ClientOptions(middleware: [LoggingMiddleware(log: { lines.append($0) })]),
            fixed: [.provided("access_token", { "SECRET-TOKEN" })])
        await #expect(throws: XToolError.self) { try await refused.send(RequestDescription(.get, "x")) }

        let log = lines.values.joined(separator: "\n")
        #expect(!log.contains("SECRET"))
        #expect(lines.values.count == 6)
        #expect(
            lines.values[0]
                == "→ GET \(server.baseURL)statuses/friends_timeline.json?source=211160679&access_token=<redacted>&count=20&sign=<redacted>"
        )
        #expect(
            lines.values[1].hasPrefix(
                "← 200 GET \(server.baseURL)statuses/friends_timeline.json?source=211160679&access_token=<redacted>"))
        #expect(lines.values[3].hasPrefix("← 500 POST \(server.baseURL)fail ("))
        #expect(lines.values[5].hasPrefix("✕ GET http://127.0.0.1:"))
        #expect(lines.values[5].contains("access_token=<redacted>"))
    }

    @Test func idempotentRequestsAreRetriedOn5xxAnd408ThenSucceed() async throws {
        try await server.route("flaky", .html(503), .html(408), .json(#"{"ok": true}"#))
        let api = client([RetryPolicy(exponentialScale: 0.001)])
        let value: JSON = try await api.send(RequestDescription(.get, "flaky"))
        #expect(value == ["ok": true])
        #expect(try await server.requests("flaky").count == 3)
    }

    @Test func retriesStopAtTheLimitWithTheLastResponse() async throws {
        try await server.route("down", .html(500), .html(502), .html(503), .json("{}"))
        let api = client([RetryPolicy(retryLimit: 2, exponentialScale: 0.001)])
        let error = await #expect(throws: XToolError.self) { try await api.send(RequestDescription(.put, "down")) }
        #expect(error?.statusCode == 503)
        #expect(try await server.requests("down").count == 3)
    }

    @Test func nonIdempotentRequestsAndClientErrorsAreNotRetried() async throws {
        try await server.route("post", .html(503))
        try await server.route("missing", .html(404))
        let api = client([RetryPolicy(exponentialScale: 0.001)])
        await #expect(throws: XToolError.self) { try await api.send(RequestDescription(.post, "post")) }
        await #expect(throws: XToolError.self) { try await api.send(RequestDescription(.get, "missing")) }
        #expect(try await server.requests("post").count == 1)
        #expect(try await server.requests("missing").count == 1)
    }

    /// A POST marked as a read (a GraphQL query, `read: true`) is safe to repeat: retried like
    /// a GET, with the same body each time (issue 31).
    @Test func aPostMarkedAsAReadIsRetried() async throws {
        try await server.route("graphql", .html(503), .json(#"{"data": {"ok": true}}"#))
        let api = client([RetryPolicy(exponentialScale: 0.001)])
        let query = RequestDescription(.post, "graphql", response: "data", read: true)
        let value: JSON = try await api.send(query, [.body("query", "{ ok }")])
        #expect(value == ["ok": true])
        let sent = try await server.requests("graphql")
        #expect(sent.count == 2)
        #expect(Set(sent.map(\.body)).count == 1, "the retry sends the same body")
    }

    @Test func transportFailuresAreRetried() async throws {
        try await server.route("drop", .dropped(), .json("[1]"))
        let api = client([RetryPolicy(exponentialScale: 0.001)])
        let value: [Int] = try await api.send(RequestDescription(.delete, "drop"))
        #expect(value == [1])
        #expect(try await server.requests("drop").count == 2)
    }

    @Test func theBackoffGrowsExponentiallyFromAlamofiresDefaults() async throws {
        let policy = RetryPolicy()
        #expect(policy.retryLimit == 2 && policy.exponentialBase == 2 && policy.exponentialScale == 0.5)
        // Waits are scale * base^attempt: with scale 0.05, 0.05 s then 0.1 s (at least 0.15 s in all).
        try await server.route("slow-down", .html(503))
        let started = ContinuousClock.now
        await #expect(throws: XToolError.self) {
            try await client([RetryPolicy(exponentialScale: 0.05)]).send(RequestDescription(.get, "slow-down"))
        }
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        #expect(try await server.requests("slow-down").count == 3)
    }

    @Test func theContextRedactsSensitiveQueryValues() {
        let context = MiddlewareContext(
            request: RequestDescription(.get, "x"), sensitiveNames: ["access_token", "sign"])
        let url = URL(string: "https://h/x?a=1&access_token=t&access%5Ftoken=u&sign&b=access_token")!
        #expect(
            context.redacted(url)
                == "https://h/x?a=1&access_token=<redacted>&access%5Ftoken=<redacted>&sign=<redacted>&b=access_token")
    }
}
