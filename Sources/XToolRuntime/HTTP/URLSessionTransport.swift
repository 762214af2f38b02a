import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests with URLSession (FoundationNetworking on Linux).
///
/// Transports made with `init(timeout:)` share one session, so creating many costs nothing.
/// The session keeps no cookies or HTTP cache of its own: the fallback cache is `ResponseCache`.
/// It follows no redirect: a 3xx is returned as it came, and `APIClient` follows it by its rule
/// of what may cross to another origin.
public struct URLSessionTransport: HTTPTransport {
    /// Seconds to wait for data before the request fails with `.timedOut`. FoundationNetworking
    /// on Linux counts whole seconds, so there it is rounded up.
    public let timeout: TimeInterval
    private let session: SessionDriver

    /// A transport on the shared session, waiting `timeout` seconds for data.
    public init(timeout: TimeInterval = 60) {
        self.timeout = timeout
        session = .shared
    }

    /// A transport with a session of its own, for settings such as proxies or TLS.
    /// The session is invalidated when the last copy of this transport goes away.
    public init(configuration: URLSessionConfiguration, timeout: TimeInterval = 60) {
        self.timeout = timeout
        session = SessionDriver(configuration: configuration)
    }

    /// Sends `request`, accepting bodies up to `ClientOptions.defaultMaxResponseBytes`.
    public func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        try await send(request, maxResponseBytes: ClientOptions.defaultMaxResponseBytes, progress: progress)
    }

    /// Sends `request`; a response whose `Content-Length` passes `maxResponseBytes` is refused
    /// before its body is read, and one whose body grows past it is cancelled there, so no more
    /// than `maxResponseBytes` of it are ever held.
    public func send(_ request: HTTPRequest, maxResponseBytes: Int, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        #if canImport(FoundationNetworking)
            urlRequest.timeoutInterval = max(1, timeout.rounded(.up))
        #else
            urlRequest.timeoutInterval = timeout
        #endif
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        return try await session.run(
            urlRequest, body: request.body, bodyFile: request.bodyFile, maxResponseBytes: maxResponseBytes,
            progress: progress)
    }
}
