import XToolDiagnostics
import XToolYAML

/// A HAR capture read into its exchanges, and an error at each entry that is none. The capture's
/// tree is not kept: its answers are what an import holds, and the tree (the capture's text
/// again, with every body still as text) would be as much again.
package struct CapturedTraffic: Sendable {
    package var exchanges: [CapturedExchange]
    package var problems: [Diagnostic]

    /// The traffic of a HAR document's root (`{ "log": { "entries": [...] } }`).
    package init(_ root: YAMLNode) {
        (exchanges, problems) = CapturedExchange.exchanges(in: root)
    }

    /// The hosts the calls went to, the one most calls went to first.
    package var hosts: [String] {
        let counts = Dictionary(grouping: exchanges, by: \.host).mapValues(\.count)
        return counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    }
}
