import Foundation

/// Where an API's requests go: its base URL, and the other servers some of its endpoints are on
/// (a token endpoint on another host), each worked out once per client with whether it shares
/// the base URL's origin (scheme, host and port).
struct Servers: Sendable {
    struct Server: Sendable {
        /// The URL's text without its trailing slashes.
        let text: String
        /// Whether it is on the base URL's origin, where the client's credentials may go.
        let isBaseOrigin: Bool
    }

    let base: Server
    private let others: [String: Server]

    init(baseURL: URL, others: [String: URL]) {
        base = Server(text: Self.trimmed(baseURL.absoluteString), isBaseOrigin: true)
        self.others = others.mapValues { url in
            Server(text: Self.trimmed(url.absoluteString), isBaseOrigin: url.hasSameOrigin(as: baseURL))
        }
    }

    /// The server a request description names, else the base URL's.
    func server(for description: RequestDescription) throws(XToolError) -> Server {
        guard let name = description.server else { return base }
        guard let server = others[name] else {
            throw .invalidRequest("The server '\(name)' is not one of the client's (APIClient(servers:)).")
        }
        return server
    }

    /// Whether a request of `description` stays on the base URL's origin (false for a server the
    /// client doesn't know, whose request fails before anything is sent).
    func staysOnBaseOrigin(_ description: RequestDescription) -> Bool {
        (try? server(for: description))?.isBaseOrigin ?? false
    }

    private static func trimmed(_ text: String) -> String {
        String(text.reversed().drop { $0 == "/" }.reversed())
    }
}

@_spi(Generated)
extension APIClient {
    /// A base URL with variables (`https://api.example.{tld}/`): `template` with each `{name}`
    /// replaced by its value, percent-encoded but for `/` and `:` (a value may be a path of
    /// several segments, or a host and its port), and wholly when that makes no URL.
    public static func baseURL(_ template: String, variables: [String: String]) -> URL {
        func expanded(_ encode: (String) -> String) -> URL? {
            URL(
                string: variables.reduce(template) { text, variable in
                    text.replacingOccurrences(of: "{\(variable.key)}", with: encode(variable.value))
                })
        }
        let keepingSlashesAndColons = { (value: String) in
            value.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.split(separator: ":", omittingEmptySubsequences: false).map { percentEncoded(String($0)) }
                    .joined(separator: ":")
            }.joined(separator: "/")
        }
        guard let url = expanded(keepingSlashesAndColons) ?? expanded(percentEncoded) else {
            preconditionFailure("the base URL \(template) makes no URL")
        }
        return url
    }
}
