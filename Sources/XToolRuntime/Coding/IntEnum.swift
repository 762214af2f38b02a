/// An integer enum with a case for values it does not know, so that a new value from the
/// server is never a decoding error: `StringEnum`'s counterpart for APIs that send numbers
/// (`"sex": 1`). Conformers list their known cases and write `rawInt`; reading a raw value and
/// coding come with the protocol.
///
/// ```swift
/// public enum Sex: IntEnum {
///     case male, female
///     case unknown(Int)
///
///     public static let knownCases: [Sex] = [.male, .female]
///
///     public var rawInt: Int {
///         switch self {
///         case .male: 1
///         case .female: 2
///         case .unknown(let value): value
///         }
///     }
/// }
/// ```
public protocol IntEnum: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Every case but `unknown`, each matched by its `rawInt`.
    static var knownCases: [Self] { get }
    /// The case for a value that no known case has (an enum's `case unknown(Int)`).
    static func unknown(_ value: Int) -> Self
    /// The case whose `rawInt` is `rawInt`, else `unknown(rawInt)`.
    init(rawInt: Int)
    /// The value on the wire.
    var rawInt: Int { get }
}

extension IntEnum {
    public init(rawInt: Int) {
        self = Self.knownCases.first { $0.rawInt == rawInt } ?? .unknown(rawInt)
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawInt: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawInt)
    }

    public var description: String { String(rawInt) }
}
