import Foundation
import XToolRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tests' HTTP server (`Resources/local_server.py`) on 127.0.0.1, started once per test process and gone
/// with it. Each test works under a path prefix of its own, so tests can run in parallel.
public struct TestServer: Sendable {
    /// Kept for the life of the test process, whose exit stops the server.
    public let process: LocalServer
    public let port: Int
    /// The server's second origin: another port, the same routes and records.
    public let secondPort: Int
    /// A port on 127.0.0.1 where connections are refused.
    public let refusedPort: Int

    private static let shared = Result { () throws -> TestServer in
        guard let script = Bundle.module.url(forResource: "local_server", withExtension: "py") else {
            throw CocoaError(.fileNoSuchFile)
        }
        let server = try LocalServer(script: script)
        let ports = try JSONDecoder().decode([String: Int].self, from: Data(server.announcement.utf8))
        return TestServer(
            process: server, port: ports["port"]!, secondPort: ports["secondPort"]!, refusedPort: ports["refusedPort"]!)
    }

    /// A fresh prefix on the shared server for one test.
    public static func scope() throws -> ServerScope {
        let server = try shared.get()
        return ServerScope(port: server.port, secondPort: server.secondPort, prefix: "/t/" + UUID().uuidString)
    }

    public static var refusedBaseURL: URL {
        get throws { URL(string: "http://127.0.0.1:\(try shared.get().refusedPort)/")! }
    }
}

/// One test's corner of the server.
public struct ServerScope: Sendable {
    public let port: Int
    /// The port of the server's second origin, which shares the routes and the records.
    public let secondPort: Int
    public let prefix: String

    /// `http://127.0.0.1:<port>/t/<uuid>/`
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)\(prefix)/")! }

    /// The same prefix on the second origin: `http://127.0.0.1:<secondPort>/t/<uuid>/`.
    public var secondBaseURL: URL { URL(string: "http://127.0.0.1:\(secondPort)\(prefix)/")! }

    /// The server path of `relative` (as the server records it).
    public func path(_ relative: String) -> String { prefix + "/" + relative }

    /// Makes requests to `relative` get `responses` in turn (the last one repeats).
    public func route(_ relative: String, _ responses: Canned...) async throws {
        let spec = RouteSpec(path: path(relative), responses: responses)
        let body = try JSONEncoder().encode(spec)
        _ = try await control(.post, "routes", body: body)
    }

    /// The requests the server received for `relative`, in order.
    public func requests(_ relative: String) async throws -> [Echo] {
        let body = try await control(.get, "requests?path=" + percentEncodedQueryValue(path(relative)))
        return try JSONDecoder().decode([Echo].self, from: body)
    }

    /// How many body bytes the server wrote for each streamed response of `relative`.
    public func written(_ relative: String) async throws -> [Int] {
        let body = try await control(.get, "written?path=" + percentEncodedQueryValue(path(relative)))
        return try JSONDecoder().decode([Int].self, from: body)
    }

    /// How many requests under this scope got each fault (`X-Fault`), by kind.
    public func faults() async throws -> [String: Int] {
        let body = try await control(.get, "faults?scope=" + percentEncodedQueryValue(prefix))
        return try JSONDecoder().decode([String: Int].self, from: body)
    }

    /// Returns once `event` ("arrived" or "closed") happened `count` times for `relative`.
    public func wait(_ relative: String, for event: String, count: Int = 1) async throws {
        let query = "path=\(percentEncodedQueryValue(path(relative)))&event=\(event)&count=\(count)"
        _ = try await control(.get, "wait?" + query)
    }

    /// The control channel's own session, with room for every test's control call at once. On
    /// the runtime's shared session (at most 6 connections to one host, as URLSession's default)
    /// the tests' waits (up to 30 s each) and the hanging requests they wait on filled the pool
    /// in a parallel run, so that a request queued behind them never arrived and a wait answered
    /// 408: the tests' rare "arrived"/"closed" timeouts.
    private static let controlTransport: URLSessionTransport = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 512
        return URLSessionTransport(configuration: configuration, timeout: 60)
    }()

    private func control(_ method: HTTPMethod, _ endpoint: String, body: Data? = nil) async throws -> Data {
        let url = URL(string: "http://127.0.0.1:\(port)/_control/\(endpoint)")!
        let response = try await Self.controlTransport.send(
            HTTPRequest(method: method, url: url, body: body), progress: nil)
        guard response.status == 200 else {
            throw ControlError(message: "control \(endpoint) answered \(response.status)")
        }
        return response.body
    }

    private func percentEncodedQueryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

