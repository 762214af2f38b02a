/// What sends requests: `URLSessionTransport` in apps, `StubTransport` in tests and previews,
/// or your own.
///
/// A transport follows no redirect: it returns a 3xx response as it came, and `APIClient`
/// follows it, leaving the credentials behind when it leads to another origin. A transport that
/// follows redirects itself (a URLSession of your own without a delegate that refuses them)
/// sends every header to wherever the server points, which the client can no longer prevent.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status code; a redirect is
    /// returned, not followed.
    ///
    /// Throws when no response arrived. Cancelling the calling task must cancel the request.
    /// `progress`, when given, is called as the body goes out and as the response comes in.
    func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse

    /// Like `send(_:progress:)`, but refuses a response body longer than `maxResponseBytes` by
    /// throwing `TransportFailure.responseTooLarge(limit:)`, ideally without reading it to the
    /// end. `APIClient` calls this one, with `ClientOptions.maxResponseBytes`.
    ///
    /// The default implementation checks the body once `send(_:progress:)` returned it; a
    /// transport that reads from the network should stop reading at the limit instead.
    func send(_ request: HTTPRequest, maxResponseBytes: Int, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
}

extension HTTPTransport {
    public func send(_ request: HTTPRequest, maxResponseBytes: Int, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        let response = try await send(request, progress: progress)
        guard response.body.count <= maxResponseBytes else {
            throw TransportFailure.responseTooLarge(limit: maxResponseBytes)
        }
        return response
    }
}
