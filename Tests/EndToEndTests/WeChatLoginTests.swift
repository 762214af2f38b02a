import Foundation
import TestSupport
import Testing
import WeChatLogin
import XToolRuntime

/// WeChat's web authorization, generated from `Specs/WeChatLogin.yaml`, against the local server
/// with the examples of WeChat's documentation (`Specs/samples/wechat/SOURCE.md`).
@Suite struct WeChatLoginTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private var api: WeChatLoginAPI {
        WeChatLoginAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), appID: { "wx-app" }, appSecret: { "wx-secret" })
    }

    @Test func theCodeIsExchangedForAToken() async throws {
        try await server.route("oauth2/access_token", try Fixture.response("wechat/access_token.json"))

        let authorization = try await LoginTool(api: api).authorize(code: "CODE")

        #expect(authorization.accessToken == "ACCESS_TOKEN")
        #expect(authorization.expiresIn == 7200)
        #expect(authorization.openid == "OPENID")
        let sent = try await server.requests("oauth2/access_token")
        #expect(
            sent.map { FormFields($0.query) }
                == [FormFields("appid=wx-app&secret=wx-secret&grant_type=authorization_code&code=CODE")])
    }

    /// `sex` is an integer enum: 1 and 2 are cases, 0 (not given) and anything newer `unknown`.
    @Test func theProfilesSexIsAnIntegerEnum() async throws {
        let profile = try Fixture.text("wechat/userinfo.json")
        try await server.route(
            "userinfo", .json(profile), .json(profile.replacingOccurrences(of: #""sex": 1"#, with: #""sex": 0"#)))
        let tool = LoginTool(api: api)

        let user = try await tool.userInfo(accessToken: "ACCESS_TOKEN", openid: "OPENID", lang: .zhCn)
        #expect(user.sex == .male)
        #expect(user.sex.rawInt == 1)
        #expect(user.nickname == "NICKNAME")
        #expect(user.privilege == ["PRIVILEGE1", "PRIVILEGE2"])
        #expect(user.unionid == "o6_bmasdasdsad6_2sgVt7hMZOPfL")

        let unstated = try await tool.userInfo(accessToken: "ACCESS_TOKEN", openid: "OPENID")
        #expect(unstated.sex == .unknown(0))
        #expect(try JSON(data: JSONEncoder().encode(unstated))["sex"] == 0, "written back as the number")

        let sent = try await server.requests("userinfo")
        #expect(
            sent.map(\.query) == [
                "access_token=ACCESS_TOKEN&openid=OPENID&lang=zh_CN", "access_token=ACCESS_TOKEN&openid=OPENID",
            ])
    }

    /// WeChat reports a failure with HTTP 200 and `errcode`/`errmsg` at the root of the document:
    /// the envelope makes it `XToolError.server` with the message and the code.
    @Test func aFailureWithHTTP200IsAServerError() async throws {
        try await server.route(
            "oauth2/access_token", Canned.json(try Fixture.text("wechat/access_token-error.json")))
        try await server.route("userinfo", Canned.json(try Fixture.text("wechat/userinfo-error.json")))
        let tool = LoginTool(api: api)

        await #expect(throws: XToolError.server(message: "invalid code", code: "40029")) {
            try await tool.authorize(code: "used-already")
        }
        let error = await #expect(throws: XToolError.self) {
            try await tool.userInfo(accessToken: "ACCESS_TOKEN", openid: "someone-else")
        }
        #expect(error == .server(message: " invalid openid ", code: "40003"))
        #expect(error?.description == "The server reported a failure:  invalid openid  (code 40003).")
    }

    /// A success sends no `errcode` at all, or `errcode: 0`.
    @Test func anAbsentOrZeroErrcodeIsASuccess() async throws {
        let token = try Fixture.text("wechat/access_token.json")
        let withZero = token.replacingOccurrences(
            of: #""access_token""#, with: #""errcode": 0, "errmsg": "ok", "access_token""#)
        try #require(withZero.contains("errcode"))
        try await server.route("oauth2/access_token", .json(token), .json(withZero))
        let tool = LoginTool(api: api)

        #expect(try await tool.authorize(code: "a").accessToken == "ACCESS_TOKEN")
        #expect(try await tool.authorize(code: "b").accessToken == "ACCESS_TOKEN")
    }
}
