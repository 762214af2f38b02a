import Foundation

/// A dynamic parameter of one call: its name, where it goes, and its value.
///
/// Values are any `Encodable & Sendable`; a nil optional is left out. In a query, form or
/// header, an array repeats the key (unless its `style` says otherwise), Bool is
/// `true`/`false`, numbers are written in their shortest exact form, dates as the parameter's
/// `dates` style writes them (the client's when it has none: a `due_on` of `yyyy-MM-dd` beside
/// ISO 8601 timestamps), and anything else that encodes to an object as compact JSON (or, with
/// `.deepObject`, as one `name[key]` field per member).
public struct Parameter: Sendable {
    enum Location: Sendable {
        case path, query, header, body
        /// The whole JSON body.
        case wholeBody
    }

    enum Value: Sendable {
        case encodable(any Encodable & Sendable)
        /// JSON `null`, sent on purpose.
        case null
        case file(MultipartFile)
    }

    let name: String
    let location: Location
    let value: Value
    let style: ParameterStyle
    /// How the value's dates are written; nil: as the client writes dates.
    var dates: DateStyle?

    var isFile: Bool {
        if case .file = value { return true }
        return false
    }

    /// `path(name, value, dates: nil)`, `query(name, value, style: .repeated, dates: nil)` and the
    /// like with no default argument left for the call to evaluate: the forms generated calls
    /// take, as every endpoint carries that code (docs/performance.md, round four).
    public static func path(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        path(name, value, dates: nil)
    }

    /// `query(name, value)` with no default argument to evaluate (see `path(_:_:)`).
    public static func query(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        query(name, value, style: .repeated, dates: nil)
    }

    /// `header(name, value)` with no default argument to evaluate (see `path(_:_:)`).
    public static func header(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        header(name, value, dates: nil)
    }

    /// `body(name, value)` with no default argument to evaluate (see `path(_:_:)`).
    public static func body(_ name: String, _ value: some Encodable & Sendable) -> Parameter {
        body(name, value, style: .repeated, dates: nil)
    }

    /// Replaces `{name}` in the path, percent-encoded as one segment.
    public static func path(_ name: String, _ value: some Encodable & Sendable, dates: DateStyle? = nil) -> Parameter {
        Parameter(name: name, location: .path, value: .encodable(value), style: .repeated, dates: dates)
    }

    /// Goes in the URL's query.
    public static func query(
        _ name: String, _ value: some Encodable & Sendable, style: ParameterStyle = .repeated, dates: DateStyle? = nil
    ) -> Parameter {
        Parameter(name: name, location: .query, value: .encodable(value), style: style, dates: dates)
    }

    /// Goes in a header field (array elements joined with `, `).
    public static func header(_ name: String, _ value: some Encodable & Sendable, dates: DateStyle? = nil) -> Parameter
    {
        Parameter(name: name, location: .header, value: .encodable(value), style: .repeated, dates: dates)
    }

    /// Goes in the body, form or JSON as the client's `body` says (a part of a multipart body
    /// when the request has a file). The style applies to form and multipart bodies.
    public static func body(
        _ name: String, _ value: some Encodable & Sendable, style: ParameterStyle = .repeated, dates: DateStyle? = nil
    ) -> Parameter {
        Parameter(name: name, location: .body, value: .encodable(value), style: style, dates: dates)
    }

    /// A JSON body member that may be sent as an explicit `null`: nil leaves it out, `.null`
    /// sends `null`; a date in `dates`, or the client's style.
    public static func body<Wrapped: Encodable & Sendable>(
        _ name: String, _ value: Nullable<Wrapped>?, dates: DateStyle? = nil
    ) -> Parameter {
        let encoded: Value =
            switch value {
            case nil: .encodable(JSON.null)
            case .null?: .null
            case .value(let wrapped)?: .encodable(wrapped)
            }
        return Parameter(name: name, location: .body, value: encoded, style: .repeated, dates: dates)
    }

    /// The whole JSON body of the request (a model, an array or a dictionary); the fixed
    /// parameters and the signature then go to the query.
    public static func jsonBody(_ value: some Encodable & Sendable) -> Parameter {
        Parameter(name: "", location: .wholeBody, value: .encodable(value), style: .repeated)
    }

    /// The file as the request's whole body, its bytes as they are, sent with its content type
    /// (an `image/jpeg` upload, `application/octet-stream`); the fixed parameters and the
    /// signature then go to the query. A file on disk is streamed from a copy, never read into
    /// memory whole. A nil file sends no body.
    public static func fileBody(_ file: MultipartFile?) -> Parameter {
        Parameter(
            name: "", location: .wholeBody, value: file.map(Value.file) ?? .encodable(JSON.null), style: .repeated)
    }

    /// A file part; a request with one sends its body as `multipart/form-data`. A nil file is
    /// left out.
    public static func file(_ name: String, _ file: MultipartFile?) -> Parameter {
        Parameter(
            name: name, location: .body, value: file.map(Value.file) ?? .encodable(JSON.null), style: .repeated)
    }
}

