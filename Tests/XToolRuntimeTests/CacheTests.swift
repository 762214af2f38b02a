import Foundation
import TestSupport
import Testing

@testable import XToolRuntime

/// `cache: .fallback`: the last good response comes back, with the failure, whatever failed.
@Suite struct CacheTests {
    let server: ServerScope
    let directory: URL

    init() throws {
        server = try TestServer.scope()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-cache-\(UUID().uuidString)")
    }

    private static let timeline = RequestDescription(.get, "timeline", response: "statuses", cache: .fallback)
    private static let envelope = Envelope(
        data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code")

    private func client(
        transport: any HTTPTransport = URLSessionTransport(), fixed: [FixedParameter] = [], signature: Signature? = nil
    ) -> APIClient {
        APIClient(
            baseURL: server.baseURL, transport: transport, cache: FileResponseCache(directory: directory), fixed: fixed,
            signature: signature, envelope: Self.envelope)
    }

    private static func page(_ ids: [Int]) -> Canned {
        .json(#"{"code": "OK", "data": {"statuses": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))]}}"#)
    }

    private struct Post: Codable, Sendable, Hashable {
        let id: Int
    }

    @Test func fallsBackToTheLastGoodResponseWhateverFailed() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route(
            "timeline", Self.page([1, 2]), .html(500), Canned(body: #"{"code": "OK", "data": {"#),
            .json(#"{"code": "ERR", "msg": "busy"}"#), .json(#"{"code": "OK", "data": {"statuses": [{"id": "x"}]}}"#),
            .dropped(), Self.page([3]), .html(404))
        let api = client()
        func call() async throws -> Cached<[Post]> { try await api.cached(Self.timeline) }

        #expect(try await call() == Cached(value: [Post(id: 1), Post(id: 2)]))
        let statusFailure = try await call()
        #expect(statusFailure.value == [Post(id: 1), Post(id: 2)])
        #expect(statusFailure.failure?.statusCode == 500)
        #expect(try await call().failure?.decodingPath == "")
        #expect(try await call().failure == .server(message: "busy", code: "ERR"))
        #expect(try await call().failure?.decodingPath == "data.statuses[0].id")
        let dropped = try await call()
        #expect(dropped.value == [Post(id: 1), Post(id: 2)])
        #expect(dropped.failure?.transportFailure != nil)
        #expect(try await call() == Cached(value: [Post(id: 3)]))
        #expect(try await call().failure?.statusCode == 404)

        // A new client on the same folder, with no connection at all, finds the last good page.
        let offline = StubTransport { _ in throw URLError(.notConnectedToInternet) }
        let later: Cached<[Post]> = try await client(transport: offline).cached(Self.timeline)
        #expect(later.value == [Post(id: 3)])
        #expect(later.failure == .transport(TransportFailure(URLError(.notConnectedToInternet))))
    }

    @Test func withNothingStoredTheFailureIsThrown() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route("timeline", .html(503))
        await #expect(throws: XToolError.status(code: 503, body: Data(Canned.html(503).body.utf8))) {
            let _: Cached<[Post]> = try await client().cached(Self.timeline)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path), "nothing is created before a good response")
    }

    @Test func corruptOrUnreadableEntriesAreIgnored() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route("timeline", Self.page([1]), .html(500))
        let api = client()
        let _: Cached<[Post]> = try await api.cached(Self.timeline)
        let entry = try #require(
            try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
        let stored = try Data(contentsOf: entry)
        let header = stored.prefix { $0 != UInt8(ascii: "\n") }
        let corruptions: [(String, (URL) throws -> Void)] = [
            ("garbage", { try Data([0xFF, 0x00, 0x13]).write(to: $0) }),
            ("an empty file", { try Data().write(to: $0) }),
            ("a cut header", { try stored.prefix(header.count + 3).write(to: $0) }),
            ("an undecodable body", { try stored.prefix(stored.count - 5).write(to: $0) }),
            ("a directory", { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }),
        ]
        for (what, corrupt) in corruptions {
            try? FileManager.default.removeItem(at: entry)
            try corrupt(entry)
            let error = await #expect(throws: XToolError.self, "\(what)") {
                let _: Cached<[Post]> = try await api.cached(Self.timeline)
            }
            #expect(error?.statusCode == 500, "\(what)")
        }
    }

    @Test func keysLeaveOutProvidedValuesAndSignatures() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route("timeline", Self.page([7]), .html(500))
        let counter = Counter()
        let api = client(
            fixed: [.provided("access_token", { "secret-token-\(counter.next())" })],
            signature: Signature(name: "sign") { _ in "secret-signature-\(UUID())" })
        let fresh: Cached<[Post]> = try await api.cached(Self.timeline, [.query("count", 20)])
        let fallback: Cached<[Post]> = try await api.cached(Self.timeline, [.query("count", 20)])
        #expect(fresh.isFresh)
        #expect(fallback.value == [Post(id: 7)] && !fallback.isFresh)
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(!text.contains("secret"))
            #expect(text.contains("count=20"))
        }
    }

    @Test func differentDynamicParametersKeepSeparateEntries() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let api = client()
        for (sinceID, page) in [("1", [10]), ("2", [20, 21])] {
            try await server.route("timeline", Self.page(page))
            let _: Cached<[Post]> = try await api.cached(Self.timeline, [.query("since_id", sinceID)])
        }
        try await server.route("timeline", .html(502))
        let first: Cached<[Post]> = try await api.cached(Self.timeline, [.query("since_id", "1")])
        let second: Cached<[Post]> = try await api.cached(Self.timeline, [.query("since_id", "2")])
        #expect(first.value == [Post(id: 10)])
        #expect(second.value == [Post(id: 20), Post(id: 21)])
        await #expect(throws: XToolError.self) {
            let _: Cached<[Post]> = try await api.cached(Self.timeline, [.query("since_id", "3")])
        }
    }

    @Test func cancellationIsThrownRatherThanFallingBack() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.route("timeline", Self.page([1]), .hang)
        let api = client()
        let _: Cached<[Post]> = try await api.cached(Self.timeline)
        let call = Task { () async throws(XToolError) -> Cached<[Post]> in try await api.cached(Self.timeline) }
        try await server.wait("timeline", for: "arrived", count: 2)
        call.cancel()
        await #expect(throws: XToolError.cancelled) { try await call.value }
    }

    @Test func onlyFallbackEndpointsStoreResponses() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let uncached = RequestDescription(.get, "timeline", response: "statuses")
        try await server.route("timeline", Self.page([1]), .html(500))
        let _: [Post] = try await client().send(uncached)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        await #expect(throws: XToolError.self) {
            let _: Cached<[Post]> = try await client().cached(uncached)
        }
    }

    @Test func fileEntriesRoundTripAndStableNames() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FileResponseCache(directory: directory)
        #expect(await cache.data(forKey: "GET a") == nil)
        await cache.store(Data("one".utf8), forKey: "GET a")
        await cache.store(Data("two".utf8), forKey: "GET b")
        await cache.store(Data("three".utf8), forKey: "GET a")
        #expect(await FileResponseCache(directory: directory).data(forKey: "GET a") == Data("three".utf8))
        #expect(await cache.data(forKey: "GET b") == Data("two".utf8))
        #expect(stableHash("") == "cbf29ce4842223256c62272e07bb0142")
        #expect(stableHash("GET a") == stableHash("GET a") && stableHash("GET a") != stableHash("GET b"))
        let named = FileResponseCache(named: "Weibo").directory
        #expect(named.path.hasSuffix("XToolRuntime/Weibo"))
    }
}
