import Synchronization

extension MustacheValue {
    /// The value of any `Encodable`, without a round trip through JSON: keyed containers become
    /// objects, unkeyed ones arrays, strings, booleans and numbers themselves.
    ///
    /// A nil optional becomes `null`, never an absent key, so a section over it is falsey and a
    /// name inside an object never falls through to an outer context because the object left
    /// its key out.
    ///
    /// - Throws: what the value's `encode(to:)` throws.
    package init(encoding value: some Encodable) throws {
        let node = EncodingNode()
        try node.encode(value)
        self = node.value
    }
}

/// How many members the objects of each keyed type had, learnt as values are encoded, so that
/// every later object of the type is made at its size, not grown (and rehashed) to it: a
/// context's objects are of a few types, encoded thousands of times in a generation.
private final class ObjectSizes: Sendable {
    /// The sizes learnt in this process, by every encoding (on any thread).
    static let learnt = ObjectSizes()

    private let counts = Mutex<[ObjectIdentifier: Int]>([:])

    func capacity(for keys: ObjectIdentifier) -> Int { counts.withLock { $0[keys] ?? 0 } }

    func record(_ count: Int, for keys: ObjectIdentifier) {
        counts.withLock { counts in
            if count > counts[keys] ?? 0 { counts[keys] = count }
        }
    }
}

/// One value under construction. Scalars and values encoded through a generic `encode` are
/// stored as values at once; only a nested container, which is filled after it is handed out,
/// stays a node until the value is read.
private final class EncodingNode {
    var scalar: MustacheValue = .null
    /// The keys' type, when the node is an object a keyed container filled.
    private var keys: ObjectIdentifier?
    private var object: [String: MustacheValue]?
    private var array: [MustacheValue]?
    /// Nested containers handed out, by key or by index, read when the value is.
    private var nestedMembers: [String: EncodingNode] = [:]
    private var nestedElements: [Int: EncodingNode] = [:]

    var value: MustacheValue {
        if var object {
            for (key, node) in nestedMembers { object[key] = node.value }
            if let keys { ObjectSizes.learnt.record(object.count, for: keys) }
            return .object(object)
        }
        if var array {
            for (index, node) in nestedElements { array[index] = node.value }
            return .array(array)
        }
        return scalar
    }

    /// The value of `value`: a scalar directly, anything else through its `encode(to:)`.
    static func value(of value: some Encodable) throws -> MustacheValue {
        if let scalar = scalar(value) { return scalar }
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node))
        return node.value
    }

    /// Sets the node to `value`: a scalar directly, anything else through its `encode(to:)`.
    func encode(_ value: some Encodable) throws {
        if let scalar = Self.scalar(value) {
            self.scalar = scalar
        } else {
            try value.encode(to: NodeEncoder(node: self))
        }
    }

    /// The value of a scalar that reached a generic `encode`, or nil for anything else, told by
    /// its metatype, which costs no conformance lookup. Other numbers need no test of their own:
    /// their `encode(to:)` reaches a single-value container's overload for them, which stores
    /// the same value (and the contexts' structs, arrays and optionals, most of what gets here,
    /// pay for no dynamic cast that fails).
    static func scalar<T: Encodable>(_ value: T) -> MustacheValue? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Int.self { return .integer(value as! Int) }
        if T.self == Double.self { return .double(value as! Double) }
        return nil
    }

    /// The member `key` as `value`, made an object first if the node isn't one.
    func set(_ key: String, _ value: MustacheValue) {
        if object == nil { object = [:] }
        object![key] = value
        if !nestedMembers.isEmpty { nestedMembers[key] = nil }  // most objects have none: no second hash
    }

    /// The member `key` through `encode(to:)` (a scalar is stored as it is).
    func set(_ key: String, encoding value: some Encodable) throws {
        set(key, try Self.value(of: value))
    }

    /// The member `key` as a node, made an object first if the node isn't one.
    func member(_ key: String) -> EncodingNode {
        if object == nil { object = [:] }
        if let node = nestedMembers[key] { return node }
        let node = EncodingNode()
        object![key] = .null
        nestedMembers[key] = node
        return node
    }

    /// Makes the node an object of `keys`, at the size objects of theirs had so far.
    func makeObject(keyedBy keys: ObjectIdentifier) {
        guard object == nil else { return }
        self.keys = keys
        object = Dictionary(minimumCapacity: ObjectSizes.learnt.capacity(for: keys))
    }

    /// A new last element.
    func append(_ value: MustacheValue) {
        if array == nil { array = [] }
        array!.append(value)
    }

    /// A new last element as a node, made an array first if the node isn't one.
    func appended() -> EncodingNode {
        let node = EncodingNode()
        if array == nil { array = [] }
        nestedElements[array!.count] = node
        array!.append(.null)
        return node
    }

    func makeArray() {
        if array == nil { array = [] }
    }

    var count: Int { array?.count ?? 0 }
}

