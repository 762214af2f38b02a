import Foundation
import Testing

@testable import XToolRuntime

/// Page-number and offset pagination and the `Link` header's parsing, on a stub transport.
@Suite struct PageStyleTests {
    /// A stub that answers `items?…` with the items of the page its query asks for, 3 to a page.
    private static func client(items: Int) -> (APIClient, StubTransport) {
        let stub = StubTransport { request in
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> Int? { query.first { $0.name == name }?.value.flatMap { Int($0) } }
            let start = value("offset") ?? ((value("page") ?? 1) - 1) * 3
            let page = Array(start..<min(start + (value("limit") ?? 3), items))
            return .json(.array(page.map { .int(Int64($0)) }))
        }
        return (APIClient(baseURL: URL(string: "https://api.example.com/")!, transport: stub), stub)
    }

    private static func every(
        _ client: APIClient, _ request: RequestDescription, _ parameters: [Parameter]
    ) async throws -> [Int] {
        var all: [Int] = []
        for try await item in PageSequence<Int>(fetch: { cursor throws(XToolError) in
            try await client.page(request, parameters, from: cursor)
        }) {
            all.append(item)
        }
        return all
    }

    @Test func pageNumbersCountUpUntilAShortPage() async throws {
        let (client, stub) = Self.client(items: 7)
        let request = RequestDescription(.get, "items", pagination: .page(parameter: "page", limit: "limit"))
        let items = try await Self.every(client, request, [.query("page", Int?.none), .query("limit", 3)])
        #expect(items == Array(0..<7))
        #expect(stub.requests.map { $0.url.query ?? "" } == ["limit=3", "page=2&limit=3", "page=3&limit=3"])
    }

    @Test func offsetsAdvanceByEachPageUntilAnEmptyOne() async throws {
        let (client, stub) = Self.client(items: 6)
        let request = RequestDescription(.get, "items", pagination: .offset(parameter: "offset"))
        let items = try await Self.every(client, request, [.query("offset", 0)])
        #expect(items == Array(0..<6))
        #expect(stub.requests.map { $0.url.query ?? "" } == ["offset=0", "offset=3", "offset=6"])
    }

    /// Issue 42: a gateway answers a search that finds nothing with `"result_list": {}`, no list:
    /// the page is empty (so is a null list), and a total written as text (`"4"`) is read. A
    /// missing wrapper is still an error: a path the server doesn't send isn't pages of nothing.
    @Test func aListLeftOutOfItsWrapperIsAnEmptyPage() async throws {
        let bodies: [String: JSON] = [
            "none": ["result_list": [:], "total_results": "0"],
            "null": ["result_list": ["map_data": nil], "total_results": "0"],
            "some": ["result_list": ["map_data": [1, 2]], "total_results": "4"],
            "wrong": ["results": ["map_data": [1]]],
        ]
        let stub = StubTransport { request in .json(bodies[request.url.lastPathComponent] ?? nil) }
        let client = APIClient(baseURL: URL(string: "https://api.example.com/")!, transport: stub)
        func page(_ name: String) async throws(XToolError) -> Page<Int> {
            let request = RequestDescription(
                .get, name, response: "result_list.map_data",
                pagination: .page(parameter: "page", total: "total_results"))
            return try await client.page(request, [.query("page", 1)], from: nil)
        }
        let none = try await page("none")
        #expect(none.items.isEmpty)
        #expect(none.total == 0)
        #expect(try await page("null").items.isEmpty)
        let some = try await page("some")
        #expect(some.items == [1, 2])
        #expect(some.total == 4, "a total written as text")
        await #expect(throws: XToolError.self) { try await page("wrong") }
    }

