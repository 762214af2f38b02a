import Foundation

/// Turns a response body into a value: the envelope check, then only the value at the payload's
/// key path is decoded, with errors naming the path from the document's root.
struct ResponseReader: Sendable {
    let envelope: Envelope?
    let dates: DateStyle
    let lenient: Bool

    /// The reader of `description`'s responses: this one, or one with the endpoint's own
    /// envelope (none for `Envelope()`).
    func reading(_ description: RequestDescription) -> ResponseReader {
        guard let own = description.envelope else { return self }
        return ResponseReader(envelope: own.isNone ? nil : own, dates: dates, lenient: lenient)
    }

    /// The value at `response` (after the envelope's data path), checking the envelope first; or
    /// the whole body as text or bytes. An empty body is nil for an optional; an empty JSON body,
    /// with the statuses that may have none (204, 205, 206), is the empty value of an array, a
    /// dictionary, text or JSON (null), and any other is a decoding error.
    func value<T: Decodable>(
        _ type: T.Type, at response: String?, format: ResponseFormat, errors: ErrorBody?, from http: HTTPResponse
    ) throws(XToolError) -> T {
        if http.body.isEmpty, let nullable = T.self as? any NullRepresentable.Type, let null = nullable.null as? T {
            return null
        }
        if http.body.isEmpty, format == .json {
            if Self.mayBeEmpty(http.status), let emptyType = T.self as? any EmptyBody.Type,
                let empty = emptyType.emptyBody as? T
            {
                return empty
            }
            throw .decoding(
                path: "",
                message: "The response body is empty (HTTP \(http.status)); an optional response accepts that.")
        }
        switch format {
        case .json:
            let path = payloadPath(response)
            return try rejectingEnvelopeFailures(http, errors: errors, payloadPath: path) { () throws(XToolError) in
                try read(Payload<T>.self, path: path, from: http.body, envelope: envelope).value
            }
        case .text:
            return try Self.cast(Self.text(of: http), to: T.self)
        case .data:
            return try Self.cast(http.body, to: T.self)
        }
    }

    /// The JSON at the payload's key path (after the envelope's data path) as the server sent
    /// it; nil when the body is no JSON, or the path reads each element of an array.
    func payload(of http: HTTPResponse, at response: String?) -> JSON? {
        let path = payloadPath(response)
        guard !path.contains(where: { $0.hasSuffix("[]") }), let json = try? JSON(data: http.body) else { return nil }
        return json.value(at: path)
    }

    /// The key path of the payload: the envelope's data path, then the response's.
    private func payloadPath(_ response: String?) -> [String] {
        (envelope.map { keyPath($0.data) } ?? []) + keyPath(response ?? "")
    }

    /// Only checks the envelope, for calls that return nothing; without an envelope, any body goes,
    /// and so does an empty one with 204, 205 or 206.
    func check(_ response: HTTPResponse, errors: ErrorBody?) throws(XToolError) {
        guard envelope != nil, !(response.body.isEmpty && Self.mayBeEmpty(response.status)) else { return }
        try rejectingEnvelopeFailures(response, errors: errors) { () throws(XToolError) in
            _ = try read(Payload<Ignored>.self, path: [], from: response.body, envelope: envelope)
        }
    }

    /// The failure a response outside 200…299 stands for: `.rejected` when its body reads as the
    /// API's error body for its status declares, else `.status` with the body.
    func failure(for response: HTTPResponse, errors: ErrorBody?) -> XToolError {
        guard let errors = errors?.body(for: response.status), let failure = serverFailure(response, errors: errors)
        else {
            return .status(code: response.status, body: response.body)
        }
        return .rejected(failure)
    }

    /// The error body as declared: the error at its path, the message and code inside it, and
    /// the model it decodes to; nil when the body does not read so (not JSON, nothing at the
    /// path, a model that does not decode, or neither message nor code where declared).
    private func serverFailure(_ response: HTTPResponse, errors: ErrorBody) -> ServerFailure? {
        let path = keyPath(errors.path)
        guard let error = try? decode(JSON.self, at: path, from: response.body), !error.isNull else { return nil }
        let message = errors.message.flatMap { error.value(at: keyPath($0))?.text }
        let code = errors.code.flatMap { error.value(at: keyPath($0))?.text }
        var model: (any Sendable)?
        if let decodeModel = errors.decodeModel {
            guard let decoded = try? decodeModel(self, response.body, path) else { return nil }
            model = decoded
        } else if message == nil, code == nil {
            return nil
        }
        return ServerFailure(
            status: response.status, message: message, code: code, body: response.body, model: model,
            headers: response.headers)
    }