extension MustacheValue {
    /// An integer that fits in `Int` stays exact; a larger one becomes a double.
    fileprivate init(integer value: some BinaryInteger) {
        self = Int(exactly: value).map(MustacheValue.integer) ?? .double(Double(value))
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject(keyedBy: ObjectIdentifier(Key.self))
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

// The containers implement every concrete requirement, so that a synthesized `encode(to:)`
// stores a string, number or flag without the dynamic casts of the generic path.

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.set(key.stringValue, .null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.set(key.stringValue, encoding: value)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { node.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.set(key.stringValue, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.set(key.stringValue, .double(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.set(key.stringValue, .integer(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.set(key.stringValue, .integer(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.set(key.stringValue, .integer(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.set(key.stringValue, .integer(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        node.set(key.stringValue, MustacheValue(integer: value))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        node.set(key.stringValue, MustacheValue(integer: value))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.set(key.stringValue, .integer(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.set(key.stringValue, .integer(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.set(key.stringValue, .integer(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        node.set(key.stringValue, MustacheValue(integer: value))
    }

    // A nil optional is written as `null`; the defaults of these requirements leave the key out.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .bool(value) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .string(value) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .double(value) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .double(Double(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(value) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(Int(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(Int(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(Int(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in MustacheValue(integer: value) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in MustacheValue(integer: value) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(Int(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(Int(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in .integer(Int(value)) } ?? .null)
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        node.set(key.stringValue, value.map { value in MustacheValue(integer: value) } ?? .null)
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
        node.append(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try EncodingNode.value(of: value))
    }

    mutating func encode(_ value: Bool) throws { node.append(.bool(value)) }
    mutating func encode(_ value: String) throws { node.append(.string(value)) }
    mutating func encode(_ value: Double) throws { node.append(.double(value)) }
    mutating func encode(_ value: Float) throws { node.append(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.append(.integer(value)) }
    mutating func encode(_ value: Int8) throws { node.append(.integer(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.append(.integer(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.append(.integer(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.append(MustacheValue(integer: value)) }
    mutating func encode(_ value: UInt) throws { node.append(MustacheValue(integer: value)) }
    mutating func encode(_ value: UInt8) throws { node.append(.integer(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.append(.integer(Int(value))) }
    mutating func encode(_ value: UInt32) throws { node.append(.integer(Int(value))) }
    mutating func encode(_ value: UInt64) throws { node.append(MustacheValue(integer: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
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
        node.scalar = .null
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.encode(value)
    }

    mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
    mutating func encode(_ value: String) throws { node.scalar = .string(value) }
    mutating func encode(_ value: Double) throws { node.scalar = .double(value) }
    mutating func encode(_ value: Float) throws { node.scalar = .double(Double(value)) }
    mutating func encode(_ value: Int) throws { node.scalar = .integer(value) }
    mutating func encode(_ value: Int8) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int16) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int32) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: Int64) throws { node.scalar = MustacheValue(integer: value) }
    mutating func encode(_ value: UInt) throws { node.scalar = MustacheValue(integer: value) }
    mutating func encode(_ value: UInt8) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt16) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt32) throws { node.scalar = .integer(Int(value)) }
    mutating func encode(_ value: UInt64) throws { node.scalar = MustacheValue(integer: value) }
}
