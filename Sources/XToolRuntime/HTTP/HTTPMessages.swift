import Foundation

/// A request as it goes to the transport, after parameters, signature and headers are applied.
public struct HTTPRequest: Sendable, Hashable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?
    /// A body sent from this local file, read as it goes out (a large upload), instead of `body`.
    public var bodyFile: URL?

    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, bodyFile: URL? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }
}

/// A response as the transport received it, whatever its status.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
