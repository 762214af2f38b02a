/// How every response of an API wraps its payload, e.g. `{"code": "OK", "msg": "…", "data": {…}}`,
/// or reports failures beside it (WeChat's `{"errcode": 40013, "errmsg": "invalid appid"}`).
///
/// ```swift
/// Envelope(data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code")
/// Envelope(success: .init(path: "errcode", equals: 0, missingIsSuccess: true), message: "errmsg", code: "errcode")
/// Envelope(data: "json.data", success: .init(absent: "json.errors"), message: "json.errors.0.1")
/// ```
public struct Envelope: Sendable, Hashable {
    /// The response is a failure unless the value at `path`, as text, equals one of `equals` as
    /// text (so `0` and `"0"` both match `equals: 0`). A missing or null value is a failure,
    /// unless `missingIsSuccess` (APIs that add the code only to failures). Made with
    /// `init(absent:)`, the response is a success only when the value is missing, null or empty.
    public struct Success: Sendable, Hashable {
        public let path: String
        /// The values that mean success; none for a test of absence.
        public let equals: [JSON]
        public let missingIsSuccess: Bool

        /// `equals: 0` or several, `equals: 0, 200`.
        public init(path: String, equals first: JSON, _ more: JSON..., missingIsSuccess: Bool = false) {
            self.path = path
            self.equals = [first] + more
            self.missingIsSuccess = missingIsSuccess
        }

        /// A success when the value at `path` is missing, null or empty (`""`, `[]`, `{}`), a
        /// failure when it holds anything else: an error that is there only on failure (Reddit's
        /// `{"json": {"errors": []}}`).
        public init(absent path: String) {
            self.path = path
            equals = []
            missingIsSuccess = true
        }

        /// Whether the value at `path` (nil when missing or null) means success.
        func holds(for actual: JSON?) -> Bool {
            guard let actual, !(equals.isEmpty && actual.isEmpty) else { return missingIsSuccess }
            return equals.contains { $0.text == actual.text }
        }
    }

    /// Dotted key path of the payload; empty (the default) when the payload is the document itself.
    public let data: String
    public let success: Success?
    /// Dotted key path of the server's error message.
    public let message: String?
    /// Dotted key path of the server's error code.
    public let code: String?

    /// `Envelope()`, with neither `data` nor `success`, is no envelope: an endpoint's own
    /// `Envelope()` reads its responses as they are, whatever the client's envelope.
    public init(data: String = "", success: Success? = nil, message: String? = nil, code: String? = nil) {
        self.data = data
        self.success = success
        self.message = message
        self.code = code
    }

    /// Whether it wraps nothing and tests nothing (`Envelope()`): the document is the payload.
    var isNone: Bool { data.isEmpty && success == nil }

    /// Throws `XToolError.server` when the document in `fields` reports a failure.
    func check(_ fields: FieldDecoder) throws {
        guard let success else { return }
        let actual: JSON? = try fields.decode(success.path)  // nil when missing or null
        if success.holds(for: actual) { return }
        let message: JSON? = try self.message.flatMap { try fields.decode($0) }
        let code: JSON? = try self.code.flatMap { try fields.decode($0) }
        throw XToolError.server(message: message?.text, code: code?.text)
    }
}

extension JSON {
    /// Whether this is an empty string, array or object.
    fileprivate var isEmpty: Bool {
        switch self {
        case .string(let text): text.isEmpty
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        default: false
        }
    }
}
