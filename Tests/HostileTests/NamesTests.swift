import Foundation
import Names
import TestSupport
import Testing
import XToolRuntime

/// Models named Data, Error, Task, Result, Response, Decoder and Type (Tests/Fixtures/Names.yaml):
/// the generated code compiles beside them and works against the local server.
@Suite struct NamesTests {
    /// Issue 41, r8: an `id` with an enum of its own, optional, compiles (its model is not
    /// Identifiable, whose `ID` the nested enum would be); required, the model is Identifiable
    /// by it.
    @Test func anIDWithAnEnumOfItsOwnCompilesAndDecodes() throws {
        let json = #"{"province": {"id": "BC", "name": "British Columbia"}, "territory": {"id": "YT"}}"#
        let decoded = try JSONDecoder().decode(Type.self, from: Foundation.Data(json.utf8))
        #expect(decoded.province == Province(id: .bc, name: "British Columbia"))
        let territory: some Identifiable<Territory.ID> = try #require(decoded.territory)
        #expect(territory.id == .yt)
    }

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
        #expect(result.state == .unknown("UNKNOWN"), "missing: the default, which the unknown case holds")
        #expect(response.next == nil)
        #expect(try await scope.requests("results").first?.query == "kind=failed")

        try await scope.route(
            "tasks/7/finish",
            .json(#"{"result": {"task": {"id": 7, "done": true}, "data": [], "kind": "ok", "state": "ACTIVE"}}"#))
        let finished = try await tool.finish(id: 7, task: Task(id: 7, done: true))
        #expect(finished.task.done)
        #expect(finished.state == .active)
        let sent = try #require(try await scope.requests("tasks/7/finish").first)
        #expect(sent.body == #"{"done":true,"id":7}"#)
        #expect(sent.headers["content-type"] == "application/json")

        // A listed value whose case name would be `unknown` reads and writes as itself (issue 22, defect 10).
        let unknown = try JSONDecoder().decode(
            Result.self,
            from: Foundation.Data(
                #"{"task": {"id": 1, "done": false}, "data": [], "kind": "ok", "state": "UNKNOWN"}"#.utf8))
        #expect(unknown.state == .unknown("UNKNOWN"))
        #expect(Result.State.knownCases == [.active, .done])
        #expect(String(decoding: try JSONEncoder().encode(unknown.state), as: UTF8.self) == #""UNKNOWN""#)

        // A key with a dot of its own, at the top and inside an object, read and written back as it came.
        let alerts = try JSONDecoder().decode(
            Result.self,
            from: Foundation.Data(
                #"{"task": {"id": 1, "done": false}, "data": [], "kind": "ok", "admin.report": true, "alerts": {"admin.sign_up": false}}"#
                    .utf8))
        #expect(alerts.adminReport == true)
        #expect(alerts.adminSignUp == false)
        let written = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(alerts)) as? [String: Any]
        #expect(written?["admin.report"] as? Bool == true)
        #expect((written?["alerts"] as? [String: Any])?["admin.sign_up"] as? Bool == false)

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
