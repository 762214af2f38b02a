import Foundation

/// Sends every request of one API: builds it from a `RequestDescription` and the call's
/// parameters, runs the middleware and the transport, checks the status and the envelope, and
/// decodes the payload. Generated `…API` types hold one; it also serves code that wants `JSON`.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.dianping.com/")!)
/// let deals: JSON = try await client.send(RequestDescription(.get, "v1/deal/find_deals"), [.query("city", "北京")])
/// ```
public struct APIClient: Sendable {
    /// Everything the client holds, behind one reference: a client (and the API type and
    /// every tool that holds one) is copied as one pointer, and generated code copies and
    /// destroys it with one retain and release instead of a few hundred bytes of fields.
    private final class Storage: Sendable {
        let transport: any HTTPTransport
        let cache: any ResponseCache
        let options: ClientOptions
        let errors: ErrorBody?
        let builder: RequestBuilder
        let reader: ResponseReader
        let refresh: CredentialRefresh?
        /// Runs `refresh` once for all the calls that expire together.
        let refreshGate: RefreshGate?
        let retry: RetryRules?

        init(
            transport: any HTTPTransport, cache: any ResponseCache, options: ClientOptions, errors: ErrorBody?,
            builder: RequestBuilder, reader: ResponseReader, refresh: CredentialRefresh?, retry: RetryRules?
        ) {
            self.transport = transport
            self.cache = cache
            self.options = options
            self.errors = errors
            self.builder = builder
            self.reader = reader
            self.refresh = refresh
            refreshGate = refresh.map { RefreshGate($0.refresh) }
            self.retry = retry
        }
    }

    private let storage: Storage

    /// Sends every request, after the middleware.
    public var transport: any HTTPTransport { storage.transport }
    /// Where `cache: .fallback` endpoints keep their last good responses.
    public var cache: any ResponseCache { storage.cache }
    public var options: ClientOptions { storage.options }
    /// Where error bodies are and what they decode to, unless an endpoint says otherwise.
    public var errors: ErrorBody? { storage.errors }
    /// What renews the credentials when the server says they expired.
    public var refresh: CredentialRefresh? { storage.refresh }
    var builder: RequestBuilder { storage.builder }
    var reader: ResponseReader { storage.reader }

