import XToolDiagnostics
import XToolYAML

// `fragments:`, the one home of the concept in XToolSpec: GraphQL fragments declared once and
// appended to each fixed query text that spreads them (`...ProductFields`), read and checked.

/// A GraphQL fragment the spec declares: its name and its whole text.
struct Fragment {
    let name: String
    let text: String
    let location: SourceLocation
}

extension SpecReader {
    /// `fragments: { ProductFields: "fragment ProductFields on Product { id title }" }`.
    mutating func readFragments(_ entry: MappingNode.Entry) -> [Fragment] {
        guard let map = mapping(entry.value, owner: entry.keyNode, what: "the fragments", allowedKeys: [])
        else { return [] }
        return map.entries.compactMap { item in
            guard let text = nonEmptyText(item.value, what: "the fragment '\(item.key)'") else { return nil }
            let words = text.split(whereSeparator: \.isWhitespace)
            guard words.count >= 4, words[0] == "fragment", words[1] == item.key, words[2] == "on" else {
                error(
                    "the fragment '\(item.key)' is GraphQL's 'fragment \(item.key) on Type { … }', found '\(text.prefix(40))'",
                    at: item.value)
                return nil
            }
            return Fragment(name: item.key, text: text, location: item.keyNode.location)
        }
    }

    /// `text` with each declared fragment it spreads (and those they spread) appended once, in
    /// the order `fragments:` declares them; `used` collects their names.
    func appendingFragments(to text: String, used: inout Set<String>) -> String {
        var needed = Set(Self.spreads(in: text))
        var grew = true
        while grew {
            let more = fragments.filter { needed.contains($0.name) }.flatMap { Self.spreads(in: $0.text) }
            grew = !Set(more).isSubset(of: needed)
            needed.formUnion(more)
        }
        let appended = fragments.filter { needed.contains($0.name) && !Self.defines($0.name, text) }
        used.formUnion(appended.map(\.name))
        return ([text] + appended.map(\.text)).joined(separator: "\n")
    }

    /// Warns of a declared fragment no query spreads.
    mutating func warnAboutUnusedFragments(used: Set<String>) {
        for fragment in fragments where !used.contains(fragment.name) {
            diagnostics.warning(
                "no fixed query spreads the fragment '\(fragment.name)' (...\(fragment.name))", at: fragment.location)
        }
    }

    /// The names a GraphQL text spreads: `...Name`, not an inline `... on Type`.
    private static func spreads(in text: String) -> [String] {
        text.split(separator: "...", omittingEmptySubsequences: false).dropFirst().compactMap { rest in
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty || name == "on" ? nil : String(name)
        }
    }

    /// Whether the text defines the fragment itself.
    private static func defines(_ name: String, _ text: String) -> Bool {
        text.contains("fragment \(name) ")
    }
}
