import Foundation
import TestSupport
import Testing
import Weibo
import XToolRuntime

/// Seed 000's data layer, generated from `Specs/Weibo.yaml`, against the local server.
@Suite struct WeiboTests {
    let server: ServerScope
    /// Counts the token provider's calls: the n-th call answers `token-n`.
    let tokens = Counter()

    init() throws {
        server = try TestServer.scope()
    }

    private var api: WeiboAPI {
        WeiboAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { [tokens] in "token-\(tokens.next())" }
        )
    }

    private static let timeline = "statuses/friends_timeline.json"

    /// The timeline as Weibo's API reference shows it: an original status and a repost.
    private static func timelineFixture() throws -> Canned {
        try Fixture.response("weibo/" + timeline)
    }

    @Test func newStatusesAsksForTheTokenPerRequestAndSendsSinceIDOnlyWhenGiven() async throws {
        try await server.route(Self.timeline, try Self.timelineFixture())
        let tool = StatusTool(api: api)

        _ = try await tool.newStatuses()
        _ = try await tool.newStatuses(sinceID: "11487339531")

        let sent = try await server.requests(Self.timeline)
        #expect(sent.map(\.method) == ["GET", "GET"])
        #expect(sent.map(\.path) == [server.path(Self.timeline), server.path(Self.timeline)])
        #expect(
            sent.map { FormFields($0.query) } == [
                FormFields("access_token=token-1&count=20"),
                FormFields("access_token=token-2&since_id=11487339531&count=20"),
            ])
        #expect(tokens.next() == 3, "the provider ran once per request, no more")
    }

    @Test func newStatusesDecodesTheTimelineWithUsersAndRetweets() async throws {
        try await server.route(Self.timeline, try Self.timelineFixture())
        let statuses = try await StatusTool(api: api).newStatuses()

        #expect(statuses.map(\.id) == [11_488_058_246, 11_488_013_766])
        let first = try #require(statuses.first)
        #expect(first.idstr == "11488058246")
        #expect(first.text == "求关注。")
        #expect(first.createdAt == .utc(2011, 5, 31, 9, 46, 55))  // "Tue May 31 17:46:55 +0800 2011"
        #expect(first.source == #"<a href="http://weibo.com" rel="nofollow">新浪微博</a>"#)
        #expect(first.repostsCount == 8)
        #expect(first.commentsCount == 9)
        #expect(first.attitudesCount == 21)
        #expect(!first.favorited)
        #expect(first.thumbnailPic == URL(string: "http://ww1.sinaimg.cn/thumbnail/53b56d20jw1dhf6k2dm1aj.jpg"))
        #expect(
            first.picURLs.map(\.thumbnailPic.absoluteString) == [
                "http://ww1.sinaimg.cn/thumbnail/53b56d20jw1dhf6k2dm1aj.jpg",
                "http://ww3.sinaimg.cn/thumbnail/53b56d20jw1dhf6k4wdlvj.jpg",
            ])
        #expect(first.coordinates == [39.990528, 116.446389])
        #expect(first.visibility == 0)
        #expect(first.retweetedStatus == nil)
        #expect(
            first.user
                == User(
                    id: 1_404_376_560, idstr: "1404376560", screenName: "zaku", name: "zaku", location: "北京 朝阳区",
                    description: "人生五十年，乃如梦如幻；有生斯有死，壮士复何憾。",
                    profileImageURL: URL(string: "http://tp1.sinaimg.cn/1404376560/50/0/1"), followersCount: 1204,
                    friendsCount: 447, statusesCount: 2908, verified: false))

        let repost = statuses[1]
        #expect(repost.text == "//@zaku: 转发微博")
        #expect(repost.favorited)
        #expect(repost.coordinates == nil, "\"geo\": null")
        #expect(repost.picURLs.isEmpty && repost.thumbnailPic == nil)
        #expect(repost.visibility == 2)
        #expect(repost.user?.screenName == "人民日报")
        #expect(repost.user?.verified == true)
        #expect(repost.user?.followersCount == 41_231_230)

        let original = try #require(repost.retweetedStatus)
        #expect(original.id == 11_487_339_531)
        #expect(original.text == "今天的北京，蓝天白云。")
        #expect(original.createdAt == .utc(2011, 5, 31, 8, 12, 31))
        #expect(
            original.picURLs.map(\.thumbnailPic.absoluteString) == [
                "http://ww2.sinaimg.cn/thumbnail/53b56d20jw1dhf3v0l6aij.jpg"
            ])
        #expect(original.user == first.user, "the retweet's own user")
        #expect(original.retweetedStatus == nil)
    }

    @Test func theCompletionFormDeliversTheSameResultOnce() async throws {
        try await server.route(Self.timeline, try Self.timelineFixture(), try Self.timelineFixture(), .html(502))
        let tool = StatusTool(api: api)
        let awaited = try await tool.newStatuses(sinceID: "11487339531")

        let deliveries = Recorder<Result<[Status], XToolError>>()
        let result = await withCheckedContinuation { continuation in
            tool.newStatuses(sinceID: "11487339531") { result in
                deliveries.append(result)
                continuation.resume(returning: result)  // a second delivery would trap here
            }
        }
        #expect(try result.get() == awaited)
        #expect(deliveries.values.count == 1)

        let failure = await withCheckedContinuation { continuation in
            tool.newStatuses { continuation.resume(returning: $0) }
        }
        #expect(failure.failure?.statusCode == 502)
        #expect(try await server.requests(Self.timeline).count == 3)
    }

    @Test func statusAsksForOneStatusByID() async throws {
        try await server.route("statuses/show.json", try Fixture.response("weibo/statuses/show.json"))
        try await server.route(Self.timeline, try Self.timelineFixture())
        let tool = StatusTool(api: api)

        let status = try await tool.status(id: 11_487_339_531)

        let sent = try await server.requests("statuses/show.json")
        #expect(sent.map(\.path) == [server.path("statuses/show.json")])
        #expect(sent.map { FormFields($0.query) } == [FormFields("access_token=token-1&id=11487339531")])
        #expect(status.text == "今天的北京，蓝天白云。")
        #expect(status.user?.name == "zaku")
        #expect(try await tool.newStatuses()[1].retweetedStatus == status, "the same status, as the timeline embeds it")
    }

    @Test func aMalformedStatusIsADecodingErrorAtItsKeyPath() async throws {
        let timeline = try Fixture.text("weibo/" + Self.timeline)
            .replacingOccurrences(of: #""id": 2803301701"#, with: #""id": "rmrb""#)
        try await server.route(Self.timeline, .json(timeline))

        let error = await #expect(throws: XToolError.self) { try await StatusTool(api: api).newStatuses() }
        #expect(error?.decodingPath == "statuses[1].user.id")
    }
}
