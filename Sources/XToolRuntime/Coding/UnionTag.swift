/// Reads the discriminator of a tagged union (`oneOf` with `discriminator:`) before the union
/// decodes the variant it names.
@_spi(Generated)
public enum UnionTag {
    /// The string at `key` of the object being decoded, or the digits of an integer there
    /// (Discord tags its variants with `"type": 1`); nil when the value is not an object or has
    /// no such string or integer.
    public static func value(of key: String, in decoder: any Decoder) -> String? {
        guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return nil }
        if let text = try? container.decode(String.self, forKey: AnyKey(key)) { return text }
        return (try? container.decode(Int64.self, forKey: AnyKey(key))).map(String.init)
    }

    /// Writes a tagged union's variant: `value`'s object with the tag at `key`, a number when
    /// it is digits (Discord's `"type": 1`), so that decoding the result picks the same variant.
    public static func encode(_ value: some Encodable, tag: String, key: String, to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyKey.self)
        try encodeTag(tag, key: key, in: &container)
    }

    /// A variant's value at the key its tag names (`payload: underTag`: `{"type": "paragraph",
    /// "paragraph": {…}}`).
    public static func payload<Value: Decodable>(at tag: String, in decoder: any Decoder) throws -> Value {
        try decoder.container(keyedBy: AnyKey.self).decode(Value.self, forKey: AnyKey(tag))
    }

    /// Writes a variant whose value goes at the key its tag names, with the tag at `key`.
    public static func encodePayload(_ value: some Encodable, tag: String, key: String, to encoder: any Encoder)
        throws
    {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(value, forKey: AnyKey(tag))
        try encodeTag(tag, key: key, in: &container)
    }

    /// A tagged union's `unknown` value: the value as it came, or, for a union a model spreads
    /// (`SpreadDecoder`), the object without the keys the model's own fields read and write.
    public static func unknown(in decoder: any Decoder) throws -> JSON {
        let value = try JSON(from: decoder)
        guard let spread = decoder as? SpreadDecoder, case .object(let members) = value else { return value }
        return .object(members.filter { !spread.keysBeside.contains($0.key) })
    }

    /// Writes a tagged union's `unknown` value as it came: an object's members one by one, into
    /// the object that the union may share with the fields of a model it is spread in.
    public static func encodeUnknown(_ value: JSON, to encoder: any Encoder) throws {
        guard case .object(let members) = value else {
            var container = encoder.singleValueContainer()
            try container.encode(value)
            return
        }
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, member) in members {
            try container.encode(member, forKey: AnyKey(key))
        }
    }

    /// The tag at `key`, a number when it is digits.
    private static func encodeTag(_ tag: String, key: String, in container: inout KeyedEncodingContainer<AnyKey>)
        throws
    {
        if let number = Int64(tag), String(number) == tag {
            try container.encode(number, forKey: AnyKey(key))
        } else {
            try container.encode(tag, forKey: AnyKey(key))
        }
    }
}
