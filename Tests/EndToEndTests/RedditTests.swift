import Foundation
import Reddit
import TestSupport
import Testing
import XToolRuntime

/// Specs/Reddit.yaml, one spec for the whole API, against the samples of Reddit's documentation
/// (`Specs/samples/reddit/SOURCE.md`) on the local server's two origins (issue 22): listings
/// whose every child wraps the item as `{"kind": "t3", "data": {…}}` read as the `data` of each
/// element, pages both ways by the `after` and `before` cursors, `edited` that is `false` or a
/// time, an endpoint's own envelope whose success is an absent `json.errors`, union variants
/// renamed, and the token endpoint on another origin with its own Basic authorization.
@Suite struct RedditTests {
    let server: ServerScope
    let api: RedditAPI
    let renewals: Recorder<String>

    init() throws {
        let server = try TestServer.scope()
        let renewals = Recorder<String>()
        self.renewals = renewals
        self.server = server
        api = RedditAPI(
            baseURL: server.baseURL, accountsBaseURL: server.secondBaseURL, cache: MemoryResponseCache(),
            accessToken: { "eyJhbGciOiJIUzI1NiJ9.access" }, clientCredentials: { "cF9jbGllbnQ6c2VjcmV0" },
            renewAccessToken: { renewals.append("renewed") })
    }

    /// `data.children[].data`: the `data` of each child is a `Link`; `edited: false` is nil.
    @Test func aListingIsTheDataOfEachChild() async throws {
        try await server.route("r/pics/hot", try Fixture.response("reddit/hot.json"))

        let page = try await ListingTool(api: api).hot(subreddit: "pics", limit: 2)

        #expect(page.items.map(\.name) == ["t3_8xwlg", "t3_8xwlh"])
        #expect(page.items.first?.title == "A self post, as the JSON page describes one")
        #expect(page.items.first?.edited == nil)
        #expect(page.items.first?.created == Date(timeIntervalSince1970: 1_331_042_771))
        let sent = try #require(try await server.requests("r/pics/hot").first)
        #expect(sent.query == "limit=2")
        #expect(sent.headers["authorization"] == "bearer eyJhbGciOiJIUzI1NiJ9.access")
        #expect(sent.headers["user-agent"] == "ios:com.example.reader:v1.0 (by /u/example)")
    }

    /// The next page is asked for with `after` (the listing's `data.after`), and the page before
    /// it with `before` (the next listing's `data.before`) instead of `after`; every item comes
    /// once through the sequence, which stops on `after: null`.
    @Test func listingsPageForwardByAfterAndBackwardByBefore() async throws {
        let secondPage = try Fixture.response("reddit/hot.json") { listing in
            var data = listing["data"] as? [String: Any] ?? [:]
            data["children"] = (data["children"] as? [Any])?.suffix(1).map { $0 }
            data["after"] = NSNull()
            data["before"] = "t3_8xwlh"
            listing["data"] = data
        }
        // The page before the second is the first again (a server answering it with the second
        // would be one that ignores `before`, which the paginator refuses).
        try await server.route(
            "r/pics/hot", try Fixture.response("reddit/hot.json"), secondPage, try Fixture.response("reddit/hot.json"))
        let tool = ListingTool(api: api)

        let first = try await tool.hot(subreddit: "pics", limit: 2)
        let next = try #require(first.next)
        let second = try await tool.hot(subreddit: "pics", limit: 2, from: next)
        #expect(second.next == nil)
        let previous = try #require(second.previous)
        _ = try await tool.hot(subreddit: "pics", limit: 2, from: previous)

        let queries = try await server.requests("r/pics/hot").map { FormFields($0.query) }
        #expect(queries.map(\.description) == ["limit=2", "after=t3_8xwlh&limit=2", "before=t3_8xwlh&limit=2"])

        try await server.route("r/all/hot", try Fixture.response("reddit/hot.json"), secondPage)
        var names: [String] = []
        for try await link in tool.hotItems(subreddit: "all", limit: 2) { names.append(link.name) }
        #expect(names == ["t3_8xwlg", "t3_8xwlh", "t3_8xwlh"])
        #expect(try await server.requests("r/all/hot").count == 2)
    }

    /// A user's comments: the same `[]` path, with `edited` a time.
    @Test func commentsAreTheDataOfEachChildWithTheirEditTime() async throws {
        try await server.route("user/spez/comments", try Fixture.response("reddit/comments.json"))

        let page = try await CommentsTool(api: api).userComments(username: "spez")

        #expect(page.items.first?.name == "t1_c3v7f8u")
        #expect(page.items.first?.edited == Date(timeIntervalSince1970: 1_331_043_000))
        #expect(page.next == nil)
    }

