import Foundation

/// Follows redirects for the client (transports return them as they come), so that no credential
/// leaves the origin it was meant for, whatever the transport.
///
/// - 301, 302, 303, 307 and 308 with a `Location` are followed (a relative one against the
///   request's URL); any other status, or one without a usable `Location`, is the answer.
/// - 303 turns any method but GET and HEAD into a GET without a body, and so do 301 and 302 for
///   a POST (as the Fetch standard, browsers and URLSession do); otherwise the same method and
///   body go again.
/// - On the request's origin (scheme, host and port), the request goes as it was.
/// - To another origin, it goes without credentials: no `Authorization`, `Proxy-Authorization`
///   or `Cookie`, no header named like a provided value, and no query parameter of the new URL
///   named like a provided value or the signature. A body that holds one is not sent to another
///   origin: the redirect is refused. Once a request left its origin, it never gets them back.
/// - From `https` to `http` is refused unless `ClientOptions.allowsInsecureRedirects`; so is a
///   `Location` that is not http or https, and an 11th redirect (a loop).
struct Redirect {
    /// The most redirects one request follows.
    static let limit = 10

    let allowsInsecure: Bool
    /// Names of the call's provided values and signature.
    let sensitiveNames: Set<String>
    /// Whether the body holds a provided value or the signature.
    let bodyHasCredential: Bool
    /// Redirects followed so far.
    private(set) var count = 0

    init(allowsInsecure: Bool, sensitiveNames: Set<String>, bodyHasCredential: Bool) {
        self.allowsInsecure = allowsInsecure
        self.sensitiveNames = sensitiveNames
        self.bodyHasCredential = bodyHasCredential
    }

    /// Whether `response` may be a redirect to follow (cheap: the status alone).
    static func mayRedirect(_ response: HTTPResponse) -> Bool {
        switch response.status {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }

    /// The request that follows `response` to `request`, and whether it stays on the origin; nil
    /// when the response is the answer.
    mutating func next(
        after response: HTTPResponse, to request: HTTPRequest
    ) throws(TransportFailure) -> (request: HTTPRequest, sameOrigin: Bool)? {
        guard Self.mayRedirect(response), let location = response.headers["Location"],
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        guard let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme), target.host != nil else {
            throw Self.refusal("to a URL that is neither http nor https")
        }
        if request.url.scheme?.lowercased() == "https", scheme == "http", !allowsInsecure {
            throw Self.refusal(
                "from https to http, where the request would travel in clear text "
                    + "(ClientOptions.allowsInsecureRedirects follows such redirects)")
        }
        count += 1
        guard count <= Self.limit else {
            throw Self.refusal(
                "more than \(Self.limit) times, in a loop or a chain too long", code: .httpTooManyRedirects)
        }
        var next = request
        next.url = target
        let becomesGet =
            response.status == 303
            ? ![.get, .head].contains(request.method) : [301, 302].contains(response.status) && request.method == .post
        if becomesGet {
            next.method = .get
            next.body = nil
            next.bodyFile = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location"] {
                next.headers[name] = nil
            }
        }
        let sameOrigin = target.hasSameOrigin(as: request.url)
        if !sameOrigin {
            if bodyHasCredential, next.body != nil || next.bodyFile != nil {
                throw Self.refusal("to another origin with a body that holds a credential, which is not sent there")
            }
            next.headers = HTTPHeaders(next.headers.fields.filter { !isCredential(header: $0.name) })
            next.url = withoutCredentials(target)
        }
        return (next, sameOrigin)
    }

    private func isCredential(header name: String) -> Bool {
        credentialHeaders.contains(name.lowercased())
            || sensitiveNames.contains { HTTPHeaders.sameName($0, name) }
    }

    /// `url` less the query parameters named like a provided value or the signature.
    private func withoutCredentials(_ url: URL) -> URL {
        guard !sensitiveNames.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems
        else { return url }
        let kept = items.filter { !sensitiveNames.contains($0.name.removingPercentEncoding ?? $0.name) }
        guard kept.count < items.count else { return url }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }

    private static func refusal(_ what: String, code: URLError.Code? = nil) -> TransportFailure {
        TransportFailure(
            reason: .redirectRefused, message: "The server redirected the request " + what + ".", code: code)
    }
}

extension URL {
    /// Whether both URLs have the same scheme, host and port (a missing port is the scheme's).
    func hasSameOrigin(as other: URL) -> Bool {
        scheme?.lowercased() == other.scheme?.lowercased() && host?.lowercased() == other.host?.lowercased()
            && effectivePort == other.effectivePort
    }

    private var effectivePort: Int? {
        if let port { return port }
        switch scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }
}
