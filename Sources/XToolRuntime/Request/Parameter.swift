import Foundation

/// A dynamic parameter of one call: its name, where it goes, and its value.
///
/// Values are any `Encodable & Sendable`; a nil optional is left out. In a query, form or
/// header, an array repeats the key, Bool is `true`/`false`, numbers are written in their
/// shortest exact form, dates as the client's `dates` style writes them, and anything else
/// that encodes to an object as compact JSON.
public struct Parameter: Sendable {
    enum Location: Sendable {
        case path, query, header, body
    }

    enum Value: Sendable {
        case encodable(any Encodable & Sendable)
        case file(MultipartFile)
    }

    let name: String
    let location: Location
    let value: Value

    /// Replaces `{name}` in the path, percent-encoded as one segment.
    public static func path(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        Parameter(name: name, location: .path, value: .encodable(value))
    }

    /// Goes in the URL's query.
    public static func query(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        Parameter(name: name, location: .query, value: .encodable(value))
    }

    /// Goes in a header field (array elements joined with `, `).
    public static func header(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        Parameter(name: name, location: .header, value: .encodable(value))
    }

    /// Goes in the body, form or JSON as the client's `body` says.
    public static func body(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        Parameter(name: name, location: .body, value: .encodable(value))
    }

    /// A file part; a request with one sends its body as `multipart/form-data`.
    public static func file(_ name: String, _ file: MultipartFile) -> Parameter {
        Parameter(name: name, location: .body, value: .file(file))
    }
}

/// A parameter or header sent with every request, never part of a call.
public enum FixedParameter: Sendable {
    /// A value from the spec. In a JSON body it keeps its type (`0` is a number, `"0"` a string).
    case literal(String, JSON)
    /// A value the app supplies at run time (a token), asked for on every request.
    /// It is never logged, stored in the cache key, or put in an error.
    case provided(String, @Sendable () async throws -> String)

    var name: String {
        switch self {
        case .literal(let name, _), .provided(let name, _): name
        }
    }
}

/// Adds a parameter `name` whose value the signer computes from every other parameter sent.
public struct Signature: Sendable {
    /// The name of the parameter that carries the signature.
    public let name: String
    let signer: @Sendable ([String: String]) async throws -> String

    /// `signer` receives each parameter about to be sent in the query and the body (fixed and
    /// dynamic, the signature excepted) as the text that is sent, before percent-encoding; an
    /// array's elements are joined with `,`.
    public init(name: String, signer: @escaping @Sendable ([String: String]) async throws -> String) {
        self.name = name
        self.signer = signer
    }
}

/// How post, put and patch requests send their parameters.
public enum BodyEncoding: Sendable, Hashable {
    /// `application/x-www-form-urlencoded`, percent-encoded like a query.
    case form
    /// `application/json`, one object.
    case json
}

/// A file sent as one part of a `multipart/form-data` body.
public struct MultipartFile: Sendable, Hashable {
    /// The file's contents.
    public var data: Data
    /// The name the server sees.
    public var filename: String
    /// The part's MIME type.
    public var contentType: String

    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }
}
