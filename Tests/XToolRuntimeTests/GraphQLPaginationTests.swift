import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Pagination driven inside a JSON body (issue 31): a GraphQL API's one POST endpoint takes
/// `{query, variables}`, and the page number or the cursor is a member of `variables`; the
/// answer's flags and cursors are deep in `data`. Pages are shaped like AniList's `Page` (its
/// `pageInfo { total perPage currentPage lastPage hasNextPage }`, docs.anilist.co "Pagination")
/// and GitHub's Relay connections (`edges { node }`, `pageInfo { hasNextPage endCursor }`).
@Suite struct GraphQLPaginationTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private struct Variables: Encodable, Sendable {
        var page: Int?
        var perPage: Int
        var search: String
        var after: String?
    }

    private static let mediaQuery =
        "query ($page: Int, $perPage: Int, $search: String) { Page(page: $page, perPage: $perPage) { "
        + "pageInfo { hasNextPage } media(search: $search) { id } } }"

    private static func anilistPage(_ ids: [Int], hasNextPage: Bool) -> Canned {
        .json(
            #"{"data": {"Page": {"pageInfo": {"total": 5, "perPage": 2, "hasNextPage": \#(hasNextPage)}, "media": ["#
                + ids.map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]}}}")
    }

    private func client() -> APIClient {
        APIClient(baseURL: server.baseURL)
    }

    /// The variables each request sent, as JSON.
    private func sentVariables() async throws -> [JSON] {
        try await server.requests("graphql").map { try JSON(data: Data($0.body.utf8))["variables"] ?? .null }
    }

    @Test func pageNumbersCountUpInsideTheVariablesUntilHasNextPageIsFalse() async throws {
        try await server.route(
            "graphql", Self.anilistPage([1, 2], hasNextPage: true), Self.anilistPage([3, 4], hasNextPage: true),
            Self.anilistPage([5], hasNextPage: false))
        let media = RequestDescription(
            .post, "graphql", name: "MediaTool.search", response: "data.Page.media",
            pagination: .page(parameter: "variables.page", hasMore: "data.Page.pageInfo.hasNextPage"), read: true)
        let client = client()
        let parameters: [Parameter] = [
            .body("query", Self.mediaQuery), .body("variables", Variables(page: 1, perPage: 2, search: "Fate")),
        ]
        var ids: [Int64] = []
        for try await item in PageSequence<JSON>(fetch: { cursor throws(XToolError) in
            try await client.page(media, parameters, from: cursor)
        }) {
            ids.append(item["id"]?.int64Value ?? -1)
        }

        #expect(ids == [1, 2, 3, 4, 5])
        let variables = try await sentVariables()
        #expect(variables.map { $0["page"] } == [.int(1), .int(2), .int(3)])
        #expect(variables.allSatisfy { $0["search"] == "Fate" && $0["perPage"] == .int(2) })
        let bodies = try await server.requests("graphql").map { try JSON(data: Data($0.body.utf8)) }
        #expect(bodies.allSatisfy { $0["query"]?.stringValue == Self.mediaQuery && $0["page"] == nil })
    }

    /// A page carries the totals the response gives (`pageInfo.total`, `lastPage`), and the
    /// pages end at the last page it names, with no flag to say so.
    @Test func aPageCarriesItsTotalsAndThePagesEndAtTheLastPage() async throws {
        func page(_ ids: [Int]) -> Canned {
            .json(
                #"{"data": {"Page": {"pageInfo": {"total": 4, "perPage": 2, "lastPage": 2}, "media": ["#
                    + ids.map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]}}}")
        }
        try await server.route("graphql", page([1, 2]), page([3, 4]), page([5]))
        let media = RequestDescription(
            .post, "graphql", response: "data.Page.media",
            pagination: .page(
                parameter: "variables.page", total: "data.Page.pageInfo.total",
                lastPage: "data.Page.pageInfo.lastPage"))
        let client = client()
        let parameters: [Parameter] = [.body("variables", Variables(perPage: 2, search: "Fate"))]
        let first: Page<JSON> = try await client.page(media, parameters, from: nil)
        #expect(first.total == 4 && first.lastPage == 2)
        let second: Page<JSON> = try await client.page(media, parameters, from: first.next)
        #expect(second.total == 4 && second.next == nil, "page 2 is the last page")

        let offsets = RequestDescription(
            .get, "graphql", response: "data.Page.media",
            pagination: .offset(parameter: "offset", total: "data.Page.pageInfo.total"))
        try await server.route("graphql", page([1, 2]), page([3, 4]), page([5]))
        var ids: [JSON?] = []
        for try await item in PageSequence<JSON>(fetch: { cursor throws(XToolError) in
            try await client.page(offsets, [.query("offset", 0)], from: cursor)
        }) {
            ids.append(item["id"])
        }
        #expect(ids == [.int(1), .int(2), .int(3), .int(4)], "the offset reached the total after 4 items")
    }

    /// The page before, from the second page, is page 1 again, set in the variables.
    @Test func thePageBeforeIsAskedForInTheVariablesToo() async throws {
        try await server.route(
            "graphql", Self.anilistPage([3, 4], hasNextPage: true), Self.anilistPage([1, 2], hasNextPage: true))
        let media = RequestDescription(
            .post, "graphql", response: "data.Page.media",
            pagination: .page(parameter: "variables.page", hasMore: "data.Page.pageInfo.hasNextPage"))
        let client = client()
        let parameters: [Parameter] = [.body("variables", Variables(page: 2, perPage: 2, search: "Fate"))]
        let second: Page<JSON> = try await client.page(media, parameters, from: nil)
        #expect(second.previous?.description == "variables.page=1" && second.next?.description == "variables.page=3")
        let first: Page<JSON> = try await client.page(media, parameters, from: second.previous)
        #expect(first.items.map { $0["id"] } == [.int(1), .int(2)])
        #expect(try await sentVariables().map { $0["page"] } == [.int(2), .int(1)])
    }

    /// A Relay connection: the cursor goes in `variables.after`, read at `pageInfo.endCursor`,
    /// the items at `edges[].node`; a missing `after` in the first call's variables is added.
    @Test func aRelayCursorGoesInTheVariablesAndItemsAreTheEdgesNodes() async throws {
        func connection(_ names: [String], end: String, more: Bool) -> Canned {
            .json(
                #"{"data": {"viewer": {"repositories": {"pageInfo": {"hasNextPage": \#(more), "endCursor": "\#(end)"}, "edges": ["#
                    + names.map { #"{"cursor": "c-\#($0)", "node": {"name": "\#($0)"}}"# }.joined(separator: ", ")
                    + "]}}}}")
        }
        try await server.route(
            "graphql", connection(["a", "b"], end: "Y3Vyc29yOjI=", more: true),
            connection(["c"], end: "Y3Vyc29yOjM=", more: false))
        let repositories = RequestDescription(
            .post, "graphql", response: "data.viewer.repositories.edges[].node",
            pagination: .cursor(
                parameter: "variables.after", next: "data.viewer.repositories.pageInfo.endCursor",
                hasMore: "data.viewer.repositories.pageInfo.hasNextPage"))
        let client = client()
        let parameters: [Parameter] = [.body("variables", Variables(perPage: 2, search: "swift"))]
        var names: [String] = []
        for try await node in PageSequence<JSON>(fetch: { cursor throws(XToolError) in
            try await client.page(repositories, parameters, from: cursor)
        }) {
            names.append(node["name"]?.stringValue ?? "")
        }
        #expect(names == ["a", "b", "c"])
        #expect(try await sentVariables().map { $0["after"] } == [nil, "Y3Vyc29yOjI="])
    }

    /// A connection's `totalCount` is each cursor page's `total`, as page numbers' is.
    @Test func aCursorPageCarriesItsTotal() async throws {
        func connection(_ names: [String], end: String, more: Bool, total: Int) -> Canned {
            .json(
                #"{"data": {"viewer": {"repositories": {"totalCount": \#(total), "#
                    + #""pageInfo": {"hasNextPage": \#(more), "endCursor": "\#(end)"}, "edges": ["#
                    + names.map { #"{"node": {"name": "\#($0)"}}"# }.joined(separator: ", ") + "]}}}}")
        }
        try await server.route(
            "graphql", connection(["a", "b"], end: "Mg==", more: true, total: 3),
            connection(["c"], end: "Mw==", more: false, total: 3))
        let repositories = RequestDescription(
            .post, "graphql", response: "data.viewer.repositories.edges[].node",
            pagination: .cursor(
                parameter: "variables.after", next: "data.viewer.repositories.pageInfo.endCursor",
                hasMore: "data.viewer.repositories.pageInfo.hasNextPage", total: "data.viewer.repositories.totalCount"))
        let client = client()
        let parameters: [Parameter] = [.body("variables", Variables(perPage: 2, search: "swift"))]
        let first: Page<JSON> = try await client.page(repositories, parameters, from: nil)
        #expect(first.total == 3 && first.lastPage == nil && first.items.count == 2)
        let second: Page<JSON> = try await client.page(repositories, parameters, from: first.next)
        #expect(second.total == 3 && second.next == nil && second.items.map { $0["name"] } == ["c"])
        #expect(try await sentVariables().map { $0["after"] } == [nil, "Mg=="])
    }

    /// A Relay connection both ways, as GitHub's GraphQL API pages: forward with `first` and
    /// `after: endCursor`, back with `last` (the call's `first`, moved) and `before:
    /// startCursor` until `hasPreviousPage` is false; the async and the completion forms alike.
    @Test(arguments: [false, true])
    func aRelayConnectionPagesToTheLastPageAndBack(completionForm: Bool) async throws {
        struct Window: Encodable, Sendable {
            var first: Int?
            var after: String?
            var before: String?
            var owner: String
        }
        func connection(_ names: [String], start: String, end: String, previous: Bool, next: Bool) -> Canned {
            .json(
                #"{"data": {"repositoryOwner": {"repositories": {"pageInfo": {"hasPreviousPage": \#(previous), "#
                    + #""hasNextPage": \#(next), "startCursor": "\#(start)", "endCursor": "\#(end)"}, "nodes": ["#
                    + names.map { #"{"name": "\#($0)"}"# }.joined(separator: ", ") + "]}}}}")
        }
        let first = connection(["a", "b"], start: "YQ==", end: "Yg==", previous: false, next: true)
        let second = connection(["c", "d"], start: "Yw==", end: "ZA==", previous: true, next: true)
        try await server.route(
            "graphql", first, second, connection(["e"], start: "ZQ==", end: "ZQ==", previous: true, next: false),
            second, first)
        let connectionPath = "data.repositoryOwner.repositories"
        let repositories = RequestDescription(
            .post, "graphql", name: "RepositoryTool.list", response: "\(connectionPath).nodes",
            pagination: .cursor(
                parameter: "variables.after", next: "\(connectionPath).pageInfo.endCursor",
                hasMore: "\(connectionPath).pageInfo.hasNextPage",
                previous: PreviousPage(
                    parameter: "variables.before", token: "\(connectionPath).pageInfo.startCursor",
                    hasPrevious: "\(connectionPath).pageInfo.hasPreviousPage", limit: "variables.first",
                    last: "variables.last")),
            read: true)
        let client = client()
        let parameters: [Parameter] = [.body("variables", Window(first: 2, owner: "apple"))]
        let page = { (cursor: PageCursor?) async throws -> Page<JSON> in
            guard completionForm else { return try await client.page(repositories, parameters, from: cursor) }
            return try await withCheckedThrowingContinuation { continuation in
                client.pageTask(repositories, parameters, from: cursor) { continuation.resume(with: $0) }
            }
        }
        var pages = [try await page(nil)]
        while let next = pages.last?.next { pages.append(try await page(next)) }
        #expect(pages.map { $0.items.compactMap { $0["name"]?.stringValue } } == [["a", "b"], ["c", "d"], ["e"]])
        #expect(pages.first?.previous == nil, "hasPreviousPage is false on the first page, whatever its startCursor")
        var back: [Page<JSON>] = []
        var cursor = pages.last?.previous
        while let previous = cursor {
            back.append(try await page(previous))
            cursor = back.last?.previous
        }
        #expect(back.map { $0.items.compactMap { $0["name"]?.stringValue } } == [["c", "d"], ["a", "b"]])

        let sent = try await sentVariables()
        #expect(
            sent == [
                .object(["first": .int(2), "owner": "apple"]),
                .object(["first": .int(2), "owner": "apple", "after": "Yg=="]),
                .object(["first": .int(2), "owner": "apple", "after": "ZA=="]),
                .object(["last": .int(2), "owner": "apple", "before": "ZQ=="]),
                .object(["last": .int(2), "owner": "apple", "before": "Yw=="]),
            ])
    }

    /// The issue's trap: the page at the top of the body, where the server doesn't look. The
    /// server answers the first page again; the second answer ends the loop with an error.
    @Test func aPageTheServerIgnoresEndsWithAnErrorAtTheSecondPage() async throws {
        try await server.route("graphql", Self.anilistPage([1, 2], hasNextPage: true))
        let media = RequestDescription(
            .post, "graphql", name: "MediaTool.search", response: "data.Page.media",
            pagination: .page(parameter: "page", hasMore: "data.Page.pageInfo.hasNextPage"))
        let client = client()
        let parameters: [Parameter] = [
            .body("page", 1), .body("variables", Variables(page: 1, perPage: 2, search: "Fate")),
        ]
        var ids: [Int64] = []
        let error = await #expect(throws: XToolError.self) {
            for try await item in PageSequence<JSON>(fetch: { cursor throws(XToolError) in
                try await client.page(media, parameters, from: cursor)
            }) {
                ids.append(item["id"]?.int64Value ?? -1)
            }
        }
        #expect(ids == [1, 2])
        #expect(error?.description.contains("MediaTool.search") == true)
        #expect(try await server.requests("graphql").count == 2)
    }
}
