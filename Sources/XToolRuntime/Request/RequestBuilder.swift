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
    /// The base URL and the other servers, and the provided values endpoints name by label.
    let servers: Servers
    let provided: [String: @Sendable () async throws -> String?]
    /// The client's provided values and signature (the sensitive names of every call): worked
    /// out once per client.
    private let clientSensitiveNames: Set<String>

    init(
        baseURL: URL, fixed: [FixedParameter], headers: [FixedParameter], signature: Signature?, body: BodyEncoding,
        dates: DateStyle, servers: [String: URL] = [:], provided: [String: @Sendable () async throws -> String?] = [:]
    ) {
        self.baseURL = baseURL
        self.fixed = fixed
        self.headers = headers
        self.signature = signature
        self.body = body
        self.dates = dates
        self.servers = Servers(baseURL: baseURL, others: servers)
        self.provided = provided
        var names = Set((fixed + headers).filter(\.isProvided).map(\.name))
        if let signature { names.insert(signature.name) }
        clientSensitiveNames = names
    }

    /// What a call of `description` sends of the client's own: its fixed parameters and headers
    /// but those the endpoint omits and the headers it sends itself, and whether it is signed.
    /// A request to another origin than the base URL's (an endpoint on another server) sends
    /// none of the client's provided values nor the signature: an endpoint there that needs a
    /// credential names it under its own fixed parameters or headers.
    private func clientValues(
        of description: RequestDescription
    ) -> (fixed: [FixedParameter], headers: [FixedParameter], signs: Bool) {
        let omitted = description.omitting
        let own = Set(description.headers.map { $0.name.lowercased() })
        let trusted = servers.staysOnBaseOrigin(description)
        let fixed = fixed.filter {
            !omitted.contains($0.name) && (trusted || !$0.isProvided)
                && !($0.placement == .body && description.method == .get)
        }
        let headers = headers.filter {
            !omitted.contains($0.name) && !own.contains($0.name.lowercased()) && (trusted || !$0.isProvided)
        }
        return (fixed, headers, signature.map { trusted && !omitted.contains($0.name) } ?? false)
    }

    /// A call with its dynamic parameters encoded.
    struct Call: Sendable {
        let description: RequestDescription
        /// Base URL, one `/`, the path with its parameters substituted.
        let url: String
        let query: [Field]
        let body: [Field]
        let headers: [Field]
        let files: [FilePart]
        /// The whole JSON body, when the call sends one value as its body.
        let wholeBody: JSON?
        /// The call asks for a page after the first, following a `PageCursor`.
        var followsCursor = false
        /// A file that is the whole body, as it is.
        var fileBody: MultipartFile?
        /// Method, URL and dynamic parameters: never a provided value, a signature or a
        /// credential header (`Authorization`, `Proxy-Authorization`, `Cookie`), since keys are
        /// written into cache files.
        var cacheKey: String {
            let headers = headers.filter { !credentialHeaders.contains($0.name.lowercased()) }
            return
                "\(description.method) \(url) q:\(formEncoded(query)) b:\(formEncoded(body)) h:\(formEncoded(headers))"
                + (wholeBody.map { " j:\($0.description)" } ?? "")
                + files.map { " f:\(percentEncoded($0.name))=\(percentEncoded($0.file.filename))" }.joined()
                + (fileBody.map { " F:\(percentEncoded($0.filename))" } ?? "")
        }
    }

    func encode(_ description: RequestDescription, _ parameters: [Parameter]) throws(XToolError) -> Call {
        var query: [Field] = []
        var body: [Field] = []
        var headers: [Field] = []
        var path: [String: [String]] = [:]
        var files: [FilePart] = []
        var wholeBody: JSON?
        var fileBody: MultipartFile?
        for parameter in parameters {
            let value: JSON
            switch parameter.value {
            case .file(let file) where parameter.location == .wholeBody:
                fileBody = file
                continue
            case .file(let file):
                files.append((parameter.name, file))
                continue
            case .null:
                body.append(Field(name: parameter.name, value: .null))
                continue
            case .encodable(let encodable):
                do {
                    value = try JSON(encoding: encodable, dates: parameter.dates ?? dates)
                } catch {
                    throw .invalidRequest("The value of '\(parameter.name)' cannot be encoded: \(error)")
                }
            }
            guard value != .null else { continue }
            switch parameter.location {
            case .path: path[parameter.name] = value.parameterTexts
            case .query: query += Self.fields(parameter.name, value, style: parameter.style)
            case .header: headers.append(Field(name: parameter.name, value: value))
            case .body where self.body == .json && !parameters.contains(where: \.isFile):
                body.append(Field(name: parameter.name, value: value))
            case .body: body += Self.fields(parameter.name, value, style: parameter.style)
            case .wholeBody: wholeBody = value
            }
        }
        body = try Self.settingMembers(of: description, in: body)
        let url =
            try servers.server(for: description).text + "/"
            + Self.trimmed(try Self.substitute(path, in: description.path), "/", atStart: true)
        return Call(
            description: description, url: url, query: query, body: body, headers: headers, files: files,
            wholeBody: wholeBody, fileBody: fileBody)
    }

    /// The body's fields with the endpoint's fixed members set inside the JSON body parameters
    /// they name (`variables.perPage`), a parameter the call left out sent with them alone.
    private static func settingMembers(
        of description: RequestDescription, in body: [Field]
    ) throws(XToolError) -> [Field] {
        var body = body
        for fixed in description.fixed where !fixed.member.isEmpty {
            guard case .literal(let value) = fixed.source else { continue }
            let index = body.firstIndex { $0.name == fixed.name }
            let object = index.map { body[$0].value } ?? .object([:])
            guard case .object = object else {
                throw .invalidRequest(
                    "'\(fixed.name)' is no JSON object, so its member '\(fixed.member.joined(separator: "."))' "
                        + "can't be set in it.")
            }
            let field = Field(name: fixed.name, value: object.setting(value, at: fixed.member[...]))
            if let index { body[index] = field } else { body.append(field) }
        }
        return body
    }

    /// The same call sent to `url` (a next page's link): its query replaces the call's, less the
    /// fixed parameters and the signature, which are added afresh.
    func call(_ call: Call, at url: URL) throws(XToolError) -> Call {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest("'\(url)' is not a valid URL.")
        }
        let resent = Set((fixed + call.description.fixed).map(\.name) + [signature?.name].compactMap { $0 })
        let query = (components.percentEncodedQueryItems ?? []).compactMap { item -> Field? in
            let name = item.name.removingPercentEncoding ?? item.name
            guard !resent.contains(name) else { return nil }
            return Field(name: name, value: .string(item.value.flatMap { $0.removingPercentEncoding } ?? ""))
        }
        components.query = nil
        guard let base = components.url?.absoluteString else { throw .invalidRequest("'\(url)' is not a valid URL.") }
        return Call(
            description: call.description, url: base, query: query, body: call.body, headers: call.headers,
            files: call.files, wholeBody: call.wholeBody, fileBody: call.fileBody)
    }

    /// The fields one parameter is written as in a query or a form: an array as its style
    /// says, an object member by member for `deepObject` (`name[key]`) and `form` (`key`).
    static func fields(_ name: String, _ value: JSON, style: ParameterStyle) -> [Field] {
        switch (style, value) {
        case (.csv, .array(let elements)), (.pipe, .array(let elements)), (.semicolon, .array(let elements)):
            let separator = style == .csv ? "," : style == .pipe ? "|" : ";"
            return [Field(name: name, value: .string(elements.compactMap(\.text).joined(separator: separator)))]
        case (.brackets, .array):
            return [Field(name: name + "[]", value: value)]
        case (.deepObject, .object(let members)):
            return members.keys.sorted().flatMap { key in fields("\(name)[\(key)]", members[key] ?? .null, style: style)
            }
        case (.form, .object(let members)):
            return members.keys.sorted().flatMap { key in fields(key, members[key] ?? .null, style: .repeated) }
        case (.deepObject, .array(let elements)):
            return elements.enumerated().flatMap { index, element in fields("\(name)[\(index)]", element, style: style)
            }
        default:
            return [Field(name: name, value: value)]
        }
    }

    /// A request built for a call, and what in it is a credential.
    struct Built: Sendable {
        var request: HTTPRequest
        /// The names of the optional provided values that were nil, and so not sent (usually none).
        let unsent: [String]
        /// Whether its body holds a provided value or the signature.
        let bodyHasCredential: Bool
    }

    /// The full request. A fixed parameter goes where its placement says (one for the body is
    /// left out of a GET); an automatic one, and the signature, to the body for post, put and
    /// patch (unless the body is one whole JSON value), to the query otherwise.
    func request(for call: Call) async throws(XToolError) -> Built {
        let method = call.description.method
        let sent = clientValues(of: call.description)
        let toBody = method.sendsParametersInBody && call.wholeBody == nil && call.fileBody == nil
        var query: [Field] = []
        var body: [Field] = []
        var headers: [Field] = []
        var bodyHasCredential = false
        let resolvedFixed = try await resolve(sent.fixed + call.description.fixed.filter(\.member.isEmpty))
        for resolved in resolvedFixed.fields {
            switch resolved.placement {
            case .automatic where toBody, .body:
                body.append(resolved.field)
                bodyHasCredential = bodyHasCredential || resolved.isProvided
            case .automatic, .query: query.append(resolved.field)
            case .header: headers.append(resolved.field)
            }
        }
        query += call.query
        body += call.body
        guard method != .get || (body.isEmpty && call.files.isEmpty && call.wholeBody == nil) else {
            throw .invalidRequest("A GET request can't have a body: URLSession refuses to send one.")
        }
        if let signature, sent.signs {
            let value: String?
            switch signature.signing {
            case .value(let signer):
                let sent = Dictionary(
                    (query + body).map { ($0.name, $0.text) }, uniquingKeysWith: { _, last in last })
                value = try await Self.ask(signature.name) { try await signer(sent) }
            case .rewriting(let signer):
                var signed = SignedParameters((query + body).map { ($0.name, $0.text) })
                value = try await Self.ask(signature.name) { try await signer(&signed) }
                (query, body) = Self.applying(signed, to: query, body, addingToBody: toBody)
            }
            if let value {
                let field = Field(name: signature.name, value: .string(value))
                if toBody { body.append(field) } else { query.append(field) }
                bodyHasCredential = bodyHasCredential || toBody
            }
        }
        let queryText = formEncoded(query)
        guard let url = URL(string: call.url + (queryText.isEmpty ? "" : "?" + queryText)) else {
            throw .invalidRequest("'\(call.url)' is not a valid URL.")
        }
        var request = HTTPRequest(method: method, url: url)
        let sentHeaders = try await resolve(sent.headers + call.description.headers)
        for field in sentHeaders.fields.map(\.field) + headers + call.headers {
            request.headers.add(field.name, field.value.parameterTexts.joined(separator: ", "))
        }
        if let (encoded, contentType) = try encodedBody(
            body, files: call.files, whole: call.wholeBody, file: call.fileBody)
        {
            switch encoded {
            case .data(let data): request.body = data
            case .temporaryFile(let url): request.bodyFile = url
            }
            if request.headers["Content-Type"] == nil {
                request.headers["Content-Type"] = contentType
            }
        }
        return Built(
            request: request, unsent: resolvedFixed.unsent + sentHeaders.unsent, bodyHasCredential: bodyHasCredential)
    }

    /// The query and the body as a rewriting signer left them: a parameter it changed is sent as
    /// its text, one it removed is not sent, one it added goes after the others, to the body
    /// when `addingToBody`.
    private static func applying(
        _ signed: SignedParameters, to query: [Field], _ body: [Field], addingToBody: Bool
    ) -> (query: [Field], body: [Field]) {
        var left = signed.parameters
        func rewritten(_ fields: [Field]) -> [Field] {
            fields.compactMap { field in
                guard let index = left.firstIndex(where: { $0.name == field.name }) else { return nil }
                let text = left.remove(at: index).value
                return text == field.text ? field : Field(name: field.name, value: .string(text))
            }
        }
        var query = rewritten(query)
        var body = rewritten(body)
        let added = left.map { Field(name: $0.name, value: .string($0.value)) }
        if addingToBody { body += added } else { query += added }
        return (query, body)
    }

    /// The body and its content type: a file as it is, one whole JSON value, multipart when
    /// there are files, else form or JSON as the client says; nil when there is nothing to send.
    private func encodedBody(
        _ fields: [Field], files: [FilePart], whole: JSON?, file: MultipartFile?
    ) throws(XToolError) -> (RequestBody, String)? {
        if let file {
            guard fields.isEmpty else {
                throw .invalidRequest("A body that is a file can't take the fields \(fields.map(\.name)).")
            }
            do {
                return (try RequestBody.whole(file), file.contentType)
            } catch {
                throw .invalidRequest("The file '\(file.filename)' can't be sent: \(error.localizedDescription)")
            }
        }
        if var whole {
            if case .object(var members) = whole {
                for field in fields { members[field.name] = field.value }
                whole = .object(members)
            } else if !fields.isEmpty {
                throw .invalidRequest("A body that is not a JSON object can't take the fields \(fields.map(\.name)).")
            }
            return (.data(Data(whole.description.utf8)), "application/json")
        }
        if !files.isEmpty {
            let multipart = MultipartBody()
            do {
                return (try multipart.encode(fields: fields, files: files), multipart.contentType)
            } catch {
                throw .invalidRequest("The multipart body can't be written: \(error.localizedDescription)")
            }
        }
        guard !fields.isEmpty else { return nil }
        switch body {
        case .form:
            return (.data(Data(formEncoded(fields).utf8)), "application/x-www-form-urlencoded")
        case .json:
            // JSON's description is compact JSON with sorted keys.
            let object = JSON.object(
                Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }))
            return (.data(Data(object.description.utf8)), "application/json")
        }
    }

    /// The names of the provided values a call of `description` sends (but for those that are nil).
    func providedNames(of description: RequestDescription) -> [String] {
        let sent = clientValues(of: description)
        return (sent.fixed + description.fixed + sent.headers + description.headers).filter(\.isProvided).map(\.name)
    }

    /// Provided values and the signature of a call: what logs must never show.
    func sensitiveNames(of description: RequestDescription) -> Set<String> {
        clientSensitiveNames.union((description.fixed + description.headers).filter(\.isProvided).map(\.name))
    }

    /// Each fixed parameter's field and placement, and whether it is a provided value; a provided
    /// value that is nil sends nothing, and its name is among the `unsent`.
    private func resolve(
        _ parameters: [FixedParameter]
    ) async throws(XToolError) -> (
        fields: [(field: Field, placement: FixedParameter.Placement, isProvided: Bool)], unsent: [String]
    ) {
        var fields: [(field: Field, placement: FixedParameter.Placement, isProvided: Bool)] = []
        var unsent: [String] = []
        for parameter in parameters {
            let provide: @Sendable () async throws -> String?
            let prefix: String
            switch parameter.source {
            case .literal(let value):
                fields.append((Field(name: parameter.name, value: value), parameter.placement, false))
                continue
            case .now(let style):
                fields.append((Field(name: parameter.name, value: style.now()), parameter.placement, false))
                continue
            case .nonce(let nonce):
                fields.append((Field(name: parameter.name, value: nonce.make()), parameter.placement, false))
                continue
            case .provided(let closure, let text):
                (provide, prefix) = (closure, text)
            case .labelled(let label, let text):
                guard let closure = provided[label] else {
                    throw .provided(
                        name: parameter.name,
                        message: "the API was made without '\(label):', which this endpoint sends; "
                            + "give it to the API's initializer")
                }
                (provide, prefix) = (closure, text)
            }
            guard let value = try await Self.ask(parameter.name, provide) else {
                unsent.append(parameter.name)
                continue
            }
            fields.append((Field(name: parameter.name, value: .string(prefix + value)), parameter.placement, true))
        }
        return (fields, unsent)
    }

    /// Runs app code that supplies a value; its failure names the parameter, never a value.
    private static func ask<Value>(
        _ name: String, _ provide: () async throws -> Value
    ) async throws(XToolError) -> Value {
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
