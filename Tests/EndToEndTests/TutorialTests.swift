import Foundation
import TestSupport
import Testing
import Weibo
import XToolRuntime

/// The examples of `docs/tutorial.md`, which quotes them from here verbatim (`DocumentationTests`
/// keeps it so): seed 000's controller rewritten on the generated `StatusTool`.
@Suite struct TutorialTests {
    /// The signed-in account, as the article's `ZYAccountTool` keeps it.
    struct Account: Sendable {
        let accessToken: String
    }

    /// What the controller shows, for the test to wait for.
    final class Screen: Sendable {
        let (updates, continuation) = AsyncStream.makeStream(of: String.self)

        func show(_ statuses: [Status]) { continuation.yield("\(statuses.count) new statuses") }
        func show(_ error: XToolError) { continuation.yield("失败了") }
        func showBanner(_ message: String) { continuation.yield(message) }
    }

    /// The article's `otherMethodNewStatus`: loads what is newer than the newest status shown.
    static func refresh(_ statuses: inout [Status]) async throws(XToolError) {
        let sinceID = statuses.first?.idstr
        let newer = try await StatusTool().newStatuses(sinceID: sinceID)
        statuses.insert(contentsOf: newer, at: 0)
    }

    /// The only test that sets `WeiboAPI.shared` (it is one per process).
    @Test func theControllerRefreshesThroughTheSharedAPI() async throws {
        let server = try TestServer.scope()
        try await server.route(
            "statuses/friends_timeline.json", try Fixture.response("weibo/statuses/friends_timeline.json"))
        let account = Account(accessToken: "2.00tutorial")
        WeiboAPI.shared = WeiboAPI(baseURL: server.baseURL, accessToken: { account.accessToken })

        var statuses: [Status] = []
        try await Self.refresh(&statuses)
        try await Self.refresh(&statuses)

        #expect(statuses.map(\.idstr) == ["11488058246", "11488013766", "11488058246", "11488013766"])
        let sent = try await server.requests("statuses/friends_timeline.json")
        #expect(
            sent.map(\.query) == [
                "access_token=2.00tutorial&count=20",
                "access_token=2.00tutorial&since_id=11488058246&count=20",
            ])
    }

    /// The spec's samples answer a preview, with no server, and decode as the client decodes.
    @Test func thePreviewAnswersFromTheSpecsSamples() async throws {
        let statuses = try await StatusTool(api: .preview).newStatuses()

        #expect(statuses.map(\.text) == ["求关注。", "//@zaku: 转发微博"])
        #expect(try await WeiboAPI.checkSamples().isEmpty)
    }

    @Test func theCompletionFormReplacesTheArticlesBlocks() async throws {
        let server = try TestServer.scope()
        try await server.route(
            "statuses/friends_timeline.json", try Fixture.response("weibo/statuses/friends_timeline.json"), .html(503))
        let api = WeiboAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "test-token" })
        let screen = Screen()
        var shown = screen.updates.makeAsyncIterator()

        func refresh(sinceID: String?) {
            StatusTool(api: api).newStatuses(sinceID: sinceID) { result in
                switch result {
                case .success(let newer): screen.show(newer)
                case .failure(let error): screen.show(error)
                }
            }
        }

        refresh(sinceID: nil)
        #expect(await shown.next() == "2 new statuses")
        refresh(sinceID: "11488058246")
        #expect(await shown.next() == "失败了")
    }

    /// A block that throws `XToolError` tells the server's failures apart (a plain `do` would
    /// bind `any Error`, where `.server` doesn't compile).
    @Test func aDoThrowsBlockTellsTheFailuresApart() async throws {
        let server = try TestServer.scope()
        try await server.route("statuses/friends_timeline.json", .html(503))
        let api = WeiboAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "test-token" })
        let screen = Screen()
        var shown = screen.updates.makeAsyncIterator()
        let sinceID: String? = nil

        do throws(XToolError) {
            let newer = try await StatusTool(api: api).newStatuses(sinceID: sinceID)
            screen.show(newer)
        } catch {
            if case .server(let message, _) = error {
                screen.showBanner(message ?? "The server refused.")
            } else {
                screen.show(error)
            }
        }

        #expect(await shown.next() == "失败了")
    }

    @Test func aStubTransportAnswersWithoutAServer() async throws {
        let stub = StubTransport([
            "GET statuses/friends_timeline.json": .json([
                "statuses": [["id": 1, "idstr": "1", "text": "你好", "created_at": "Tue May 31 17:46:55 +0800 2011"]]
            ])
        ])
        let api = WeiboAPI(transport: stub, cache: MemoryResponseCache(), accessToken: { "test-token" })

        let statuses = try await StatusTool(api: api).newStatuses()

        #expect(statuses.map(\.text) == ["你好"])
        #expect(
            stub.requests.map(\.url.absoluteString) == [
                "https://api.weibo.com/2/statuses/friends_timeline.json?access_token=test-token&count=20"
            ])
    }
}
