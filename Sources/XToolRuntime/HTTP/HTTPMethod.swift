/// An HTTP method. `.get`, `.post`, `.put`, `.patch`, `.delete`, `.head`, or any other.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method's name, upper-cased.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let head = HTTPMethod(rawValue: "HEAD")

    /// Whether sending the request twice has the effect of sending it once (RFC 9110 §9.2.2),
    /// so that it may be retried.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
    }

    /// Whether fixed parameters and the signature go in the body (post, put, patch) rather
    /// than the query.
    var sendsParametersInBody: Bool {
        ["POST", "PUT", "PATCH"].contains(rawValue)
    }

    public var description: String { rawValue }
}
