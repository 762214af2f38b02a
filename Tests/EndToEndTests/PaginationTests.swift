import Foundation
import GitHub
import Mastodon
import Stripe
import TestSupport
import Testing
import XToolRuntime

/// Declared pagination against the local server: Mastodon's and GitHub's `Link` headers and
/// Stripe's `has_more`/`starting_after`, one page per call and every item through a lazy
/// sequence. Pages are shaped like the APIs' documented examples (trimmed): Mastodon's Status
/// entity and `Link: <…?max_id=…>; rel="next", <…?since_id=…>; rel="prev"`
/// (docs.joinmastodon.org/entities/Status, /api/guidelines/#pagination); GitHub's issues and
/// `Link: <…?page=2>; rel="next", <…?page=5>; rel="last"` (docs.github.com, "Using pagination in
/// the REST API"); Stripe's list object `{"object": "list", "url": "/v1/charges", "has_more": …,
/// "data": […]}` (docs.stripe.com/api/charges/list).
@Suite struct PaginationTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private func url(_ relative: String) -> String {
        server.baseURL.appendingPathComponent(relative).absoluteString
    }

    private static func page(_ body: String, link: String? = nil, delay: Double? = nil) -> Canned {
        var headers = ["Content-Type": "application/json"]
        headers["Link"] = link
        return Canned(status: 200, headers: headers, body: body, delay: delay)
    }

    // MARK: - Mastodon

    private static func statuses(_ ids: [Int]) -> String {
        "["
            + ids.map { id in
                #"{"id": "\#(id)", "created_at": "2019-12-08T03:48:33.901Z", "content": "<p>\#(id)</p>", "visibility": "public", "#
                    + #""account": {"id": "1", "username": "Gargron", "acct": "Gargron"}, "media_attachments": []}"#
            }.joined(separator: ", ") + "]"
    }

    private func mastodon() -> MastodonAPI {
        MastodonAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "tok" })
    }

    @Test func theHomeTimelineFollowsLinkHeadersLazilyToTheEnd() async throws {
        let home = "v1/timelines/home"
        try await server.route(
            home,
            Self.page(
                Self.statuses([6, 5]),
                link: #"<\#(url(home))?max_id=5>; rel="next", <\#(url(home))?since_id=6>; rel="prev""#),
            Self.page(Self.statuses([4, 3]), link: #"<\#(url(home))?max_id=3>; rel="next""#),
            Self.page("[]"))
        var iterator = TimelineTool(api: mastodon()).homeItems(limit: 2).makeAsyncIterator()

        var ids: [String] = []
        for _ in 0..<2 { ids.append(try #require(try await iterator.next()).id) }
        #expect(try await server.requests(home).count == 1, "the second page is asked for only when needed")
        while let status = try await iterator.next() { ids.append(status.id) }

        #expect(ids == ["6", "5", "4", "3"])
        let sent = try await server.requests(home)
        #expect(sent.map(\.query) == ["limit=2", "max_id=5", "max_id=3"])
        #expect(sent.allSatisfy { $0.headers["authorization"] == "Bearer tok" })
    }

    @Test func oneCallIsOnePageWithWhatAsksForTheNext() async throws {
        let home = "v1/timelines/home"
        try await server.route(
            home, Self.page(Self.statuses([2, 1]), link: #"<\#(url(home))?max_id=1>; rel="next""#), Self.page("[]"))
        let tool = TimelineTool(api: mastodon())

        let first = try await tool.home(limit: 2)
        let second = await withCheckedContinuation { continuation in
            tool.home(from: first.next) { continuation.resume(returning: $0) }
        }

        #expect(first.items.map(\.id) == ["2", "1"])
        #expect(first.next?.description == url(home) + "?max_id=1")
        #expect(try second.get().items.isEmpty)
        #expect(try await server.requests(home).map(\.query) == ["limit=2", "max_id=1"])
    }

    @Test func aLinkToAnotherOriginIsNotFollowed() async throws {
        let home = "v1/timelines/home"
        try await server.route(
            home,
            Self.page(
                Self.statuses([2]), link: #"<https://elsewhere.example/api/v1/timelines/home?max_id=1>; rel="next""#))
        var ids: [String] = []
        for try await status in TimelineTool(api: mastodon()).homeItems() { ids.append(status.id) }
        #expect(ids == ["2"])
        #expect(try await server.requests(home).count == 1)
    }

    @Test func cancellingTheConsumingTaskEndsTheSequence() async throws {
        let home = "v1/timelines/home"
        try await server.route(
            home, Self.page(Self.statuses([2]), link: #"<\#(url(home))?max_id=1>; rel="next""#),
            Self.page(Self.statuses([1]), delay: 30))
        let tool = TimelineTool(api: mastodon())
        let seen = Recorder<String>()
        let consumer = Task {
            for try await status in tool.homeItems() { seen.append(status.id) }
        }
        try await server.wait(home, for: "arrived", count: 2)
        consumer.cancel()
        try await consumer.value
        try await server.wait(home, for: "closed")
        #expect(seen.values == ["2"])
    }

    // MARK: - GitHub

    @Test func issuesFollowRelativeLinksAcrossPages() async throws {
        let issues = "repos/octocat/hello-world/issues"
        func issue(_ number: Int) -> String {
            #"{"id": \#(number), "number": \#(number), "title": "Issue \#(number)", "body": null, "state": "open", "labels": [], "milestone": null}"#
        }
        let path = server.baseURL.appendingPathComponent(issues).path
        try await server.route(
            issues,
            Self.page(
                "[\(issue(3)), \(issue(2))]",
                link: #"<\#(path)?per_page=2&page=2>; rel="next", <\#(path)?per_page=2&page=2>; rel="last""#),
            Self.page("[\(issue(1))]", link: #"<\#(path)?per_page=2&page=1>; rel="first""#))
        let tool = IssueTool(api: GitHubAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), token: { "ghp" }))

        var numbers: [Int] = []
        for try await issue in tool.listItems(owner: "octocat", repo: "hello-world", labels: ["bug"], perPage: 2) {
            numbers.append(issue.number)
        }

        #expect(numbers == [3, 2, 1])
        #expect(try await server.requests(issues).map(\.query) == ["labels=bug&per_page=2", "per_page=2&page=2"])
    }

    // MARK: - Stripe

    private static func charges(_ ids: [String], hasMore: Bool) -> Canned {
        let data = ids.map {
            #"{"id": "\#($0)", "amount": 1099, "currency": "usd", "customer": null, "description": null, "metadata": {}, "paid": true}"#
        }
        return .json(
            #"{"object": "list", "url": "/v1/charges", "has_more": \#(hasMore), "data": [\#(data.joined(separator: ", "))]}"#
        )
    }

    private func stripe() -> ChargeTool {
        ChargeTool(api: StripeAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), secretKey: { "sk" }))
    }

    @Test func chargesContinueAfterTheLastIdUntilHasMoreIsFalse() async throws {
        try await server.route(
            "v1/charges", Self.charges(["ch_3", "ch_2"], hasMore: true), Self.charges(["ch_1"], hasMore: false))
        var ids: [String] = []
        for try await charge in stripe().listItems(limit: 2) { ids.append(charge.id) }
        #expect(ids == ["ch_3", "ch_2", "ch_1"])
        #expect(try await server.requests("v1/charges").map(\.query) == ["limit=2", "limit=2&starting_after=ch_2"])
    }

    @Test func aRepeatedCursorEndsTheSequenceWithAnError() async throws {
        try await server.route(
            "v1/charges", Self.charges(["ch_3", "ch_2"], hasMore: true), Self.charges(["ch_2"], hasMore: true))
        var ids: [String] = []
        let error = await #expect(throws: XToolError.self) {
            for try await charge in stripe().listItems(limit: 2) { ids.append(charge.id) }
        }
        #expect(ids == ["ch_3", "ch_2"], "the repeating page's items are not handed out")
        #expect(error?.description.contains("ChargeTool.list") == true)
        #expect(try await server.requests("v1/charges").count == 2)
    }

    @Test func aCursorThatComesBackAfterOtherPagesEndsTheSequenceWithAnError() async throws {
        try await server.route(
            "v1/charges", Self.charges(["ch_3", "ch_2"], hasMore: true), Self.charges(["ch_1"], hasMore: true),
            Self.charges(["ch_2"], hasMore: true))
        var ids: [String] = []
        let error = await #expect(throws: XToolError.self) {
            for try await charge in stripe().listItems(limit: 2) { ids.append(charge.id) }
        }
        #expect(ids == ["ch_3", "ch_2", "ch_1"])
        #expect(error?.description.contains("go round in a circle") == true)
        #expect(try await server.requests("v1/charges").count == 3)
    }

    /// A `Link` header that points at the page just fetched is never followed: the request would
    /// be the same.
    @Test func aNextLinkToTheSamePageIsNotRequestedAgain() async throws {
        let home = "v1/timelines/home"
        try await server.route(home, Self.page(Self.statuses([2, 1]), link: #"<\#(url(home))?limit=2>; rel="next""#))
        var ids: [String] = []
        let error = await #expect(throws: XToolError.self) {
            for try await status in TimelineTool(api: mastodon()).homeItems(limit: 2) { ids.append(status.id) }
        }
        #expect(ids == ["2", "1"])
        #expect(error?.description.contains("TimelineTool.home") == true)
        #expect(error?.description.contains("would repeat the request") == true)
        #expect(try await server.requests(home).map(\.query) == ["limit=2"])
    }

    /// A page whose `next` link points back at the URL that asked for it still hands out its
    /// items before the sequence fails: the app gets all five statuses, then the error.
    @Test func aNextLinkBackToItsOwnPageYieldsThatPagesItemsFirst() async throws {
        let home = "v1/timelines/home"
        let second = #"<\#(url(home))?limit=3&max_id=3>; rel="next""#
        try await server.route(
            home, Self.page(Self.statuses([5, 4, 3]), link: second), Self.page(Self.statuses([2, 1]), link: second))
        var ids: [String] = []
        let error = await #expect(throws: XToolError.self) {
            for try await status in TimelineTool(api: mastodon()).homeItems(limit: 3) { ids.append(status.id) }
        }
        #expect(ids == ["5", "4", "3", "2", "1"])
        #expect(error?.description.contains("is the one that asked for this page") == true)
        #expect(try await server.requests(home).count == 2, "the same page is not asked for again")
    }

    /// Called a page at a time, that page comes with its items, and asking for it again fails.
    @Test func aPageThatNamesItselfAsNextIsReturnedAndNotAskedForAgain() async throws {
        let home = "v1/timelines/home"
        let second = #"<\#(url(home))?max_id=3>; rel="next""#
        try await server.route(
            home, Self.page(Self.statuses([5, 4, 3]), link: second), Self.page(Self.statuses([2, 1]), link: second))
        let tool = TimelineTool(api: mastodon())
        let first = try await tool.home()
        let page = try await tool.home(from: first.next)
        #expect(page.items.map(\.id) == ["2", "1"])
        #expect(page.next == first.next)
        await #expect(throws: XToolError.self) { try await tool.home(from: page.next) }
        #expect(try await server.requests(home).count == 2)
    }

    @Test func aFailingPageThrowsFromTheLoop() async throws {
        try await server.route(
            "v1/charges", Self.charges(["ch_3"], hasMore: true),
            .json(#"{"error": {"type": "api_error", "message": "boom"}}"#, status: 500))
        var ids: [String] = []
        await #expect(throws: XToolError.self) {
            for try await charge in stripe().listItems() { ids.append(charge.id) }
        }
        #expect(ids == ["ch_3"])
    }
}
