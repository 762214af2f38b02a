import Foundation

/// The headers every call sends with one value that say something of the API, not of the HTTP
/// stack that sent them: a vendor media type to accept (`Accept: application/vnd.api+json`), a
/// version header (`X-Api-Version: 2`). The stack's own (`User-Agent`, `Accept-Encoding`,
/// `Connection`…), a generic `Accept` and credentials are none.
enum ConstantHeaders {
    /// The constant headers of `exchanges` (two calls or more), as `headers:` literals.
    static func inferred(from exchanges: [CapturedExchange]) -> [ProvidedDraft] {
        guard exchanges.count > 1, let first = exchanges.first else { return [] }
        var found: [ProvidedDraft] = []
        for (name, value) in first.headers
        where isTheAPIs(name: name, value: value)
            && !found.contains(where: { $0.name.lowercased() == name.lowercased() })
        {
            let everywhere = exchanges.allSatisfy { call in
                call.headers.contains { $0.name.lowercased() == name.lowercased() && $0.value == value }
            }
            if everywhere { found.append(ProvidedDraft(name: name, label: name, value: value)) }
        }
        return found
    }

    /// The headers an HTTP stack sends by itself, lower-cased.
    private static let stacks: Set<String> = [
        "host", "connection", "keep-alive", "user-agent", "accept-encoding", "accept-language", "accept-charset",
        "content-length", "content-type", "cache-control", "pragma", "origin", "referer", "te", "upgrade", "dnt",
        "if-none-match", "if-modified-since", "cookie", "priority", "x-requested-with",
    ]

    /// The media types every client accepts: an `Accept` of only these says nothing of the API.
    private static let genericTypes: Set<String> = [
        "*/*", "application/json", "text/plain", "text/html", "application/xml", "text/javascript",
    ]

    /// Whether a header says something of the API: not the HTTP stack's, nor a credential.
    static func isTheAPIs(name: String, value: String) -> Bool {
        let lower = name.lowercased()
        guard !stacks.contains(lower), !lower.hasPrefix(":"), !lower.hasPrefix("sec-"),
            !Credentials.isCredential(name: name, value: value)
        else { return false }
        guard lower == "accept" else { return true }
        let types = value.split(separator: ",").map {
            ($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces)
        }
        return !types.allSatisfy(genericTypes.contains)
    }
}
