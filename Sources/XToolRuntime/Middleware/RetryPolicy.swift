import Foundation

/// Retries requests safe to repeat (GET, HEAD, PUT, DELETE, …, and a POST marked as a read,
/// `RequestDescription.isRead`) that failed without a response (other
/// than a response too large to accept or a refused redirect) or got 408 or a 5xx status, waiting `exponentialScale * exponentialBase ^ attempt` seconds
/// before each retry. The defaults are Alamofire's: 2 retries, after 0.5 s and then 1 s.
public struct RetryPolicy: Middleware {
    /// Retries after the first attempt.
    public var retryLimit: Int
    /// How much each wait grows.
    public var exponentialBase: Double
    /// Seconds.
    public var exponentialScale: TimeInterval

    public init(retryLimit: Int = 2, exponentialBase: Double = 2, exponentialScale: TimeInterval = 0.5) {
        self.retryLimit = retryLimit
        self.exponentialBase = exponentialBase
        self.exponentialScale = exponentialScale
    }

    public func intercept(
        _ request: HTTPRequest, context: MiddlewareContext,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var attempt = 0
        while true {
            let canRetry = (request.method.isIdempotent || context.request.isRead) && attempt < retryLimit
            do {
                let response = try await next(request)
                guard canRetry, response.status == 408 || (500...599).contains(response.status) else {
                    return response
                }
            } catch {
                // A response too large for the client will be as large the next time, and a
                // refused redirect as refused.
                guard canRetry, case .transport(let failure) = XToolError(error),
                    ![.responseTooLarge, .redirectRefused].contains(failure.reason)
                else { throw error }
            }
            let delay = exponentialScale * pow(exponentialBase, Double(attempt))
            try await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
            attempt += 1
        }
    }
}
