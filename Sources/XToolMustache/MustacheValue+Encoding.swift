extension MustacheValue {
    /// The value of any `Encodable`, without a round trip through JSON: keyed containers become
    /// objects, unkeyed ones arrays, strings, booleans and numbers themselves.
    ///
    /// A nil optional becomes `null`, never an absent key, so a section over it is falsey and a
    /// name inside an object never falls through to an outer context because the object left
    /// its key out.
    ///
    /// - Throws: what the value's `encode(to:)` throws.
    public init(encoding value: some Encodable) throws {
        let node = EncodingNode()
        try node.encode(value)
        self = node.value
    }
}

/// One value under construction; objects and arrays hold the nodes of their elements.
private final class EncodingNode {
    private var scalar: MustacheValue = .null
    private var object: [String: EncodingNode]?
    private var array: [EncodingNode]?

    var value: MustacheValue {
        if let object { return .object(object.mapValues(\.value)) }
        if let array { return .array(array.map(\.value)) }
        return scalar
    }

    /// Sets the node to `value`: a scalar directly, anything else through its `encode(to:)`.
    func encode(_ value: some Encodable) throws {
        switch value {
        case let text as String: scalar = .string(text)
        case let flag as Bool: scalar = .bool(flag)
        case let number as any BinaryInteger: scalar = Int(exactly: number).map(MustacheValue.integer) ?? .double(Double(number))
        case let number as any BinaryFloatingPoint: scalar = .double(Double(number))
        default: try value.encode(to: NodeEncoder(node: self))
        }
    }

    func setNull() {
        scalar = .null
    }

    /// The member `key`, made an object first if the node isn't one.
    func member(_ key: String) -> EncodingNode {
        if object == nil { object = [:] }
        let node = object?[key] ?? EncodingNode()
        object?[key] = node
        return node
    }

    func makeObject() {
        if object == nil { object = [:] }
    }

    /// A new last element, made an array first if the node isn't one.
    func appended() -> EncodingNode {
        let node = EncodingNode()
        array = (array ?? []) + [node]
        return node
    }

    func makeArray() {
        if array == nil { array = [] }
    }

    var count: Int { array?.count ?? 0 }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.member(key.stringValue).setNull()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.member(key.stringValue).encode(value)
    }

    // A nil optional is written as `null`; the defaults of these requirements leave the key out.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try set(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try set(value, key) }

    private mutating func set<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws {
        node.appended().setNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.appended().encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appended(), codingPath: codingPath)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.setNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.encode(value)
    }
}
