/// HTTP header fields in order, looked up without regard to case.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order, repeated names included.
    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value named `name` (any case); setting replaces every field of that name,
    /// and nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            fields.removeAll { Self.sameName($0.name, name) }
            if let newValue {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Whether two field names are one: ASCII letters match in any case (RFC 9110), compared
    /// without making lowercased copies (every response's `Content-Type` is looked up).
    static func sameName(_ name: String, _ other: String) -> Bool {
        name.utf8.elementsEqual(other.utf8) { byte, otherByte in
            byte == otherByte || (byte ^ otherByte == 0x20 && (0x61...0x7A).contains(byte | 0x20))
        }
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
