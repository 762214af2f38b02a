import Foundation
import XToolRuntime

/// Sends through another transport and keeps each request with its response, then writes them
/// as a HAR 1.2 capture: the traffic of a generated client, as a proxy (Charles, Proxyman,
/// mitmproxy) or a browser would have captured it, for `xtoolgen import capture.har` and
/// `xtoolgen verify --traffic`.
public final class HARRecorder: HTTPTransport {
    private let base: any HTTPTransport
    private let exchanges = Recorder<(HTTPRequest, HTTPResponse)>()

    public init(_ base: any HTTPTransport) {
        self.base = base
    }

    public func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        let response = try await base.send(request, progress: progress)
        exchanges.append((request, response))
        return response
    }

    public func send(_ request: HTTPRequest, maxResponseBytes: Int, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        let response = try await base.send(request, maxResponseBytes: maxResponseBytes, progress: progress)
        exchanges.append((request, response))
        return response
    }

    /// The calls so far as a HAR 1.2 document, each URL under `local` (the local server's base
    /// URL) moved under `real` (the API's own), so that the capture reads as the real API's. A
    /// body that is not UTF-8 is written in base64, as proxies do; of the response's headers
    /// only `Content-Type` is kept (the local server's `Date` and `Server` would make every
    /// recording differ).
    public func har(replacing local: URL, with real: String) throws -> Data {
        let entries = exchanges.values.map { request, response -> [String: Any] in
            let url = request.url.absoluteString.replacingOccurrences(of: local.absoluteString, with: real)
            var entry: [String: Any] = [
                "request": [
                    "method": request.method.rawValue.uppercased(), "url": url, "httpVersion": "HTTP/1.1",
                    "headers": request.headers.map { ["name": $0.name, "value": $0.value] },
                ] as [String: Any],
                "response": [
                    "status": response.status, "httpVersion": "HTTP/1.1",
                    "headers": response.headers.filter { $0.name.lowercased() == "content-type" }
                        .map { ["name": $0.name, "value": $0.value] },
                    "content": Self.content(response.body, mimeType: response.headers["Content-Type"] ?? ""),
                ] as [String: Any],
            ]
            if let body = request.body, var post = entry["request"] as? [String: Any] {
                post["postData"] = [
                    "mimeType": request.headers["Content-Type"] ?? "", "text": String(decoding: body, as: UTF8.self),
                ]
                entry["request"] = post
            }
            return entry
        }
        let log: [String: Any] = [
            "log": ["version": "1.2", "creator": ["name": "HARRecorder", "version": "1"], "entries": entries]
        ]
        return try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys])
    }

    /// A response's `content`: its text, or its bytes in base64 when they are not UTF-8.
    private static func content(_ body: Data, mimeType: String) -> [String: Any] {
        var content: [String: Any] = ["size": body.count, "mimeType": mimeType]
        if let text = String(data: body, encoding: .utf8) {
            content["text"] = text
        } else {
            content["encoding"] = "base64"
            content["text"] = body.base64EncodedString()
        }
        return content
    }
}
