import Foundation

/// Observes or changes each request on its way to the transport and each response on its way
/// back. A client's middleware run in order: the first sees the request first and the response
/// last.
///
/// ```swift
/// struct UserAgent: Middleware {
///     func intercept(_ request: HTTPRequest, context: MiddlewareContext,
///                    next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
///         var request = request
///         request.headers["User-Agent"] = "MyApp/1.0"
///         return try await next(request)
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    /// Calls `next` (any number of times, or not at all) and returns a response or throws.
    func intercept(
        _ request: HTTPRequest, context: MiddlewareContext,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}

/// What a middleware knows about the call beyond its HTTP request.
public struct MiddlewareContext: Sendable {
    /// The endpoint, as the tool declared it (method and path template).
    public let request: RequestDescription
    /// Names of query parameters, body fields and headers whose values must never be logged:
    /// provided values and the signature.
    public let sensitiveNames: Set<String>
    /// The call asks for a page after the first of a paginated endpoint, following the
    /// `PageCursor` an earlier page gave.
    public let followsCursor: Bool

    public init(request: RequestDescription, sensitiveNames: Set<String>, followsCursor: Bool = false) {
        self.request = request
        self.sensitiveNames = sensitiveNames
        self.followsCursor = followsCursor
    }

    /// The URL with the values of sensitive query parameters replaced by `<redacted>`.
    public func redacted(_ url: URL) -> String {
        let text = url.absoluteString
        guard let queryStart = text.firstIndex(of: "?") else { return text }
        let items = text[text.index(after: queryStart)...].split(separator: "&", omittingEmptySubsequences: false)
        let redacted = items.map { item -> String in
            let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let isSensitive = sensitiveNames.contains(name.removingPercentEncoding ?? name)
            return isSensitive ? name + "=<redacted>" : String(item)
        }
        return text[...queryStart] + redacted.joined(separator: "&")
    }
}
