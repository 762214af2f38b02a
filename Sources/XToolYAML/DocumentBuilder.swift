import XToolDiagnostics

/// Assembles one document's node tree from events, resolving aliases and enforcing the
/// parser's bounds on depth, alias expansion and duplicate keys.
struct DocumentBuilder {
    private struct Open {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var entries: [YAMLNode.Entry] = []
        var pendingKey: YAMLNode?
        var seenKeys: [CoreScalar: SourceLocation] = [:]
        /// Nodes in this collection so far, aliases counted at their expanded size.
        var weight = 1
    }

    private let limits: YAMLParser
    private var open: [Open] = []
    private var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
    /// Nodes written in the document so far.
    private var writtenNodes = 0
    /// Nodes that aliases have added so far, each alias counted at its expanded size.
    private var aliasNodes = 0
    private var root: YAMLNode?

    init(limits: YAMLParser) {
        self.limits = limits
    }

    mutating func add(_ event: YAMLEvent, at location: SourceLocation) throws(YAMLError) {
        switch event {
        case .scalar(let text, let style, let tag, let anchor):
            let node = YAMLNode(.scalar(text: text, style: style), at: location, tag: tag)
            writtenNodes += 1
            try complete(node, weight: 1, anchor: anchor)
        case .alias(let name):
            guard let (node, weight) = anchors[name] else {
                throw YAMLError("undefined alias '\(name)'", at: location)
            }
            try countAlias(weight, at: location)
            var copy = node
            copy.location = location
            try complete(copy, weight: weight, anchor: nil)
        case .sequenceStart(let tag, let anchor), .mappingStart(let tag, let anchor):
            guard open.count < limits.maxDepth else {
                throw YAMLError("nesting is deeper than \(limits.maxDepth) levels", at: location)
            }
            writtenNodes += 1
            var isMapping = false
            if case .mappingStart = event { isMapping = true }
            open.append(Open(isMapping: isMapping, location: location, tag: tag, anchor: anchor))
        case .sequenceEnd, .mappingEnd:
            guard let closed = open.popLast() else {
                throw YAMLError("unbalanced end of a collection", at: location)
            }
            let content: YAMLNode.Content =
                closed.isMapping ? .mapping(closed.entries) : .sequence(closed.items)
            try complete(
                YAMLNode(content, at: closed.location, tag: closed.tag), weight: closed.weight,
                anchor: closed.anchor)
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            break
        }
    }

    /// The finished document (an empty one is an empty plain scalar, as libyaml reports it).
    mutating func finish(at location: SourceLocation) throws(YAMLError) -> YAMLNode {
        guard open.isEmpty, let root else { throw YAMLError("the document ended early", at: location) }
        return root
    }

    /// Counts the nodes an alias adds; past the bound, an error at the alias.
    private mutating func countAlias(_ nodes: Int, at location: SourceLocation) throws(YAMLError) {
        aliasNodes += nodes
        let bound = max(
            limits.maxAliasNodes, limits.aliasExpansionRatio.multipliedReportingOverflow(by: writtenNodes).partialValue)
        guard aliasNodes <= bound else {
            throw YAMLError(
                "aliases expand to more than \(bound) nodes (an alias bomb?)", at: location)
        }
    }

    private mutating func complete(_ node: YAMLNode, weight: Int, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = (node, weight) }
        guard var parent = open.popLast() else {
            root = node
            return
        }
        defer { open.append(parent) }
        parent.weight += weight
        guard parent.isMapping else {
            parent.items.append(node)
            return
        }
        guard let key = parent.pendingKey else {
            if limits.rejectsDuplicateKeys, let identity = node.coreScalar {
                if let first = parent.seenKeys[identity] {
                    throw YAMLError(
                        "duplicate key '\(node.scalarText ?? "")' (first defined at \(first))", at: node.location)
                }
                parent.seenKeys[identity] = node.location
            }
            parent.pendingKey = node
            return
        }
        parent.entries.append(YAMLNode.Entry(key: key, value: node))
        parent.pendingKey = nil
    }
}