public struct ControlError: Error {
    public let message: String
}

private struct RouteSpec: Encodable {
    let path: String
    let responses: [Canned]
}

/// A response the server gives (see `local_server.py`).
public struct Canned: Encodable, Sendable {
    public var status = 200
    public var headers: [String: String] = [:]
    public var body = ""
    /// The body's bytes in base64, for bodies that are not UTF-8 (instead of `body`).
    public var base64: String?
    public var delay: Double?
    public var drop = false
    public var hang = false
    public var echo = false
    /// The `Content-Length` to announce instead of the body's.
    public var length: Int?
    /// Streams that many bytes of filler instead of the body.
    public var stream: Int?
    /// Whether a streamed body is announced with a `Content-Length`.
    public var announce: Bool?
    /// Bytes a second a streamed body goes out at (as fast as the socket takes them when nil).
    public var rate: Int?

    public init(
        status: Int = 200, headers: [String: String] = [:], body: String = "", delay: Double? = nil,
        drop: Bool = false, hang: Bool = false, echo: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.drop = drop
        self.hang = hang
        self.echo = echo
    }

    /// A body that announces `length` bytes but has `body`'s.
    public static func lying(_ body: String, length: Int) -> Canned {
        var canned = Canned.json(body)
        canned.length = length
        return canned
    }

    /// `size` bytes of filler, with or without a `Content-Length`, at `rate` bytes a second.
    public static func streamed(_ size: Int, announced: Bool, rate: Int? = nil) -> Canned {
        var canned = Canned(headers: ["Content-Type": "application/json"])
        canned.stream = size
        canned.announce = announced
        canned.rate = rate
        return canned
    }

    public static func json(_ body: String, status: Int = 200) -> Canned {
        Canned(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A body of any bytes, with its `Content-Type`.
    public static func bytes(_ data: Data, contentType: String = "application/json", status: Int = 200) -> Canned {
        var canned = Canned(status: status, headers: ["Content-Type": contentType])
        canned.base64 = data.base64EncodedString()
        return canned
    }

    public static func html(_ status: Int) -> Canned {
        Canned(
            status: status, headers: ["Content-Type": "text/html"],
            body: "<html><head><title>\(status)</title></head><body><h1>Error \(status)</h1></body></html>")
    }

    public static let echo = Canned(echo: true)
    /// Sends the headers and `body`, then closes the connection well before the promised length.
    public static func dropped(_ body: String = "{\"statuses\": [") -> Canned { Canned(body: body, drop: true) }
    /// Never answers; the server notes when the client gives up.
    public static let hang = Canned(hang: true)
    public static func delayed(_ seconds: Double, _ canned: Canned = .echo) -> Canned {
        var delayed = canned
        delayed.delay = seconds
        return delayed
    }
}

/// A request as the server received it.
public struct Echo: Decodable, Sendable, Hashable {
    public let method: String
    public let path: String
    public let query: String
    public let headers: [String: String]
    public let body: String
    /// The body's size in bytes.
    public let length: Int
    /// The parts of a multipart body.
    public let parts: [Part]
    /// The port that received it: `ServerScope.port` or `secondPort`.
    public let port: Int

    /// One part of a multipart body as the server parsed it.
    public struct Part: Decodable, Sendable, Hashable {
        public let name: String?
        public let filename: String?
        public let contentType: String?
        public let length: Int
        /// The SHA-256 of the part's content, in lower-case hex.
        public let sha256: String
        /// The start of the content as UTF-8.
        public let text: String
    }
}
