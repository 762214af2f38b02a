import XToolDiagnostics
import XToolRules
import XToolSpec
import XToolYAML

/// Where a key path leads in a sample, as `FieldDecoder` walks it (the syntax is
/// `KeyPathSyntax`'s, which the runtime reads by).
enum Lookup {
    /// The value (null included) at the path; `at` is the path from the document's root.
    case found(YAMLNode, at: [String])
    /// Nothing there: a missing key, a null object on the way, an index past the end. `nearest`
    /// is the last node reached.
    case missing(nearest: YAMLNode, at: [String])
    /// A value on the way that is neither an object nor (for an index) an array, which stops the
    /// walk with a decoding error.
    case notObject(YAMLNode, at: [String], found: String)
}

extension ValueReader {
    /// Walks `components` from `node` (which is at `base`): an object's key, or, when the value
    /// is an array and the component is digits, an element. A missing or null object on the way,
    /// or an index past the end, is missing; a null at the end is found.
    static func lookUp(_ components: [String], in node: YAMLNode, from base: [String] = []) -> Lookup {
        var current = node
        var at = base
        for (offset, component) in components.enumerated() {
            let isLast = offset == components.count - 1
            if offset > 0, let index = KeyPathSyntax.arrayIndex(component), case .sequence(let items) = current.content
            {
                at.append("[\(index)]")
                guard index < items.count else { return .missing(nearest: current, at: at) }
                current = items[index]
            } else {
                guard case .mapping = current.content else {
                    return .notObject(current, at: at, found: found(current))
                }
                at.append(component)
                guard let value = current[component] else { return .missing(nearest: current, at: at) }
                current = value
            }
            if !isLast, current.coreScalar == .null { return .missing(nearest: current, at: at) }
        }
        return .found(current, at: at)
    }

    /// Where a key path leads that may read each element (`data.children[].data`): through its
    /// first `name[]`, the array at `name`, each of whose elements is looked up along the rest
    /// (the same way), gathered into one array node at the array's place; an element along
    /// which nothing is there holds null. Any other path is `lookUp`'s.
    static func gather(_ path: Spec.KeyPath, in node: YAMLNode, from base: [String] = []) -> Lookup {
        guard let (array, inEach) = path.eachSplit else { return lookUp(path.components, in: node, from: base) }
        let lookup = lookUp(array, in: node, from: base)
        guard case .found(let arrayNode, let at) = lookup, arrayNode.coreScalar != .null else { return lookup }
        guard case .sequence(let items) = arrayNode.content else {
            return .notObject(arrayNode, at: at, found: found(arrayNode) + ", not an array")
        }
        var gathered: [YAMLNode] = []
        for (index, item) in items.enumerated() {
            let null = YAMLNode(.scalar(text: "null", style: .plain), at: item.location)
            guard item.coreScalar != .null else {
                gathered.append(null)
                continue
            }
            switch gather(Spec.KeyPath(components: inEach), in: item, from: at + ["[\(index)]"]) {
            case .found(let value, _): gathered.append(value)
            case .missing: gathered.append(null)
            case .notObject(let node, let place, let found): return .notObject(node, at: place, found: found)
            }
        }
        return .found(YAMLNode(.sequence(gathered), at: arrayNode.location), at: at)
    }

    /// Whether a value that is not null is at `components`, as `JSON.value(at:)` reads it (keys only).
    static func isPresent(_ components: [String], in node: YAMLNode) -> Bool {
        var current: YAMLNode? = node
        for component in components { current = current?[component] }
        guard let current else { return false }
        return current.coreScalar != .null
    }
}