    /// `api_type=json`'s `{"json": {"errors": [], "data": …}}` is this endpoint's own envelope:
    /// empty `errors` is success, and a listed error fails with its code and message.
    @Test func aReplyReadsItsOwnEnvelopeWhoseSuccessIsNoErrors() async throws {
        try await server.route(
            "api/comment", try Fixture.response("reddit/comment.json"),
            try Fixture.response("reddit/comment-error.json"))
        let tool = CommentsTool(api: api)

        let comment = try await tool.reply(thingID: "t3_8xwlg", text: "Nice.")
        #expect(comment.name == "t1_c3v7f8w")

        let error = await #expect(throws: XToolError.self) { try await tool.reply(thingID: "t3_8xwlg", text: "…") }
        guard case .server(let message, let code) = error else {
            Issue.record("not the envelope's failure: \(String(describing: error))")
            return
        }
        #expect(code == "TOO_LONG")
        #expect(message == "this is too long (max: 10000)")
        let sent = try await server.requests("api/comment").map { FormFields($0.body) }
        #expect(sent.first?.description == "api_type=json&thing_id=t3_8xwlg&text=Nice.")
    }

    /// The inbox's children are told apart by `kind`, into the variants' own names.
    @Test func theInboxHoldsRenamedVariantsByKind() async throws {
        try await server.route("message/inbox", try Fixture.response("reddit/inbox.json"))

        let items = try await InboxTool(api: api).inbox().items

        #expect(items.count == 2)
        guard case .commentReply(let reply) = items.first, case .message(let message) = items.last else {
            Issue.record("not a reply and a message: \(items)")
            return
        }
        #expect(reply.subject == "comment reply")
        #expect(message.name.hasPrefix("t4_"))
    }

    /// A tagged union writes its tag, though its variants' models have no field for it: a round
    /// trip through `JSONEncoder` and `JSONDecoder` keeps every case (issue 30).
    @Test func theInboxRoundTripsThroughJSONEncoderWithItsTags() async throws {
        try await server.route("message/inbox", try Fixture.response("reddit/inbox.json"))
        let items = try await InboxTool(api: api).inbox().items

        let data = try JSONEncoder().encode(items)
        let kinds = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).map {
            $0["kind"] as? String
        }
        #expect(kinds == ["t1", "t4"])
        #expect(try JSONDecoder().decode([InboxItem].self, from: data) == items)
    }

    /// A value only the token endpoint sends (`clientCredentials`) is an optional argument of the
    /// API's initializer: an app without it calls every other endpoint, and the token endpoint
    /// then fails before sending anything, with an error that names the argument (issue 53).
    @Test func aValueOnlyOneEndpointSendsIsOptional() async throws {
        try await server.route("r/pics/hot", try Fixture.response("reddit/hot.json"))
        let api = RedditAPI(
            baseURL: server.baseURL, accountsBaseURL: server.secondBaseURL, cache: MemoryResponseCache(),
            accessToken: { "eyJhbGciOiJIUzI1NiJ9.access" })
        #expect(try await ListingTool(api: api).hot(subreddit: "pics", limit: 2).items.count == 2)
        let error = await #expect(throws: XToolError.self) {
            try await AccountTool(api: api).accessToken(grantType: .refreshToken, refreshToken: "r-123")
        }
        #expect(
            error
                == .provided(
                    name: "Authorization",
                    message: "the API was made without 'clientCredentials:', which this endpoint sends; "
                        + "give it to the API's initializer"))
        #expect(try await server.requests("api/v1/access_token").isEmpty)
    }

    /// The token endpoint is on the other origin (`server: accounts`): it gets its own Basic
    /// authorization, and neither the API's bearer token nor a renewal goes there.
    @Test func theTokenEndpointIsOnItsOwnOriginWithBasicAuthorizationOnly() async throws {
        try await server.route(
            "api/v1/access_token", try Fixture.response("reddit/access_token.json"),
            .json(try Fixture.text("reddit/access_token-error.json"), status: 400))
        let tool = AccountTool(api: api)

        let token = try await tool.accessToken(grantType: .refreshToken, refreshToken: "r-123")
        #expect(token.accessToken == "J1qK1c18UUGJFAzz9xnH56584l4")
        #expect(token.expiresIn == 3600)

        let error = await #expect(throws: XToolError.self) {
            try await tool.accessToken(grantType: .refreshToken, refreshToken: "revoked")
        }
        #expect(error?.serverFailure?.status == 400)
        #expect(error?.serverFailure?.message == "invalid_grant")

        let sent = try await server.requests("api/v1/access_token")
        #expect(sent.map(\.port) == [server.secondPort, server.secondPort])
        #expect(
            sent.map { $0.headers["authorization"] } == ["Basic cF9jbGllbnQ6c2VjcmV0", "Basic cF9jbGllbnQ6c2VjcmV0"])
        #expect(sent.allSatisfy { !$0.headers.values.contains { $0.contains("eyJhbGciOiJIUzI1NiJ9") } })
        #expect(FormFields(sent[0].body).description == "grant_type=refresh_token&refresh_token=r-123")
        #expect(renewals.values.isEmpty)
    }

    /// The account, on the API's origin, with the bearer token; a 401 renews it once.
    @Test func theAccountIsOnTheAPIsOriginAndA401RenewsTheToken() async throws {
        try await server.route("api/v1/me", Canned(status: 401), try Fixture.response("reddit/me.json"))

        let account = try await AccountTool(api: api).me()

        #expect(account.name == "reddit")
        #expect(renewals.values == ["renewed"])
        let sent = try await server.requests("api/v1/me")
        #expect(sent.map(\.port) == [server.port, server.port])
        #expect(sent.allSatisfy { $0.headers["authorization"] == "bearer eyJhbGciOiJIUzI1NiJ9.access" })
    }
}
