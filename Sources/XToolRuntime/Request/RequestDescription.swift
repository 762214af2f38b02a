/// One endpoint as a value: method, path template, endpoint-level fixed parameters, where the
/// response's payload is, and whether it is cached.
///
/// ```swift
/// static let newStatuses = RequestDescription(
///     .get, "statuses/friends_timeline.json", fixed: [.literal("feature", 0)], response: "statuses", cache: .fallback)
/// ```
public struct RequestDescription: Sendable {
    public let method: HTTPMethod
    /// Relative to the base URL; `{name}` is replaced by the path parameter `name`.
    public let path: String
    /// Sent with every call of this endpoint, like the client's fixed parameters.
    public let fixed: [FixedParameter]
    /// Names of the client's fixed parameters and headers this endpoint does not send (the
    /// token endpoint leaves out the token).
    public let omitting: Set<String>
    /// Dotted key path of the value to decode, after the envelope's `data` path (nil: all of it).
    public let response: String?
    public let cache: CachePolicy
    /// How the response says where the next page is (nil: not paginated).
    public let pagination: Pagination?

    public init(
        _ method: HTTPMethod, _ path: String, fixed: [FixedParameter] = [], omitting: Set<String> = [],
        response: String? = nil, cache: CachePolicy = .none, pagination: Pagination? = nil
    ) {
        self.method = method
        self.path = path
        self.fixed = fixed
        self.omitting = omitting
        self.response = response
        self.cache = cache
        self.pagination = pagination
    }
}

/// Whether an endpoint's good responses are kept for when a later call fails.
public enum CachePolicy: Sendable, Hashable {
    /// Nothing is stored.
    case none
    /// Each good response is stored; `APIClient.cached` falls back to it when a call fails.
    case fallback
}
