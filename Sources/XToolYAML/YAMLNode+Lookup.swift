/// Reading a node tree: a mapping's values by key, its entries and a sequence's items, and a
/// scalar's text. Every consumer (the spec reader, the OpenAPI importer) looks nodes up
/// through these, never by matching `content` itself.
extension YAMLNode {
    /// The text of a scalar node, or nil for a sequence or mapping.
    package var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The text of a scalar that is not null (`~`, `null` or nothing).
    package var string: String? {
        guard let text = scalarText, coreScalar != .null else { return nil }
        return text
    }

    /// Whether the node is the scalar `true`.
    package var isTrue: Bool { coreScalar == .bool(true) }

    package var isMapping: Bool {
        if case .mapping = content { return true }
        return false
    }

    /// The value of `key` in a mapping (its first entry with that scalar key); nil for a missing
    /// key or a node that is no mapping.
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalarText == key }?.value
    }

    /// The entries of a mapping with scalar keys, in document order (none for other nodes).
    package var entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs) = content else { return [] }
        return pairs.compactMap { pair in pair.key.scalarText.map { ($0, pair.key, pair.value) } }
    }

    /// The items of a sequence (none for other nodes).
    package var items: [YAMLNode] {
        guard case .sequence(let items) = content else { return [] }
        return items
    }
}
