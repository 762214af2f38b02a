import Foundation
import TestSupport
import Testing
import XToolRuntime

/// The Weibo-shaped generated code (Sample/) against the local server: what an app sees.
@Suite struct GeneratedShapeTests {
    let server: ServerScope
    let directory: URL

    init() throws {
        server = try TestServer.scope()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-weibo-\(UUID().uuidString)")
    }

    private func api(token: String = "tok") -> WeiboAPI {
        WeiboAPI(
            baseURL: server.baseURL, cache: FileResponseCache(directory: directory), accessToken: { token },
            signer: { parameters in parameters.keys.sorted().joined(separator: "+") })
    }

    private static func timeline(_ texts: [String]) -> Canned {
        let statuses = texts.enumerated().map { index, text in
            #"{"id": \#(index + 1), "idstr": "\#(index + 1)", "text": "\#(text)", "created_at": "Tue May 31 17:46:55 +0800 2011", "reposts_count": "3", "visibility": "public"}"#
        }
        return .json(#"{"code": "OK", "msg": "", "data": {"statuses": [\#(statuses.joined(separator: ","))]}}"#)
    }

    @Test func newStatusesSendsFixedAndSignedParametersAndFallsBack() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route(
            "statuses/friends_timeline.json", Self.timeline(["a", "b"]), .json(#"{"code": "21327", "msg": "expired_token"}"#))
        let tool = StatusTool(api: api())

        let fresh = try await tool.newStatuses(sinceID: "5")
        #expect(fresh.isFresh)
        #expect(fresh.value.map(\.text) == ["a", "b"])
        #expect(fresh.value.first?.repostsCount == 3)
        #expect(fresh.value.first?.createdAt == Date(timeIntervalSince1970: 1_306_835_215))

        let stale = try await StatusTool(api: api(token: "new-token")).newStatuses(sinceID: "5")
        #expect(stale.value == fresh.value)
        #expect(stale.failure == .server(message: "expired_token", code: "21327"))

        let sent = try await server.requests("statuses/friends_timeline.json")
        #expect(sent.first?.query == "source=211160679&access_token=tok&feature=0&since_id=5&count=20&sign=access_token%2Bcount%2Bfeature%2Bsince_id%2Bsource")
        #expect(sent.first?.headers["accept"] == "application/json")
        #expect(sent.last?.query.contains("access_token=new-token") == true)
    }

    @Test func pathBodyAndVoidEndpoints() async throws {
        try await server.route("statuses/show/42.json", .json(#"{"code": "OK", "data": {"id": 42, "idstr": "42", "text": "t", "created_at": "Tue May 31 17:46:55 +0800 2011", "visibility": "friends"}}"#))
        try await server.route("statuses/update.json", .json(#"{"code": "OK", "data": {"id": 43, "idstr": "43", "text": "new", "created_at": "Tue May 31 17:46:55 +0800 2011", "visibility": "private"}}"#))
        try await server.route("statuses/destroy/42.json", .json(#"{"code": "OK"}"#))
        let tool = StatusTool(api: api())
        #expect(try await tool.status(id: 42).visibility == .friends)
        #expect(try await tool.update(status: "new post", visibility: .private).id == 43)
        try await tool.destroy(id: 42)

        let update = try await server.requests("statuses/update.json")
        #expect(update.first?.body == "source=211160679&access_token=tok&status=new%20post&visible=private&sign=access_token%2Bsource%2Bstatus%2Bvisible")
        let destroy = try await server.requests("statuses/destroy/42.json")
        #expect(destroy.first?.method == "DELETE")
        #expect(destroy.first?.query == "source=211160679&access_token=tok&sign=access_token%2Bsource")
    }

    @Test func completionVariantsDeliverOnceWithProgress() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route("statuses/friends_timeline.json", Self.timeline(["x"]))
        try await server.route("statuses/destroy/1.json", .html(403))
        let tool = StatusTool(api: api())
        let progress = Recorder<TransferProgress>()
        let statuses = await withCheckedContinuation { continuation in
            tool.newStatuses(progress: { progress.append($0) }) { continuation.resume(returning: $0) }
        }
        #expect(try statuses.get().value.map(\.text) == ["x"])
        #expect(progress.values.last?.direction == .download)
        let destroyed = await withCheckedContinuation { continuation in
            tool.destroy(id: 1) { continuation.resume(returning: $0) }
        }
        #expect(destroyed.failure?.statusCode == 403)
    }

    @Test func theSharedInstanceIsSetOnceAndReadAnywhere() async throws {
        try await server.route("statuses/show/7.json", .json(#"{"code": "OK", "data": {"id": 7, "idstr": "7", "text": "s", "created_at": "Tue May 31 17:46:55 +0800 2011", "visibility": "public"}}"#))
        WeiboAPI.shared = api()
        let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
            for _ in 0..<10 {
                group.addTask { try await StatusTool().status(id: 7).id }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ids == Array(repeating: 7, count: 10))
    }

    @Test func readingTheSharedInstanceBeforeItIsSetStops() async {
        await #expect(processExitsWith: .failure) {
            _ = WeiboAPI.shared
        }
    }
}
