import Foundation
import TestSupport
import Testing
import Weibo
@_spi(Generated) import XToolRuntime

/// The generated Weibo layer (`Generated/Weibo`, from `Specs/Weibo.yaml`) against the local
/// server: what an app sees. The signer, the envelope and `cache: fallback` through generated
/// code are the Home spec's (`Tests/EndToEndTests/HomeTests.swift`); the runtime's own tests
/// cover them through `APIClient`.
@Suite struct GeneratedShapeTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private func api(token: String = "tok") -> WeiboAPI {
        WeiboAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { token })
    }

    private static let timelinePath = "statuses/friends_timeline.json"

    /// A status in the strict shape `Specs/Weibo.yaml` declares (it is not `lenient`).
    private static func status(id: Int, text: String, visible: Int = 0) -> String {
        #"{"id": \#(id), "idstr": "\#(id)", "text": "\#(text)", "created_at": "Tue May 31 17:46:55 +0800 2011", "reposts_count": 3, "visible": {"type": \#(visible), "list_id": 0}}"#
    }

    private static func timeline(_ texts: [String]) -> Canned {
        let statuses = texts.enumerated().map { index, text in status(id: index + 1, text: text) }
        return .json(#"{"statuses": [\#(statuses.joined(separator: ","))], "total_number": \#(texts.count)}"#)
    }

    @Test func newStatusesSendsTheProvidedTokenAndTheCallsParameters() async throws {
        try await server.route(Self.timelinePath, Self.timeline(["a", "b"]))
        let tool = StatusTool(api: api())

        let statuses = try await tool.newStatuses(sinceID: "5")
        #expect(statuses.map(\.text) == ["a", "b"])
        #expect(statuses.first?.repostsCount == 3)
        #expect(statuses.first?.createdAt == Date(timeIntervalSince1970: 1_306_835_215))

        let older = try await StatusTool(api: api(token: "new-token")).olderStatuses(maxID: "1", count: 5)
        #expect(older == statuses)

        let sent = try await server.requests(Self.timelinePath)
        #expect(sent.map(\.method) == ["GET", "GET"])
        #expect(sent.first?.query == "access_token=tok&since_id=5&count=20")
        #expect(sent.last?.query == "access_token=new-token&max_id=1&count=5")
        #expect(sent.first?.body == "")
    }

    @Test func statusAsksForOneStatusByItsID() async throws {
        try await server.route("statuses/show.json", .json(Self.status(id: 42, text: "t", visible: 2)))
        let tool = StatusTool(api: api())

        let status = try await tool.status(id: 42)

        #expect(status.id == 42)
        #expect(status.idstr == "42")
        #expect(status.visibility == 2)
        let sent = try await server.requests("statuses/show.json")
        #expect(sent.map(\.method) == ["GET"])
        #expect(sent.first?.query == "access_token=tok&id=42")
    }

    @Test func completionVariantsDeliverOnceWithProgress() async throws {
        try await server.route(Self.timelinePath, Self.timeline(["x"]))
        try await server.route("statuses/show.json", .html(403))
        let tool = StatusTool(api: api())
        let progress = Recorder<TransferProgress>()
        let deliveries = Recorder<Result<[Status], XToolError>>()
        let statuses = await withCheckedContinuation { continuation in
            tool.newStatuses(progress: { progress.append($0) }) { result in
                deliveries.append(result)
                continuation.resume(returning: result)  // a second delivery would trap here
            }
        }
        #expect(try statuses.get().map(\.text) == ["x"])
        #expect(deliveries.values.count == 1)
        #expect(progress.values.last?.direction == .download)
        let shown = await withCheckedContinuation { continuation in
            tool.status(id: 1) { continuation.resume(returning: $0) }
        }
        #expect(shown.failure?.statusCode == 403)
    }

    /// `WeiboAPI.shared` is a `SharedInstance<WeiboAPI>`; this test keeps one of its own, because
    /// the process-wide `WeiboAPI.shared` belongs to `TutorialTests` (all test targets share one
    /// process).
    @Test func aSharedInstanceIsSetOnceAndReadAnywhere() async throws {
        try await server.route("statuses/show.json", .json(Self.status(id: 7, text: "s")))
        let shared = SharedInstance<WeiboAPI>(missing: "not set")
        shared.value = api()
        let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
            for _ in 0..<10 {
                group.addTask { try await StatusTool(api: shared.value).status(id: 7).id }
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

    /// What a SwiftUI `List(statuses) { … }` needs: the models with an `id` are `Identifiable`.
    @Test func modelsWithAnIDAreIdentifiable() async throws {
        try await server.route(Self.timelinePath, Self.timeline(["a", "b"]))
        let statuses = try await StatusTool(api: api()).newStatuses()
        #expect(Self.identifiers(statuses) == [1, 2])
        #expect(User.self as Any.Type is any Identifiable.Type)
        #expect(!(Picture.self as Any.Type is any Identifiable.Type), "Picture has no id")
    }

    private static func identifiers<T: Identifiable>(_ values: [T]) -> [T.ID] {
        values.map(\.id)
    }
}
