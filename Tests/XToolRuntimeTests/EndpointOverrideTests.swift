import Foundation
import TestSupport
import Testing
import XToolRuntime

/// What one endpoint does otherwise than its API: another server (and the credential rule there),
/// its own headers, its own envelope or none, no signature, a signer that rewrites what it signs.
@Suite struct EndpointOverrideTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    static let token = "TOKEN-5e1d"
    static let secret = "SECRET-9b27"

    /// An API whose every request carries a token three ways (a query value, a header, the
    /// signature), with a token endpoint on the server's second origin.
    private func client(tokenServer: URL? = nil, signer: Signature? = nil) -> APIClient {
        APIClient(
            baseURL: server.baseURL,
            fixed: [.literal("source", "app"), .provided("access_token", { Self.token })],
            headers: [
                .provided("Authorization", { "Bearer \(Self.token)" }), .literal("User-Agent", "xtoolgen-tests"),
            ],
            signature: signer ?? Signature(name: "sign") { _ in "SIGNED" },
            envelope: Envelope(data: "data", success: .init(path: "code", equals: 0), message: "message", code: "code"),
            servers: ["tokenServer": tokenServer ?? server.secondBaseURL],
            provided: ["clientCredentials": { Self.secret }, "maybe": { nil }])
    }

    private static let tokenRequest = RequestDescription(
        .post, "api/v1/access_token", response: "access_token",
        headers: [.provided("Authorization", label: "clientCredentials", prefix: "Basic ")], envelope: Envelope(),
        server: "tokenServer")

    /// A query's fields, decoded, in order.
    private static func fields(_ query: String) -> [String] {
        (URLComponents(string: "?" + query)?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
    }

    @Test func anEndpointOnAnotherOriginGetsNoneOfTheAPIsCredentials() async throws {
        try await server.route("api/v1/access_token", .json(#"{"access_token": "fresh", "token_type": "bearer"}"#))
        let token: String = try await client().send(Self.tokenRequest, [.body("grant_type", "client_credentials")])
        #expect(token == "fresh", "read without the API's envelope")

        let sent = try #require(try await server.requests("api/v1/access_token").first)
        #expect(sent.port == server.secondPort)
        #expect(sent.headers["authorization"] == "Basic \(Self.secret)", "the endpoint's own header")
        #expect(sent.headers["user-agent"] == "xtoolgen-tests", "a literal header goes everywhere")
        #expect(try JSON(data: Data(sent.body.utf8)) == ["source": "app", "grant_type": "client_credentials"])
        #expect(!sent.query.contains("sign") && !sent.body.contains("sign"), "no signature")
        for record in [sent.query, sent.body] + sent.headers.values {
            #expect(!record.contains(Self.token))
        }
    }

    @Test func anotherServerOnTheBaseOriginIsTrusted() async throws {
        try await server.route("v2/api/v1/access_token", .json(#"{"access_token": "fresh"}"#))
        let _: String = try await client(tokenServer: server.baseURL.appendingPathComponent("v2")).send(
            Self.tokenRequest)
        let sent = try #require(try await server.requests("v2/api/v1/access_token").first)
        #expect(sent.port == server.port)
        #expect(sent.headers["authorization"] == "Basic \(Self.secret)", "the endpoint's header still wins")
        #expect(
            try JSON(data: Data(sent.body.utf8)) == [
                "source": "app", "access_token": .string(Self.token), "sign": "SIGNED",
            ])
    }

    @Test func anEndpointsHeadersReplaceTheAPIsOfTheirNameAndANilValueIsLeftOut() async throws {
        try await server.route("me", .json(#"{"code": 0, "data": {"name": "n"}}"#))
        let request = RequestDescription(
            .get, "me", response: "name",
            headers: [.literal("user-agent", "other"), .provided("X-Maybe", label: "maybe"), .literal("Referer", "r")])
        let name: String = try await client().send(request)
        #expect(name == "n")
        let sent = try #require(try await server.requests("me").first)
        #expect(sent.headers["user-agent"] == "other")
        #expect(sent.headers["authorization"] == "Bearer \(Self.token)")
        #expect(sent.headers["referer"] == "r" && sent.headers["x-maybe"] == nil)
    }

    @Test func anUnknownLabelOrServerFailsBeforeAnythingIsSent() async throws {
        await #expect(throws: XToolError.self) {
            try await client().send(RequestDescription(.get, "x", headers: [.provided("A", label: "nothing")]))
        }
        await #expect(throws: XToolError.self) {
            try await client().send(RequestDescription(.get, "x", server: "nowhere"))
        }
        #expect(try await server.requests("x").isEmpty)
    }

    /// Bilibili's nav answers `code: -101` (not logged in) with the data the app needs.
    @Test func anEndpointsOwnEnvelopeReplacesTheAPIs() async throws {
        let body = #"{"code": -101, "message": "账号未登录", "ttl": 1, "data": {"isLogin": false}}"#
        try await server.route("nav", .json(body))
        let own = RequestDescription(
            .get, "nav", response: "isLogin",
            envelope: Envelope(data: "data", success: .init(path: "code", equals: 0, -101)))
        let isLogin: Bool = try await client().send(own)
        #expect(!isLogin)
        await #expect(throws: XToolError.server(message: "账号未登录", code: "-101")) {
            let _: Bool = try await client().send(RequestDescription(.get, "nav", response: "isLogin"))
        }
        let whole: JSON = try await client().send(RequestDescription(.get, "nav", envelope: Envelope()))
        #expect(whole["ttl"] == 1, "Envelope() reads the document as it is")
    }

    @Test func anEndpointThatOmitsTheSignatureIsNotSigned() async throws {
        try await server.route("nav", .json(#"{"code": 0, "data": 1}"#))
        let _: Int = try await client().send(RequestDescription(.get, "nav", omitting: ["sign"]))
        let _: Int = try await client().send(RequestDescription(.get, "nav"))
        let sent = try await server.requests("nav")
        #expect(
            sent.map(\.query) == [
                "source=app&access_token=\(Self.token)", "source=app&access_token=\(Self.token)&sign=SIGNED",
            ])
    }

    /// Bilibili's WBI signature: values lose `!'()*`, a timestamp `wts` is added, and `w_rid` is a
    /// hash of the sorted query.
    @Test func aRewritingSignerChangesWhatIsSent() async throws {
        try await server.route("search", .json(#"{"code": 0, "data": 1}"#))
        try await server.route("post", .json(#"{"code": 0, "data": 1}"#))
        let signer = Signature.rewriting(name: "w_rid") { parameters in
            for index in parameters.parameters.indices {
                parameters.parameters[index].value.removeAll { "!'()*".contains($0) }
            }
            parameters["wts"] = "1702204169"
            parameters["access_token"] = nil
            return parameters.parameters.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
        }
        let _: Int = try await client(signer: signer).send(
            RequestDescription(.get, "search"), [.query("keyword", "(hi)!"), .query("page", 2)])
        let _: Int = try await client(signer: signer).send(RequestDescription(.post, "post"), [.body("n", 1)])
        let search = try #require(try await server.requests("search").first)
        #expect(
            Self.fields(search.query) == [
                "source=app", "keyword=hi", "page=2", "wts=1702204169",
                "w_rid=keyword=hi&page=2&source=app&wts=1702204169",
            ])
        let post = try #require(try await server.requests("post").first)
        #expect(
            post.body == #"{"n":1,"source":"app","w_rid":"n=1&source=app&wts=1702204169","wts":"1702204169"}"#,
            "an unchanged number stays a number")
    }
}
