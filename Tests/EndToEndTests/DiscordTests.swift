import Discord
import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Specs/Discord.yaml is an OpenAPI 3.1 document in the shape of Discord's own (kept as the
/// document, imported on every `xtoolgen generate`), run against the examples of Discord's
/// documentation: integer enums named by `title`s (issue 20, item 1) decode and are sent as
/// numbers, and channels tagged by an integer `type` (item 2) decode as the variant it names.
@Suite struct DiscordTests {
    let server: ServerScope
    let api: DiscordAPI

    init() throws {
        server = try TestServer.scope()
        api = DiscordAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), apiKey: { "Bot token" })
    }

    /// `"type": 0` is `.guildText`, `"video_quality_mode"` missing is nil, and a value the
    /// document doesn't list is kept by `unknown(Int)`.
    @Test func integerEnumsDecodeAsTheirNamedCases() async throws {
        try await server.route("channels/41771983423143937", Fixture.response("discord/guild-text-channel.json"))
        try await server.route("channels/155101607195836416", Fixture.response("discord/guild-voice-channel.json"))
        try await server.route(
            "channels/1",
            .json(#"{"id": "1", "type": 99, "guild_id": "2", "name": "new", "position": 0, "video_quality_mode": 2}"#))
        let tool = ChannelsTool(api: api)

        let text = try await tool.getChannel(channelID: "41771983423143937")
        #expect(text.type == .guildText)
        #expect(text.name == "general")
        #expect(text.topic == "24/7 chat about how to gank Mike #2")
        #expect(text.videoQualityMode == nil)
        let voice = try await tool.getChannel(channelID: "155101607195836416")
        #expect(voice.type == .guildVoice)
        #expect(voice.bitrate == 64000)
        #expect(voice.parentID == nil)
        let future = try await tool.getChannel(channelID: "1")
        #expect(future.type == .unknown(99))
        #expect(future.videoQualityMode == .full)
        #expect(try await server.requests("channels/41771983423143937").first?.headers["authorization"] == "Bot token")
    }

    /// An integer enum is sent as its number; `.null` sends `null`.
    @Test func integerEnumsAreSentAsNumbers() async throws {
        try await server.route(
            "guilds/41771983423143937/channels",
            .json(try Fixture.text("discord/guild-voice-channel.json"), status: 201))

        let channel = try await GuildsTool(api: api).createGuildChannel(
            guildID: "41771983423143937", name: "ROCKET CHEESE", type: .value(.guildVoice),
            videoQualityMode: .value(.auto))

        #expect(channel.type == .guildVoice)
        let sent = try #require(try await server.requests("guilds/41771983423143937/channels").first)
        #expect(sent.body == #"{"name":"ROCKET CHEESE","type":2,"video_quality_mode":1}"#)
    }

    /// The DM example (`"type": 1`) is `.dm`, the group DM example (`"type": 3`) `.groupDm`; a
    /// type the document doesn't list is kept as it came.
    @Test func channelsTaggedByAnIntegerDecodeAsTheVariantItNames() async throws {
        let tool = UsersTool(api: api)
        try await server.route("users/@me/channels", Fixture.response("discord/dm-channel.json"))
        guard case .dm(let dm) = try await tool.createDm(recipientID: "82198898841029460") else {
            Issue.record("the DM example is not .dm")
            return
        }
        #expect(dm.id == "319674150115610528")
        #expect(dm.type == .dm)
        #expect(dm.recipients.map(\.username) == ["test"])
        #expect(try await server.requests("users/@me/channels").first?.body == #"{"recipient_id":"82198898841029460"}"#)

        try await server.route("users/@me/channels", Fixture.response("discord/group-dm-channel.json"))
        guard case .groupDm(let group) = try await tool.createDm(recipientID: "82198810841029460") else {
            Issue.record("the group DM example is not .groupDm")
            return
        }
        #expect(group.name == "Some test channel")
        #expect(group.ownerID == "82198810841029460")
        #expect(group.recipients.count == 2)

        try await server.route("users/@me/channels", .json(#"{"id": "5", "type": 11}"#))
        guard case .unknown(let other) = try await tool.createDm(recipientID: "1") else {
            Issue.record("a thread is not one of the variants")
            return
        }
        #expect(other["type"] == 11)
    }

    /// A 429 has a body of its own, `RatelimitedResponse` (`errors:`'s `status:`), beside the
    /// `4XX` body (issue 20, item 4); the rate-limit headers of a success are typed (item 11).
    @Test func aRateLimitIsARejectionWithItsOwnBodyAndTheHeadersAreTyped() async throws {
        let headers = [
            "Content-Type": "application/json", "Retry-After": "65", "X-RateLimit-Limit": "10",
            "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "64.57", "X-RateLimit-Bucket": "abcd1234",
        ]
        try await server.route(
            "channels/41771983423143937",
            Canned(status: 429, headers: headers, body: try Fixture.text("discord/rate-limited.json")),
            Canned(
                status: 200,
                headers: [
                    "Content-Type": "application/json", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset-After": "1", "X-RateLimit-Bucket": "abcd1234",
                ],
                body: try Fixture.text("discord/guild-text-channel.json")))
        let tool = ChannelsTool(api: api)

        let error = await #expect(throws: XToolError.self) { try await tool.getChannel(channelID: "41771983423143937") }
        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 429)
        #expect(failure.message == "You are being rate limited.")
        let limited = try #require(failure.model(as: RatelimitedResponse.self))
        #expect(limited.retryAfter == 64.57)
        #expect(limited.global == false)
        #expect(failure.model(as: ErrorResponse.self) == nil)

        let received = try await tool.getChannelWithResponse(channelID: "41771983423143937")
        #expect(received.value.name == "general")
        #expect(received.headers.xRateLimitLimit == 5)
        #expect(received.headers.xRateLimitRemaining == 0)
        #expect(received.headers.xRateLimitResetAfter == 1)
        #expect(received.headers.xRateLimitBucket == "abcd1234")
    }

    /// The document's `4XX` body is the API's `errors:`: Discord's `code` and `message`.
    @Test func aClientErrorIsARejectionWithDiscordsCodeAndMessage() async throws {
        try await server.route("channels/7", .json(#"{"code": 10003, "message": "Unknown Channel"}"#, status: 404))

        let error = await #expect(throws: XToolError.self) {
            try await ChannelsTool(api: api).getChannel(channelID: "7")
        }

        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 404)
        #expect(failure.message == "Unknown Channel")
        #expect(failure.code == "10003")
        #expect(failure.model(as: ErrorResponse.self) == ErrorResponse(code: 10003, message: "Unknown Channel"))
    }
}
