import Foundation

/// A signer for a generated API's `signer:` argument that remembers what it was asked to sign.
public final class Signer: Sendable {
    /// Each call's parameters, in order.
    public let inputs = Recorder<[String: String]>()
    private let algorithm: @Sendable ([String: String]) -> String

    public init(_ algorithm: @escaping @Sendable ([String: String]) -> String) {
        self.algorithm = algorithm
    }

    public func sign(_ parameters: [String: String]) async throws -> String {
        inputs.append(parameters)
        return algorithm(parameters)
    }

    /// Dianping's (seed 003's `DPAPI`): SHA-1 over the app key, each parameter's name and value
    /// in name order, and the secret, in upper-case hex.
    public static func dianping(appKey: String, secret: String) -> Signer {
        Signer { parameters in
            let text = appKey + parameters.keys.sorted().map { $0 + parameters[$0]! }.joined() + secret
            return SHA1.hex(Data(text.utf8)).uppercased()
        }
    }

    /// The home screen's (seed 004's `addSignatureKey`): SHA-1 over `name=value` pairs in name
    /// order, joined by `&`, then the secret.
    public static func home(secret: String) -> Signer {
        Signer { parameters in
            let text = parameters.keys.sorted().map { $0 + "=" + parameters[$0]! }.joined(separator: "&") + secret
            return SHA1.hex(Data(text.utf8))
        }
    }
}
