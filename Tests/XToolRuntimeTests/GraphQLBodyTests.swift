import Foundation
import TestSupport
import Testing
import XToolRuntime

/// A GraphQL request's body as the spec's fixed values shape it (issue 31): constants inside
/// `variables`, beside the members the call gives, at any depth; what the local server receives.
@Suite struct GraphQLBodyTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private struct Variables: Encodable, Sendable {
        var page: Int?
        var search: String?
        var filter: [String: String]?
    }

    private static let page = #"{"data": {"Page": {"pageInfo": {"hasNextPage": false}, "media": [{"id": 1}]}}}"#

    /// The JSON objects the server received.
    private func bodies() async throws -> [JSON] {
        try await server.requests("graphql").map { try JSON(data: Data($0.body.utf8)) }
    }

    /// `variables.type` and `variables.filter.format` go inside the variables the call gives,
    /// beside its members and inside its own object; left-out variables are sent with the
    /// constants alone.
    @Test func constantsGoInsideTheVariablesBesideTheCallsMembers() async throws {
        try await server.route("graphql", .json(Self.page), .json(Self.page))
        let search = RequestDescription(
            .post, "graphql",
            fixed: [
                .literal("query", "query { x }"), .literal("variables", "ANIME", at: ["type"]),
                .literal("variables", "TV", at: ["filter", "format"]),
            ], response: "data.Page.media")
        let client = APIClient(baseURL: server.baseURL)
        let _: [JSON] = try await client.send(
            search, [.body("variables", Variables(search: "Fate", filter: ["status": "FINISHED"]))])
        let _: [JSON] = try await client.send(search, [.body("variables", Variables?.none)])

        let bodies = try await bodies()
        #expect(bodies.count == 2)
        #expect(
            bodies.first?["variables"]
                == .object([
                    "search": "Fate", "type": "ANIME",
                    "filter": .object(["status": "FINISHED", "format": "TV"]),
                ]))
        #expect(bodies.first?["query"] == "query { x }" && bodies.first?["type"] == nil)
        #expect(bodies.last?["variables"] == .object(["type": "ANIME", "filter": .object(["format": "TV"])]))
    }

    /// Issue 42: a fixed `operationName: null` is sent as JSON's null, which GraphQL servers
    /// accept (the spec's `null` literal, `.literal(_, nil)`).
    @Test func aNullConstantIsSentAsNull() async throws {
        try await server.route("graphql", .json(Self.page))
        let request = RequestDescription(
            .post, "graphql", fixed: [.literal("query", "query { x }"), .literal("operationName", nil)],
            response: "data.Page.media")
        let _: [JSON] = try await APIClient(baseURL: server.baseURL).send(request, [])
        let body = try #require(try await bodies().first)
        #expect(body == .object(["query": "query { x }", "operationName": .null]))
    }

    /// Every page carries the constant beside the page number pagination sets.
    @Test func everyPageCarriesTheConstants() async throws {
        let more = #"{"data": {"Page": {"pageInfo": {"hasNextPage": true}, "media": [{"id": 1}]}}}"#
        try await server.route("graphql", .json(more), .json(Self.page))
        let search = RequestDescription(
            .post, "graphql", fixed: [.literal("variables", "ANIME", at: ["type"])], response: "data.Page.media",
            pagination: .page(parameter: "variables.page", hasMore: "data.Page.pageInfo.hasNextPage"))
        let client = APIClient(baseURL: server.baseURL)
        var count = 0
        for try await _ in PageSequence<JSON>(fetch: { cursor throws(XToolError) in
            try await client.page(search, [.body("variables", Variables(search: "Fate"))], from: cursor)
        }) {
            count += 1
        }
        #expect(count == 2)
        let variables = try await bodies().map { $0["variables"] }
        #expect(
            variables == [
                .object(["search": "Fate", "type": "ANIME"]),
                .object(["search": "Fate", "type": "ANIME", "page": .int(2)]),
            ])
    }

    /// A body parameter that is no object can't take a member: the call fails before sending.
    @Test func aMemberInsideAValueThatIsNoObjectIsRefused() async throws {
        let search = RequestDescription(
            .post, "graphql", fixed: [.literal("variables", "ANIME", at: ["type"])], response: "data")
        let error = await #expect(throws: XToolError.self) {
            let _: JSON = try await APIClient(baseURL: server.baseURL).send(search, [.body("variables", [1, 2])])
        }
        #expect(error?.description.contains("'variables' is no JSON object") == true)
        #expect(try await server.requests("graphql").isEmpty)
    }
}
