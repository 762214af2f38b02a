import Foundation

/// A call's value with the status and the headers of the response it came from: what a
/// generated `…WithResponse` method returns. `Headers` is `HTTPHeaders`, or the struct the
/// generator writes for an endpoint whose spec names headers, which holds their typed values.
///
/// ```swift
/// let received = try await IssueTool().issueWithResponse(owner: "octocat", repo: "Hello-World", issueNumber: 1347)
/// received.value.title              // the Issue
/// received.status                   // 200
/// received.headers.rateLimitRemaining   // Int, as the spec declares it
/// received.headers["Link"]          // any header, whatever its case
/// ```
public struct Received<Value, Headers> {
    public let value: Value
    /// The HTTP status (206 for Mastodon's home feed while it regenerates).
    public let status: Int
    public let headers: Headers

    public init(value: Value, status: Int, headers: Headers) {
        self.value = value
        self.status = status
        self.headers = headers
    }
}

extension Received: Sendable where Value: Sendable, Headers: Sendable {}
extension Received: Equatable where Value: Equatable, Headers: Equatable {}
extension Received: Hashable where Value: Hashable, Headers: Hashable {}

/// The headers of a response as a call returns them: `HTTPHeaders` itself, or a generated struct
/// with typed values for the headers a spec names.
public protocol ReceivedHeaders: Sendable {
    /// Reads the values from the response's header fields; a missing header that is not
    /// optional, or one that does not read as its type, is `.decoding` naming the header.
    init(_ fields: HTTPHeaders) throws(XToolError)
}

extension HTTPHeaders: ReceivedHeaders {
    public init(_ fields: HTTPHeaders) {
        self = fields
    }
}

/// Reads typed values from header fields, for generated `ReceivedHeaders` structs: text as it
/// is, numbers (`Decimal` exactly as written), `true`/`false`/`1`/`0`, URLs, string and integer
/// enums, and dates, by default in
/// HTTP's format (`Sun, 06 Nov 1994 08:49:37 GMT`). An optional is nil when the header is missing.
@_spi(Generated)
public struct HeaderDecoder {
    /// HTTP's date format (RFC 9110's IMF-fixdate).
    public static let httpDate: DateStyle = .formatted("EEE, dd MMM yyyy HH:mm:ss zzz")

    private let fields: HTTPHeaders

    public init(_ fields: HTTPHeaders) {
        self.fields = fields
    }

    /// The value of the header `name` (any case).
    public func decode<T: Decodable>(_ name: String) throws(XToolError) -> T {
        try decode(name, dateFormat: Self.httpDate)
    }

    /// The value of the header `name`, a date in `dateFormat` (`secondsSince1970` for GitHub's
    /// `X-RateLimit-Reset`).
    public func decode<T: Decodable>(_ name: String, dateFormat: DateStyle) throws(XToolError) -> T {
        guard let text = fields[name] else {
            if let nullable = T.self as? any NullRepresentable.Type, let null = nullable.null as? T { return null }
            throw .decoding(path: name, message: "The response has no header '\(name)'.")
        }
        do {
            return try HeaderValue(text: text.trimmingCharacters(in: .whitespaces), dates: dateFormat).decode(T.self)
        } catch {
            throw .decoding(
                path: name, message: "The header '\(name)' is \"\(text)\", not \(HeaderValue.typeName(T.self)).")
        }
    }
}

/// One header's text as a single value to decode from.
private struct HeaderValue: Decoder, SingleValueDecodingContainer {
    let text: String
    let dates: DateStyle
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Whether `text` is a decimal number as JSON writes one, a leading `+` allowed (`-12.50`,
    /// `1e3`): not `inf`, `nan` or hexadecimal, which `Double` would read.
    static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        var exponent = rest.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy(digits) else { return false }
        guard !exponent.isEmpty else { return true }
        exponent = exponent.dropFirst()
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return digits(exponent)
    }

    static func typeName(_ type: Any.Type) -> String {
        String(describing: type).replacingOccurrences(of: "Optional<", with: "").replacingOccurrences(of: ">", with: "")
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: [], debugDescription: "Expected \(type), found \"\(text)\"."))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch([String: String].self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw mismatch([String].self)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw mismatch(type)
        }
    }

    func decode(_ type: String.Type) -> String { text }

    private func number<N: LosslessStringConvertible>(_ type: N.Type) throws -> N {
        guard let value = N(text) else { throw mismatch(type) }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double { try number(type) }
    func decode(_ type: Float.Type) throws -> Float { try number(type) }
    func decode(_ type: Int.Type) throws -> Int { try number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self { return try dates.decode(from: self) as! T }
        if T.self == URL.self {
            guard let url = URL(string: text) else { throw mismatch(type) }
            return url as! T
        }
        if T.self == Decimal.self {
            // Decimal's own Decodable reads a keyed form; a header holds the number's text.
            guard Self.isNumber(text), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else { throw mismatch(type) }
            return decimal as! T
        }
        return try T(from: self)
    }
}
