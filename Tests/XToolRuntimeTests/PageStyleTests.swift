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
}
