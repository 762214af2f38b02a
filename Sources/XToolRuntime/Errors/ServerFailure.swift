import Foundation

/// A failure the server explained: an error body in a response outside 200…299, or a failure
/// reported through the envelope, read as an API's `ErrorBody` declares. Stripe answers a declined
/// card with 402 and `{"error": {"type": "card_error", "code": "card_declined", "message": …}}`:
///
/// ```swift
/// catch .rejected(let failure) {
///     failure.status                                  // 402
///     failure.message                                 // "Your card was declined."
///     failure.code                                    // "card_declined"
///     failure.model(as: StripeError.self)?.declineCode
/// }
/// ```
public struct ServerFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (200 for a failure reported through the envelope).
    public let status: Int
    /// The server's message, as text, when the body has one where the API says.
    public let message: String?
    /// The server's code, as text, when the body has one where the API says.
    public let code: String?
    /// The body as it came.
    public let body: Data
    /// The error model the body decoded to (the API's `ErrorBody` type), if it declares one.
    public let model: (any Sendable)?
    /// The response's headers (`Retry-After`, rate-limit headers); not compared by `==`, like
    /// the model.
    public let headers: HTTPHeaders
    /// The seconds to wait that the API's retry rules (`RetryRules`: a spec's `retry: wait:`)
    /// read in the response: a header's number, a number in the body, or one in the message.
    var statedWait: TimeInterval?
    /// For a failure reported through the envelope: how the call reads its value, and where it
    /// is in the document, so that `partial(as:)` can read the data that came with the failure.
    var payload: (reader: ResponseReader, path: [String])?

    public init(
        status: Int, message: String?, code: String?, body: Data, model: (any Sendable)? = nil,
        headers: HTTPHeaders = [:]
    ) {
        self.status = status
        self.message = message
        self.code = code
        self.body = body
        self.model = model
        self.headers = headers
    }

    /// How long the response asks to wait before the next request, in seconds from now: its
    /// `Retry-After` (seconds, or an HTTP date), else where the API's retry rules read a wait (a
    /// spec's `retry: wait:`: Taobao's "This ban will last for 41 more seconds"); nil when
    /// neither says.
    public var retryAfter: TimeInterval? {
        RetryAfter.seconds(in: headers, now: Date()) ?? statedWait
    }

    /// The data that came with a failure reported through the envelope, read as the call reads
    /// its value (a GraphQL partial answer: `data` and `errors` together); nil when there is none,
    /// it doesn't decode as `T`, or the failure is not the envelope's.
    ///
    /// ```swift
    /// catch .rejected(let failure) {
    ///     if let media = failure.partial(as: [Media].self) { show(media, warning: failure.message) }
    /// }
    /// ```
    public func partial<T: Decodable>(as type: T.Type = T.self) -> T? {
        guard let payload, let value = try? payload.reader.decode(T?.self, at: payload.path, from: body) else {
            return nil
        }
        return value
    }

    /// The decoded error model as `T` (the type the API's `errors:` names); nil when it is
    /// another type or there is none.
    public func model<T>(as type: T.Type = T.self) -> T? {
        model as? T
    }

    /// `The server reported a failure with HTTP 402: Your card was declined. (code card_declined).`
    public var description: String {
        "The server reported a failure"
            + ((200...299).contains(status) ? "" : " with HTTP \(status)")
            + ": \(message ?? "no message")" + (code.map { " (code \($0))" } ?? "") + "."
    }

    /// The model is what the body decodes to, so status, message, code and body say it all (the
    /// headers are left out too: a `Date` or a request id in them differs at every call).
    public static func == (lhs: ServerFailure, rhs: ServerFailure) -> Bool {
        lhs.status == rhs.status && lhs.message == rhs.message && lhs.code == rhs.code && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(message)
        hasher.combine(code)
        hasher.combine(body)
    }
}

/// Where an API's error body is and what it decodes to, for responses outside 200…299 (and, when
/// the API has an envelope, for the failures it reports): the call then fails with
/// `XToolError.rejected`, carrying the status, the message, the code and the decoded model. A
/// body that does not read as declared still fails with `.status(code:body:)`.
///
/// ```swift
/// ErrorBody(StripeError.self, path: "error", message: "message", code: "code")
/// ErrorBody(message: "message")   // GitHub's {"message": …, "documentation_url": …}, no model
/// ```
///
/// Some statuses may have bodies of their own (`forStatus(_:_:)`): Discord answers 429 with
/// `RatelimitedResponse` and its other client errors with `ErrorResponse`. `ErrorBody()` declares
/// nothing: as a request's `errors`, it keeps the client's from applying to that endpoint, whose
/// failures stay `.status` and `.server` (a spec's `errors: none`).
public struct ErrorBody: Sendable {
    /// Dotted key path of the error in the body (empty: the whole body).
    public let path: String
    /// Dotted key path of the message, inside the error.
    public let message: String?
    /// Dotted key path of the code, inside the error.
    public let code: String?
    /// Decodes the model from the body, as the client decodes responses.
    let decodeModel: (@Sendable (ResponseReader, Data, [String]) throws -> any Sendable)?
    /// The bodies of particular statuses, in the order given.
    private var statuses: [(status: String, body: ErrorBody)] = []

    /// An error body with its message and code, and no model.
    public init(path: String = "", message: String? = nil, code: String? = nil) {
        self.path = path
        self.message = message
        self.code = code
        decodeModel = nil
    }

    /// An error body that decodes to `model` at `path`.
    public init<Model: Decodable & Sendable>(
        _ model: Model.Type, path: String = "", message: String? = nil, code: String? = nil
    ) {
        self.path = path
        self.message = message
        self.code = code
        decodeModel = { reader, body, path in try reader.decode(Model.self, at: path, from: body) }
    }

    /// This error body, with `body` for responses of `status` instead: a status (`"429"`) or a
    /// class of them (`"4XX"`). A status's own body comes before its class's, whatever the order.
    ///
    /// ```swift
    /// ErrorBody(ErrorResponse.self, message: "message", code: "code")
    ///     .forStatus("429", ErrorBody(RatelimitedResponse.self, message: "message"))
    /// ```
    public func forStatus(_ status: String, _ body: ErrorBody) -> ErrorBody {
        var extended = self
        extended.statuses.append((status, body))
        return extended
    }

    /// The body a response of `status` reads as: the one given for the status, else for its
    /// class, else this one; nil when that declares nothing (no model, message or code).
    func body(for status: Int) -> ErrorBody? {
        let exact = String(status)
        let group = String(status / 100) + "XX"
        let chosen =
            statuses.first { $0.status == exact }?.body ?? statuses.first { $0.status.uppercased() == group }?.body
            ?? self
        return chosen.declaresNothing ? nil : chosen
    }

    /// No model, message, code or status of its own: `ErrorBody()`.
    var declaresNothing: Bool {
        decodeModel == nil && message == nil && code == nil && statuses.isEmpty
    }
}
