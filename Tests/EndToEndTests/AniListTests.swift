import AniList
import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Specs/AniList.yaml, a GraphQL API written from its documentation (`Specs/samples/anilist/
/// SOURCE.md`) (issue 31): one POST endpoint at the base URL taking `{query, variables}`, the
/// query a fixed value; `{data, errors}` read through the envelope, the errors array at 200 and
/// 4xx a typed `.rejected`; page numbers set inside the variables until `hasNextPage` is false,
/// beside the spec's constant `variables.type`;
/// queries marked `read: true`, so a 429's `Retry-After` is waited for and the fallback cache
/// doesn't warn.
@Suite struct AniListTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private func api() -> AniListAPI {
        AniListAPI(baseURL: server.baseURL, cache: MemoryResponseCache())
    }

    /// The documentation's page with `ids` as its media and `hasNextPage` as given.
    private static func page(_ ids: [Int], hasNextPage: Bool) throws -> Canned {
        try Fixture.response("anilist/page.json") { body in
            var data = body["data"] as? [String: Any] ?? [:]
            var page = data["Page"] as? [String: Any] ?? [:]
            var info = page["pageInfo"] as? [String: Any] ?? [:]
            info["hasNextPage"] = hasNextPage
            page["pageInfo"] = info
            page["media"] = ids.map { ["id": $0, "title": ["romaji": "Fate/zero \($0)"]] }
            data["Page"] = page
            body["data"] = data
        }
    }

    private static func errors(_ message: String, status: Int, httpStatus: Int) -> Canned {
        .json(
            #"{"errors": [{"message": "\#(message)", "status": \#(status), "locations": [{"line": 1, "column": 20}]}], "data": {"Media": null}}"#,
            status: httpStatus)
    }

    /// The documentation's first page, then two more through `variables.page`; the query is
    /// sent byte for byte and the variables as the call gave them, with the page number set.
    @Test func searchPagesThroughTheVariablesUntilHasNextPageIsFalse() async throws {
        try await server.route(
            "", try Fixture.response("anilist/page.json"), try Self.page([20, 21, 22], hasNextPage: true),
            try Self.page([30], hasNextPage: false))
        var ids: [Int64] = []
        for try await media in MediaTool(api: api()).searchItems(
            variables: SearchVariables(search: .value("Fate/Zero"), perPage: 3))
        {
            ids.append(media.id)
        }
        #expect(ids == [10087, 11741, 13183, 20, 21, 22, 30])

        let bodies = try await server.requests("").map { try JSON(data: Data($0.body.utf8)) }
        #expect(bodies.map { $0["variables"]["page"] } == [nil, .int(2), .int(3)])
        #expect(bodies.allSatisfy { $0["variables"]["search"] == "Fate/Zero" && $0["variables"]["perPage"] == .int(3) })
        #expect(bodies.allSatisfy { $0["variables"]["type"] == "ANIME" }, "the spec's constant, on every page")
        #expect(bodies.allSatisfy { $0["query"]?.stringValue?.hasPrefix("query SearchMedia ($page: Int") == true })
        #expect(bodies.allSatisfy { $0["page"] == nil })
    }

    /// The body is exactly `operationName` and `query`, the spec's constants, and the variables,
    /// the call's with the spec's `type` inside: byte for byte, as the server receives it.
    @Test func theBodyIsExactlyTheOperationNameTheQueryAndTheVariables() async throws {
        try await server.route("", try Fixture.response("anilist/page.json"))
        _ = try await MediaTool(api: api()).search(variables: SearchVariables(search: .value("Fate/Zero"), perPage: 3))
        let query =
            #"query SearchMedia ($page: Int, $perPage: Int, $search: String, $type: MediaType) {\n"#
            + #"  Page (page: $page, perPage: $perPage) {\n"#
            + #"    pageInfo { total currentPage lastPage hasNextPage perPage }\n"#
            + #"    media (search: $search, type: $type) { id title { romaji english native } }\n"#
            + #"  }\n}"#
        let expected =
            #"{"operationName":"SearchMedia","query":""# + query
            + #"","variables":{"perPage":3,"search":"Fate/Zero","type":"ANIME"}}"#
        let requests = try await server.requests("")
        #expect(requests.map(\.body) == [expected])
        #expect(requests.first?.headers.first { $0.key.lowercased() == "content-type" }?.value == "application/json")
    }

    /// `spread: true`: `search(search:perPage:)` and `media(id:)` take the variables' members as
    /// arguments and send, byte for byte, what the variables model sends; the items sequence
    /// pages through them too, and the completion form sends the same.
    @Test func theVariablesMembersAreTheMethodsArguments() async throws {
        let page = try Fixture.response("anilist/page.json")
        try await server.route("", page, page, page, try Self.page([30], hasNextPage: false))
        let tool = MediaTool(api: api())
        _ = try await tool.search(variables: SearchVariables(search: .value("Fate/Zero"), perPage: 3))
        _ = try await tool.search(search: .value("Fate/Zero"), perPage: 3)
        var ids: [Int64] = []
        for try await media in tool.searchItems(search: .null) { ids.append(media.id) }
        let bodies = try await server.requests("").map(\.body)
        #expect(bodies.count == 4, "two calls, then two pages")
        #expect(bodies[0] == bodies[1], "the spread arguments send what the model sends")
        let paged = try bodies.dropFirst(2).map { try JSON(data: Data($0.utf8))["variables"] }
        #expect(paged.map { $0["search"] } == [.null, .null])
        #expect(paged.map { $0["page"] } == [nil, .int(2)])
        #expect(ids == [10087, 11741, 13183, 30])

        let death = Canned.json(#"{"data": {"Media": {"id": 1535, "title": {"romaji": "Death Note"}}}}"#)
        try await server.route("", death, death)
        #expect(try await tool.media(id: 1535).value.id == 1535)
        let handed: Media = try await withCheckedThrowingContinuation { continuation in
            tool.media(id: 1535) { result in continuation.resume(with: result.map(\.value)) }
        }
        #expect(handed.id == 1535)
        let variables = try await server.requests("").suffix(2).map { try JSON(data: Data($0.body.utf8))["variables"] }
        #expect(variables.map { $0["id"] } == [.int(1535), .int(1535)])
    }

    /// `search` is nullable: `.null` sends `"search": null`, a value sends it, nil leaves the
    /// member out; the server receives exactly that.
    @Test func aNullableVariableIsSentAsNullAsAValueOrLeftOut() async throws {
        let page = try Fixture.response("anilist/page.json")
        try await server.route("", page, page, page)
        let tool = MediaTool(api: api())
        for search: Nullable<String>? in [.null, .value("Fate/Zero"), nil] {
            _ = try await tool.search(variables: SearchVariables(search: search, perPage: 3))
        }
        let variables = try await server.requests("").map {
            try JSONSerialization.jsonObject(with: Data($0.body.utf8)) as? [String: Any]
        }.map { $0?["variables"] as? [String: Any] }
        #expect(variables.count == 3)
        #expect(
            variables.map { $0?.keys.sorted() } == [
                ["perPage", "search", "type"], ["perPage", "search", "type"], ["perPage", "type"],
            ])
        #expect(variables.first??["search"] is NSNull)
        #expect(variables.dropFirst().first??["search"] as? String == "Fate/Zero")
        let raw = try await server.requests("").map { Data($0.body.utf8) }
        #expect(String(decoding: raw[0], as: UTF8.self).contains(#""search":null"#))

        // Read back the same way: null is `.null`, a missing member nil.
        let decoded = try [#"{"search": null}"#, #"{"search": "x"}"#, "{}"].map {
            try JSONDecoder().decode(SearchVariables.self, from: Data($0.utf8)).search
        }
        #expect(decoded == [.null, .value("x"), nil])
    }

    /// One page per call: the documentation's page, with what asks for the next.
    @Test func onePageCarriesItsNext() async throws {
        try await server.route("", try Fixture.response("anilist/page.json"))
        let page = try await MediaTool(api: api()).search(
            variables: SearchVariables(search: .value("Fate/Zero"), perPage: 3))
        #expect(page.items.map(\.title.romaji) == ["Fate/zero", "Fate/zero 2nd Season", "Fate/zero Remix"])
        #expect(page.next?.description == "variables.page=2")
        #expect(page.lastPage == 3 && page.total == nil, "the spec declares lastPage, not the inaccurate total")
    }

    /// The errors array is a typed failure, at HTTP 200 (through the envelope) and at 404
    /// (through the error body) alike.
    @Test func theErrorsArrayIsARejectionAt200AndAt404() async throws {
        let tool = MediaTool(api: api())
        for status in [200, 404] {
            try await server.route("", Self.errors("Not Found.", status: 404, httpStatus: status))
            let error = await #expect(throws: XToolError.self) {
                try await tool.search(variables: SearchVariables(search: .value("no such title")))
            }
            guard case .rejected(let failure)? = error else {
                Issue.record("expected .rejected at \(status), got \(String(describing: error))")
                continue
            }
            #expect(failure.status == status && failure.message == "Not Found." && failure.code == "404")
        }
    }

    /// A partial answer, `data` and `errors` together: the failure, whose data the app can still
    /// read as the call would have; a failure without data has none.
    @Test func aPartialAnswerIsAFailureThatKeepsItsData() async throws {
        let partial =
            #"{"data": {"Page": {"pageInfo": {"hasNextPage": false}, "#
            + #""media": [{"id": 10087, "title": {"romaji": "Fate/zero"}}]}}, "#
            + #""errors": [{"message": "Internal Server Error", "status": 500, "path": ["Page", "media", 1]}]}"#
        try await server.route("", .json(partial), Self.errors("Not Found.", status: 404, httpStatus: 200))
        let tool = MediaTool(api: api())
        let error = await #expect(throws: XToolError.self) {
            try await tool.search(variables: SearchVariables(search: .value("Fate/Zero")))
        }
        guard case .rejected(let failure)? = error else {
            Issue.record("expected .rejected, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "Internal Server Error" && failure.code == "500")
        #expect(failure.partial(as: [Media].self)?.map(\.id) == [10087])

        let second = await #expect(throws: XToolError.self) {
            try await tool.search(variables: SearchVariables(search: .value("nothing")))
        }
        guard case .rejected(let empty)? = second else {
            Issue.record("expected .rejected, got \(String(describing: second))")
            return
        }
        #expect(empty.partial(as: [Media].self) == nil, "data.Page is missing: no partial data")
    }

    /// A 429 with `Retry-After` within the client's bound is waited for and the query sent again
    /// (it is a read); past the bound, the failure carries the headers.
    @Test func aRateLimitIsWaitedForWithinTheBoundAndSurfacedBeyondIt() async throws {
        let limited = { (retryAfter: String) in
            Canned(
                status: 429,
                headers: [
                    "Content-Type": "application/json", "Retry-After": retryAfter, "X-RateLimit-Limit": "90",
                    "X-RateLimit-Remaining": "0",
                ],
                body: #"{"data": null, "errors": [{"message": "Too Many Requests.", "status": 429}]}"#)
        }
        try await server.route("", limited("1"), try Fixture.response("anilist/page.json"))
        let tool = MediaTool(api: api())
        let page = try await tool.search(variables: SearchVariables(search: .value("Fate/Zero")))
        #expect(page.items.count == 3)
        #expect(try await server.requests("").count == 2)

        try await server.route("", limited("60"))
        let error = await #expect(throws: XToolError.self) {
            try await tool.search(variables: SearchVariables(search: .value("Fate/Zero")))
        }
        guard case .rejected(let failure)? = error else {
            Issue.record("expected .rejected, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 429 && failure.retryAfter == 60)
        #expect(failure.headers["X-RateLimit-Remaining"] == "0")
    }

    /// A query is a read: its fallback cache answers when the server fails.
    @Test func aQueryIsServedFromTheFallbackCacheWhenTheServerFails() async throws {
        try await server.route(
            "", .json(#"{"data": {"Media": {"id": 10087, "title": {"romaji": "Fate/zero"}}}}"#),
            .json("oops", status: 500))
        let tool = MediaTool(api: api())
        let fresh = try await tool.media(variables: MediaVariables(id: 10087))
        #expect(fresh.value.title.romaji == "Fate/zero" && fresh.failure == nil)
        let stale = try await tool.media(variables: MediaVariables(id: 10087))
        #expect(stale.value.id == 10087 && stale.failure?.statusCode == 500)
    }
}
