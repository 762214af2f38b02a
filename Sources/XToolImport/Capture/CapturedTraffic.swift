import XToolDiagnostics
import XToolYAML

/// A HAR capture read into its exchanges, and an error at each entry that is none. The capture's
/// tree is not kept: its answers are what an import holds, and the tree (the capture's text
/// again, with every body still as text) would be as much again.
package struct CapturedTraffic: Sendable {
    package var exchanges: [CapturedExchange] = []
    package var problems: [Diagnostic] = []

    /// The traffic of a HAR document's root (`{ "log": { "entries": [...] } }`). Each entry is
    /// read and let go in turn: when nothing else holds the tree, the capture's entries are
    /// freed as their exchanges are made, not after the last one.
    package init(_ root: consuming YAMLNode) {
        var entries = Self.takeEntries(from: &root)
        entries.reverse()
        exchanges.reserveCapacity(entries.count)
        while let entry = entries.popLast() {
            switch CapturedExchange.read(entry) {
            case .success(let exchange): exchanges.append(exchange)
            case .failure(let problem): problems.append(problem)
            }
        }
    }

    /// The hosts the calls went to, the one most calls went to first.
    package var hosts: [String] {
        let counts = Dictionary(grouping: exchanges, by: \.host).mapValues(\.count)
        return counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    }

    /// The items of `log.entries`, taken out of `root`, which is left without them: the one
    /// reference to them when nothing else holds the tree.
    private static func takeEntries(from root: inout YAMLNode) -> [YAMLNode] {
        guard case .mapping(var top) = root.content, let log = top.firstIndex(where: { $0.key.scalarText == "log" })
        else { return [] }
        root.content = .mapping([])
        guard case .mapping(var members) = top[log].value.content,
            let index = members.firstIndex(where: { $0.key.scalarText == "entries" })
        else { return [] }
        top[log].value.content = .mapping([])
        guard case .sequence(let entries) = members[index].value.content else { return [] }
        members[index].value.content = .sequence([])
        return entries
    }
}
