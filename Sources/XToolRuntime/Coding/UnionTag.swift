/// Reads the discriminator of a tagged union (`oneOf` with `discriminator:`) before the union
/// decodes the variant it names.
@_spi(Generated)
public enum UnionTag {
    /// The string at `key` of the object being decoded; nil when the value is not an object or
    /// has no such string.
    public static func value(of key: String, in decoder: any Decoder) -> String? {
        try? decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey(key))
    }
}
