import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Redirects, against the test server's two origins (two ports of 127.0.0.1): credentials stay on
/// the origin they were meant for, and a redirect chain always ends.
@Suite struct RedirectTests {
    /// A text that appears nowhere but in the credentials below.
    static let secret = "SECRET-3e9d1c7a5f"

    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    /// Credentials every way a spec sends them: a provided token in the query, the signature,
    /// `Authorization` and another provided header; and one literal header, which is no credential.
    private func client(
        transport: any HTTPTransport = URLSessionTransport(timeout: 5), baseURL: URL? = nil,
        options: ClientOptions = ClientOptions(), signed: Bool = true, body: BodyEncoding = .json
    ) -> APIClient {
        let secret = Self.secret
        return APIClient(
            baseURL: baseURL ?? server.baseURL, transport: transport, cache: MemoryResponseCache(), options: options,
            fixed: [.provided("access_token", { secret }, in: .query)],
            headers: [
                .literal("X-Client", "ios"), .provided("Authorization", { secret }, prefix: "Bearer "),
                .provided("X-Api-Key", { secret }),
            ],
            signature: signed ? Signature(name: "sign") { _ in secret } : nil, body: body)
    }

    /// Credentials a call passes itself: a cookie and a proxy's authorization.
    private static let dynamicCredentials: [Parameter] = [
        .header("Cookie", "session=\(secret)"), .header("Proxy-Authorization", "Basic \(secret)"), .query("page", 1),
    ]

    /// A redirect from the first origin to `relative` on the second, whose URL repeats the
    /// credentials `echoed` (the token and the signature) the way a careless server would.
    private func crossOrigin(
        _ status: Int, to relative: String = "target", echoing echoed: [String] = ["access_token", "sign"]
    ) -> Canned {
        let query = (["page=2"] + echoed.map { "\($0)=\(Self.secret)" }).joined(separator: "&")
        return Canned(
            status: status, headers: ["Location": server.secondBaseURL.absoluteString + relative + "?" + query])
    }

    /// None of `requests` carries a credential.
    private func expectNoCredential(in requests: [Echo]) {
        for request in requests {
            for name in ["authorization", "x-api-key", "cookie", "proxy-authorization"] {
                #expect(request.headers[name] == nil, "\(name) crossed")
            }
            #expect(
                !String(describing: request).contains(Self.secret), "\(request.method) \(request.path)?\(request.query)"
            )
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherOriginCarriesNoCredential(_ status: Int) async throws {
        try await server.route("start", crossOrigin(status))
        let echo: Echo = try await client().send(RequestDescription(.get, "start"), Self.dynamicCredentials)

        #expect(echo.port == server.secondPort)
        let first = try #require(try await server.requests("start").first)
        #expect(first.port == server.port)
        #expect(first.headers["authorization"] == "Bearer \(Self.secret)")
        #expect(first.headers["x-api-key"] == Self.secret && first.headers["cookie"] == "session=\(Self.secret)")
        #expect(first.query == "access_token=\(Self.secret)&page=1&sign=\(Self.secret)")

        let followed = try await server.requests("target")
        #expect(followed.count == 1)
        #expect(followed.first?.port == server.secondPort)
        #expect(followed.first?.method == "GET")
        #expect(followed.first?.query == "page=2", "the new URL is the server's, less the credentials")
        #expect(followed.first?.headers["x-client"] == "ios", "a literal header is no credential")
        expectNoCredential(in: followed)
    }

    @Test func aRedirectOnTheSameOriginKeepsEveryCredential() async throws {
        try await server.route("moved", Canned(status: 301, headers: ["Location": "moved-here?page=2"]))
        let echo: Echo = try await client().send(RequestDescription(.get, "moved"), Self.dynamicCredentials)
        #expect(echo.port == server.port)
        #expect(echo.path == server.path("moved-here"))
        #expect(echo.query == "page=2", "the Location as the server wrote it")
        #expect(echo.headers["authorization"] == "Bearer \(Self.secret)")
        #expect(echo.headers["x-api-key"] == Self.secret)
        #expect(echo.headers["cookie"] == "session=\(Self.secret)")
        #expect(echo.headers["proxy-authorization"] == "Basic \(Self.secret)")
    }

    @Test(arguments: [301, 302, 303])
    func aPostRedirectedWith301To303BecomesAGetWithoutItsBody(_ status: Int) async throws {
        // The signature is in the body: it is not sent again, since the body is dropped.
        try await server.route("create", crossOrigin(status))
        let echo: Echo = try await client(body: .form).send(RequestDescription(.post, "create"), [.body("text", "hi")])
        #expect(echo.port == server.secondPort)
        #expect(echo.method == "GET" && echo.length == 0)
        #expect(echo.headers["content-type"] == nil)
        expectNoCredential(in: try await server.requests("target"))
    }

    @Test(arguments: [307, 308])
    func aBodyWithoutCredentialsGoesAgainTo307And308(_ status: Int) async throws {
        // A whole JSON body: the token and the signature go in the query.
        try await server.route("create", crossOrigin(status))
        let echo: Echo = try await client().send(RequestDescription(.post, "create"), [.jsonBody(["text": "hi"])])
        #expect(echo.port == server.secondPort)
        #expect(echo.method == "POST" && echo.body == #"{"text":"hi"}"#)
        #expect(echo.headers["content-type"] == "application/json")
        expectNoCredential(in: try await server.requests("target"))
    }

    @Test(arguments: [307, 308])
    func aBodyWithACredentialIsNeverSentToAnotherOrigin(_ status: Int) async throws {
        try await server.route("create", crossOrigin(status))
        do {
            let _: Echo = try await client(body: .form).send(RequestDescription(.post, "create"), [.body("text", "hi")])
            Issue.record("the body went to another origin")
        } catch {
            #expect(error.transportFailure?.reason == .redirectRefused)
            #expect(error.description.contains("another origin with a body that holds a credential"))
        }
        #expect(try await server.requests("target").isEmpty)
    }

    @Test func anUploadStreamedFromDiskFollowsA307WithItsFileAndWithoutCredentials() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString).bin")
        try Data(repeating: 42, count: 300_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await server.route("upload", crossOrigin(307, echoing: ["access_token"]))
        let transport = RecordingTransport(URLSessionTransport(timeout: 5))
        let echo: Echo = try await client(transport: transport, signed: false).send(
            RequestDescription(.post, "upload"),
            [.body("caption", "cat"), .file("media", MultipartFile(fileURL: file))])
        #expect(echo.port == server.secondPort)
        #expect(echo.parts.map(\.name) == ["caption", "media"])
        #expect(echo.parts.last?.length == 300_000)
        expectNoCredential(in: try await server.requests("target"))
        // Both requests streamed the one temporary body, removed once the call was over.
        let bodyFiles = transport.requests.map(\.bodyFile)
        #expect(bodyFiles.count == 2 && bodyFiles[0] != nil && bodyFiles[0] == bodyFiles[1])
        #expect(!FileManager.default.fileExists(atPath: bodyFiles[0]?.path ?? "/"))
    }

