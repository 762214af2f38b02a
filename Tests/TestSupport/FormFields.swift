/// A query string or form body as the server received it (`a=1&b=%E5%8C%97`), decoded into its
/// fields in the order they were sent.
public struct FormFields: Hashable, CustomStringConvertible {
    public struct Field: Hashable {
        public let name: String
        public let value: String
    }

    public let fields: [Field]

    public init(_ encoded: String) {
        fields = encoded.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return Field(name: Self.decoded(parts[0]), value: Self.decoded(parts.count > 1 ? parts[1] : ""))
        }
    }

    /// The names, in order.
    public var names: [String] { fields.map(\.name) }

    /// The value of the last field called `name`.
    public subscript(name: String) -> String? { fields.last { $0.name == name }?.value }

    /// Every field but those called `name`, as a dictionary: what a signer receives.
    public func dictionary(excluding name: String) -> [String: String] {
        Dictionary(fields.filter { $0.name != name }.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    public var description: String { fields.map { "\($0.name)=\($0.value)" }.joined(separator: "&") }

    /// RFC 3986 percent-decoding (a `+` is a plus sign, not a space).
    private static func decoded(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }
}
