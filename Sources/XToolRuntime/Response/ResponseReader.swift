import Foundation

/// Turns a response body into a value: the envelope check, then only the value at the payload's
/// key path is decoded, with errors naming the path from the document's root.
struct ResponseReader: Sendable {
    let envelope: Envelope?
    let dates: DateStyle
    let lenient: Bool

    /// The value at `response` (after the envelope's data path), checking the envelope first.
    func value<T: Decodable>(_ type: T.Type, at response: String?, from body: Data) throws(XToolError) -> T {
        let path = (envelope.map { keyPath($0.data) } ?? []) + keyPath(response ?? "")
        return try read(Payload<T>.self, path: path, from: body).value
    }

    /// Only checks the envelope, for calls that return nothing; without an envelope, any body goes.
    func check(_ body: Data) throws(XToolError) {
        guard envelope != nil else { return }
        _ = try read(Payload<Ignored>.self, path: [], from: body)
    }

    private func read<T: Decodable>(_ type: Payload<T>.Type, path: [String], from body: Data) throws(XToolError) -> Payload<T> {
        guard !body.isEmpty else {
            throw .decoding(path: "", message: "The response body is empty.")
        }
        let decoder = dates.decoder(lenient: lenient)
        decoder.userInfo[.payload] = PayloadRequest(envelope: envelope, path: path)
        do {
            return try decoder.decode(type, from: body)
        } catch let error as XToolError {
            throw error
        } catch let error as DecodingError {
            throw Self.decodingError(error)
        } catch {
            throw .decoding(path: "", message: String(describing: error))
        }
    }

    /// `.decoding` with the full key path and the decoder's explanation.
    private static func decodingError(_ error: DecodingError) -> XToolError {
        switch error {
        case .keyNotFound(let key, let context):
            .decoding(path: keyPathText(context.codingPath + [key]), message: context.debugDescription)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            .decoding(path: keyPathText(context.codingPath), message: Self.message(context))
        @unknown default:
            .decoding(path: "", message: String(describing: error))
        }
    }

    /// The context's description, with the underlying parser error when there is one
    /// (invalid or truncated JSON).
    private static func message(_ context: DecodingError.Context) -> String {
        guard let underlying = context.underlyingError else { return context.debugDescription }
        return context.debugDescription + " " + String(describing: underlying)
    }
}

/// What `Payload` reads: passed through the decoder's `userInfo`.
private struct PayloadRequest: Sendable {
    let envelope: Envelope?
    let path: [String]
}

extension CodingUserInfoKey {
    fileprivate static let payload = CodingUserInfoKey(rawValue: "XToolRuntime.payload")!
}

/// The document, checked against the envelope, reduced to the value at the requested path;
/// nothing else in it is decoded.
private struct Payload<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        let request = decoder.userInfo[.payload] as! PayloadRequest
        guard request.envelope != nil || !request.path.isEmpty else {
            value = try T(from: decoder)
            return
        }
        let fields = try FieldDecoder(decoder)
        try request.envelope?.check(fields)
        value = request.path.isEmpty ? try T(from: decoder) : try fields.decode(request.path.joined(separator: "."))
    }
}

/// Decodes from anything, reading nothing.
private struct Ignored: Decodable {
    init(from decoder: any Decoder) {}
}