    @Test func aRedirectLoopEndsWithAnError() async throws {
        try await server.route("loop", Canned(status: 302, headers: ["Location": "loop"]))
        try await server.route(
            "ping", Canned(status: 307, headers: ["Location": server.secondBaseURL.absoluteString + "pong"]))
        try await server.route(
            "pong", Canned(status: 308, headers: ["Location": server.baseURL.absoluteString + "ping"]))
        for start in ["loop", "ping"] {
            do {
                let _: JSON = try await client().send(RequestDescription(.get, start))
                Issue.record("\(start) did not fail")
            } catch {
                #expect(error.transportFailure?.reason == .redirectRefused)
                #expect(error.transportFailure?.code == .httpTooManyRedirects)
                #expect(error.description.contains("more than 10 times"))
            }
        }
        #expect(try await server.requests("loop").count == 11)
        let ping = try await server.requests("ping")
        let pong = try await server.requests("pong")
        #expect(ping.count + pong.count == 11)
        // The first request to the second origin left the credentials behind, and the way back
        // to the first origin never got them again.
        expectNoCredential(in: pong + ping.dropFirst())
    }

    /// From https to http the request would travel in clear text: refused, unless the app opts
    /// in (and then without credentials, as to any other origin). A stub answers as the server.
    @Test func aRedirectFromHttpsToHttpIsRefusedUnlessTheAppAllowsIt() async throws {
        let stub = StubTransport { request in
            request.url.scheme == "https"
                ? .init(status: 302, headers: ["Location": "http://api.example.com/plain?page=2"])
                : .json(["plain": true])
        }
        let secure = URL(string: "https://api.example.com/")!
        do {
            let _: JSON = try await client(transport: stub, baseURL: secure).send(RequestDescription(.get, "start"))
            Issue.record("followed to http")
        } catch {
            #expect(error.transportFailure?.reason == .redirectRefused)
            #expect(error.description.contains("from https to http"))
            #expect(error.description.contains("ClientOptions.allowsInsecureRedirects"))
        }
        #expect(stub.requests.count == 1)

        let allowing = client(transport: stub, baseURL: secure, options: ClientOptions(allowsInsecureRedirects: true))
        let plain: JSON = try await allowing.send(RequestDescription(.get, "start"), Self.dynamicCredentials)
        #expect(plain == ["plain": true])
        let followed = try #require(stub.requests.last)
        #expect(followed.url.absoluteString == "http://api.example.com/plain?page=2")
        #expect(followed.headers.fields.map(\.name) == ["X-Client"])
    }

