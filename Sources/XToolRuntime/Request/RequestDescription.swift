/// One endpoint as a value: method, path template, endpoint-level fixed parameters and headers,
/// where the response's payload is, and whether it is cached; what of the client's it does
/// otherwise: its server, its envelope, its error body, the fixed values it omits.
///
/// ```swift
/// static let newStatuses = RequestDescription(
///     .get, "statuses/friends_timeline.json", name: "StatusTool.newStatuses", fixed: [.literal("feature", 0)],
///     response: "statuses", cache: .fallback)
/// ```
public struct RequestDescription: Sendable {
    public let method: HTTPMethod
    /// Relative to the base URL; `{name}` is replaced by the path parameter `name`.
    public let path: String
    /// The endpoint's name in code, `StatusTool.newStatuses`: what its samples are filed under
    /// (`SampleResponder`, `SampleRecorder`), and how a middleware tells endpoints apart.
    public let name: String?
    /// Sent with every call of this endpoint, like the client's fixed parameters.
    public let fixed: [FixedParameter]
    /// Names of the client's fixed parameters and headers this endpoint does not send (the
    /// token endpoint leaves out the token).
    public let omitting: Set<String>
    /// Dotted key path of the value to decode, after the envelope's `data` path (nil: all of it).
    public let response: String?
    /// What the body is: JSON (the default), or text or bytes returned as they are.
    public let format: ResponseFormat
    /// This endpoint's error body, instead of the client's.
    public let errors: ErrorBody?
    public let cache: CachePolicy
    /// How the response says where the next page is (nil: not paginated).
    public let pagination: Pagination?
    /// Headers sent with every call of this endpoint; one replaces the client's header of its name.
    public let headers: [FixedParameter]
    /// How this endpoint's responses wrap their payload, instead of the client's envelope
    /// (`Envelope()`: the document as it is); nil: the client's.
    public let envelope: Envelope?
    /// The name of the client's server this endpoint is on (`APIClient(servers:)`); nil: the
    /// base URL.
    public let server: String?
    /// A POST that only reads (a GraphQL query, a search): safe to repeat, so `RetryPolicy`
    /// retries it like a GET (a spec's `read: true`).
    public let isRead: Bool

    public init(
        _ method: HTTPMethod, _ path: String, name: String? = nil, fixed: [FixedParameter] = [],
        omitting: Set<String> = [],
        response: String? = nil, format: ResponseFormat = .json, errors: ErrorBody? = nil, cache: CachePolicy = .none,
        pagination: Pagination? = nil, headers: [FixedParameter] = [], envelope: Envelope? = nil, server: String? = nil,
        read: Bool = false
    ) {
        self.method = method
        self.path = path
        self.name = name
        self.fixed = fixed
        self.omitting = omitting
        self.response = response
        self.format = format
        self.errors = errors
        self.cache = cache
        self.pagination = pagination
        self.headers = headers
        self.envelope = envelope
        self.server = server
        self.isRead = read
    }

    // The shapes most endpoints have, which Swift prefers to the initializer above when a call
    // gives exactly these arguments: such a call evaluates no default argument, code that every
    // generated description would otherwise carry.

    /// An endpoint with nothing but its method, path and name.
    public init(_ method: HTTPMethod, _ path: String, name: String) {
        self.init(method, path, name: Optional(name))  // an optional name: the initializer above
    }

    /// An endpoint whose payload is at `response`.
    public init(_ method: HTTPMethod, _ path: String, name: String, response: String) {
        self.init(method, path, name: Optional(name), response: Optional(response))
    }
}

/// How a response's body becomes the call's value.
public enum ResponseFormat: Sendable, Hashable {
    /// JSON, through the envelope, the value at the `response` path decoded.
    case json
    /// The whole body as a `String`, read in the charset of its `Content-Type` (UTF-8 when it
    /// names none); a JSON string, when the body is labelled JSON. No envelope.
    case text
    /// The whole body as `Data`, as it came. No envelope.
    case data
}

/// Whether an endpoint's good responses are kept for when a later call fails.
public enum CachePolicy: Sendable, Hashable {
    /// Nothing is stored.
    case none
    /// Each good response is stored; `APIClient.cached` falls back to it when a call fails.
    case fallback
}
