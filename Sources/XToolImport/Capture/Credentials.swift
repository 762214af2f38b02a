import XToolSpec

/// Which captured values are credentials: the capture holds live ones, and none of their values
/// may reach a file the import writes. A credential becomes a provided value the app supplies.
enum Credentials {
    /// The words of a parameter's or header's name that make it a credential.
    private static let words = [
        "token", "secret", "session", "password", "passwd", "apikey", "api_key", "api-key", "access_key",
        "accesskey", "auth", "signature", "sig", "cookie", "key", "appid", "app_id",
    ]

    /// Whether a value named `name` is a credential: by its name (`access_token`, `appkey`,
    /// `appid`, `X-Api-Key`, `Authorization`, `Cookie`) or by its value (a JWT).
    static func isCredential(name: String, value: String) -> Bool {
        let bytes = Array(name.lowercased().utf8)
        // Its words: runs of letters (any byte past ASCII is part of one).
        let parts = bytes.split { $0 < 0x80 && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        let named =
            shortWords.contains { word in
                parts.contains { $0.elementsEqual(word) } || bytes.suffix(word.count) == word[...]
            }
            || longWords.contains { contains(bytes, $0) }
        return named || isJWT(value)
    }

    /// Every value of a credential the calls send (a header's `Bearer <token>` is one), but for
    /// the parameters named in `sentByTheAPI` (a signature named `sig`: its values differ on every
    /// call and are no secret).
    static func values(sentBy exchanges: [CapturedExchange], except sentByTheAPI: Set<String> = []) -> Set<String> {
        Set(
            exchanges.flatMap { exchange in
                (exchange.parameters.filter { !sentByTheAPI.contains($0.name) } + exchange.headers)
                    .filter { isCredential(name: $0.name, value: $0.value) }
                    .map(\.value)
            })
    }

    /// The credentials the calls send, as provided values: parameters (`fixed:`, optional with a
    /// note where some calls leave one out) and headers (`headers:`, keeping a short prefix such
    /// as `Bearer `), and notes on what the spec can't send (cookies). A parameter named in
    /// `sentByTheAPI` (a signature, a nonce, a time) is none, whatever its name says.
    static func provided(by exchanges: [CapturedExchange], except sentByTheAPI: Set<String> = []) -> (
        parameters: [ProvidedDraft], headers: [ProvidedDraft], comments: [String]
    ) {
        var parameters: [ProvidedDraft] = []
        var headers: [ProvidedDraft] = []
        var comments: [String] = []
        var seen: Set<String> = []
        for exchange in exchanges {
            for (name, value) in exchange.parameters
            where !sentByTheAPI.contains(name) && isCredential(name: name, value: value)
                && seen.insert("p " + name).inserted
            {
                var provided = ProvidedDraft(name: name, label: SwiftNaming.parameterName(name) ?? "credential")
                let sending = exchanges.filter { call in call.parameters.contains { $0.name == name } }.count
                if sending < exchanges.count {
                    provided.optional = true
                    provided.comments.append(
                        "a credential \(sending) of the \(exchanges.count) captured calls send: optional, "
                            + "sent where the app has it")
                }
                parameters.append(provided)
            }
            for (name, value) in exchange.headers
            where isCredential(name: name, value: value) && seen.insert("h " + name.lowercased()).inserted {
                if name.lowercased() == "cookie" {
                    comments.append("the captured calls send cookies; a session's cookies are the app's to keep")
                    continue
                }
                var provided = ProvidedDraft(
                    name: name,
                    label: SwiftNaming.parameterName(name == "Authorization" ? "access_token" : name) ?? "credential")
                if let space = value.firstIndex(of: " "), value[..<space].count <= 8 {
                    provided.prefix = String(value[...space])
                }
                headers.append(provided)
            }
        }
        return (parameters, headers, comments)
    }

    /// The words of three letters or fewer, which must be a whole part of the name or end it
    /// (`sig`, but not `signal`), and the longer ones, which may stand anywhere in it, as bytes.
    private static let shortWords = words.filter { $0.count <= 3 }.map { Array($0.utf8) }
    private static let longWords = words.filter { $0.count > 3 }.map { Array($0.utf8) }

    /// Whether `needle` occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    /// `eyJ….….…`: a JSON Web Token.
    static func isJWT(_ value: String) -> Bool {
        guard value.hasPrefix("eyJ") else { return false }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || "-_=".contains($0) }
            }
    }

    /// `text` with every one of `secrets` (of at least 4 characters) replaced by `REDACTED`.
    static func redacting(_ secrets: Set<String>, in text: String) -> String {
        secrets.filter { $0.count >= 4 }.sorted { $0.count > $1.count }.reduce(text) { text, secret in
            text.replacingOccurrences(of: secret, with: "REDACTED")
        }
    }
}
