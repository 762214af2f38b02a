/// A string enum with a case for values it does not know, so that a new value from the server
/// is never a decoding error. Conformers write only the mapping; coding comes with it.
///
/// ```swift
/// public enum Visibility: StringEnum {
///     case `public`, friends, `private`, unknown(String)
///     public init(rawString: String) {
///         switch rawString {
///         case "public": self = .public
///         case "friends": self = .friends
///         case "private": self = .private
///         default: self = .unknown(rawString)
///         }
///     }
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
    init(rawString: String)
    var rawString: String { get }
}

extension StringEnum {
    public init(from decoder: any Decoder) throws {
        self.init(rawString: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawString)
    }

    public var description: String { rawString }
}
