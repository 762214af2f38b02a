/// How a client behaves beyond what the spec says.
public struct ClientOptions: Sendable {
    /// Run in order around every request, e.g. `[LoggingMiddleware(), RetryPolicy()]`.
    public var middleware: [any Middleware]
    /// Whether completion handlers run on the main actor (for UI code) rather than on the
    /// task that finished the request.
    public var deliversOnMainActor: Bool

    /// By default: no middleware, completions on the task that finished the request.
    public init(middleware: [any Middleware] = [], deliversOnMainActor: Bool = false) {
        self.middleware = middleware
        self.deliversOnMainActor = deliversOnMainActor
    }
}
