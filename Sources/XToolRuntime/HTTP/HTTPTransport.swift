/// What sends requests: `URLSessionTransport` in apps, `StubTransport` in tests and previews,
/// or your own.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status code.
    ///
    /// Throws when no response arrived. Cancelling the calling task must cancel the request.
    /// `progress`, when given, is called as the body goes out and as the response comes in.
    func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse
}
