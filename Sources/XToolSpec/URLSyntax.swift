/// The URL checks of the spec language, by RFC 3986's character classes.
package enum URLSyntax {
    /// Characters allowed as written in a path segment: unreserved, sub-delims, `:` and `@`
    /// (`%` only as the start of a percent-escape, checked separately).
    private static let pathCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
    private static let hostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~[]:")

    /// Whether `character` may stand as written in a path (else it must be percent-encoded).
    package static func isAllowedInPath(_ character: Character) -> Bool {
        pathCharacters.contains(character)
    }

    /// Why `text` is not an absolute http(s) base URL, or nil when it is one.
    package static func problemWithBaseURL(_ text: String) -> String? {
        let lowered = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lowered.hasPrefix) else {
            return "it must start with https:// or http://"
        }
        let rest = text.dropFirst(scheme.count)
        guard !rest.contains("?"), !rest.contains("#") else { return "it can't have a query or fragment" }
        let authority = rest.prefix(while: { $0 != "/" })
        guard !authority.contains("@") else { return "it can't hold user information" }
        let host = authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard !host.isEmpty, host.allSatisfy(hostCharacters.contains) else {
            return "'\(host)' is not a valid host"
        }
        if let colon = authority.firstIndex(of: ":"), !authority.hasPrefix("[") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isASCIIDigit), Int(port).map({ $0 < 65536 }) == true else {
                return "'\(port)' is not a valid port"
            }
        }
        return problemWithPath(String(rest.dropFirst(authority.count)))
    }

    /// Why literal path text is not legal in a URL path, or nil when it is.
    package static func problemWithPath(_ path: some StringProtocol) -> String? {
        var characters = path.makeIterator()
        while let character = characters.next() {
            if character == "%" {
                let first = characters.next()
                let second = characters.next()
                guard let first, let second, first.isHexDigit, second.isHexDigit else {
                    return "'%' must start a percent-escape like %20"
                }
                continue
            }
            guard pathCharacters.contains(character) else {
                return "the character '\(character)' is not allowed in a URL path; percent-encode it"
            }
        }
        return nil
    }
}
