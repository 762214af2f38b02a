import Corners
import Foundation
import Home
import TestSupport
import Testing
import XToolRuntime

/// The corners of issue 22 that Tests/Fixtures/Corners.yaml declares, in Reddit's shapes
/// (github.com/reddit-archive/reddit/wiki/JSON for `edited` and the modhash; www.reddit.com/dev/api
/// for the x-ratelimit-* headers), against the local server.
@Suite struct CornersTests {
    let server: ServerScope
    let api: CornersAPI

    init() throws {
        server = try TestServer.scope()
        api = CornersAPI(baseURL: server.baseURL, modhash: { "mh-1" })
    }

    /// Two posts of a listing, one never edited (`false`) and one edited in 2013.
    private static let posts = #"""
        [{"id": "1a2b3c", "title": "Not edited", "created_utc": 1372700000.0, "edited": false},
         {"id": "4d5e6f", "title": "Edited", "created_utc": 1372700100.0, "edited": 1372700873.0}]
        """#

    /// Issue 41: a key that holds a dot decodes into its member and is written back as the
    /// server spells it (the CodingKey's raw value is the key, not the spec's escaped text).
    @Test func aKeyThatHoldsADotDecodes() throws {
        let json = #"{"id": "s1", "push.recipient": "device-7"}"#
        let subscription = try JSONDecoder().decode(Subscription.self, from: Data(json.utf8))
        #expect(subscription.pushRecipient == "device-7")
        let written = try JSON(data: JSONEncoder().encode(subscription))
        #expect(written == ["id": "s1", "push.recipient": "device-7"])
    }

    /// Issue 41 (r10): typed members and any other (`others:`), read and written back as they
    /// came, dates among the others in the API's style (seconds since 1970).
    @Test func typedMembersAndAnyOtherRoundTrip() throws {
        let json = #"""
            {"id": "s1",
             "_links": {"self": {"href": "/s/1"}, "license": {"href": "/l/9"}, "app.rotateKey": {"href": "/k"}},
             "times": {"created": 1372700000, "edited": 1372700873, "removed": null}}
            """#
        let subscription = try JSONDecoder().decode(Subscription.self, from: Data(json.utf8))
        let links = try #require(subscription.links)
        #expect(links._self.href == "/s/1")
        #expect(links.byRelation == ["license": Link(href: "/l/9"), "app.rotateKey": Link(href: "/k")])
        let times = try #require(subscription.times)
        #expect(times.created == Date(timeIntervalSince1970: 1_372_700_000))
        #expect(times.others == ["edited": Date(timeIntervalSince1970: 1_372_700_873)], "a null member is left out")

        let written = try JSON(data: JSONEncoder().encode(subscription))
        #expect(
            written == [
                "id": "s1",
                "_links": ["self": ["href": "/s/1"], "license": ["href": "/l/9"], "app.rotateKey": ["href": "/k"]],
                "times": ["created": 1_372_700_000, "edited": 1_372_700_873],
            ])
    }

    /// Issue 42: a decimal sent as a JSON string (`format: string`) reads exactly and goes back
    /// as text; a number where text is expected fails, as a strict field does.
    @Test func aDecimalAsTextReadsExactlyAndIsWrittenAsText() throws {
        let json = #"{"amount": "0.1", "tax": "19.99", "currency": "EUR"}"#
        let price = try JSONDecoder().decode(Price.self, from: Data(json.utf8))
        #expect(price.amount == Decimal(string: "0.1"))
        #expect(price.amount + price.amount + price.amount == Decimal(string: "0.3"), "exact, not 0.30000000000000004")
        #expect(price.tax == Decimal(string: "19.99"))
        #expect(try JSON(data: JSONEncoder().encode(price)) == ["amount": "0.1", "tax": "19.99", "currency": "EUR"])
        let untaxed = try JSONDecoder().decode(Price.self, from: Data(#"{"amount": "5", "currency": "EUR"}"#.utf8))
        #expect(untaxed.tax == nil)
        #expect(try JSON(data: JSONEncoder().encode(untaxed)) == ["amount": "5", "currency": "EUR"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Price.self, from: Data(#"{"amount": 0.1, "currency": "EUR"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Price.self, from: Data(#"{"amount": "ten", "currency": "EUR"}"#.utf8))
        }
    }

    /// Issue 42: one field reads leniently (`lenient: true` on it) while the API doesn't: a
    /// count as text reads, and a title as a number still fails.
    @Test func oneLenientFieldInAStrictAPI() throws {
        let post = #"{"id": "p", "title": "T", "created_utc": 1372700000, "edited": false, "num_comments": "12"}"#
        #expect(try JSONDecoder().decode(Post.self, from: Data(post.utf8)).numComments == 12)
        let strict = #"{"id": "p", "title": 7, "created_utc": 1372700000, "edited": false}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Post.self, from: Data(strict.utf8)) }
    }

    /// Issue 42: a union of one variant reads it by its tag, and anything else as `.unknown`,
    /// each written back as it came.
    @Test func aUnionOfOneVariantKeepsWhatItDoesntKnow() throws {
        let link = #"{"kind": "t3", "id": "1a", "title": "Hi", "created_utc": 1372700000, "edited": false}"#
        let comment = #"{"kind": "t1", "id": "c9", "body": "Nice"}"#
        let saved = try JSONDecoder().decode([Saved].self, from: Data("[\(link), \(comment)]".utf8))
        guard case .link(let post) = saved.first else { return #expect(Bool(false), "\(saved)") }
        #expect(post.title == "Hi")
        #expect(saved.last == .unknown(["kind": "t1", "id": "c9", "body": "Nice"]))
        let written = try JSON(data: JSONEncoder().encode(saved))
        #expect(try written == JSON(data: Data("[\(link), \(comment)]".utf8)))
    }

    /// Defect 3: a date inside a union reads in the API's `dates:` (seconds) through the client
    /// and through a plain `JSONDecoder` alike, and a plain `JSONEncoder` writes it back so.
    @Test func aDateInAUnionDecodesAlikeThroughTheClientAndAPlainDecoder() async throws {
        try await server.route("r/swift/new", Canned(headers: Self.rateLimit, body: Self.posts))
        let posts = try await PostTool(api: api).newest(subreddit: "swift", language: .en)
        let plain = try JSONDecoder().decode([Post].self, from: Data(Self.posts.utf8))

        let edited = Date(timeIntervalSince1970: 1_372_700_873)
        #expect(posts.map(\.edited) == [.bool(false), .date(edited)])
        #expect(plain == posts, "not 2044: a plain decoder reads the union's date in seconds since 1970")
        let written = try JSON(data: JSONEncoder().encode(plain[1].edited))
        #expect(written == 1_372_700_873, "written back in seconds since 1970")
        #expect(try JSONDecoder().decode(Edited.self, from: JSONEncoder().encode(Edited.bool(false))) == .bool(false))
    }

    /// Reddit's x-ratelimit-remaining is a decimal (598.0); an inline enum reads from a header
    /// too, and header parameters send a decimal and an inline enum as text.
    private static let rateLimit = [
        "Content-Type": "application/json; charset=UTF-8", "x-ratelimit-remaining": "598.0",
        "x-ratelimit-used": "2", "x-cache": "MISS",
    ]

    @Test func headersAreDecimalsAndInlineEnumsBothWays() async throws {
        try await server.route("r/swift/new", Canned(headers: Self.rateLimit, body: Self.posts))
        let received = try await PostTool(api: api).newestWithResponse(
            subreddit: "swift", language: .zhCn, maxScore: Decimal(string: "12.50"))

        #expect(received.headers.rateLimitRemaining == Decimal(598))
        #expect(received.headers.rateLimitUsed == 2)
        #expect(received.headers.cache == .miss)
        let sent = try #require(try await server.requests("r/swift/new").first)
        #expect(sent.headers["accept-language"] == "zh-CN")
        #expect(sent.headers["x-max-score"] == "12.5")

        var odd = Self.rateLimit
        odd["x-ratelimit-remaining"] = "0x1p3"
        odd["x-cache"] = "STALE"
        try await server.route("r/swift/new", Canned(headers: odd, body: Self.posts))
        await #expect(
            throws: XToolError.decoding(
                path: "x-ratelimit-remaining", message: #"The header 'x-ratelimit-remaining' is "0x1p3", not Decimal."#)
        ) {
            try await PostTool(api: api).newestWithResponse(subreddit: "swift", language: .en)
        }
        odd["x-ratelimit-remaining"] = "-1.5e2"
        try await server.route("r/swift/new", Canned(headers: odd, body: Self.posts))
        let unlisted = try await PostTool(api: api).newestWithResponse(subreddit: "swift", language: .en)
        #expect(unlisted.headers.rateLimitRemaining == Decimal(-150))
        #expect(unlisted.headers.cache == .unknown("STALE"), "a value the spec does not list")
    }

    /// Defect 1: `response: { path: 0.id }` reads into a document that is an array.
    @Test func aResponsePathIntoAnArrayDocument() async throws {
        try await server.route("r/swift/ids", .json(Self.posts))
        #expect(try await PostTool(api: api).firstID(subreddit: "swift") == "1a2b3c")
    }

    /// Defect 4: the API's `uh: { provided: modhash, in: body }` goes in the body of a post and
    /// is left out of a GET, which can't have a body (URLSession refuses to send one).
    @Test func aFixedBodyParameterGoesOnlyInBodies() async throws {
        try await server.route("r/swift/new", Canned(headers: Self.rateLimit, body: Self.posts))
        try await server.route("api/save", .json("{}"))

        _ = try await PostTool(api: api).newest(subreddit: "swift", language: .en)
        try await PostTool(api: api).save(id: "t3_4d5e6f")

        let get = try #require(try await server.requests("r/swift/new").first)
        #expect(get.method == "GET")
        #expect(get.body.isEmpty && get.query.isEmpty)
        let post = try #require(try await server.requests("api/save").first)
        #expect(post.body == "uh=mh-1&id=t3_4d5e6f")
    }

    /// `errors: none`: the wiki page's failures don't take the API's error body, so a 404 is the
    /// bare status there, while the same body elsewhere is the API's rejection.
    @Test func anEndpointWithoutTheAPIsErrorBody() async throws {
        let forbidden = #"{"message": "Forbidden", "error": 403}"#
        try await server.route("r/swift/wiki/index.md", .json(forbidden, status: 403))
        try await server.route("r/swift/ids", .json(forbidden, status: 403))
        let tool = PostTool(api: api)

        await #expect(throws: XToolError.status(code: 403, body: Data(forbidden.utf8))) {
            try await tool.wikiPage(subreddit: "swift", page: "index")
        }
        let rejected = await #expect(throws: XToolError.self) { try await tool.firstID(subreddit: "swift") }
        #expect(rejected?.serverFailure?.message == "Forbidden")
        #expect(rejected?.serverFailure?.code == "403")
        try await server.route(
            "r/swift/wiki/index.md", Canned(headers: ["Content-Type": "text/markdown"], body: "# Hi"))
        #expect(try await tool.wikiPage(subreddit: "swift", page: "index") == "# Hi")
    }

    /// An API none of whose endpoints uses `cache: fallback` keeps nothing, so its initializer's
    /// `cache:` defaults to memory, never to a folder on disk; the home screen falls back, so its
    /// API defaults to the file cache named after it. The argument is there either way.
    @Test func onlyAnAPIThatFallsBackDefaultsToACacheOnDisk() throws {
        #expect(CornersAPI(modhash: { "" }).client.cache is MemoryResponseCache)
        let home = HomeAPI(
            appVersion: { "" }, deviceID: { "" }, token: { "" }, timestamp: { "" }, signer: { _ in "" })
        let onDisk = try #require(home.client.cache as? FileResponseCache)
        #expect(onDisk.directory.path.hasSuffix("XToolRuntime/Home"))
        #expect(CornersAPI(cache: onDisk, modhash: { "" }).client.cache is FileResponseCache)
    }

    /// Issue 40 item 5: a constant inside an optional body model (`const:`) is sent when the
    /// model is, and not at all when the call sends none (an endpoint's fixed `filter.kind` would
    /// send `filter` alone, which a server refuses). No initializer takes it; a response that
    /// leaves it out reads as the constant.
    @Test func aConstantIsSentWithItsModelOnly() async throws {
        try await server.route("search", .json(#"[{"id": "1a2b3c"}]"#), .json(#"[{"id": "4d5e6f"}]"#))
        let tool = PostTool(api: api)
        _ = try await tool.search(q: "swift", filter: SearchFilter(value: "self"))
        _ = try await tool.search(q: "swift")
        let queries = try await server.requests("search").map(\.query)
        #expect(queries == ["q=swift&filter%5Bkind%5D=link&filter%5Bvalue%5D=self", "q=swift"])
        let read = try JSONDecoder().decode(SearchFilter.self, from: Data(#"{"value": "self"}"#.utf8))
        #expect(read == SearchFilter(value: "self") && read.kind == "link")
    }
}