    /// Runs `body`; with an error body declared, a failure reported through the envelope becomes
    /// `.rejected` like an error body's, with the envelope's message and code and the model the
    /// document decodes to.
    /// `payloadPath`, the key path of the call's value in the document, lets the failure decode
    /// the data that came with it (a GraphQL partial answer, `ServerFailure.partial(as:)`).
    private func rejectingEnvelopeFailures<R>(
        _ response: HTTPResponse, errors: ErrorBody?, payloadPath: [String]? = nil, _ body: () throws(XToolError) -> R
    ) throws(XToolError) -> R {
        do {
            return try body()
        } catch .server(let message, let code) where errors?.declaresNothing == false {
            let model = errors?.decodeModel.flatMap { try? $0(self, response.body, keyPath(errors?.path ?? "")) }
            var failure = ServerFailure(
                status: response.status, message: message, code: code, body: response.body, model: model,
                headers: response.headers)
            failure.payload = payloadPath.map { (self, $0) }
            throw .rejected(failure)
        }
    }

    /// Every code of `failure`, the reading of `response`, that `refresh:` and `retry:` match: for
    /// a failure the envelope reported, the code at each place its `code:` list reads that holds
    /// one (Taobao's call limit is code 7 beside the sub-code its `code` is); else its code.
    func codes(of failure: XToolError, in response: HTTPResponse) -> [String] {
        let code: String?
        switch failure {
        case .server(_, let reported): code = reported
        case .rejected(let failure): code = failure.code
        default: return []
        }
        if (200...299).contains(response.status), let envelope {
            let codes = envelope.failureCodes(in: response.body)
            if !codes.isEmpty { return codes }
        }
        return code.map { [$0] } ?? []
    }

    /// The value at `path` of a JSON body, read as the client reads responses but without the
    /// envelope (an error body).
    func decode<T: Decodable>(_ type: T.Type, at path: [String], from body: Data) throws(XToolError) -> T {
        try read(Payload<T>.self, path: path, from: body, envelope: nil).value
    }

    /// What `cache: .fallback` keeps of a good response: the body, or for text the text as UTF-8
    /// (read back without its charset); nothing for an empty body, which never replaces a value.
    func storable(_ response: HTTPResponse, format: ResponseFormat) -> Data? {
        guard !response.body.isEmpty else { return nil }
        guard format == .text else { return response.body }
        return (try? Self.text(of: response)).map { Data($0.utf8) }
    }

    /// The statuses whose response may have no body although the call succeeded.
    private static func mayBeEmpty(_ status: Int) -> Bool {
        [204, 205, 206].contains(status)
    }

    /// `value` as `T` (`String` or `String?`, `Data` or `Data?`), or a decoding error for a
    /// description whose format does not fit the call's type.
    private static func cast<V, T>(_ value: V, to type: T.Type) throws(XToolError) -> T {
        if let same = value as? T { return same }
        if let wrapped = Optional(value) as? T { return wrapped }
        throw .decoding(path: "", message: "The body is read as \(V.self), which is not \(T.self).")
    }

    /// The body as text: in the charset its `Content-Type` names (UTF-8 when it names none), or,
    /// when the body is labelled JSON and is a JSON string, that string. A charset that
    /// Foundation can't read on every platform (GBK, Big5, EUC-KR…: Linux's has no decoder for
    /// them) is a decoding error on every platform alike, which says how to read the bytes.
    static func text(of response: HTTPResponse) throws(XToolError) -> String {
        let contentType = ContentType(response.headers["Content-Type"])
        if contentType.isJSON, let string = try? JSONDecoder().decode(String.self, from: response.body) {
            return string
        }
        guard let encoding = contentType.encoding else {
            throw .decoding(
                path: "",
                message: "The body's charset '\(contentType.charset ?? "")' is not one the runtime reads on every "
                    + "platform; declare the response as Data and convert its bytes.")
        }
        guard let text = String(data: response.body, encoding: encoding) else {
            throw .decoding(path: "", message: "The body is not valid \(contentType.charset ?? "UTF-8") text.")
        }
        return text
    }

