import DianpingCapture
import Foundation
import HomeCapture
import TestSupport
import Testing
import WeiboCapture
import XToolRuntime

/// The three seed apps' layers generated from their captured traffic alone (`Specs/*Capture.har`,
/// no spec written by hand) against the local server, through the checks the apps' own layers
/// pass (`EndToEndTests`: WeiboTests, DianpingTests, HomeTests). Where a check can't carry over,
/// the capture couldn't tell it; docs/capture.md lists those.
@Suite struct CapturedLayerTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    // MARK: Weibo

    @Test func theTimelineAsksForTheTokenPerRequestAndSendsSinceIDOnlyWhenGiven() async throws {
        try await server.route(
            "statuses/friends_timeline.json", try Fixture.response("weibo/statuses/friends_timeline.json"))
        let tokens = Counter()
        let api = WeiboCaptureAPI(baseURL: server.baseURL, accessToken: { "token-\(tokens.next())" })

        _ = try await StatusTool(api: api).friendsTimeline(count: 20)
        _ = try await StatusTool(api: api).friendsTimeline(count: 20, sinceID: 11_487_339_531)

        let sent = try await server.requests("statuses/friends_timeline.json")
        #expect(
            sent.map { FormFields($0.query) } == [
                FormFields("access_token=token-1&count=20"),
                FormFields("access_token=token-2&count=20&since_id=11487339531"),
            ])
    }

    @Test func theTimelineDecodesStatusesWithUsersAndRetweets() async throws {
        try await server.route(
            "statuses/friends_timeline.json", try Fixture.response("weibo/statuses/friends_timeline.json"))
        try await server.route("statuses/show.json", try Fixture.response("weibo/statuses/show.json"))
        let api = WeiboCaptureAPI(baseURL: server.baseURL, accessToken: { "token" })

        let statuses = try await StatusTool(api: api).friendsTimeline(count: 20).statuses
        #expect(statuses.map(\.id) == [11_488_058_246, 11_488_013_766])
        let first = try #require(statuses.first)
        #expect(first.idstr == "11488058246")
        #expect(first.text == "求关注。")
        #expect(first.createdAt == .utc(2011, 5, 31, 9, 46, 55))  // "Tue May 31 17:46:55 +0800 2011"
        #expect(first.repostsCount == 8)
        #expect(first.commentsCount == 9)
        #expect(first.attitudesCount == 21)
        let status = try await StatusTool(api: api).show(id: 11_487_339_531)
        #expect(status.text == "今天的北京，蓝天白云。")
        #expect(status.user.name == "zaku")
        #expect(statuses[1].retweetedStatus?.text == status.text, "the same status, as the timeline embeds it")
    }

    // MARK: Dianping

    @Test func findDealsSendsTheCityTheAppKeyAndTheSignature() async throws {
        try await server.route("v1/deal/find_deals", try Fixture.response("dianping/v1/deal/find_deals.json"))
        let signer = Signer.dianping(appKey: "10000008", secret: "e2e-secret")
        let api = DianpingCaptureAPI(
            baseURL: server.baseURL.appendingPathComponent("v1/"), appkey: { "10000008" },
            signer: { try await signer.sign($0) })

        _ = try await DealTool(api: api).findDeals(city: "北京")

        let sent = try #require(try await server.requests("v1/deal/find_deals").first)
        let fields = FormFields(sent.query)
        #expect(fields.names.sorted() == ["appkey", "city", "sign"])
        #expect(fields["sign"] == "0F5033606D270A7C125772B72271AF25FF25F7C4", "the same signature as the app's own")
    }

    @Test func findDealsDecodesDealsWithBusinessesAndDates() async throws {
        try await server.route("v1/deal/find_deals", try Fixture.response("dianping/v1/deal/find_deals.json"))
        let api = DianpingCaptureAPI(
            baseURL: server.baseURL.appendingPathComponent("v1/"), appkey: { "10000008" }, signer: { _ in "sig" })

        let page = try await DealTool(api: api).findDeals(city: "北京")

        #expect(page.total == 114_644, "total_count, the pages' total")
        #expect(page.next != nil, "the page number the capture showed counting up")
        let deal = try #require(page.items.first)
        #expect(deal.dealID == "2-20401897")
        #expect(deal.title == "摩根大古电玩城")
        #expect(deal.city == "北京")
        #expect(deal.listPrice == 50)
        #expect(deal.currentPrice == 40)
        #expect(deal.regions == ["东城区"])
        #expect(deal.purchaseCount == 412)
        // A day with no zone: the capture can't tell Beijing's, so it is read in UTC (docs/capture.md).
        #expect(deal.publishDate == .utc(2016, 6, 24))
        #expect(deal.dealURL == URL(string: "http://t.dianping.com/deal/20401897?utm_source=open"))
        #expect(deal.businesses.map(\.name) == ["摩根大古电玩城"])
        #expect(deal.businesses.first?.latitude == 39.89661)
    }

    // MARK: Home

    private func homeAPI(signer: Signer) -> HomeCaptureAPI {
        HomeCaptureAPI(
            baseURL: server.baseURL, token: { "token-e2e" }, signer: { try await signer.sign($0) })
    }

    @Test func theHomeSendsTheCommonParametersTheTimeAndASignature() async throws {
        try await server.route("home/index", try Fixture.response("home/home/index.json"))
        let signer = Signer.home(secret: "e2e-secret")
        let api = homeAPI(signer: signer)

        _ = try await HomeTool(api: api).index(cityID: 310_100)

        let sent = try #require(try await server.requests("home/index").first)
        let fields = FormFields(sent.query)
        #expect(fields["platform"] == "ios")
        #expect(fields["app_version"] == "5.2.0")
        #expect(fields["device_id"] == "device-e2e")
        #expect(fields["token"] == "token-e2e")
        #expect(fields["city_id"] == "310100")
        let now = Int(Date().timeIntervalSince1970)
        let sentTime = try #require(fields["timestamp"].flatMap { Int($0) })
        #expect(abs(sentTime - now) < 60, "the time of the request")
        #expect(signer.inputs.values == [fields.dictionary(excluding: "sign")], "the signer saw what was sent")
    }

    @Test func theHomeDecodesNumbersAsStringsAndNulls() async throws {
        try await server.route("home/index", try Fixture.response("home/home/index.json"))
        let home = try await HomeTool(api: homeAPI(signer: Signer.home(secret: "s"))).index()

        #expect(home.telephone == "400-820-8820")
        #expect(home.ads.map(\.adID) == [12, 13])
        #expect(home.feeds.map(\.feedID) == [7001, 7002])
        #expect(home.feeds.map(\.feedType) == [3, 1])
        #expect(home.feeds.map(\.title) == [nil, "停水通知"])
    }

    @Test func aServerReportedFailureIsThrownWithItsMessageAndCode() async throws {
        try await server.route(
            "home/index", .json(#"{"code": 1001, "msg": "登录已过期，请重新登录", "data": null}"#))
        let tool = HomeTool(api: homeAPI(signer: Signer.home(secret: "s")))

        await #expect(throws: XToolError.server(message: "登录已过期，请重新登录", code: "1001")) {
            try await tool.index()
        }
    }
}
