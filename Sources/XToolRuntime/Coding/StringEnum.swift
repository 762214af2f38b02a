/// A string enum with a case for values it does not know, so that a new value from the server
/// is never a decoding error. Conformers list their known cases and write `rawString`; reading
/// a raw string and coding come with the protocol.
///
/// ```swift
/// public enum Visibility: StringEnum {
///     case `public`, friends, `private`
///     case unknown(String)
///
///     public static let knownCases: [Visibility] = [.public, .friends, .private]
///
///     public var rawString: String {
///         switch self {
///         case .public: "public"
///         case .friends: "friends"
///         case .private: "private"
///         case .unknown(let value): value
///         }
///     }
/// }
/// ```
public protocol StringEnum: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Every case but `unknown`, each matched by its `rawString`.
    static var knownCases: [Self] { get }
    /// The case for a value that no known case has (an enum's `case unknown(String)`).
    static func unknown(_ value: String) -> Self
    /// The case whose `rawString` is `rawString`, else `unknown(rawString)`.
    init(rawString: String)
    /// The value on the wire.
    var rawString: String { get }
}

extension StringEnum {
    public init(rawString: String) {
        self = Self.knownCases.first { $0.rawString == rawString } ?? .unknown(rawString)
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawString: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawString)
    }

    public var description: String { rawString }
}
