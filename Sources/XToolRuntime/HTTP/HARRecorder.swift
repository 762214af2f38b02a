import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records what a client sends and receives as a HAR 1.2 capture, without a proxy: wrap the
/// transport an app's debug build or its UI tests use, and write `har()` where CI can run
/// `xtoolgen verify Specs/API.yaml --traffic capture.har` (or `xtoolgen import` a first spec).
///
/// ```swift
/// let recorder = HARRecorder(URLSessionTransport())
/// let api = WeiboAPI(transport: recorder, accessToken: { token })
/// // … the app's calls …
/// try recorder.har().write(to: captureURL)
/// ```
///
/// Credentials are redacted as each call is recorded (`REDACTED`, a scheme such as `Bearer `
/// kept): the values of `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`, of
/// headers and query or form parameters named like a credential (`token`, `secret`,
/// `password`, `session`, `auth`, `key`…), and every value given in `redacting` wherever it
/// appears. A signature is kept: it is no secret, and what tells the importer it is one. A
/// body that is not UTF-8 is written in base64, as proxies do.
public final class HARRecorder: HTTPTransport {
    private let base: any HTTPTransport
    private let redactsCredentials: Bool
    private let secrets: [String]
    private let clock: @Sendable () -> Date
    private let entries = Locked<[Entry]>([])

    private struct Entry {
        var request: HTTPRequest
        var response: HTTPResponse
        var started: Date
        var milliseconds: Double
    }

    /// Records the calls sent through `base`. `redacting` lists values never to write (a
    /// secret a signature is made with, a token sent in a body); `redactsCredentials: false`
    /// keeps credentials as sent (a test of what reads captures from proxies, which hold
    /// them); `clock` gives each entry's `startedDateTime` (a fixed one makes a recording
    /// repeatable).
    public init(
        _ base: any HTTPTransport, redacting: [String] = [], redactsCredentials: Bool = true,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.redactsCredentials = redactsCredentials
        // Longest first, so that a secret holding another is replaced whole.
        secrets = redacting.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        self.clock = clock
    }

    public func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        let started = clock()
        let response = try await base.send(request, progress: progress)
        record(request, response, started: started)
        return response
    }

    public func send(_ request: HTTPRequest, maxResponseBytes: Int, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        let started = clock()
        let response = try await base.send(request, maxResponseBytes: maxResponseBytes, progress: progress)
        record(request, response, started: started)
        return response
    }

    /// How many calls are recorded.
    public var count: Int { entries.withLock { $0.count } }

    private func record(_ request: HTTPRequest, _ response: HTTPResponse, started: Date) {
        let milliseconds = max(0, clock().timeIntervalSince(started) * 1000)
        entries.withLock {
            $0.append(Entry(request: request, response: response, started: started, milliseconds: milliseconds))
        }
    }

    /// The calls so far as a HAR 1.2 document (UTF-8 JSON). Each URL under `local` is moved
    /// under `real` (a recording against a local server that reads as the real API's). Of the
    /// response's headers only `Content-Type` is kept: a server's `Date` would make every
    /// recording differ.
    public func har(replacing local: URL? = nil, with real: String? = nil) throws -> Data {
        let recorded = entries.withLock { $0 }
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let harEntries = recorded.map { entry -> [String: Any] in
            var address = entry.request.url.absoluteString
            if let local, let real { address = address.replacingOccurrences(of: local.absoluteString, with: real) }
            let url = redacted(url: address)
            let contentType = entry.request.headers["Content-Type"] ?? ""
            var request: [String: Any] = [
                "method": entry.request.method.rawValue.uppercased(), "url": url, "httpVersion": "HTTP/1.1",
                "headers": entry.request.headers.map {
                    ["name": $0.name, "value": redacted(header: $0.name, $0.value)]
                },
                "queryString": (URLComponents(string: url)?.queryItems ?? []).map {
                    ["name": $0.name, "value": $0.value ?? ""]
                },
                "cookies": [] as [Any], "headersSize": -1, "bodySize": entry.request.body?.count ?? 0,
            ]
            if let body = entry.request.body {
                let text = String(decoding: body, as: UTF8.self)
                request["postData"] = [
                    "mimeType": contentType,
                    "text": contentType.contains("x-www-form-urlencoded") ? redacted(form: text) : redacted(text),
                ]
            }
            return [
                "startedDateTime": dates.string(from: entry.started), "time": entry.milliseconds,
                "request": request,
                "response": [
                    "status": entry.response.status, "statusText": "", "httpVersion": "HTTP/1.1",
                    "headers": entry.response.headers.filter { $0.name.lowercased() == "content-type" }
                        .map { ["name": $0.name, "value": $0.value] },
                    "cookies": [] as [Any],
                    "content": content(entry.response.body, mimeType: entry.response.headers["Content-Type"] ?? ""),
                    "redirectURL": "", "headersSize": -1, "bodySize": entry.response.body.count,
                ] as [String: Any],
                "cache": [:] as [String: Any],
                "timings": ["send": 0, "wait": entry.milliseconds, "receive": 0],
            ]
        }
        let log: [String: Any] = [
            "log": [
                "version": "1.2", "creator": ["name": "XToolRuntime HARRecorder", "version": "1"],
                "entries": harEntries,
            ]
        ]
        return try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys])
    }

    /// A response's `content`: its text, or its bytes in base64 when they are not UTF-8.
    private func content(_ body: Data, mimeType: String) -> [String: Any] {
        var content: [String: Any] = ["size": body.count, "mimeType": mimeType]
        if let text = String(data: body, encoding: .utf8) {
            content["text"] = redacted(text)
        } else {
            content["encoding"] = "base64"
            content["text"] = body.base64EncodedString()
        }
        return content
    }

    // MARK: Redaction

    /// The headers whose every value is a credential.
    private static let credentialHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
    ]

    /// The words of a name that make it a credential's.
    private static let credentialWords = [
        "token", "secret", "password", "passwd", "session", "auth", "apikey", "api_key", "api-key", "access_key",
        "accesskey",
    ]

    /// Whether a header or parameter named `name` holds a credential: a name that ends in
    /// `key` or holds one of `credentialWords`.
    static func isCredential(_ name: String) -> Bool {
        let lower = name.lowercased()
        return credentialHeaders.contains(lower) || lower.hasSuffix("key")
            || credentialWords.contains { lower.contains($0) }
    }

    private func redacted(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "REDACTED") }
    }

    private func redacted(header name: String, _ value: String) -> String {
        guard redactsCredentials, Self.isCredential(name) else { return redacted(value) }
        // `Bearer <token>`: the scheme stays, as the importer reads it for `prefix:`.
        if let space = value.firstIndex(of: " "), value[..<space].count <= 8, !value[..<space].contains("=") {
            return String(value[...space]) + "REDACTED"
        }
        return "REDACTED"
    }

    private func redacted(url: String) -> String {
        guard redactsCredentials, var components = URLComponents(string: url), let items = components.queryItems else {
            return redacted(url)
        }
        components.queryItems = items.map {
            Self.isCredential($0.name) ? URLQueryItem(name: $0.name, value: "REDACTED") : $0
        }
        return redacted(components.string ?? url)
    }

    private func redacted(form: String) -> String {
        guard redactsCredentials else { return redacted(form) }
        let pairs = form.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return Self.isCredential(name.removingPercentEncoding ?? name) ? "\(name)=REDACTED" : String(pair)
        }
        return redacted(pairs.joined(separator: "&"))
    }
}
