import Foundation

/// Why a request failed. Every public call throws only this.
public enum XToolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No response arrived: the connection was refused, timed out or dropped.
    case transport(TransportFailure)
    /// The server answered with a status outside 200…299 (even when the body is an envelope).
    case status(code: Int, body: Data)
    /// The envelope reported a failure; its message and its code, as text, when present.
    case server(message: String?, code: String?)
    /// The server explained a failure as the API's `ErrorBody` declares: an error body with a
    /// status outside 200…299, or (when the API declares one) a failure reported through the
    /// envelope. The status, the message, the code, the body and the decoded error model.
    case rejected(ServerFailure)
    /// The response could not be decoded; `path` is the key path from the document's root
    /// (`data.statuses[3].user.id`, empty for the root itself).
    case decoding(path: String, message: String)
    /// The request could not be built: a parameter value that cannot be sent, or a bad URL.
    case invalidRequest(String)
    /// A provided value or the signer threw. `name` is the parameter's name; the value itself
    /// is never part of an error.
    case provided(name: String, message: String)
    /// The request was cancelled before it finished.
    case cancelled

    public var description: String {
        switch self {
        case .transport(let failure):
            "The request failed before a response arrived: \(failure)."
        case .status(let code, let body):
            "The server answered with HTTP \(code)" + Self.excerpt(of: body)
        case .server(let message, let code):
            "The server reported a failure: \(message ?? "no message")"
                + (code.map { " (code \($0))" } ?? "") + "."
        case .rejected(let failure):
            failure.description
        case .decoding(let path, let message):
            "The response could not be decoded at \(path.isEmpty ? "the document root" : path): \(message)"
        case .invalidRequest(let message):
            "The request could not be built: \(message)"
        case .provided(let name, let message):
            "The value of '\(name)' could not be provided: \(message)"
        case .cancelled:
            "The request was cancelled."
        }
    }

    /// `: <the body's first line, shortened>` when the body has text, else `.`.
    private static func excerpt(of body: Data) -> String {
        let text = String(decoding: body.prefix(2_000), as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty else { return "." }
        return ": " + (text.count > 200 ? text.prefix(200) + "…" : text)
    }
}

extension XToolError {
    /// Maps anything a transport, a middleware or the task system throws. A custom transport
    /// can throw a `TransportFailure` to say exactly what went wrong.
    init(_ error: any Error) {
        switch error {
        case let error as XToolError:
            self = error
        case let failure as TransportFailure:
            self = .transport(failure)
        case is CancellationError:
            self = .cancelled
        default:
            let failure = TransportFailure(error)
            self = failure.code == .cancelled ? .cancelled : .transport(failure)
        }
    }
}