    /// - Parameters:
    ///   - fixed: Sent with every request, in the query for get/delete and in the body for post/put/patch.
    ///   - headers: Sent with every request.
    ///   - signature: Adds a parameter computed from all others.
    ///   - envelope: How responses wrap their payload and report failures.
    ///   - errors: Where error bodies are and what they decode to (`XToolError.rejected`).
    ///   - dates: How dates are read from responses and written in parameters.
    ///   - body: How post, put and patch send their parameters.
    ///   - lenient: Tolerate numbers as strings and the like (see `FieldDecoder`).
    ///   - refresh: Renews the credentials when a response says they expired, and repeats the
    ///     request once.
    ///   - servers: The base URLs of the other servers some endpoints are on
    ///     (`RequestDescription(server:)`), by name. A request to another origin than
    ///     `baseURL`'s sends none of `fixed` and `headers`' provided values nor the signature.
    ///   - provided: The provided values endpoints send themselves
    ///     (`FixedParameter.provided(_:label:)`), by label; a closure's nil leaves a value out,
    ///     and a call that sends a label the app gave no closure for fails with `.provided`.
    ///   - retry: The failures the API says are worth asking again for, once.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        cache: any ResponseCache = MemoryResponseCache(),
        options: ClientOptions = ClientOptions(),
        fixed: [FixedParameter] = [],
        headers: [FixedParameter] = [],
        signature: Signature? = nil,
        envelope: Envelope? = nil,
        errors: ErrorBody? = nil,
        dates: DateStyle = .iso8601,
        body: BodyEncoding = .json,
        lenient: Bool = false,
        refresh: CredentialRefresh? = nil,
        servers: [String: URL] = [:],
        provided: [String: (@Sendable () async throws -> String?)?] = [:],
        retry: RetryRules? = nil
    ) {
        storage = Storage(
            transport: transport, cache: cache, options: options, errors: errors,
            builder: RequestBuilder(
                baseURL: baseURL, fixed: fixed, headers: headers, signature: signature, body: body, dates: dates,
                servers: servers, provided: provided.compactMapValues { $0 }),
            reader: ResponseReader(envelope: envelope, dates: dates, lenient: lenient), refresh: refresh, retry: retry)
    }

    /// Every request's path is relative to it.
    public var baseURL: URL { builder.baseURL }

    /// Sends the request and decodes the value at the description's `response` path
    /// (`T` is inferred; `JSON` for any value; `String` or `Data`, optional or not, for a
    /// description whose `format` is `.text` or `.data`). The description and the parameters are
    /// `__owned`, here and in `receive`, `cached` and the tasks: a generated call hands over the
    /// values it just made and has nothing left to destroy (docs/runtime.md).
    public func send<T: Decodable & Sendable>(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = []
    ) async throws(XToolError) -> T {
        try await fetch(builder.encode(request, parameters), payload(T.self, of: request))
    }

    /// Sends the request and checks the status (and the envelope, if any), for endpoints that
    /// return nothing.
    public func send(_ request: __owned RequestDescription, _ parameters: __owned [Parameter] = [])
        async throws(XToolError)
    {
        try await fetch(builder.encode(request, parameters), nothing(of: request))
    }

    /// Like `send`, and with the status and the headers of the response: `Headers` is
    /// `HTTPHeaders`, or a `ReceivedHeaders` type that reads typed values from them.
    public func receive<T: Decodable & Sendable, Headers: ReceivedHeaders>(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = []
    ) async throws(XToolError) -> Received<T, Headers> {
        let decode = payload(T.self, of: request)
        return try await fetch(builder.encode(request, parameters)) { response throws(XToolError) in
            Received(value: try decode(response), status: response.status, headers: try Headers(response.headers))
        }
    }

    /// Like `send` for endpoints that return nothing, and with the status and the headers of the
    /// response.
    public func receive<Headers: ReceivedHeaders>(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = []
    ) async throws(XToolError) -> Received<Void, Headers> {
        let check = nothing(of: request)
        return try await fetch(builder.encode(request, parameters)) { response throws(XToolError) in
            try check(response)
            return Received(value: (), status: response.status, headers: try Headers(response.headers))
        }
    }

    /// Like `send`, but when the request fails for any reason other than cancellation, returns
    /// the last good response stored for the same method, URL and dynamic parameters, together
    /// with the failure. Throws only when nothing usable is stored.
    public func cached<T: Decodable & Sendable>(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = []
    ) async throws(XToolError) -> Cached<T> {
        let call = try builder.encode(request, parameters)
        let decode = payload(T.self, of: request)
        do {
            return Cached(value: try await fetch(call, decode))
        } catch .cancelled {
            throw .cancelled
        } catch {
            guard let stored = await cache.data(forKey: call.cacheKey),
                let value = try? decode(HTTPResponse(status: 200, body: stored))
            else {
                throw error
            }
            return Cached(value: value, failure: error)
        }
    }

    /// Sends the request and returns the response as received, without checking its status.
    public func response(_ request: RequestDescription, _ parameters: [Parameter] = []) async throws(XToolError)
        -> HTTPResponse
    {
        try await perform(builder.encode(request, parameters)).response
    }

    /// Decodes the value at the request's `response` path (after the envelope).
    func payload<T: Decodable>(_ type: T.Type, of request: RequestDescription)
        -> (HTTPResponse) throws(XToolError) -> T
    {
        let reader = reader.reading(request)
        return { [errors] response throws(XToolError) in
            try reader.value(
                T.self, at: request.response, format: request.format, errors: request.errors ?? errors, from: response)
        }
    }

    /// Performs the call and accepts its response; when the response says the credentials
    /// expired, waits for the credential refresh (one for all the calls that expire together) and
    /// performs the call once more, never refreshing again.
    func fetch<R>(
        _ call: RequestBuilder.Call, _ interpret: (HTTPResponse) throws(XToolError) -> R
    ) async throws(XToolError) -> R {
        guard let refresh, let gate = storage.refreshGate, !RefreshGate.isRefreshing else {
            return try await accept(perform(call).response, of: call, interpret)
        }
        let round = gate.round
        let sent = try await perform(call)
        do {
            return try await accept(sent.response, of: call, interpret)
        } catch {
            let codes = reader.reading(call.description).codes(of: error, in: sent.response)
            guard refresh.isExpiry(error, codes: codes), !sent.leftOrigin,
                refresh.renews(builder.providedNames(of: call.description).filter { !sent.unsent.contains($0) })
            else { throw error }
            switch await gate.renewal(after: round) {
            case .renewed: return try await accept(perform(call).response, of: call, interpret)
            case .failed: throw error
            case .cancelled: throw .cancelled
            }
        }
    }

    /// Checks the status, interprets the response, and stores the body for `cache: .fallback`
    /// endpoints once it proved good (an empty body is never stored).
    private func accept<R>(
        _ response: HTTPResponse, of call: RequestBuilder.Call, retrying: Bool = true,
        _ interpret: (HTTPResponse) throws(XToolError) -> R
    ) async throws(XToolError) -> R {
        let value: R
        do {
            value = try answer(response, of: call.description, interpret)
        } catch {
            // The failure carries the wait the API's retry rules read, and one they name is
            // asked for once more, after it.
            let error = storage.retry?.stating(error, of: response) ?? error
            let repeats = call.description.method.isIdempotent || call.description.isRead
            guard retrying,
                let wait = storage.retry?.wait(
                    after: error, codes: reader.reading(call.description).codes(of: error, in: response), of: response,
                    repeats: repeats, limit: options.maxRetryAfter)
            else { throw error }
            do {
                try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            } catch {
                throw .cancelled
            }
            return try await accept(perform(call).response, of: call, retrying: false, interpret)
        }
        if call.description.cache == .fallback, let stored = reader.storable(response, format: call.description.format)
        {
            await cache.store(stored, forKey: call.cacheKey)
        }
        return value
    }

    /// What a call of `request` makes of `response`: a status outside 200…299 is the failure its
    /// error body (or its status) says; any other response is read by `interpret`.
    func answer<R>(
        _ response: HTTPResponse, of request: RequestDescription, _ interpret: (HTTPResponse) throws(XToolError) -> R
    ) throws(XToolError) -> R {
        guard (200...299).contains(response.status) else {
            throw reader.failure(for: response, errors: request.errors ?? errors)
        }
        return try interpret(response)
    }

    /// How a call that returns nothing reads a good response: the envelope, if any.
    func nothing(of request: RequestDescription) -> (HTTPResponse) throws(XToolError) -> Void {
        let reader = reader.reading(request)
        return { [errors] response throws(XToolError) in
            try reader.check(response, errors: request.errors ?? errors)
        }
    }

    /// A response, and what of the call's provided values the request that got it carried: none
    /// when a redirect took it to another origin, else all but the `unsent` ones (nil).
    private struct Sent {
        let response: HTTPResponse
        let unsent: [String]
        var leftOrigin = false
    }

    /// Builds the request and sends it through the middleware and the transport, following
    /// redirects by the rule of `Redirect`: each request of the chain goes through the
    /// middleware.
    private func perform(_ call: RequestBuilder.Call) async throws(XToolError) -> Sent {
        let built = try await builder.request(for: call)
        // A multipart body streamed from disk was written for this call alone.
        defer { if let file = built.request.bodyFile { try? FileManager.default.removeItem(at: file) } }
        let transport = self.transport
        let progress = TransferProgress.handler
        let limit = options.maxResponseBytes
        let chain = middlewareChain(for: call, progress: progress)
        var request = built.request
        var redirect: Redirect?
        var leftOrigin = false
        var waitedForRetryAfter = false
        do {
            while true {
                try Task.checkCancellation()
                let response =
                    if let chain {
                        try await chain(request)
                    } else {
                        try await transport.send(request, maxResponseBytes: limit, progress: progress)
                    }
                try Task.checkCancellation()
                if !waitedForRetryAfter,
                    let wait = RetryAfter.wait(
                        before: response, to: request, isRead: call.description.isRead, limit: options.maxRetryAfter)
                {
                    waitedForRetryAfter = true
                    try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
                    continue
                }
                guard Redirect.mayRedirect(response) else {
                    return Sent(response: response, unsent: built.unsent, leftOrigin: leftOrigin)
                }
                if redirect == nil {
                    redirect = Redirect(
                        allowsInsecure: options.allowsInsecureRedirects,
                        sensitiveNames: builder.sensitiveNames(of: call.description),
                        bodyHasCredential: built.bodyHasCredential)
                }
                guard let next = try redirect?.next(after: response, to: request) else {
                    return Sent(response: response, unsent: built.unsent, leftOrigin: leftOrigin)
                }
                request = next.request
                leftOrigin = leftOrigin || !next.sameOrigin
            }
        } catch {
            throw XToolError(error)
        }
    }

    /// The middleware around the transport; nil without middleware, when requests go straight to
    /// the transport with no context or chain of closures to build.
    private func middlewareChain(
        for call: RequestBuilder.Call, progress: TransferProgress.Handler?
    ) -> (@Sendable (HTTPRequest) async throws -> HTTPResponse)? {
        guard !options.middleware.isEmpty else { return nil }
        let transport = self.transport
        let limit = options.maxResponseBytes
        let context = MiddlewareContext(
            request: call.description, sensitiveNames: builder.sensitiveNames(of: call.description),
            followsCursor: call.followsCursor)
        return options.middleware.reversed().reduce({ @Sendable (request: HTTPRequest) in
            try await transport.send(request, maxResponseBytes: limit, progress: progress)
        }) { next, middleware in
            { @Sendable request in try await middleware.intercept(request, context: context, next: next) }
        }
    }
}
