import Foundation
import MastodonTimeline
import TestSupport
import Testing
import XToolRuntime

/// Mastodon's home timeline, generated from `Specs/MastodonTimeline.yaml`, against the local
/// server with the examples of Mastodon's documentation (`Specs/samples/mastodon/SOURCE.md`).
@Suite struct MastodonTimelineTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private var api: MastodonTimelineAPI {
        MastodonTimelineAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "token-e2e" })
    }

    private static let home = "timelines/home"

    @Test func aTimelineReadsLastStatusAtFromOldAndNewServers() async throws {
        try await server.route(Self.home, try Fixture.response("mastodon/home.json"))

        let statuses = try await TimelineTool(api: api).home(limit: 2)

        #expect(statuses.count == 2)
        let old = try #require(statuses.first).account
        let new = try #require(statuses.last).account
        #expect(old.lastStatusAt == .utc(2019, 12, 10, 8, 14, 44).addingTimeInterval(0.811), "a date-time (before 3.1)")
        #expect(new.lastStatusAt == .utc(2019, 12, 10), "a date (since 3.1)")
        #expect(old.fields.map(\.verifiedAt) == [nil, .utc(2019, 7, 15, 18, 29, 57).addingTimeInterval(0.191)])
        #expect(statuses.first?.createdAt == .utc(2019, 12, 8, 3, 48, 33).addingTimeInterval(0.901))
        #expect(statuses.first?.visibility == .public)
        let sent = try await server.requests(Self.home)
        #expect(sent.map(\.query) == ["limit=2"])
        #expect(sent.map { $0.headers["authorization"] } == ["Bearer token-e2e"])
    }

    /// `Account.fields[].verified_at` is a date inside an array inside a model: it decodes the
    /// same through a plain `JSONDecoder` as through the client.
    @Test func aStatusDecodesAlikeThroughAPlainDecoder() async throws {
        try await server.route(Self.home, try Fixture.response("mastodon/home.json"))
        let fetched = try await TimelineTool(api: api).home()

        let text = try Fixture.text("mastodon/home.json")
        let decoded = try JSONDecoder().decode([Status].self, from: Data(text.utf8))
        #expect(decoded == fetched)
        #expect(try JSONDecoder().decode([Status].self, from: JSONEncoder().encode(decoded)) == decoded)
    }

    /// `Visibility` is one type for the field and the parameter: what a status says is what
    /// `publish` takes.
    @Test func aStatusesVisibilityIsWhatPublishTakes() async throws {
        try await server.route(Self.home, try Fixture.response("mastodon/home.json"))
        try await server.route("statuses", try Fixture.response("mastodon/status.json"))
        let replyTo = try #require(try await TimelineTool(api: api).home().first)

        let reply = try await StatusTool(api: api).publish(
            status: "@Gargron indeed", inReplyToID: replyTo.id, visibility: replyTo.visibility)

        #expect(reply.visibility == .public)
        let sent = try #require(try await server.requests("statuses").first)
        #expect(sent.method == "POST")
        #expect(
            try JSON(data: Data(sent.body.utf8))
                == ["status": "@Gargron indeed", "in_reply_to_id": "103270115826048975", "visibility": "public"])
        #expect(Visibility.knownCases == [.public, .unlisted, .private, .direct])
        #expect(Visibility(rawString: "local") == .unknown("local"), "a value newer than the spec")
    }

    /// Mastodon answers 206 with no body while it regenerates a home feed: not a decoding error,
    /// an empty timeline.
    @Test func aRegeneratingHomeFeedIsEmpty() async throws {
        try await server.route(Self.home, Canned(status: 206), try Fixture.response("mastodon/home.json"))
        let tool = TimelineTool(api: api)

        let regenerating = try await tool.home()
        let ready = try await tool.home()

        #expect(regenerating == [])
        #expect(ready.count == 2)
    }

    /// The 206 stays visible: the app can tell an empty timeline from one being rebuilt.
    @Test func theStatusOfARegeneratingFeedIsAvailable() async throws {
        try await server.route(Self.home, Canned(status: 206))

        let received = try await TimelineTool(api: api).homeWithResponse()

        #expect(received.status == 206)
        #expect(received.value == [])
    }
}

/// The instance, a variable of the base URL the app chooses (`baseURLVariables:`).
@Suite struct MastodonInstanceTests {
    @Test func theBaseURLIsTheDefaultInstanceUnlessTheAppChoosesOne() {
        #expect(
            MastodonTimelineAPI(accessToken: { "" }).client.baseURL.absoluteString == "https://mastodon.social/api/v1/")
        let chosen = MastodonTimelineAPI.baseURL(instance: "fosstodon.org")
        #expect(chosen.absoluteString == "https://fosstodon.org/api/v1/")
        #expect(MastodonTimelineAPI(baseURL: chosen, accessToken: { "" }).client.baseURL == chosen)
    }
}
