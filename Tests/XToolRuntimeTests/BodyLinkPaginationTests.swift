import Foundation
import TestSupport
import Testing
@_spi(Generated) import XToolRuntime

/// `.bodyLink(next:)`: the next page's URL in the payload (Twilio's `next_page_uri`, a path on
/// the API's host), followed only on the request's own origin (issue 20, item 5).
@Suite struct BodyLinkPaginationTests {
    struct Call: Decodable, Sendable, Equatable {
        let sid: String
    }

    @Test func theNextPagesURLInTheBodyIsFollowedOnTheSameOrigin() async throws {
        let server = try TestServer.scope()
        let client = APIClient(baseURL: server.baseURL, cache: MemoryResponseCache())
        let calls = server.baseURL.appendingPathComponent("Calls.json")
        try await server.route(
            "Calls.json",
            .json(#"{"calls": [{"sid": "CA1"}], "next_page_uri": "\#(calls.path)?PageSize=1&Page=1&PageToken=PACA1"}"#),
            .json(#"{"calls": [{"sid": "CA2"}], "next_page_uri": "https://elsewhere.example.com/Calls.json?Page=2"}"#))
        let request = RequestDescription(
            .get, "Calls.json", response: "calls", pagination: .bodyLink(next: "next_page_uri"))

        let first: Page<Call> = try await client.page(request, [.query("PageSize", 1)], from: nil)
        #expect(first.items == [Call(sid: "CA1")])
        let next = try #require(first.next)
        let second: Page<Call> = try await client.page(request, [.query("PageSize", 1)], from: next)
        #expect(second.items == [Call(sid: "CA2")])
        #expect(second.next == nil, "a link to another origin is not followed")
        let sent = try await server.requests("Calls.json").map(\.query)
        #expect(sent == ["PageSize=1", "PageSize=1&Page=1&PageToken=PACA1"])
    }

    /// A HAL collection's pages carry its `count` as their `total` (`.bodyLink(next:total:)`),
    /// read as a number or as text (issue 53).
    @Test func aLinksPagesCarryTheTotal() async throws {
        let server = try TestServer.scope()
        let client = APIClient(baseURL: server.baseURL, cache: MemoryResponseCache())
        let next = server.baseURL.appendingPathComponent("environments").absoluteString + "?cursor=abc"
        try await server.route(
            "environments",
            .json(
                #"{"_embedded": {"environments": [{"sid": "e1"}]}, "_links": {"next": {"href": "\#(next)"}}, "count": 2}"#
            ),
            .json(#"{"_embedded": {"environments": [{"sid": "e2"}]}, "_links": {}, "count": "2"}"#))
        let request = RequestDescription(
            .get, "environments", response: "_embedded.environments",
            pagination: .bodyLink(next: "_links.next.href", total: "count"))

        let first: Page<Call> = try await client.page(request, [], from: nil)
        #expect(first.items == [Call(sid: "e1")] && first.total == 2)
        let cursor = try #require(first.next)
        let second: Page<Call> = try await client.page(request, [], from: cursor)
        #expect(second.items == [Call(sid: "e2")] && second.total == 2 && second.next == nil)
        #expect(try await server.requests("environments").map(\.query) == ["", "cursor=abc"])
    }
}
