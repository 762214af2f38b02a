import Foundation
import XToolDiagnostics
import XToolRules
import XToolYAML

/// One request and its response as a HAR 1.2 capture records them (`log.entries[]`), read into
/// what the capture importer needs: where it went, what it sent, what came back, and where the
/// entry is in the capture (for notes and errors at its line). The capture importer and
/// `xtoolgen verify --traffic` read captures through it.
///
/// An exchange is read many times over by the importer's passes, and copied into their groups and
/// pages: its fields are kept once, shared by its copies until one of them changes
/// (copy-on-write), so that a copy costs one reference, not one per field.
@dynamicMemberLookup
package struct CapturedExchange: Sendable {
    /// What the exchange holds; read and written as the exchange's own properties
    /// (`exchange.parameters`).
    package struct Fields: Sendable {
        package var method: String
        package var scheme: String
        package var host: String
        /// The path's segments as the URL encodes them (`["2", "statuses", "home_timeline.json"]`).
        package var segments: [String]
        /// The query's and a form body's parameters, and a JSON object body's top-level members, by
        /// name, as text.
        package var parameters: [(name: String, value: String)]
        /// How many of `parameters`, from the first, are the query's (the rest are the body's).
        package var queryCount = 0
        /// The JSON object body's members that are objects or arrays (`filter`, `tags`), by name.
        package var nestedMembers: [(name: String, value: YAMLNode)] = []
        /// The JSON body's members whose value is a number or a Boolean, not text: a constant of
        /// theirs is written as the literal it is.
        package var literalMembers: Set<String> = []
        /// The body's parameters are a form's (`application/x-www-form-urlencoded`), not a JSON
        /// object's members.
        package var sendsForm = false
        package var headers: [(name: String, value: String)]
        package var status: Int
        /// The response's JSON, parsed (its scalars keep their text: `1` stays apart from `1.0`).
        /// Its text is not kept: the tree says all of it a sample needs, and the text would be
        /// as much again.
        package var responseJSON: YAMLNode?
        /// The size in bytes of the response's JSON text as it came (base64 decoded).
        package var responseSize = 0
        /// The URL of the next page the response's `Link` header gives (`rel="next"`, RFC 8288),
        /// resolved against the request's, where it is on the request's host.
        package var nextPageLink: String?
        /// The media type of a response that is not JSON (`text/html`), for the summary.
        package var otherResponseType: String?
        /// What of the request's body is no parameter (a multipart or binary body, a JSON member
        /// that is an object or an array), for the summary: never left out silently.
        package var unreadRequest: String?
        /// The GraphQL request the body is (`{query, variables}`), when it is one.
        package var graphQL: GraphQLRequest?
        package var location: SourceLocation
        /// When the request started (`startedDateTime`), when the capture says.
        package var started: Date?
        /// The offset from UTC, in seconds, of the clock that wrote `startedDateTime`
        /// (`…+08:00`: 28,800; `…Z`: 0): the zone the capture was recorded in.
        package var recordedOffset: Int?
    }

    /// The fields, shared by copies. Written only while this exchange alone holds them.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    package init(
        method: String, scheme: String, host: String, segments: [String],
        parameters: [(name: String, value: String)], headers: [(name: String, value: String)], status: Int,
        location: SourceLocation
    ) {
        storage = Storage(
            Fields(
                method: method, scheme: scheme, host: host, segments: segments, parameters: parameters,
                headers: headers, status: status, location: location))
    }

    package subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            storage.fields[keyPath: field] = newValue
        }
    }

    /// The names of the parameters that are arrays in `calls`: named so (`ids[]`), or sent more
    /// than once by one call (`ids=1&ids=2`).
    package static func arrayNames(in calls: [CapturedExchange]) -> Set<String> {
        var names: Set<String> = []
        for call in calls {
            var seen: Set<String> = []
            for (name, _) in call.parameters where name.hasSuffix("[]") || !seen.insert(name).inserted {
                names.insert(name)
            }
        }
        return names
    }

    /// The URL without its query, as the summary and a sample's `source:` give it.
    package var address: String { "\(self.scheme)://\(self.host)/" + self.segments.joined(separator: "/") }
}

