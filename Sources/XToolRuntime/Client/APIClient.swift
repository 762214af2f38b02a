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

        init(
            transport: any HTTPTransport, cache: any ResponseCache, options: ClientOptions, errors: ErrorBody?,
            builder: RequestBuilder, reader: ResponseReader
        ) {
            self.transport = transport
            self.cache = cache
            self.options = options
            self.errors = errors
            self.builder = builder
            self.reader = reader
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
        lenient: Bool = false
    ) {
        storage = Storage(
            transport: transport, cache: cache, options: options, errors: errors,
            builder: RequestBuilder(
                baseURL: baseURL, fixed: fixed, headers: headers, signature: signature, body: body, dates: dates),
            reader: ResponseReader(envelope: envelope, dates: dates, lenient: lenient))
    }

    /// Every request's path is relative to it.
    public var baseURL: URL { builder.baseURL }

    /// Sends the request and decodes the value at the description's `response` path
    /// (`T` is inferred; `JSON` for any value; `String` or `Data`, optional or not, for a
    /// description whose `format` is `.text` or `.data`).
    public func send<T: Decodable & Sendable>(
        _ request: RequestDescription, _ parameters: [Parameter] = []
    ) async throws(XToolError) -> T {
        try await fetch(builder.encode(request, parameters), payload(T.self, of: request))
    }

    /// Sends the request and checks the status (and the envelope, if any), for endpoints that
    /// return nothing.
    public func send(_ request: RequestDescription, _ parameters: [Parameter] = []) async throws(XToolError) {
        try await fetch(builder.encode(request, parameters)) { response throws(XToolError) in
            try reader.check(response, errors: request.errors ?? errors)
        }
    }

    /// Like `send`, and with the status and the headers of the response: `Headers` is
    /// `HTTPHeaders`, or a `ReceivedHeaders` type that reads typed values from them.
    public func receive<T: Decodable & Sendable, Headers: ReceivedHeaders>(
        _ request: RequestDescription, _ parameters: [Parameter] = []
    ) async throws(XToolError) -> Received<T, Headers> {
        let decode = payload(T.self, of: request)
        return try await fetch(builder.encode(request, parameters)) { response throws(XToolError) in
            Received(value: try decode(response), status: response.status, headers: try Headers(response.headers))
        }
    }

    /// Like `send` for endpoints that return nothing, and with the status and the headers of the
    /// response.
    public func receive<Headers: ReceivedHeaders>(
        _ request: RequestDescription, _ parameters: [Parameter] = []
    ) async throws(XToolError) -> Received<Void, Headers> {
        try await fetch(builder.encode(request, parameters)) { response throws(XToolError) in
            try reader.check(response, errors: request.errors ?? errors)
            return Received(value: (), status: response.status, headers: try Headers(response.headers))
        }
    }

    /// Like `send`, but when the request fails for any reason other than cancellation, returns
    /// the last good response stored for the same method, URL and dynamic parameters, together
    /// with the failure. Throws only when nothing usable is stored.
    public func cached<T: Decodable & Sendable>(
        _ request: RequestDescription, _ parameters: [Parameter] = []
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
        try await perform(builder.encode(request, parameters))
    }

    /// Decodes the value at the request's `response` path (after the envelope).
    private func payload<T: Decodable>(_ type: T.Type, of request: RequestDescription)
        -> (HTTPResponse) throws(XToolError) -> T
    {
        { [errors] response throws(XToolError) in
            try reader.value(
                T.self, at: request.response, format: request.format, errors: request.errors ?? errors, from: response)
        }
    }

    /// Performs the call, checks the status, interprets the response, and stores the body for
    /// `cache: .fallback` endpoints once it proved good (an empty body is never stored).
    func fetch<R>(
        _ call: RequestBuilder.Call, _ interpret: (HTTPResponse) throws(XToolError) -> R
    ) async throws(XToolError) -> R {
        let response = try await perform(call)
        guard (200...299).contains(response.status) else {
            throw reader.failure(for: response, errors: call.description.errors ?? errors)
        }
        let value = try interpret(response)
        if call.description.cache == .fallback, let stored = reader.storable(response, format: call.description.format)
        {
            await cache.store(stored, forKey: call.cacheKey)
        }
        return value
    }

    /// Builds the request and sends it through the middleware and the transport.
    private func perform(_ call: RequestBuilder.Call) async throws(XToolError) -> HTTPResponse {
        let request = try await builder.request(for: call)
        // A multipart body streamed from disk was written for this call alone.
        defer { if let file = request.bodyFile { try? FileManager.default.removeItem(at: file) } }
        let transport = self.transport
        let progress = TransferProgress.handler
        let limit = options.maxResponseBytes
        do {
            try Task.checkCancellation()
            let response: HTTPResponse
            if options.middleware.isEmpty {
                // Straight to the transport: no context or chain of closures to build.
                response = try await transport.send(request, maxResponseBytes: limit, progress: progress)
            } else {
                let context = MiddlewareContext(
                    request: call.description, sensitiveNames: builder.sensitiveNames(of: call.description))
                let send = options.middleware.reversed().reduce({ @Sendable (request: HTTPRequest) in
                    try await transport.send(request, maxResponseBytes: limit, progress: progress)
                }) { next, middleware in
                    { @Sendable request in try await middleware.intercept(request, context: context, next: next) }
                }
                response = try await send(request)
            }
            try Task.checkCancellation()
            return response
        } catch {
            throw XToolError(error)
        }
    }
}