    @Test func linkHeadersGiveTheNextTargetOnTheSameOrigin() {
        let request = URL(string: "https://api.github.com/repositories/1300192/issues?page=1")!
        let header =
            #"<https://api.github.com/repositories/1300192/issues?page=2>; rel="next", <https://api.github.com/repositories/1300192/issues?page=5>; rel="last""#
        #expect(
            LinkHeader.next(in: header, relativeTo: request)?.absoluteString
                == "https://api.github.com/repositories/1300192/issues?page=2")
        #expect(
            LinkHeader.next(in: #"</issues?page=3>; rel="prev next""#, relativeTo: request)?.absoluteString
                == "https://api.github.com/issues?page=3")
        #expect(LinkHeader.next(in: #"<https://api.github.com:8443/x>; rel="next""#, relativeTo: request) == nil)
        #expect(LinkHeader.next(in: #"<http://api.github.com/x>; rel="next""#, relativeTo: request) == nil)
        #expect(LinkHeader.next(in: #"<https://api.github.com/x>; rel="last""#, relativeTo: request) == nil)
    }

    /// A stub that answers every request with the next of `bodies` (the last repeats).
    private static func client(answering bodies: [JSON]) -> (APIClient, StubTransport) {
        let answered = Counter()
        let stub = StubTransport { _ in .json(bodies[min(answered.next(), bodies.count - 1)]) }
        return (APIClient(baseURL: URL(string: "https://api.example.com/")!, transport: stub), stub)
    }

    /// Bilibili's popular list ends on `no_more`, whatever a page's length: a short page goes on,
    /// and no request is spent on an empty page.
    @Test func pageNumbersStopOnAFlag() async throws {
        let (client, stub) = Self.client(answering: [
            ["list": [1, 2], "no_more": false], ["list": [3], "no_more": false], ["list": [4], "no_more": true],
        ])
        let request = RequestDescription(
            .get, "popular", response: "list", pagination: .page(parameter: "pn", limit: "ps", end: "no_more"))
        let items = try await Self.every(client, request, [.query("pn", 1), .query("ps", 2)])
        #expect(items == [1, 2, 3, 4])
        #expect(stub.requests.map { $0.url.query ?? "" } == ["pn=1&ps=2", "pn=2&ps=2", "pn=3&ps=2"])

        let (more, moreStub) = Self.client(answering: [
            ["items": [1], "has_more": true], ["items": [2], "has_more": false],
        ])
        let offsets = RequestDescription(
            .get, "o", response: "items", pagination: .offset(parameter: "offset", limit: "limit", hasMore: "has_more"))
        #expect(try await Self.every(more, offsets, [.query("offset", 0), .query("limit", 5)]) == [1, 2])
        #expect(moreStub.requests.count == 2)
    }

    /// Reddit's listings page both ways: `after` forward, `before` back; one direction's cursor
    /// is never sent with the other's.
    @Test func aCursorPagesBackwardByItsPreviousToken() async throws {
        let (client, stub) = Self.client(answering: [
            ["data": ["children": [1, 2], "after": "t3_2", "before": "t3_1"]],
            ["data": ["children": [0], "after": "t3_0"]], ["data": ["children": [3], "before": "t3_3"]],
        ])
        let request = RequestDescription(
            .get, "hot", response: "data.children",
            pagination: .cursor(
                parameter: "after", next: "data.after",
                previous: PreviousPage(parameter: "before", token: "data.before")))
        let first: Page<Int> = try await client.page(request, [.query("after", "t3_0")], from: nil)
        #expect(first.next?.description == "after=t3_2" && first.previous?.description == "before=t3_1")
        let _: Page<Int> = try await client.page(request, [.query("after", "t3_0")], from: first.previous)
        let _: Page<Int> = try await client.page(request, [.query("before", "t3_9")], from: first.next)
        #expect(stub.requests.map { $0.url.query ?? "" } == ["after=t3_0", "before=t3_1", "after=t3_2"])

        let (mastodon, _) = Self.client(answering: [[["id": "9"], ["id": "8"]]])
        let statuses = RequestDescription(
            .get, "home",
            pagination: .cursor(
                parameter: "max_id", lastItem: "id", previous: PreviousPage(parameter: "min_id", firstItem: "id")))
        let page: Page<JSON> = try await mastodon.page(statuses, [], from: nil)
        #expect(page.next?.description == "max_id=8" && page.previous?.description == "min_id=9")
    }

    @Test func pageNumbersAndLinksGiveThePageBefore() async throws {
        let (client, _) = Self.client(items: 9)
        let request = RequestDescription(.get, "items", pagination: .page(parameter: "page", limit: "limit"))
        let first: Page<Int> = try await client.page(request, [.query("page", 1)], from: nil)
        #expect(first.previous == nil)
        let second: Page<Int> = try await client.page(request, [.query("page", 1)], from: first.next)
        #expect(second.previous?.description == "page=1")

        let link = RequestDescription(.get, "issues", pagination: .link)
        let stub = StubTransport { _ in
            var response = StubTransport.Response.json([1])
            response.headers["Link"] = #"</issues?page=3>; rel="next", </issues?page=1>; rel="prev""#
            return response
        }
        let linked: Page<Int> = try await APIClient(baseURL: URL(string: "https://api.example.com/")!, transport: stub)
            .page(link, [], from: nil)
        #expect(linked.previous?.description == "https://api.example.com/issues?page=1")
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}
