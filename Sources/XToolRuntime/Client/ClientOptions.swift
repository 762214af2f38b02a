import Foundation

/// How a client behaves beyond what the spec says.
public struct ClientOptions: Sendable {
    /// The largest response body a client accepts by default: 32 MiB.
    public static let defaultMaxResponseBytes = 32 << 20

    /// Run in order around every request, e.g. `[LoggingMiddleware(), RetryPolicy()]`.
    public var middleware: [any Middleware]
    /// Whether completion handlers run on the main actor (for UI code) rather than on the
    /// task that finished the request.
    public var deliversOnMainActor: Bool
    /// The largest response body accepted, in bytes. A response that announces a longer body is
    /// refused before its body is read, and one that sends more stops being read at the limit;
    /// either fails with `.transport` and the reason `.responseTooLarge`.
    public var maxResponseBytes: Int
    /// Whether a redirect from https to http is followed (without credentials, as to any other
    /// origin) rather than refused with `.transport` and the reason `.redirectRefused`.
    public var allowsInsecureRedirects: Bool
    /// The longest wait, in seconds, that a 429 or 503 response's `Retry-After` (seconds or an
    /// HTTP date) may ask for and have a request safe to repeat (a GET, HEAD, PUT, DELETE, or a
    /// POST marked as a read) sent again after it, once. A longer wait, or 0, fails at once, the
    /// failure carrying the response (`ServerFailure.headers`, `retryAfter`).
    public var maxRetryAfter: TimeInterval

    /// By default: no middleware, completions on the task that finished the request, bodies up
    /// to 32 MiB, no redirect from https to http, a `Retry-After` of up to 10 seconds waited for.
    public init(
        middleware: [any Middleware] = [], deliversOnMainActor: Bool = false,
        maxResponseBytes: Int = ClientOptions.defaultMaxResponseBytes, allowsInsecureRedirects: Bool = false,
        maxRetryAfter: TimeInterval = 10
    ) {
        self.middleware = middleware
        self.deliversOnMainActor = deliversOnMainActor
        self.maxResponseBytes = max(0, maxResponseBytes)
        self.allowsInsecureRedirects = allowsInsecureRedirects
        self.maxRetryAfter = max(0, maxRetryAfter)
    }
}
