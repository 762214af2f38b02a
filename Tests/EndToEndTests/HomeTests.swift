import Foundation
import Home
import TestSupport
import Testing
import XToolRuntime

/// Seed 004's home screen, generated from `Specs/Home.yaml`, against the local server: the
/// error envelope, the common signed parameters, lenient models and the on-disk fallback.
@Suite struct HomeTests {
    let server: ServerScope
    let signer = Signer.home(secret: "e2e-secret")
    /// Counts requests, so that each has a timestamp of its own.
    let clock = Counter()
    let folder = TemporaryDirectory()

    init() throws {
        server = try TestServer.scope()
    }

    /// The home API on this test's server, keeping its fallback cache in `folder`.
    private func api(baseURL: URL? = nil, transport: any HTTPTransport = URLSessionTransport()) -> HomeAPI {
        HomeAPI(
            baseURL: baseURL ?? server.baseURL, transport: transport, cache: FileResponseCache(directory: folder.url),
            appVersion: { "5.2.0" }, deviceID: { "device-e2e" }, token: { "token-e2e" },
            timestamp: { [clock] in String(1_472_124_030 + clock.next()) },
            signer: { [signer] in try await signer.sign($0) })
    }

    private static let index = "home/index"

    /// The home screen's data, numbers sent as strings and nulls included; `code` replaces the
    /// fixture's `"0"`, and the last icon's type is one the spec doesn't list, `"h5"`.
    private static func homeFixture(code: String = #""0""#) throws -> Canned {
        let text = try Fixture.text("home/home/index.json")
        try #require(text.contains(#""code": "0""#) && text.contains(#""type": "none""#))
        return .json(
            text.replacingOccurrences(of: #""code": "0""#, with: #""code": \#(code)"#)
                .replacingOccurrences(of: #""type": "none""#, with: #""type": "h5""#))
    }

    private static let failure = Canned.json(#"{"code": 1001, "msg": "登录已过期，请重新登录", "data": null}"#)

    @Test func homeSendsTheCommonParametersAndASignaturePerRequest() async throws {
        defer { folder.remove() }
        try await server.route(Self.index, try Self.homeFixture())
        let tool = HomeTool(api: api())

        _ = try await tool.home(cityID: "310100")
        _ = try await tool.home()

        let sent = try await server.requests(Self.index)
        #expect(sent.map(\.method) == ["GET", "GET"])
        #expect(sent.map { $0.headers["accept"] } == ["application/json", "application/json"])
        let fields = sent.map { FormFields($0.query) }
        #expect(
            fields.map(\.names) == [
                ["platform", "app_version", "device_id", "token", "timestamp", "city_id", "sign"],
                ["platform", "app_version", "device_id", "token", "timestamp", "sign"],
            ])
        let first = try #require(fields.first)
        #expect(first["platform"] == "ios")
        #expect(first["app_version"] == "5.2.0")
        #expect(first["device_id"] == "device-e2e")
        #expect(first["token"] == "token-e2e")
        #expect(first["city_id"] == "310100")
        #expect(fields.map { $0["timestamp"] } == ["1472124031", "1472124032"])
        #expect(signer.inputs.values == fields.map { $0.dictionary(excluding: "sign") }, "the signer saw what was sent")
        // SHA-1 of "app_version=5.2.0&city_id=310100&…&token=token-e2e" + "e2e-secret".
        #expect(first["sign"] == "4d093136ecf71e5d11088371160409272f7ceb2d")
        #expect(Set(fields.map { $0["sign"] }).count == 2, "each request signed afresh")
    }

    @Test func homeDecodesNumbersAsStringsAndNullsLeniently() async throws {
        defer { folder.remove() }
        try await server.route(Self.index, try Self.homeFixture())

        let home = try await HomeTool(api: api()).home()

        #expect(home.isFresh)
        #expect(home.value.telephone == "400-820-8820")
        #expect(
            home.value.ads == [
                Ad(
                    adID: "12", image: URL(string: "http://img.example-xqb.com/ad/12.jpg"),
                    link: "http://m.example-xqb.com/activity/12", title: ""),
                Ad(adID: "13", image: nil, link: nil, title: "物业缴费八折"),
            ])
        #expect(home.value.homeIcons.map(\.id) == ["3", "4", "5"])
        #expect(home.value.homeIcons.map(\.kind) == [.native, .web, .unknown("h5")])
        #expect(home.value.homeIcons.map(\.createID) == ["100", nil, nil])
        #expect(home.value.homeIcons.first?.icon == URL(string: "http://img.example-xqb.com/icon/fee.png"))
        #expect(home.value.homeIcons.first?.linkURL == "xqb://fee")
        #expect(
            home.value.feeds == [
                Feed(
                    feedID: "7001", feedType: 3, title: "",
                    icon: URL(string: "http://img.example-xqb.com/feed/7001.png"),
                    content: "本周六上午九点，小区南门免费义诊。", feedCity: "上海", linkType: 1),
                Feed(feedID: "7002", feedType: 1, title: "停水通知", icon: nil, content: "", feedCity: nil, linkType: 0),
            ])
    }

    @Test(arguments: ["0", #""0""#])
    func theEnvelopeSucceedsOnCodeZeroAsNumberOrText(code: String) async throws {
        defer { folder.remove() }
        try await server.route(Self.index, try Self.homeFixture(code: code))

        let home = try await HomeTool(api: api()).home()

        #expect(home.isFresh)
        #expect(home.value.feeds.map(\.feedID) == ["7001", "7002"])
    }

    @Test func aServerReportedFailureIsThrownWithItsMessageAndCode() async throws {
        defer { folder.remove() }
        try await server.route(Self.index, Self.failure)
        try await server.route("feedback/submit", Self.failure)
        let tool = HomeTool(api: api())

        let expected = XToolError.server(message: "登录已过期，请重新登录", code: "1001")
        await #expect(throws: expected) { try await tool.home() }
        await #expect(throws: expected) { try await tool.feedback(content: "好") }
        #expect(!FileManager.default.fileExists(atPath: folder.url.path), "nothing good, nothing stored")
    }

    @Test func aFailedRequestHandsBackTheLastStoredHomeWithTheFailure() async throws {
        defer { folder.remove() }
        try await server.route(Self.index, try Self.homeFixture(), .html(500), Self.failure)
        let tool = HomeTool(api: api())

        let fresh = try await tool.home()
        let afterStatus = try await tool.home()
        let afterEnvelope = try await tool.home()
        // A new API value on the same folder, with the network down: a refused connection.
        let offline = try await HomeTool(api: api(transport: UnreachableTransport())).home()

        #expect(fresh.isFresh)
        #expect([afterStatus.value, afterEnvelope.value, offline.value] == [fresh.value, fresh.value, fresh.value])
        #expect(afterStatus.failure?.statusCode == 500)
        #expect(afterEnvelope.failure == .server(message: "登录已过期，请重新登录", code: "1001"))
        #expect(offline.failure?.transportFailure?.reason == .cannotConnect)
        await #expect(throws: XToolError.self, "another city was never stored") {
            try await HomeTool(api: api(transport: UnreachableTransport())).home(cityID: "110100")
        }
        let stored = try folder.contents().map { String(decoding: $0, as: UTF8.self) }
        #expect(stored.count == 1)
        #expect(stored.allSatisfy { !$0.contains("token-e2e") && !$0.contains("device-e2e") && !$0.contains("sign=") })
    }

    /// `…WithResponse` of a `cache: fallback` endpoint answers with the server's own status and
    /// headers, and throws the server's failure rather than handing back what was stored.
    @Test func homeWithResponseAsksTheServerAndNeverFallsBack() async throws {
        defer { folder.remove() }
        try await server.route(Self.index, try Self.homeFixture(), .html(500))
        let tool = HomeTool(api: api())

        let received = try await tool.homeWithResponse()
        let error = await #expect(throws: XToolError.self) { try await tool.homeWithResponse() }
        let stored = try await tool.home()

        #expect(received.status == 200)
        #expect(received.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(received.value.telephone == "400-820-8820")
        #expect(error?.statusCode == 500)
        #expect(!stored.isFresh && stored.value == received.value, "what it received was stored for home()")
    }

    @Test func withNothingStoredARefusedConnectionIsThrown() async throws {
        defer { folder.remove() }
        let error = await #expect(throws: XToolError.self) {
            try await HomeTool(api: api(baseURL: try TestServer.refusedBaseURL)).home()
        }
        #expect(error?.transportFailure?.reason == .cannotConnect)
        #expect(error.map { !String(describing: $0).contains("token-e2e") } == true, "no provided value in the error")
    }

    @Test func feedbackPostsAFormBody() async throws {
        defer { folder.remove() }
        try await server.route("feedback/submit", .json(#"{"code": 0, "msg": "感谢反馈"}"#))
        let tool = HomeTool(api: api())

        try await tool.feedback(content: "很好用 & 5+ stars", contact: "138 0013 8000")
        try await tool.feedback(content: "ok")

        let sent = try await server.requests("feedback/submit")
        #expect(sent.map(\.method) == ["POST", "POST"])
        #expect(sent.map(\.query) == ["", ""])
        #expect(sent.first?.headers["content-type"] == "application/x-www-form-urlencoded")
        let encoded = "content=%E5%BE%88%E5%A5%BD%E7%94%A8%20%26%205%2B%20stars&contact=138%200013%208000&"
        #expect(sent.first?.body.contains(encoded) == true, "UTF-8, space %20, & %26, + %2B")
        let fields = sent.map { FormFields($0.body) }
        #expect(
            fields.map(\.names) == [
                ["platform", "app_version", "device_id", "token", "timestamp", "content", "contact", "sign"],
                ["platform", "app_version", "device_id", "token", "timestamp", "content", "sign"],
            ])
        #expect(fields.map { $0["content"] } == ["很好用 & 5+ stars", "ok"])
        #expect(signer.inputs.values == fields.map { $0.dictionary(excluding: "sign") })
    }

    @Test func feedbacksCompletionFormDeliversAFailureOnce() async throws {
        defer { folder.remove() }
        try await server.route("feedback/submit", .html(403))
        let deliveries = Recorder<Result<Void, XToolError>>()

        let result = await withCheckedContinuation { continuation in
            HomeTool(api: api()).feedback(content: "好") { result in
                deliveries.append(result)
                continuation.resume(returning: result)  // a second delivery would trap here
            }
        }

        #expect(result.failure?.statusCode == 403)
        #expect(deliveries.values.count == 1)
        #expect(try await server.requests("feedback/submit").map(\.method) == ["POST"])
    }
}
