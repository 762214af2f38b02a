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
        let lower = name.lowercased()
        let parts = lower.split { !$0.isLetter }.map(String.init)
        let named = words.contains { word in
            word.count <= 3 ? parts.contains(word) || lower.hasSuffix(word) : lower.contains(word)
        }
        return named || isJWT(value)
    }

    /// `eyJ….….…`: a JSON Web Token.
    static func isJWT(_ value: String) -> Bool {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        return value.hasPrefix("eyJ") && parts.count == 3
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
