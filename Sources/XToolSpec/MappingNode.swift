import XToolYAML

/// A mapping of a spec with scalar keys, read one known key at a time.
struct MappingNode {
    struct Entry {
        var key: String
        var keyNode: YAMLNode
        var value: YAMLNode
    }

    let node: YAMLNode
    /// Where a missing key is reported: the key whose value this mapping is.
    let owner: YAMLNode
    /// What the mapping is, for messages (`an endpoint`, `the model 'Status'`).
    let what: String
    let entries: [Entry]

    func value(_ key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.value
    }

    func entry(_ key: String) -> Entry? {
        entries.first { $0.key == key }
    }
}

extension SpecReader {
    /// The node as a mapping with only `allowedKeys` (unknown keys are reported with a
    /// suggestion); nil, with an error, when it is not a mapping.
    mutating func mapping(
        _ node: YAMLNode, owner: YAMLNode, what: String, allowedKeys: [String], nullIsEmpty: Bool = false
    ) -> MappingNode? {
        if nullIsEmpty, node.coreScalar == .null {
            return MappingNode(node: node, owner: owner, what: what, entries: [])
        }
        guard case .mapping(let pairs) = node.content else {
            error("expected a mapping for \(what), found \(Self.kind(of: node))", at: node)
            return nil
        }
        var entries: [MappingNode.Entry] = []
        for (index, pair) in pairs.enumerated() {
            guard let key = pair.key.scalarText else {
                error("a key in \(what) must be a plain name, not \(Self.kind(of: pair.key))", at: pair.key)
                continue
            }
            guard allowedKeys.isEmpty || allowedKeys.contains(key) else {
                let hint = SyntaxHints.commaSplitValue(pairs, at: index) ?? Suggestions.didYouMean(key, in: allowedKeys)
                error("unknown key '\(key)' in \(what)" + hint, at: pair.key)
                continue
            }
            entries.append(MappingNode.Entry(key: key, keyNode: pair.key, value: pair.value))
        }
        return MappingNode(node: node, owner: owner, what: what, entries: entries)
    }

    /// The value of a key that must be there; a missing key is an error at the mapping's owner.
    mutating func required(_ key: String, in mapping: MappingNode) -> YAMLNode? {
        if let value = mapping.value(key) { return value }
        error("missing key '\(key)' in \(mapping.what)", at: mapping.owner)
        return nil
    }

    /// The mapping under a key that must be there (`fields:`, `endpoints:`), whose keys are
    /// names the spec chooses.
    mutating func requiredMapping(
        _ key: String, in parent: MappingNode, what: String
    ) -> (entry: MappingNode.Entry, mapping: MappingNode)? {
        guard required(key, in: parent) != nil, let entry = parent.entry(key),
            let map = mapping(entry.value, owner: entry.keyNode, what: what, allowedKeys: [])
        else { return nil }
        return (entry, map)
    }
}