/// How an array or an object is written in a query, a form or a multipart body.
public enum ParameterStyle: Sendable, Hashable {
    /// `ids=1&ids=2` (the default).
    case repeated
    /// `labels=bug,ui`.
    case csv
    /// `types=050000|060000`.
    case pipe
    /// `waypoints=116.4,39.9;116.5,39.8`.
    case semicolon
    /// `ids[]=1&ids[]=2`.
    case brackets
    /// `metadata[order_id]=6735&metadata[tags][0]=a`: an object's members (and nested arrays'
    /// elements, by index) each as one field.
    case deepObject
    /// `after=CUR&limit=10`: an object's members each as a field of its own name (OpenAPI's
    /// exploded `form` style for an object).
    case form
}

/// A JSON body member that can be cleared: `.null` is sent as `null`, which is not the same as
/// leaving the member out (a nil `Nullable?`).
public enum Nullable<Wrapped: Sendable>: Sendable {
    case null
    case value(Wrapped)
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

/// A parameter or header sent with every request, never part of a call.
public struct FixedParameter: Sendable {
    /// Where a fixed parameter goes.
    public enum Placement: Sendable, Hashable {
        /// Where the method's parameters go: the query for get and delete, the body otherwise
        /// (the query when the body is one whole JSON value).
        case automatic
        case query
        case header
        /// The body; left out of a GET, which can't have one (a CSRF token that only writes send).
        case body
    }

    enum Source: Sendable {
        case literal(JSON)
        case provided(@Sendable () async throws -> String?, prefix: String)
        /// The client's provided value of this label (`APIClient(provided:)`).
        case labelled(String, prefix: String)
        /// The time the request is made, in a date style (a gateway's signed `timestamp`).
        case now(DateStyle)
        /// A value made afresh for each request (a signed `nonce`).
        case nonce(Nonce)
    }

    /// A value an API wants different on every request, to refuse a replayed one.
    public enum Nonce: Sendable, Hashable {
        /// A UUID in lower case (`"8f14e45f-ceea-467a-9b3e-0f1c2a3b4d5e"`).
        case uuid
        /// 32 lower-case hexadecimal digits: 128 random bits.
        case hex
        /// A random positive integer below 2³¹ (Tencent Cloud's `Nonce`).
        case number

        /// A new value.
        func make() -> JSON {
            switch self {
            case .uuid: .string(UUID().uuidString.lowercased())
            case .hex: .string(hexText((0..<16).map { _ in UInt8.random(in: .min ... .max) }))
            case .number: .int(Int64.random(in: 1..<(1 << 31)))
            }
        }
    }

    let name: String
    let source: Source
    let placement: Placement
    /// The keys inside the JSON body parameter `name` where a literal goes; empty for a
    /// parameter of its own.
    var member: [String] = []

    /// A value from the spec. In a JSON body it keeps its type (`0` is a number, `"0"` a string).
    public static func literal(_ name: String, _ value: JSON, in placement: Placement = .automatic) -> FixedParameter {
        FixedParameter(name: name, source: .literal(value), placement: placement)
    }

    /// A value from the spec inside the JSON body parameter `name`, at the keys `member` of its
    /// object (a GraphQL query's `variables.perPage`: `.literal("variables", 50, at: ["perPage"])`),
    /// beside the members the call gives; objects are made where missing.
    public static func literal(_ name: String, _ value: JSON, at member: [String]) -> FixedParameter {
        FixedParameter(name: name, source: .literal(value), placement: .body, member: member)
    }

    /// A value the app supplies at run time (a token), asked for on every request and sent
    /// after `prefix` (`"Bearer "`). It is never logged, stored in the cache key, or put in an
    /// error.
    public static func provided(
        _ name: String, _ value: @escaping @Sendable () async throws -> String, prefix: String = "",
        in placement: Placement = .automatic
    ) -> FixedParameter {
        FixedParameter(name: name, source: .provided({ try await value() }, prefix: prefix), placement: placement)
    }

    /// A value the app may not have (a token while logged out): nil leaves the parameter out.
    public static func optionalProvided(
        _ name: String, _ value: @escaping @Sendable () async throws -> String?, prefix: String = "",
        in placement: Placement = .automatic
    ) -> FixedParameter {
        FixedParameter(name: name, source: .provided(value, prefix: prefix), placement: placement)
    }

    /// The client's provided value `label` (`APIClient(provided:)`): what an endpoint's own
    /// fixed parameters and headers send, since a `RequestDescription` holds no closure of the
    /// app's. Nil leaves the parameter out.
    public static func provided(
        _ name: String, label: String, prefix: String = "", in placement: Placement = .automatic
    ) -> FixedParameter {
        FixedParameter(name: name, source: .labelled(label, prefix: prefix), placement: placement)
    }

    /// A time the request is made: in a date style (`"yyyy-MM-dd HH:mm:ss"` in a zone, epoch
    /// seconds or milliseconds), worked out when a call's request is made: a retry of that request
    /// sends it again as it was, its signature and time alike.
    public static func now(_ name: String, _ style: DateStyle, in placement: Placement = .automatic)
        -> FixedParameter
    {
        FixedParameter(name: name, source: .now(style), placement: placement)
    }