    private func read<T: Decodable>(
        _ type: Payload<T>.Type, path: [String], from body: Data, envelope: Envelope?
    ) throws(XToolError) -> Payload<T> {
        let decoder = dates.decoder(lenient: lenient)
        decoder.userInfo[.payload] = PayloadRequest(envelope: envelope, path: path)
        do {
            return try decoder.decode(type, from: body)
        } catch let error as XToolError {
            throw error
        } catch let error as DecodingError {
            throw Self.decodingError(error)
        } catch {
            throw .decoding(path: "", message: String(describing: error))
        }
    }

    /// `.decoding` with the full key path and the decoder's explanation.
    private static func decodingError(_ error: DecodingError) -> XToolError {
        switch error {
        case .keyNotFound(let key, let context):
            .decoding(path: keyPathText(context.codingPath + [key]), message: context.debugDescription)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            .decoding(path: keyPathText(context.codingPath), message: Self.message(context))
        @unknown default:
            .decoding(path: "", message: String(describing: error))
        }
    }

    /// The context's description, with the underlying parser error when there is one
    /// (invalid or truncated JSON).
    private static func message(_ context: DecodingError.Context) -> String {
        guard let underlying = context.underlyingError else { return context.debugDescription }
        return context.debugDescription + " " + String(describing: underlying)
    }
}

/// What `Payload` reads: passed through the decoder's `userInfo`.
private struct PayloadRequest: Sendable {
    let envelope: Envelope?
    let path: [String]
}

extension CodingUserInfoKey {
    fileprivate static let payload = CodingUserInfoKey(rawValue: "XToolRuntime.payload")!
}

/// The document, checked against the envelope, reduced to the value at the requested path;
/// nothing else in it is decoded.
private struct Payload<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        let request = decoder.userInfo[.payload] as! PayloadRequest
        guard request.envelope != nil || !request.path.isEmpty else {
            value = try T(from: decoder)
            return
        }
        let fields = try FieldDecoder(document: decoder)
        try request.envelope?.check(fields)
        value = request.path.isEmpty ? try T(from: decoder) : try fields.decode(request.path.joined(separator: "."))
    }
}

/// Decodes from anything, reading nothing.
private struct Ignored: Decodable {
    init(from decoder: any Decoder) {}
}

/// A type with a value that an empty body stands for when the status allows one (204, 205,
/// 206): Mastodon answers a home timeline that is being rebuilt with 206 and nothing.
protocol EmptyBody {
    static var emptyBody: Self { get }
}

extension Array: EmptyBody {
    static var emptyBody: Self { [] }
}

extension Dictionary: EmptyBody {
    static var emptyBody: Self { [:] }
}

extension String: EmptyBody {
    static var emptyBody: Self { "" }
}

extension Data: EmptyBody {
    static var emptyBody: Self { Data() }
}

extension JSON: EmptyBody {
    static var emptyBody: Self { .null }
}

/// A `Content-Type` header's media type and charset: `text/plain; charset=ISO-8859-1`.
struct ContentType {
    let mediaType: String
    let charset: String?

    init(_ header: String?) {
        let parts = (header ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        mediaType = parts.first?.lowercased() ?? ""
        charset = parts.dropFirst()
            .first { $0.lowercased().hasPrefix("charset=") }
            .map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) }
    }

    /// `application/json` or any `…+json`.
    var isJSON: Bool { mediaType == "application/json" || mediaType.hasSuffix("+json") }

    /// The charset's encoding; UTF-8 when there is none; nil for a charset the runtime doesn't read.
    var encoding: String.Encoding? {
        guard let charset else { return .utf8 }
        return Self.encodings[charset.lowercased()]
    }

    /// The IANA names (and common aliases) of the encodings Foundation reads on every platform.
    private static let encodings: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8, "us-ascii": .ascii, "ascii": .ascii,
        "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "iso-8859-2": .isoLatin2, "latin2": .isoLatin2,
        "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1252": .windowsCP1252,
        "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
        "utf-16": .utf16, "utf-16be": .utf16BigEndian, "utf-16le": .utf16LittleEndian,
        "utf-32": .utf32, "utf-32be": .utf32BigEndian, "utf-32le": .utf32LittleEndian,
        "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP, "macintosh": .macOSRoman,
    ]
}
