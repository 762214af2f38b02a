import Foundation

/// Details of a request that got no response.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// No data arrived within the transport's timeout.
        case timedOut
        /// The host could not be reached (refused, unknown host, offline).
        case cannotConnect
        /// The connection closed before the response was complete.
        case connectionLost
        /// The response's body was longer than the client accepts
        /// (`ClientOptions.maxResponseBytes`); it was not read to the end.
        case responseTooLarge
        /// The server redirected the request where the client does not follow: from https to
        /// http, to a scheme other than those two, past 10 redirects (a loop), or to another
        /// origin with a body that holds a credential.
        case redirectRefused
        /// Anything else; see `message`.
        case other
    }

    /// What kind of failure it was.
    public var reason: Reason
    /// The underlying error's description (never the request's URL or parameters).
    public var message: String
    /// The `URLError` code when the failure came from URLSession.
    public var code: URLError.Code?

    public init(reason: Reason, message: String, code: URLError.Code? = nil) {
        self.reason = reason
        self.message = message
        self.code = code
    }

    /// The failure of a response whose body is longer than `limit` bytes.
    public static func responseTooLarge(limit: Int) -> TransportFailure {
        TransportFailure(
            reason: .responseTooLarge, message: "The response is larger than the limit of \(limit) bytes.",
            code: .dataLengthExceedsMaximum)
    }

    /// Classifies an error thrown by a transport. URLSession's errors are `NSError`s in
    /// `NSURLErrorDomain`; their `localizedDescription` leaves out the failing URL, which may
    /// carry provided values.
    init(_ error: any Error) {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            self.init(reason: .other, message: String(describing: error))
            return
        }
        let code = URLError.Code(rawValue: nsError.code)
        let reason: Reason =
            switch code {
            case .timedOut: .timedOut
            case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: .cannotConnect
            case .networkConnectionLost: .connectionLost
            case .dataLengthExceedsMaximum: .responseTooLarge
            default: .other
            }
        self.init(reason: reason, message: nsError.localizedDescription, code: code)
    }

    public var description: String {
        message + (code.map { " (URLError \($0.rawValue))" } ?? "")
    }
}
