import Foundation
internal import XToolRules

/// How every response of an API wraps its payload, e.g. `{"code": "OK", "msg": "…", "data": {…}}`,
/// or reports failures beside it (WeChat's `{"errcode": 40013, "errmsg": "invalid appid"}`).
///
/// ```swift
/// Envelope(data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code")
/// Envelope(success: .init(path: "errcode", equals: 0, missingIsSuccess: true), message: "errmsg", code: "errcode")
/// Envelope(data: "json.data", success: .init(absent: "json.errors"), message: "json.errors.0.1")
/// Envelope(
///     data: "data", successes: [.init(absent: "errors"), .init(absent: "data.cartCreate.userErrors")],
///     messages: ["errors.0.message", "data.cartCreate.userErrors.0.message"])
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
            EnvelopeRules.isSuccess(
                text: actual?.text, isEmpty: actual?.isEmpty ?? false, equals: equals.compactMap(\.text),
                missingIsSuccess: missingIsSuccess)
        }
    }

    /// Dotted key path of the payload; empty (the default) when the payload is the document itself.
    public let data: String
    /// The tests a success passes, every one of them: a GraphQL mutation fails on `errors` and
    /// on its own `userErrors` alike.
    public let successes: [Success]
    /// Dotted key paths of the server's error message: the first that holds a value is it (a
    /// gateway's `sub_msg` when present, else `msg`).
    public let messages: [String]
    /// Dotted key paths of the server's error code, the first that holds a value (a failure's
    /// `code`); credential refresh and retry rules match any of them that holds one.
    public let codes: [String]

    /// `Envelope()`, with neither `data` nor `success`, is no envelope: an endpoint's own
    /// `Envelope()` reads its responses as they are, whatever the client's envelope.
    public init(data: String = "", success: Success? = nil, message: String? = nil, code: String? = nil) {
        self.init(
            data: data, successes: success.map { [$0] } ?? [], messages: message.map { [$0] } ?? [],
            codes: code.map { [$0] } ?? [])
    }

    /// An envelope with several success tests, or a message or code read from the first of
    /// several places that holds one.
    public init(data: String = "", successes: [Success], messages: [String] = [], codes: [String] = []) {
        self.data = data
        self.successes = successes
        self.messages = messages
        self.codes = codes
    }

    /// Whether it wraps nothing and tests nothing (`Envelope()`): the document is the payload.
    var isNone: Bool { data.isEmpty && successes.isEmpty }

    /// Throws `XToolError.server` when the document in `fields` reports a failure.
    func check(_ fields: FieldDecoder) throws {
        for success in successes {
            let actual: JSON? = try fields.decode(success.path)  // nil when missing or null
            if success.holds(for: actual) { continue }
            throw XToolError.server(
                message: try Self.first(messages, in: fields), code: try Self.first(codes, in: fields))
        }
    }

    /// The text of the first of `paths` that holds a value (not null, not empty text).
    private static func first(_ paths: [String], in fields: FieldDecoder) throws -> String? {
        for path in paths {
            let value: JSON? = try fields.decode(path)
            if let text = Self.text(of: value) { return text }
        }
        return nil
    }

    /// The codes of a failure this envelope reported in `body`: the text at each of `codes`
    /// that holds one, in their order (a gateway's sub-code, then its code).
    func failureCodes(in body: Data) -> [String] {
        guard let document = try? JSON(data: body) else { return [] }
        return codes.compactMap { Self.text(of: document.value(at: keyPath($0))) }
    }

    /// A code's or message's text: nil for a value that is missing, null or empty text.
    private static func text(of value: JSON?) -> String? {
        guard let text = value?.text, !text.isEmpty else { return nil }
        return text
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
