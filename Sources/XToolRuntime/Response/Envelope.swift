/// How every response of an API wraps its payload, e.g. `{"code": "OK", "msg": "…", "data": {…}}`.
///
/// ```swift
/// Envelope(data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code")
/// ```
public struct Envelope: Sendable, Hashable {
    /// The response is a failure unless the value at `path`, as text, equals `equals` as text
    /// (so `0` and `"0"` both match `equals: 0`).
    public struct Success: Sendable, Hashable {
        public let path: String
        public let equals: JSON

        public init(path: String, equals: JSON) {
            self.path = path
            self.equals = equals
        }
    }

    /// Dotted key path of the payload.
    public let data: String
    public let success: Success?
    /// Dotted key path of the server's error message.
    public let message: String?
    /// Dotted key path of the server's error code.
    public let code: String?

    public init(data: String, success: Success? = nil, message: String? = nil, code: String? = nil) {
        self.data = data
        self.success = success
        self.message = message
        self.code = code
    }

    /// Throws `XToolError.server` when the document in `fields` reports a failure.
    func check(_ fields: FieldDecoder) throws {
        guard let success else { return }
        let actual: JSON? = try fields.decode(success.path)
        guard actual?.text != success.equals.text else { return }
        let message: JSON? = try self.message.flatMap { try fields.decode($0) }
        let code: JSON? = try self.code.flatMap { try fields.decode($0) }
        throw XToolError.server(message: message?.text, code: code?.text)
    }
}