    /// A value made afresh for each request: a UUID, 32 hex digits or a number, worked out when
    /// a call's request is made (a retry of that request sends it again as it was).
    public static func nonce(_ name: String, _ nonce: Nonce, in placement: Placement = .automatic)
        -> FixedParameter
    {
        FixedParameter(name: name, source: .nonce(nonce), placement: placement)
    }

    var isProvided: Bool {
        switch source {
        case .provided, .labelled: true
        case .literal, .now, .nonce: false
        }
    }
}

/// Adds a parameter `name` whose value the signer computes from every other parameter sent.
public struct Signature: Sendable {
    /// The name of the parameter that carries the signature.
    public let name: String
    let signing: Signing

    /// A signer's nil result sends no signature (`sign: { name:, optional: true }`).
    enum Signing: Sendable {
        case value(@Sendable ([String: String]) async throws -> String?)
        case rewriting(@Sendable (inout SignedParameters) async throws -> String?)
    }

    /// `signer` receives each parameter about to be sent in the query and the body (fixed and
    /// dynamic, the signature excepted) as the text that is sent, before percent-encoding; an
    /// array's elements are joined as their style joins them (`,` by default). It can't change
    /// what is sent.
    public init(name: String, signer: @escaping @Sendable ([String: String]) async throws -> String) {
        self.name = name
        signing = .value { try await signer($0) }
    }

    /// An optional signature (`sign: { name:, optional: true }`): when `signer` returns nil (the
    /// app has signing switched off, or no secret), the request carries no signature parameter
    /// at all, not an empty one.
    public static func optional(
        name: String, signer: @escaping @Sendable ([String: String]) async throws -> String?
    ) -> Signature {
        Signature(name: name, signing: .value(signer))
    }

    /// A signer that may change what is sent (`sign: { name:, rewrites: true }`): it receives the
    /// same parameters in the order they are sent, and may change their values, remove them and
    /// add others (Bilibili's WBI signature strips `!'()*` from every value it signs and adds a
    /// timestamp `wts`); what it leaves is what is sent, with the signature it returns.
    public static func rewriting(
        name: String, signer: @escaping @Sendable (inout SignedParameters) async throws -> String
    ) -> Signature {
        Signature(name: name, signing: .rewriting { try await signer(&$0) })
    }

    /// A rewriting signer whose nil result sends no signature; what it left is still what is
    /// sent.
    public static func optionalRewriting(
        name: String, signer: @escaping @Sendable (inout SignedParameters) async throws -> String?
    ) -> Signature {
        Signature(name: name, signing: .rewriting(signer))
    }

    private init(name: String, signing: Signing) {
        self.name = name
        self.signing = signing
    }
}

/// What a rewriting signer signs and may change: each parameter about to be sent in the query
/// and the body, in order, as the text that is sent (before percent-encoding; an array's
/// elements joined with `,`). A parameter it changes is sent as that text; one it adds goes
/// where the signature goes (the query, or the body of a post, put or patch), after the others.
public struct SignedParameters: Sendable {
    /// The parameters, in the order they are sent.
    public var parameters: [(name: String, value: String)]

    public init(_ parameters: [(name: String, value: String)]) {
        self.parameters = parameters
    }

    /// The value of the first parameter called `name`; setting it changes that parameter, adds
    /// one at the end when there is none, and removes it when nil.
    public subscript(name: String) -> String? {
        get { parameters.first { $0.name == name }?.value }
        set {
            let index = parameters.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): parameters[index].value = value
            case (let index?, nil): parameters.remove(at: index)
            case (nil, let value?): parameters.append((name, value))
            case (nil, nil): break
            }
        }
    }
}

/// How post, put and patch requests send their parameters.
public enum BodyEncoding: Sendable, Hashable {
    /// `application/x-www-form-urlencoded`, percent-encoded like a query.
    case form
    /// `application/json`, one object.
    case json
}

/// A file sent as one part of a `multipart/form-data` body: bytes in memory, or a file on
/// disk that is streamed into the request without being read into memory.
public struct MultipartFile: Sendable, Hashable {
    /// Where the file's contents come from.
    public enum Contents: Sendable, Hashable {
        case data(Data)
        /// A local file, read in chunks as the request is sent.
        case file(URL)
    }

    public var contents: Contents
    /// The name the server sees.
    public var filename: String
    /// The part's MIME type.
    public var contentType: String

    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        self.init(contents: .data(data), filename: filename, contentType: contentType)
    }

    /// The file at `url` (a `file:` URL), named after its last path component unless
    /// `filename` says otherwise.
    public init(fileURL url: URL, filename: String? = nil, contentType: String = "application/octet-stream") {
        self.init(contents: .file(url), filename: filename ?? url.lastPathComponent, contentType: contentType)
    }

    public init(contents: Contents, filename: String, contentType: String) {
        self.contents = contents
        self.filename = filename
        self.contentType = contentType
    }
}