extension CapturedExchange {
    /// The exchange of one HAR entry, or an error at an entry that is none.
    static func read(_ entry: YAMLNode) -> Result<CapturedExchange, Diagnostic> {
        guard let request = entry["request"], let method = request["method"]?.string,
            let address = request["url"]?.string, let url = URLComponents(string: address),
            let scheme = url.scheme, let host = url.host,
            let status = entry["response"]?["status"]?.scalarText.flatMap({ Int($0) })
        else {
            return .failure(
                Diagnostic(
                    .error, "a HAR entry has a request (method, url) and a response (status); this one does not",
                    at: entry.location))
        }
        var exchange = CapturedExchange(
            method: method.uppercased(), scheme: scheme, host: host,
            segments: url.percentEncodedPath.split(separator: "/").map(String.init),
            parameters: (url.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            headers: request["headers"]?.items.compactMap(Self.pair) ?? [], status: status,
            location: entry.location)
        exchange.queryCount = exchange.parameters.count
        let started = entry["startedDateTime"]?.string
        exchange.started = started.flatMap(DateRules.isoDate)
        exchange.recordedOffset = exchange.started == nil ? nil : started.flatMap(DateRules.offset)
        let body = Self.bodyParameters(request["postData"])
        exchange.parameters += body.parameters
        exchange.unreadRequest = body.unread
        exchange.literalMembers = body.literals
        exchange.nestedMembers = body.nested
        if let graphQL = GraphQLRequest(postData: request["postData"]) {
            exchange.graphQL = graphQL
            exchange.unreadRequest = graphQL.unread
        }
        exchange.sendsForm =
            exchange.parameters.count > exchange.queryCount
            && (request["postData"]?["mimeType"]?.string ?? "").contains("x-www-form-urlencoded")
        exchange.readResponse(entry["response"]?["content"])
        exchange.nextPageLink = (entry["response"]?["headers"]?.items ?? []).lazy.compactMap(Self.pair)
            .first { $0.name.lowercased() == "link" }
            .flatMap { LinkHeaderSyntax.target(of: "next", in: $0.value) }
            .flatMap { URL(string: $0, relativeTo: URL(string: address))?.absoluteURL }
            .flatMap { $0.host == host ? $0.absoluteString : nil }
        return .success(exchange)
    }

    /// `{ "name": …, "value": … }`.
    private static func pair(_ node: YAMLNode) -> (name: String, value: String)? {
        guard let name = node["name"]?.string else { return nil }
        return (name, node["value"]?.scalarText ?? "")
    }

    /// A form body's parameters (`postData.params`, or its text when the capture gives only
    /// that), and a JSON object body's top-level members (the scalars as text, the objects and
    /// arrays as they are); what else the body holds, said.
    private static func bodyParameters(_ postData: YAMLNode?) -> (
        parameters: [(name: String, value: String)], unread: String?, literals: Set<String>,
        nested: [(name: String, value: YAMLNode)]
    ) {
        guard let postData else { return ([], nil, [], []) }
        let params = postData["params"]?.items.compactMap(pair) ?? []
        if !params.isEmpty { return (params, nil, [], []) }
        let mimeType = postData["mimeType"]?.string ?? ""
        guard let text = postData["text"]?.string, !text.isEmpty else { return ([], nil, [], []) }
        if mimeType.contains("x-www-form-urlencoded") {
            var form = URLComponents()
            form.percentEncodedQuery = text.replacingOccurrences(of: "+", with: "%20")
            return ((form.queryItems ?? []).map { ($0.name, $0.value ?? "") }, nil, [], [])
        }
        guard let object = try? JSONReader(maxDepth: 64, rejectsDuplicateKeys: false).parseDocument(text),
            object.isMapping
        else {
            let kind = mimeType.isEmpty ? "no media type" : mimeType
            return ([], "a body that is no form or JSON object (\(kind))", [], [])
        }
        let literals = object.entries.filter { entry in
            if case .scalar(_, .plain) = entry.value.content { return true }
            return false
        }
        return (
            object.entries.compactMap { entry in entry.value.scalarText.map { (entry.key, $0) } }, nil,
            Set(literals.map(\.key)),
            object.entries.filter { $0.value.scalarText == nil }.map { ($0.key, $0.value) }
        )
    }

    /// The response's content: JSON parsed, anything else kept only as its media type.
    private mutating func readResponse(_ content: YAMLNode?) {
        guard let content, var text = content["text"]?.string else { return }
        if content["encoding"]?.string == "base64" {
            guard let data = Data(base64Encoded: text), let decoded = String(data: data, encoding: .utf8) else {
                self.otherResponseType = content["mimeType"]?.string ?? "binary"
                return
            }
            text = decoded
        }
        // No body (a 204's, a 304's, whatever type it is labelled) is no body of another kind.
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        let mimeType = content["mimeType"]?.string ?? ""
        let looksJSON = text.first { !$0.isWhitespace }.map { $0 == "{" || $0 == "[" } ?? false
        guard mimeType.contains("json") || looksJSON,
            let node = try? JSONReader(maxDepth: 256, rejectsDuplicateKeys: false).parseDocument(text)
        else {
            self.otherResponseType = mimeType.isEmpty ? "text" : mimeType
            return
        }
        self.responseJSON = node
        self.responseSize = text.utf8.count
    }
}
