import Foundation

/// Logs one line per request and one per outcome, with status, size and time:
///
///     → GET https://api.weibo.com/2/statuses/friends_timeline.json?access_token=<redacted>&count=20
///     ← 200 GET https://api.weibo.com/2/statuses/friends_timeline.json?… (1532 bytes, 84 ms)
///
/// Provided values and signatures never appear: sensitive query values are redacted, and
/// headers and bodies are not logged.
public struct LoggingMiddleware: Middleware {
    private let log: @Sendable (String) -> Void

    /// `log` receives each line; by default it prints.
    public init(log: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.log = log
    }

    public func intercept(
        _ request: HTTPRequest, context: MiddlewareContext,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let line = "\(request.method) \(context.redacted(request.url))"
        log("→ " + line)
        let clock = ContinuousClock()
        let start = clock.now
        func elapsed() -> String {
            let duration = (clock.now - start).components
            return "\(duration.seconds * 1_000 + duration.attoseconds / 1_000_000_000_000_000) ms"
        }
        do {
            let response = try await next(request)
            log("← \(response.status) \(line) (\(response.body.count) bytes, \(elapsed()))")
            return response
        } catch {
            log("✕ \(line) (\(elapsed())): \(XToolError(error))")
            throw error
        }
    }
}
