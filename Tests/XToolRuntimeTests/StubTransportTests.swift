import Foundation
import TestSupport
import Testing
import Weibo
import XToolRuntime

/// Canned responses for app tests and previews, no server involved.
@Suite struct StubTransportTests {
    private static let base = URL(string: "https://api.example.com/2/")!

    @Test func routesAnswerByMethodAndPathAndEverythingElseIs404() async throws {
        let stub = StubTransport([
            "GET statuses/show/1.json": .json(["id": 1]),
            "POST statuses/update.json": .text("created", status: 201),
        ])
        let client = APIClient(baseURL: Self.base, transport: stub)
        let shown: JSON = try await client.send(RequestDescription(.get, "statuses/show/{id}.json"), [.path("id", 1)])
        #expect(shown == ["id": 1])
        let created = try await client.response(
            RequestDescription(.post, "statuses/update.json"), [.body("status", "hi")])
        #expect(created.status == 201 && created.headers["content-type"] == "text/plain; charset=utf-8")
        let missing = try await client.response(RequestDescription(.get, "statuses/update.json"))
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self) == "No stub for GET /2/statuses/update.json")
        #expect(
            stub.requests.map { "\($0.method) \($0.url.absoluteString)" } == [
                "GET https://api.example.com/2/statuses/show/1.json",
                "POST https://api.example.com/2/statuses/update.json",
                "GET https://api.example.com/2/statuses/update.json",
            ])
        #expect(stub.requests[1].body == Data(#"{"status":"hi"}"#.utf8))
    }

    @Test func aDelayedStubCanBeCancelled() async throws {
        let stub = StubTransport(["GET slow": .json([], delay: 600)])
        let client = APIClient(baseURL: Self.base, transport: stub)
        let call = Task { () async throws(XToolError) -> JSON in try await client.send(RequestDescription(.get, "slow"))
        }
        call.cancel()
        await #expect(throws: XToolError.cancelled) { try await call.value }
    }

    @Test func aHandlerCanScriptAnswersAndFailures() async throws {
        let calls = Counter()
        let stub = StubTransport { request in
            guard calls.next() > 1 else { throw URLError(.timedOut) }
            return .json(["path": .string(request.url.path)])
        }
        let client = APIClient(baseURL: Self.base, transport: stub)
        let error = await #expect(throws: XToolError.self) { try await client.send(RequestDescription(.get, "x")) }
        #expect(error?.transportFailure?.reason == .timedOut)
        #expect(error?.transportFailure?.code == .timedOut)
        let second: JSON = try await client.send(RequestDescription(.get, "x"))
        #expect(second == ["path": "/2/x"])

        let lost = TransportFailure(reason: .connectionLost, message: "The radio went away.")
        let custom = APIClient(baseURL: Self.base, transport: StubTransport { _ in throw lost })
        await #expect(throws: XToolError.transport(lost)) { try await custom.send(RequestDescription(.get, "x")) }
    }

    @Test func generatedToolsRunOnStubsForPreviews() async throws {
        let stub = StubTransport([
            "GET statuses/friends_timeline.json": .json([
                "statuses": [["id": 1, "idstr": "1", "text": "hi", "created_at": "Tue May 31 17:46:55 +0800 2011"]]
            ])
        ])
        let api = WeiboAPI(transport: stub, cache: MemoryResponseCache(), accessToken: { "preview" })
        let statuses = try await StatusTool(api: api).newStatuses()
        #expect(statuses.map(\.text) == ["hi"])
        #expect(statuses.first?.createdAt == Date(timeIntervalSince1970: 1_306_835_215))
        #expect(stub.requests.first?.url.host == "api.weibo.com")
        #expect(stub.requests.first?.url.query == "access_token=preview&count=20")
    }
}