    @Test func aRedirectToAnotherSchemeIsRefusedAndOneWithoutALocationIsTheAnswer() async throws {
        try await server.route("ftp", Canned(status: 302, headers: ["Location": "ftp://127.0.0.1/file"]))
        try await server.route("file", Canned(status: 301, headers: ["Location": "file:///etc/passwd"]))
        try await server.route("nowhere", Canned(status: 302, body: "no location"))
        for start in ["ftp", "file"] {
            do {
                try await client().send(RequestDescription(.get, start))
                Issue.record("\(start) was followed")
            } catch {
                #expect(error.transportFailure?.reason == .redirectRefused)
                #expect(error.description.contains("neither http nor https"))
            }
        }
        do {
            try await client().send(RequestDescription(.get, "nowhere"))
            Issue.record("a 302 without a Location succeeded")
        } catch {
            #expect(error.statusCode == 302)
        }
    }

    /// FoundationNetworking calls the session delegate's redirect callback for each of these
    /// statuses, and the transport returns the redirect instead of following it.
    @Test(arguments: [301, 302, 303, 307, 308])
    func theTransportReturnsRedirectsAsTheyCome(_ status: Int) async throws {
        try await server.route("r\(status)", crossOrigin(status))
        let response = try await URLSessionTransport(timeout: 5).send(
            HTTPRequest(
                method: .get, url: server.baseURL.appendingPathComponent("r\(status)"), headers: ["Authorization": "x"]),
            progress: nil)
        #expect(response.status == status)
        #expect(response.headers["Location"]?.hasPrefix(server.secondBaseURL.absoluteString) == true)
        #expect(try await server.requests("target").isEmpty)
    }

    /// The completion form, `…WithResponse`, a fallback-cached endpoint, a page and the raw
    /// response all take the same way.
    @Test(arguments: ["send", "task", "receive", "cached", "page", "response"])
    func everyKindOfCallFollowsTheSameRule(_ kind: String) async throws {
        try await server.route("start", crossOrigin(302))
        try await server.route("target", .json("[1, 2]"))
        let api = client()
        let endpoint = RequestDescription(.get, "start", cache: kind == "cached" ? .fallback : .none, pagination: .link)
        var items: [Int] = []
        switch kind {
        case "send":
            items = try await api.send(endpoint, Self.dynamicCredentials)
        case "task":
            let result = await withCheckedContinuation { continuation in
                api.task(endpoint, Self.dynamicCredentials) { (result: Result<[Int], XToolError>) in
                    continuation.resume(returning: result)
                }
            }
            items = try result.get()
        case "receive":
            let received: Received<[Int], HTTPHeaders> = try await api.receive(endpoint, Self.dynamicCredentials)
            #expect(received.status == 200)
            items = received.value
        case "cached":
            let cached: Cached<[Int]> = try await api.cached(endpoint, Self.dynamicCredentials)
            #expect(cached.isFresh)
            items = cached.value
        case "page":
            let page: Page<Int> = try await api.page(endpoint, Self.dynamicCredentials, from: nil)
            items = page.items
        default:
            let response = try await api.response(endpoint, Self.dynamicCredentials)
            items = try JSONDecoder().decode([Int].self, from: response.body)
        }
        #expect(items == [1, 2])
        let followed = try await server.requests("target")
        #expect(followed.count == 1 && followed.first?.port == server.secondPort)
        expectNoCredential(in: followed)
    }

    /// Each request of the chain goes through the middleware, and the log shows no credential.
    @Test func theMiddlewareSeeEachRequestOfTheChain() async throws {
        try await server.route("start", crossOrigin(302))
        let log = Recorder<String>()
        let api = client(options: ClientOptions(middleware: [LoggingMiddleware(log: { log.append($0) })]))
        let _: Echo = try await api.send(RequestDescription(.get, "start"), Self.dynamicCredentials)
        let start = server.baseURL.absoluteString + "start"
        let target = server.secondBaseURL.absoluteString + "target"
        #expect(log.values.count == 4)
        #expect(log.values.first == "→ GET \(start)?access_token=<redacted>&page=1&sign=<redacted>")
        #expect(log.values.dropFirst().first?.hasPrefix("← 302 GET \(start)?") == true)
        #expect(log.values.dropFirst(2).first == "→ GET \(target)?page=2")
        #expect(log.values.last?.hasPrefix("← 200 GET \(target)?page=2") == true)
        #expect(!log.values.contains { $0.contains(Self.secret) })
    }
}
