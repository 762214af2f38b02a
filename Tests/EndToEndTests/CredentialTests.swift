import Foundation
import GitHub
import TestSupport
import Testing
import WeChat
import XToolRuntime

/// The generated GitHub and WeChat layers (`refresh:` in Specs/GitHub.yaml and WeChat.yaml)
/// against the local server's two origins: an expired token is refreshed once and the call
/// repeated, and a redirect to another origin carries no token (`Specs/samples/*/SOURCE.md`).
@Suite struct CredentialTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    /// The app's token, read by the provided value and replaced by the refresh.
    private final class TokenStore: Sendable {
        private let tokens = Recorder<String>()

        init(_ token: String) {
            tokens.append(token)
        }

        var current: String { tokens.values.last ?? "" }
        var history: [String] { tokens.values }

        func replace(with token: String) {
            tokens.append(token)
        }
    }

    // MARK: - GitHub: a user access token that expired after eight hours

    private func github(_ store: TokenStore) -> GitHubAPI {
        GitHubAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), token: { store.current },
            refreshToken: { store.replace(with: "ghu_fresh") })  // the app asks github.com/login/oauth/access_token
    }

    @Test func anExpiredGitHubTokenIsRefreshedAndTheCallRepeated() async throws {
        let store = TokenStore("ghu_expired")
        let path = "repos/octocat/hello-world/issues"
        let expired = Canned.json(try Fixture.text("github/bad-credentials.json"), status: 401)
        try await server.route(path, expired, .json("[\(try Fixture.text("github/issue.json"))]"))
        let page = try await IssueTool(api: github(store)).list(owner: "octocat", repo: "hello-world")
        #expect(page.items.map(\.number) == [1347])
        #expect(store.history == ["ghu_expired", "ghu_fresh"])
        let sent = try await server.requests(path)
        #expect(sent.map { $0.headers["authorization"] } == ["Bearer ghu_expired", "Bearer ghu_fresh"])
    }

    @Test func aGitHubTokenThatStaysBadIsRefreshedOnceAndTheFailureReturned() async throws {
        let store = TokenStore("ghu_revoked")
        try await server.route(
            "repos/octocat/hello-world/issues", .json(try Fixture.text("github/bad-credentials.json"), status: 401))
        let result = await withCheckedContinuation { continuation in
            IssueTool(api: github(store)).list(owner: "octocat", repo: "hello-world") {
                continuation.resume(returning: $0)
            }
        }
        #expect(result.failure?.statusCode == 401)
        #expect(store.history == ["ghu_revoked", "ghu_fresh"])
        #expect(try await server.requests("repos/octocat/hello-world/issues").count == 2)
    }

    @Test func aRenamedRepositoryKeepsTheTokenAndADownloadElsewhereLeavesItBehind() async throws {
        // GitHub answers a renamed repository with a 301 on its own origin.
        let store = TokenStore("ghu_token")
        let moved = server.baseURL.absoluteString + "repositories/1296269/issues"
        try await server.route("repos/octocat/old-name/issues", Canned(status: 301, headers: ["Location": moved]))
        try await server.route("repositories/1296269/issues", .json("[\(try Fixture.text("github/issue.json"))]"))
        _ = try await IssueTool(api: github(store)).list(owner: "octocat", repo: "old-name")
        let followed = try #require(try await server.requests("repositories/1296269/issues").first)
        #expect(followed.headers["authorization"] == "Bearer ghu_token")

        // …and a redirect to another origin (a CDN) loses it.
        let cdn = server.secondBaseURL.absoluteString + "cdn/issues"
        try await server.route("repos/octocat/elsewhere/issues", Canned(status: 302, headers: ["Location": cdn]))
        try await server.route("cdn/issues", .json("[\(try Fixture.text("github/issue.json"))]"))
        _ = try await IssueTool(api: github(store)).list(owner: "octocat", repo: "elsewhere")
        let elsewhere = try #require(try await server.requests("cdn/issues").first)
        #expect(elsewhere.port == server.secondPort)
        #expect(elsewhere.headers["authorization"] == nil)
        #expect(elsewhere.headers["accept"] == "application/vnd.github+json")
    }

    // MARK: - WeChat: a token in the query that expires every two hours

    @Test func aWeChatTokenThatIsNoLongerTheLatestIsRefreshedThroughTheTokenEndpoint() async throws {
        let store = TokenStore("EXPIRED_TOKEN")
        let apis = Recorder<WeChatAPI>()
        let api = WeChatAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { store.current },
            refreshAccessToken: {
                // The app's refresh asks the token endpoint of the same API, which omits the token.
                let issued = try await TokenTool(api: apis.values[0]).token(appid: "APPID", secret: "APPSECRET")
                store.replace(with: issued.accessToken)
            })
        apis.append(api)
        let notLatest = Canned.json(try Fixture.text("wechat/invalid-credential.json"))
        try await server.route("message/custom/send", notLatest, .json(#"{"errcode": 0, "errmsg": "ok"}"#))
        try await server.route("token", .json(#"{"access_token": "NEW_TOKEN", "expires_in": 7200}"#))

        let result = try await MessageTool(api: api).send(
            message: CustomMessage(touser: "OPENID", msgtype: "text", text: Text(content: "Hello World")))
        #expect(result.errmsg == "ok")
        let sent = try await server.requests("message/custom/send")
        #expect(sent.map(\.query) == ["access_token=EXPIRED_TOKEN", "access_token=NEW_TOKEN"])
        let message = #"{"msgtype":"text","text":{"content":"Hello World"},"touser":"OPENID"}"#
        #expect(sent.map(\.body) == [message, message])
        #expect(
            try await server.requests("token").map(\.query) == [
                "grant_type=client_credential&appid=APPID&secret=APPSECRET"
            ])
    }

    @Test func theTokenEndpointsOwnFailureIsNeverRefreshed() async throws {
        let store = TokenStore("TOKEN")
        let api = WeChatAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { store.current },
            refreshAccessToken: { Issue.record("the token endpoint was refreshed") })
        try await server.route("token", .json(try Fixture.text("wechat/invalid-appid.json")))
        await #expect(throws: XToolError.server(message: "invalid appid", code: "40013")) {
            try await TokenTool(api: api).token(appid: "APPID", secret: "WRONG")
        }
        // Even a code that means "expired" is the answer there: the endpoint omits the token.
        try await server.route("token", .json(try Fixture.text("wechat/invalid-credential.json")))
        await #expect(throws: XToolError.self) { try await TokenTool(api: api).token(appid: "APPID", secret: "WRONG") }
        #expect(try await server.requests("token").count == 2)
    }
}
