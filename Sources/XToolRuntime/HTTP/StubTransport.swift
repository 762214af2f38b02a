import Foundation

/// Answers requests from canned responses, so apps can test and preview their generated tools
/// without a server. It records every request it receives.
///
/// ```swift
/// let stub = StubTransport([
///     "GET statuses/friends_timeline.json": .json(["statuses": []]),
///     "POST statuses/update.json": .init(status: 500, body: Data("oops".utf8), delay: 0.3),
/// ])
/// let api = WeiboAPI(transport: stub, accessToken: { "token" })
/// ```
public final class StubTransport: HTTPTransport {
    /// A canned response; `delay` (seconds) passes before it is delivered.
    public struct Response: Sendable, Hashable {
        public var status: Int
        public var headers: HTTPHeaders
        public var body: Data
        public var delay: TimeInterval?

        public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: TimeInterval? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        /// A JSON body with `Content-Type: application/json`.
        public static func json(_ value: JSON, status: Int = 200, delay: TimeInterval? = nil) -> Response {
            Response(
                status: status, headers: ["Content-Type": "application/json"], body: Data(value.description.utf8),
                delay: delay)
        }

        /// A text body with `Content-Type: text/plain; charset=utf-8`.
        public static func text(_ value: String, status: Int = 200, delay: TimeInterval? = nil) -> Response {
            Response(
                status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(value.utf8),
                delay: delay)
        }
    }

    private let respond: @Sendable (HTTPRequest) async throws -> Response
    private let received = Locked<[HTTPRequest]>([])

    /// Answers each request with whatever `respond` returns or throws.
    public init(_ respond: @escaping @Sendable (HTTPRequest) async throws -> Response) {
        self.respond = respond
    }

    /// Answers from `routes`, keyed by method and path (`"GET statuses/show/1.json"`); a route
    /// matches a request whose URL path ends with its path. Anything else gets a 404.
    public convenience init(_ routes: [String: Response]) {
        self.init { request in
            let path = request.url.path
            let match = routes.first { key, _ in
                let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
                return parts.count == 2 && HTTPMethod(rawValue: parts[0]) == request.method
                    && path.hasSuffix("/" + parts[1].drop { $0 == "/" })
            }
            return match?.value ?? .text("No stub for \(request.method) \(path)", status: 404)
        }
    }

    /// Every request received so far, in order.
    public var requests: [HTTPRequest] {
        received.withLock { $0 }
    }

    /// Records the request (a body streamed from a file is read into `body`, since the file may
    /// be gone once the call is over) and answers it.
    public func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        var request = request
        if let file = request.bodyFile {
            request.body = try Data(contentsOf: file)
            request.bodyFile = nil
        }
        received.withLock { $0.append(request) }
        let response = try await respond(request)
        if let delay = response.delay {
            try await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
        }
        try Task.checkCancellation()
        if let body = request.body {
            progress?(
                TransferProgress(direction: .upload, completedBytes: Int64(body.count), totalBytes: Int64(body.count)))
        }
        progress?(
            TransferProgress(
                direction: .download, completedBytes: Int64(response.body.count), totalBytes: Int64(response.body.count)
            ))
        return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
    }
}
