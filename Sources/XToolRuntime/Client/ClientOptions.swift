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

    /// By default: no middleware, completions on the task that finished the request, bodies up
    /// to 32 MiB, no redirect from https to http.
    public init(
        middleware: [any Middleware] = [], deliversOnMainActor: Bool = false,
        maxResponseBytes: Int = ClientOptions.defaultMaxResponseBytes, allowsInsecureRedirects: Bool = false
    ) {
        self.middleware = middleware
        self.deliversOnMainActor = deliversOnMainActor
        self.maxResponseBytes = max(0, maxResponseBytes)
        self.allowsInsecureRedirects = allowsInsecureRedirects
    }
}
