/// The decoder a model hands a member it spreads (`spread: true`): the model's own decoder, which
/// also says which keys of the object the model's own fields read. A tagged union's `.unknown`
/// keeps the object without them (see `UnionTag.unknown(in:)`), so that the fields alone write
/// them back and a value read, written and read again is the same value.
@_spi(Generated)
public struct SpreadDecoder: Decoder {
    private let base: any Decoder
    /// The keys the spreading models' own fields read (those of every model on the way, when a
    /// spread model spreads a member in turn).
    let keysBeside: Set<String>

    /// The member a model spreads, read from the model's `decoder` beside its fields' `keys`.
    public static func decode<Member: Decodable>(from decoder: any Decoder, besides keys: Set<String>) throws
        -> Member
    {
        try Member(from: SpreadDecoder(decoder, besides: keys))
    }

    /// The decoder of a member that `decoder`'s model spreads beside its fields' `keys`.
    init(_ decoder: any Decoder, besides keys: Set<String>) {
        if let outer = decoder as? SpreadDecoder {
            base = outer.base
            keysBeside = outer.keysBeside.union(keys)
        } else {
            base = decoder
            keysBeside = keys
        }
    }

    public var codingPath: [any CodingKey] { base.codingPath }
    public var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try base.container(keyedBy: type)
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try base.unkeyedContainer()
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}
