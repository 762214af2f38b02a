import Asana
import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Specs/Asana.yaml is an OpenAPI 3.0 document in the shape of Asana's own (kept as the document,
/// imported on every `xtoolgen generate`), run against the examples of Asana's documentation:
/// `{ "data": … }` unwrapped (issue 20, item 6), pages by the opaque `offset` token the list's
/// `next_page.offset` holds (item 5), dotted query names (item 7) and days sent as days beside
/// timestamps (item 8).
@Suite struct AsanaTests {
    let server: ServerScope
    let tool: TasksTool

    init() throws {
        server = try TestServer.scope()
        tool = TasksTool(
            api: AsanaAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), token: { "0/a7f89e98g007e0s07da763a" })
        )
    }

    /// Every task, a page at a time: the second page is asked for with the first's
    /// `next_page.offset`, and `next_page: null` ends them.
    @Test func pagesFollowTheOffsetTokenOfNextPage() async throws {
        try await server.route(
            "tasks", Fixture.response("asana/tasks-page-1.json"), Fixture.response("asana/tasks-page-2.json"))

        var gids: [String] = []
        for try await task in tool.getTasksItems(limit: 1, project: "1337") { gids.append(task.gid ?? "") }

        #expect(gids == ["12345", "12346"])
        let sent = try await server.requests("tasks").map(\.query)
        #expect(sent == ["limit=1&project=1337", "limit=1&offset=eyJ0eXAiOJiKV1iQLCJhbGciOiJIUzI1NiJ9&project=1337"])
    }

    /// One page, and the cursor of the next.
    @Test func onePageHasTheNextPagesCursor() async throws {
        try await server.route(
            "tasks", Fixture.response("asana/tasks-page-1.json"), Fixture.response("asana/tasks-page-2.json"))

        let first = try await tool.getTasks(limit: 1, project: "1337")
        #expect(first.items.map(\.name) == ["Bug Task"])
        #expect(first.items.first?.resourceSubtype == .defaultTask)
        #expect(first.items.first?.createdBy?.gid == "1111")
        let next = try #require(first.next)
        let last = try await tool.getTasks(limit: 1, project: "1337", from: next)
        #expect(last.items.first?.resourceSubtype == .milestone)
        #expect(last.next == nil)
    }

    /// `{ "data": { … } }` is the task itself, and the PUT sends `{ "data": { … } }` with a day
    /// as a day.
    @Test func theDataWrapperIsUnwrapped() async throws {
        try await server.route(
            "tasks/12345", Fixture.response("asana/task.json"), Fixture.response("asana/task.json"),
            Fixture.response("asana/task.json"))

        let task = try await tool.getTask(taskGid: "12345")
        #expect(task.name == "Buy catnip")
        #expect(task.completed == false)
        #expect(task.notes == "Mittens really likes the stuff from Humboldt.")
        #expect(task.dueOn == Date.utc(2019, 9, 15))
        let modified = try #require(task.modifiedAt)
        #expect(abs(modified.timeIntervalSince(Date.utc(2012, 2, 22, 2, 6, 58)) - 0.147) < 0.0005)

        let updated = try await tool.updateTask(
            taskGid: "12345", data: TaskRequest(completed: true, dueOn: .value(Date.utc(2019, 9, 15))))
        #expect(updated.gid == "12345")
        let sent = try #require(try await server.requests("tasks/12345").last)
        #expect(sent.method == "PUT")
        #expect(sent.body == #"{"data":{"completed":true,"due_on":"2019-09-15"}}"#)
        #expect(sent.headers["authorization"] == "Bearer 0/a7f89e98g007e0s07da763a")

        // `due_on` is nullable in the document ("or null if the task has no due date"): `.null`
        // clears it, where nil leaves it as it is.
        _ = try await tool.updateTask(taskGid: "12345", data: TaskRequest(dueOn: .null))
        #expect(try await server.requests("tasks/12345").last?.body == #"{"data":{"due_on":null}}"#)
    }

    /// `assignee.any` is `assigneeAny:`, sent by its own name; `due_on.before` (a date) is sent as
    /// a day, `modified_at.after` (a date-time) as a timestamp; `{ "data": [ … ] }` is the list.
    @Test func dottedNamesAndDaysAreSentAsTheDocumentSays() async throws {
        try await server.route("workspaces/321654/tasks/search", Fixture.response("asana/tasks-page-2.json"))

        let tasks = try await tool.searchTasksForWorkspace(
            workspaceGid: "321654", assigneeAny: "14641,me", dueOnBefore: Date.utc(2024, 6, 1),
            modifiedAtAfter: Date(timeIntervalSince1970: 1_717_200_000))

        #expect(tasks.map(\.gid) == ["12346"])
        let sent = try #require(try await server.requests("workspaces/321654/tasks/search").first)
        #expect(
            sent.query == "assignee.any=14641%2Cme&due_on.before=2024-06-01&modified_at.after=2024-06-01T00%3A00%3A00Z")
    }

    /// Asana's `{ "errors": [ … ] }` is the API's error body.
    @Test func aBadRequestCarriesAsanasErrors() async throws {
        try await server.route("tasks", .json(try Fixture.text("asana/error.json"), status: 400))

        let error = await #expect(throws: XToolError.self) { try await tool.getTasks() }

        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 400)
        #expect(failure.model(as: ErrorResponse.self)?.errors?.first?.message == "project: Missing input")
    }
}
