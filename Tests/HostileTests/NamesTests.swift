import Foundation
import Names
import TestSupport
import Testing
import XToolRuntime

/// Models named Data, Error, Task, Result, Response, Decoder and Type (Tests/Fixtures/Names.yaml):
/// the generated code compiles beside them and works against the local server.
@Suite struct NamesTests {
    @Test func modelsNamedLikeSwiftsOwnTypesDecodeSendAndComplete() async throws {
        let scope = try TestServer.scope()
        let tool = ResultTool(api: NamesAPI(baseURL: scope.baseURL, cache: MemoryResponseCache()))
        try await scope.route(
            "results",
            .json(
                #"{"results": [{"task": {"id": 1, "done": false}, "error": {"message": "late"}, "data": [{"bytes": 3}], "kind": "failed"}], "next": null}"#
            ))
        let response: Response = try await tool.results(kind: .failed)
        let result: Result = try #require(response.results.first)
        #expect(result.task == Task(id: 1, done: false))
        #expect(result.error == Error(message: "late", code: 0))
        #expect(result.data == [Data(bytes: 3)])
        #expect(result.kind == .failed)
        #expect(response.next == nil)
        #expect(try await scope.requests("results").first?.query == "kind=failed")

        try await scope.route(
            "tasks/7/finish", .json(#"{"result": {"task": {"id": 7, "done": true}, "data": [], "kind": "ok"}}"#))
        let finished = try await tool.finish(id: 7, task: Task(id: 7, done: true))
        #expect(finished.task.done)
        let sent = try #require(try await scope.requests("tasks/7/finish").first)
        #expect(sent.body == #"{"done":true,"id":7}"#)
        #expect(sent.headers["content-type"] == "application/json")

        try await scope.route("types", .json(#"[{"decoder": {"name": "d"}}, {}]"#))
        let types: [Type] = try await tool.types()
        #expect(types.map(\.decoder) == [Decoder(name: "d"), nil])

        try await scope.route("tasks/7", .json(#"{"message": "gone"}"#, status: 404))
        let outcome = await withCheckedContinuation { continuation in
            tool.clear(id: 7) { continuation.resume(returning: $0) }
        }
        guard case .failure(.status(let code, _)) = outcome else {
            Issue.record("expected a status failure, got \(outcome)")
            return
        }
        #expect(code == 404)
    }
}
