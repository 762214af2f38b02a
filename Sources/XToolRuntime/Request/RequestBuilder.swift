import Foundation

/// Header names (lower-cased) whose values are credentials, whatever the spec calls them.
let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

/// Turns a request description and a call's parameters into an `HTTPRequest`, in two steps:
/// `encode` (everything known from the call, including the cache key) and `request` (which asks
/// for provided values and the signature).
struct RequestBuilder: Sendable {
    let baseURL: URL
    let fixed: [FixedParameter]
    let headers: [FixedParameter]
    let signature: Signature?
    let body: BodyEncoding
    let dates: DateStyle

    /// A call with its dynamic parameters encoded.
    struct Call: Sendable {
        let description: RequestDescription
        /// Base URL, one `/`, the path with its parameters substituted.
        let url: String
        let query: [Field]
        let body: [Field]
        let headers: [Field]
        let files: [FilePart]
        /// Method, URL and dynamic parameters: never a provided value, a signature or a
        /// credential header (`Authorization`, `Proxy-Authorization`, `Cookie`), since keys are
        /// written into cache files.
        var cacheKey: String {
            let headers = headers.filter { !credentialHeaders.contains($0.name.lowercased()) }
            return "\(description.method) \(url) q:\(formEncoded(query)) b:\(formEncoded(body)) h:\(formEncoded(headers))"
                + files.map { " f:\(percentEncoded($0.name))=\(percentEncoded($0.file.filename))" }.joined()
        }
    }

    func encode(_ description: RequestDescription, _ parameters: [Parameter]) throws(XToolError) -> Call {
        let encoder = dates.encoder()
        var query: [Field] = [], body: [Field] = [], headers: [Field] = [], path: [String: [String]] = [:]
        var files: [FilePart] = []
        for parameter in parameters {
            let value: JSON
            switch parameter.value {
            case .file(let file):
                files.append((parameter.name, file))
                continue
            case .encodable(let encodable):
                do {
                    value = try JSON(encoding: encodable, with: encoder)
                } catch {
                    throw .invalidRequest("The value of '\(parameter.name)' cannot be encoded: \(error)")
                }
            }
            guard value != .null else { continue }
            let field = Field(name: parameter.name, value: value)
            switch parameter.location {
            case .path: path[parameter.name] = value.parameterTexts
            case .query: query.append(field)
            case .header: headers.append(field)
            case .body: body.append(field)
            }
        }
        let url = Self.trimmed(baseURL.absoluteString, "/", atStart: false) + "/"
            + Self.trimmed(try Self.substitute(path, in: description.path), "/", atStart: true)
        return Call(description: description, url: url, query: query, body: body, headers: headers, files: files)
    }

    /// The full request: fixed parameters and the signature go to the body for post, put and
    /// patch, to the query otherwise.
    func request(for call: Call) async throws(XToolError) -> HTTPRequest {
        let method = call.description.method
        let fixed = try await Self.resolve(self.fixed + call.description.fixed)
        var query = method.sendsParametersInBody ? call.query : fixed + call.query
        var body = method.sendsParametersInBody ? fixed + call.body : call.body
        if let signature {
            let sent = Dictionary(
                (query + body).map { ($0.name, $0.value.parameterTexts.joined(separator: ",")) },
                uniquingKeysWith: { _, last in last })
            let value = try await Self.ask(signature.name) { try await signature.signer(sent) }
            let field = Field(name: signature.name, value: .string(value))
            if method.sendsParametersInBody { body.append(field) } else { query.append(field) }
        }
        let queryText = formEncoded(query)
        guard let url = URL(string: call.url + (queryText.isEmpty ? "" : "?" + queryText)) else {
            throw .invalidRequest("'\(call.url)' is not a valid URL.")
        }
        var headers = HTTPHeaders()
        for field in try await Self.resolve(self.headers) + call.headers {
            headers.add(field.name, field.value.parameterTexts.joined(separator: ", "))
        }
        var request = HTTPRequest(method: method, url: url, headers: headers)
        if let (data, contentType) = encodedBody(body, files: call.files) {
            request.body = data
            if request.headers["Content-Type"] == nil {
                request.headers["Content-Type"] = contentType
            }
        }
        return request
    }

    /// The body and its content type: multipart when there are files, else form or JSON as
    /// the client says; nil when there is nothing to send.
    private func encodedBody(_ fields: [Field], files: [FilePart]) -> (Data, String)? {
        if !files.isEmpty {
            let multipart = MultipartBody()
            return (multipart.encode(fields: fields, files: files), multipart.contentType)
        }
        guard !fields.isEmpty else { return nil }
        switch body {
        case .form:
            return (Data(formEncoded(fields).utf8), "application/x-www-form-urlencoded")
        case .json:
            // JSON's description is compact JSON with sorted keys.
            let object = JSON.object(Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }))
            return (Data(object.description.utf8), "application/json")
        }
    }

    /// Provided values and the signature of a call: what logs must never show.
    func sensitiveNames(of description: RequestDescription) -> Set<String> {
        var names = Set((fixed + description.fixed + headers).compactMap { parameter -> String? in
            if case .provided(let name, _) = parameter { return name }
            return nil
        })
        if let signature {
            names.insert(signature.name)
        }
        return names
    }

    private static func resolve(_ parameters: [FixedParameter]) async throws(XToolError) -> [Field] {
        var fields: [Field] = []
        for parameter in parameters {
            switch parameter {
            case .literal(let name, let value):
                fields.append(Field(name: name, value: value))
            case .provided(let name, let provide):
                fields.append(Field(name: name, value: .string(try await ask(name, provide))))
            }
        }
        return fields
    }

    /// Runs app code that supplies a value; its failure names the parameter, never a value.
    private static func ask(_ name: String, _ provide: () async throws -> String) async throws(XToolError) -> String {
        do {
            return try await provide()
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .provided(name: name, message: String(describing: error))
        }
    }

    /// The path template with each `{name}` replaced by its value as one escaped segment.
    private static func substitute(_ values: [String: [String]], in template: String) throws(XToolError) -> String {
        var path = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .invalidRequest("The path '\(template)' has an unclosed '{'.")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let texts = values[name] else {
                throw .invalidRequest("The path parameter '\(name)' has no value.")
            }
            path += rest[..<open] + pathSegment(texts.joined(separator: ","))
            rest = rest[rest.index(after: close)...]
        }
        return path + rest
    }

    private static func trimmed(_ text: String, _ character: Character, atStart: Bool) -> String {
        atStart ? String(text.drop { $0 == character }) : String(text.reversed().drop { $0 == character }.reversed())
    }
}
