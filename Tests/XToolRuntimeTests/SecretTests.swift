import Foundation
import TestSupport
import Testing
@_spi(Generated) import XToolRuntime

/// A canary token used as a provided value, as the signature and in an `Authorization` header
/// reaches the server, and nothing else: not an error's description, not a log line, not a
/// cache key, not a cache file, not a crash message, not another origin a redirect leads to.
@Suite struct SecretTests {
    /// A text that appears nowhere but in the secrets below.
    static let canary = "CANARY-7f3c9a1e5b2d4c68"

    let server: ServerScope
    let directory: URL

    init() throws {
        server = try TestServer.scope()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-secrets-\(UUID().uuidString)")
    }

    /// Remembers every key it is asked about, on top of a file cache.
    private final class KeyRecordingCache: ResponseCache {
        let files: FileResponseCache
        let keys = Recorder<String>()

        init(_ files: FileResponseCache) {
            self.files = files
        }

        func data(forKey key: String) async -> Data? {
            keys.append(key)
            return await files.data(forKey: key)
        }

        func store(_ data: Data, forKey key: String) async {
            keys.append(key)
            await files.store(data, forKey: key)
        }
    }

    private static let envelope = Envelope(
        data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code")

    /// A client that sends the canary three ways (a provided query or body value, the signature
    /// and a provided `Authorization` header), logging through both positions of the logger.
    private func client(
        transport: any HTTPTransport = URLSessionTransport(timeout: 1), baseURL: URL? = nil, cache: any ResponseCache,
        log: Recorder<String>, maxResponseBytes: Int = ClientOptions.defaultMaxResponseBytes,
        refresh: CredentialRefresh? = nil
    ) -> APIClient {
        let canary = Self.canary
        return APIClient(
            baseURL: baseURL ?? server.baseURL, transport: transport, cache: cache,
            options: ClientOptions(
                middleware: [
                    LoggingMiddleware(log: { log.append("outer " + $0) }),
                    RetryPolicy(retryLimit: 1, exponentialScale: 0.001),
                    LoggingMiddleware(log: { log.append("inner " + $0) }),
                ],
                maxResponseBytes: maxResponseBytes),
            fixed: [.literal("source", "app"), .provided("access_token", { canary })],
            headers: [.provided("Authorization", { "Bearer \(canary)" })],
            signature: Signature(name: "sign") { _ in canary },
            envelope: Self.envelope, refresh: refresh)
    }

    /// Every way `error` can be turned into text.
    private static func texts(of error: XToolError) -> [String] {
        [
            error.description, String(describing: error), String(reflecting: error), error.localizedDescription,
            "\(error)",
        ]
    }

    @Test func theCanaryReachesTheServerAndNothingElse() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = Recorder<String>()
        let cache = KeyRecordingCache(FileResponseCache(directory: directory))
        let api = client(cache: cache, log: log, maxResponseBytes: 64 * 1024)
        let page = Canned.json(#"{"code": "OK", "data": {"items": [1, 2]}}"#)
        let failures: [(String, Canned)] = [
            ("500 with HTML", .html(500)), ("401 with HTML", .html(401)), ("a dropped connection", .dropped()),
            ("a stall past the timeout", .delayed(3, page)), ("truncated JSON", .json(#"{"code": "OK", "data": {"it"#)),
            ("an envelope failure", .json(#"{"code": "ERR", "msg": "token expired", "data": null}"#)),
            ("a bad value", .json(#"{"code": "OK", "data": {"items": ["x"]}}"#)),
            ("a response too large", .streamed(1 << 20, announced: false)),
        ]
        var errors: [XToolError] = []
        for (index, (what, failure)) in failures.enumerated() {
            for method in [HTTPMethod.get, .post] {
                // Each call takes the next response; GET's retries take one more.
                let relative = "f\(index)\(method)"
                try await server.route(relative, page, failure)
                let endpoint = RequestDescription(method, relative, response: "items", cache: .fallback)
                let parameters: [Parameter] = [
                    .query("count", 20), .header("Authorization", "Bearer \(Self.canary)"), .header("X-Other", "1"),
                ]
                let fresh: Cached<[Int]> = try await api.cached(endpoint, parameters)
                #expect(fresh == Cached(value: [1, 2]), "\(what)")
                do {
                    let _: [Int] = try await api.send(endpoint, parameters)
                    Issue.record("\(what) did not fail")
                } catch {
                    errors.append(error)
                }
                let fallback: Cached<[Int]> = try await api.cached(endpoint, parameters)
                #expect(fallback.value == [1, 2] && !fallback.isFresh, "\(what)")
                errors += fallback.failure.map { [$0] } ?? []
            }
        }

        // Failures before a response: refused, cancelled, a provided value or a signer that throws.
        let refused = client(baseURL: try TestServer.refusedBaseURL, cache: cache, log: log)
        do {
            try await refused.send(RequestDescription(.get, "x"))
        } catch {
            errors.append(error)
        }
        try await server.route("hang", .hang)
        let hanging = Task { [api] () async throws(XToolError) -> JSON in
            try await api.send(RequestDescription(.get, "hang"))
        }
        try await server.wait("hang", for: "arrived")
        hanging.cancel()
        do {
            _ = try await hanging.value
        } catch let error as XToolError {
            errors.append(error)
        }
        struct Refusal: Error {}
        let throwing = APIClient(
            baseURL: server.baseURL, options: ClientOptions(middleware: [LoggingMiddleware(log: { log.append($0) })]),
            fixed: [.provided("access_token", { Self.canary })],
            signature: Signature(name: "sign") { _ in throw Refusal() })
        do {
            try await throwing.send(RequestDescription(.get, "x"))
        } catch {
            errors.append(error)
        }

        // The canary was sent every way it was meant to be.
        var sent: [Echo] = []
        for index in failures.indices {
            sent += try await server.requests("f\(index)GET") + server.requests("f\(index)POST")
        }
        #expect(sent.count >= failures.count * 6)
        for request in sent {
            let fixedPart = request.method == "GET" ? request.query : request.body
            // Twice: as the provided value and as the signature (a query for GET, a JSON body for POST).
            #expect(fixedPart.components(separatedBy: Self.canary).count == 3, "\(request.method) \(fixedPart)")
            #expect(request.headers["authorization"]?.contains("Bearer \(Self.canary)") == true)
        }

        // …and nowhere else.
        #expect(errors.count == failures.count * 4 + 3)
        let reasons = Set(errors.map { $0.transportFailure?.reason })
        #expect(reasons.isSuperset(of: [.timedOut, .cannotConnect, .responseTooLarge]))
        #expect(log.values.count > 40)
        #expect(cache.keys.values.count == failures.count * 4)
        let files = try expectNoCanary(in: errors, log: log, cache: cache)
        #expect(files == failures.count * 2)
    }

    /// Checks that no error's text, log line, cache key or cache file holds the canary; returns
    /// how many cache files there are.
    private func expectNoCanary(in errors: [XToolError], log: Recorder<String>, cache: KeyRecordingCache) throws -> Int
    {
        for error in errors {
            for text in Self.texts(of: error) {
                #expect(!text.contains(Self.canary), "error: \(error)")
            }
        }
        for line in log.values {
            #expect(!line.contains(Self.canary), "log line: \(line)")
        }
        for key in cache.keys.values {
            #expect(!key.contains(Self.canary), "cache key: \(key)")
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files {
            let contents = try Data(contentsOf: file)
            #expect(contents.range(of: Data(Self.canary.utf8)) == nil, "cache file \(file.lastPathComponent)")
        }
        return files.count
    }

    /// Every redirect to another origin (whose `Location` repeats the canary as a careless server
    /// would), every refusal and every refresh, through every kind of call: the second origin
    /// gets no canary, and neither do the errors, the log or the cache.
    @Test func theCanaryNeverCrossesARedirectOrARefresh() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = Recorder<String>()
        let cache = KeyRecordingCache(FileResponseCache(directory: directory))
        let refreshes = Counter()
        let api = client(cache: cache, log: log, refresh: CredentialRefresh { _ = refreshes.next() })
        let page = Canned.json(#"{"code": "OK", "data": {"items": [1, 2]}}"#)
        let parameters: [Parameter] = [.query("count", 20), .header("Cookie", "session=\(Self.canary)")]
        let echoed = "?count=20&access_token=\(Self.canary)&sign=\(Self.canary)"
        var errors: [XToolError] = []
        var targets: [String] = []
        for status in [301, 302, 303, 307, 308] {
            for method in [HTTPMethod.get, .post] {
                let relative = "r\(status)\(method)"
                targets.append(relative + "-target")
                let location = server.secondBaseURL.absoluteString + relative + "-target" + echoed
                try await server.route(relative, Canned(status: status, headers: ["Location": location]))
                try await server.route(relative + "-target", page)
                let endpoint = RequestDescription(method, relative, response: "items", cache: .fallback)
                // A POST's body holds the canary: 307 and 308 refuse to send it to another origin.
                do {
                    let _: [Int] = try await api.send(endpoint, parameters)
                } catch {
                    errors.append(error)
                }
                do {
                    let cached: Cached<[Int]> = try await api.cached(endpoint, parameters)
                    errors += cached.failure.map { [$0] } ?? []
                } catch {
                    errors.append(error)
                }
                do {
                    let _: Received<[Int], HTTPHeaders> = try await api.receive(endpoint, parameters)
                } catch {
                    errors.append(error)
                }
                let result = await withCheckedContinuation { continuation in
                    api.task(endpoint, parameters) { (result: Result<[Int], XToolError>) in
                        continuation.resume(returning: result)
                    }
                }
                errors += result.failure.map { [$0] } ?? []
            }
        }

        // A refresh that succeeds, one that throws an error naming the canary, a loop and a
        // redirect from https to http.
        try await server.route("expired", .html(401), page)
        let _: [Int] = try await api.send(RequestDescription(.get, "expired", response: "items"), parameters)
        #expect(refreshes.next() == 2, "one refresh ran")
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "the refresh token \(SecretTests.canary) was revoked" }
        }
        let revoked = client(cache: cache, log: log, refresh: CredentialRefresh { throw Leaky() })
        try await server.route("revoked", .html(401))
        try await server.route("loop", Canned(status: 302, headers: ["Location": "loop" + echoed]))
        let insecure = client(
            transport: StubTransport { _ in
                .init(status: 302, headers: ["Location": "http://api.example.com/plain" + echoed])
            },
            baseURL: URL(string: "https://api.example.com/")!, cache: cache, log: log)
        for (caller, relative) in [(revoked, "revoked"), (api, "loop"), (insecure, "start")] {
            do {
                try await caller.send(RequestDescription(.get, relative), parameters)
                Issue.record("\(relative) succeeded")
            } catch {
                errors.append(error)
            }
        }

        var crossed: [Echo] = []
        for target in targets {
            crossed += try await server.requests(target)
        }
        #expect(crossed.count >= 5 * 4 + 3 * 4, "every GET and the POSTs turned into GETs arrived")
        for request in crossed {
            #expect(request.port == server.secondPort)
            #expect(!String(describing: request).contains(Self.canary), "\(request.method) \(request.path)")
        }
        #expect(errors.count >= 2 * 4 + 3)
        let reasons = Set(errors.compactMap { $0.transportFailure?.reason })
        #expect(reasons == [.redirectRefused])
        #expect(log.values.count > 100)
        #expect(try expectNoCanary(in: errors, log: log, cache: cache) > 0)
    }

    /// A program that stops while a request carrying the canary is in flight (a trap in the
    /// signer, after the provided value and the header were read) says nothing of it.
    @Test func aCrashMidRequestPrintsNoSecret() async throws {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            let canary = SecretTests.canary
            let stub = StubTransport { _ in .json(["ok": true]) }
            let api = APIClient(
                baseURL: URL(string: "https://api.example.com/2/")!, transport: stub,
                options: ClientOptions(middleware: [LoggingMiddleware()]),
                fixed: [.provided("access_token", { canary })],
                headers: [.provided("Authorization", { "Bearer \(canary)" })],
                signature: Signature(name: "sign") { parameters in
                    precondition(parameters["access_token"]?.isEmpty == true, "the signer gave up")
                    return canary
                })
            let _: JSON = try await api.send(
                RequestDescription(.get, "statuses/home_timeline.json"), [.query("count", 1)])
        }
        let output = String(
            decoding: (result?.standardOutputContent ?? []) + (result?.standardErrorContent ?? []), as: UTF8.self)
        #expect(output.contains("the signer gave up"))
        #expect(!output.contains(SecretTests.canary))
    }

    /// Reading the shared API before it is set stops the program with the generated message,
    /// never with what an earlier request carried.
    @Test func aMissingSharedInstanceStopsWithItsMessageOnly() async throws {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            let canary = SecretTests.canary
            let stub = StubTransport { _ in .text("down", status: 503) }
            let log = LoggingMiddleware()  // prints to standard output
            let api = APIClient(
                baseURL: URL(string: "https://api.example.com/2/")!, transport: stub,
                options: ClientOptions(middleware: [log]),
                fixed: [.provided("access_token", { canary })],
                headers: [.provided("Authorization", { "Bearer \(canary)" })],
                signature: Signature(name: "sign") { _ in canary })
            do {
                try await api.send(RequestDescription(.get, "statuses/home_timeline.json"))
            } catch {
                print(error)
            }
            fflush(nil)
            let shared = SharedInstance<APIClient>(missing: "Set WeiboAPI.shared before using a tool.")
            _ = shared.value.baseURL
        }
        let output = String(
            decoding: (result?.standardOutputContent ?? []) + (result?.standardErrorContent ?? []), as: UTF8.self)
        #expect(output.contains("Set WeiboAPI.shared before using a tool."))
        #expect(
            output.contains(
                "← 503 GET https://api.example.com/2/statuses/home_timeline.json?access_token=<redacted>&sign=<redacted>"
            ))
        #expect(!output.contains(SecretTests.canary))
    }
}
