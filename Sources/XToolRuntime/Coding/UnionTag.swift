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
        if let number = Int64(tag), String(number) == tag {
            try container.encode(number, forKey: AnyKey(key))
        } else {
            try container.encode(tag, forKey: AnyKey(key))
        }
    }
}
