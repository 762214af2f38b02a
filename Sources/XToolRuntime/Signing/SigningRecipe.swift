/// How an API computes its signature from the parameters sent and a secret, as its
/// documentation says (`sign:` with `digest:` in the spec): the text is each parameter but the
/// signature, sorted by name or in the order sent, as `name1value1name2value2…` or
/// `name1=value1&name2=value2…` (values as sent, before percent-encoding); a plain digest puts
/// the secret before the text, after it or both, an HMAC takes it as its key; the digest is
/// written as hexadecimal text.
public struct SigningRecipe: Sendable, Hashable {
    /// The function of the text.
    public enum Algorithm: Sendable, Hashable {
        case md5, sha1, sha256, hmacMD5, hmacSHA1, hmacSHA256

        /// The digest it computes, plainly or as an HMAC.
        var digest: Digest {
            switch self {
            case .md5, .hmacMD5: .md5
            case .sha1, .hmacSHA1: .sha1
            case .sha256, .hmacSHA256: .sha256
            }
        }

        /// Whether the secret is the HMAC's key (else it is in the text).
        var isHMAC: Bool { ![.md5, .sha1, .sha256].contains(self) }
    }

    /// How each parameter is written into the text, and what joins them.
    public enum Text: Sendable, Hashable {
        /// `name1value1name2value2…`, nothing between (a gateway's MD5, Dianping's SHA-1).
        case concatenated
        /// `name1=value1&name2=value2…`.
        case query
    }

    /// Where a plain digest's text has the secret.
    public enum Secret: Sendable, Hashable {
        case before, after, both
    }

    /// In which order the parameters are written.
    public enum Order: Sendable, Hashable {
        /// By name, as Unicode scalars compare (`A` before `a`).
        case sorted
        /// As the request sends them.
        case sent
    }

    let algorithm: Algorithm
    let text: Text
    let secret: Secret?
    let order: Order
    let uppercase: Bool

    /// A recipe; `secret` is where a plain digest's text has the secret (nil for an HMAC, whose
    /// key it is).
    public init(
        _ algorithm: Algorithm, text: Text = .concatenated, secret: Secret? = nil, order: Order = .sorted,
        uppercase: Bool = false
    ) {
        self.algorithm = algorithm
        self.text = text
        self.secret = secret
        self.order = order
        self.uppercase = uppercase
    }

    /// The signature of `parameters` (each sent but the signature, in the order sent) under
    /// `secret`.
    func signature(of parameters: [(name: String, value: String)], secret: String) -> String {
        let ordered =
            order == .sorted
            ? parameters.enumerated().sorted {
                ($0.element.name.unicodeScalars.lexicographicallyPrecedes($1.element.name.unicodeScalars))
                    || ($0.element.name == $1.element.name && $0.offset < $1.offset)
            }.map(\.element) : parameters
        let pairs =
            switch text {
            case .concatenated: ordered.map { $0.name + $0.value }.joined()
            case .query: ordered.map { $0.name + "=" + $0.value }.joined(separator: "&")
            }
        guard !algorithm.isHMAC else {
            return hexText(
                algorithm.digest.hmac(key: Array(secret.utf8), message: Array(pairs.utf8)), uppercase: uppercase)
        }
        let before = self.secret == .before || self.secret == .both ? secret : ""
        let after = self.secret == .after || self.secret == .both ? secret : ""
        return hexText(algorithm.digest.hash(Array((before + pairs + after).utf8)), uppercase: uppercase)
    }
}

extension Signature {
    /// A signature the runtime computes by `recipe` with the secret `secret` gives (read on every
    /// request, never sent nor logged): no signer of the app's own.
    public static func recipe(
        name: String, _ recipe: SigningRecipe, secret: @escaping @Sendable () async throws -> String
    ) -> Signature {
        .rewriting(name: name) { parameters in
            recipe.signature(of: parameters.parameters, secret: try await secret())
        }
    }

    /// A signature by the recipe that the value of the parameter `parameter` names (a gateway's
    /// `sign_method=md5` or `hmac`); a request whose value no recipe names fails before it is sent.
    public static func recipe(
        name: String, chosenBy parameter: String, _ recipes: [String: SigningRecipe],
        secret: @escaping @Sendable () async throws -> String
    ) -> Signature {
        .rewriting(name: name) { parameters in
            guard let value = parameters[parameter], let recipe = recipes[value] else {
                throw XToolError.invalidRequest(
                    "The signature '\(name)' is chosen by the parameter '\(parameter)', which is "
                        + (parameters[parameter].map { "'\($0)'" } ?? "not sent")
                        + "; the spec has recipes for \(recipes.keys.sorted().map { "'\($0)'" }.joined(separator: ", "))."
                )
            }
            return recipe.signature(of: parameters.parameters, secret: try await secret())
        }
    }
}
