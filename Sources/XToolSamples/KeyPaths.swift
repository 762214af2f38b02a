import XToolDiagnostics
import XToolSpec
import XToolYAML

/// Where a key path leads in a sample, as `FieldDecoder` walks it.
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
            if offset > 0, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let index = Int(component),
                case .sequence(let items) = current.content
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

    /// Whether a value that is not null is at `components`, as `JSON.value(at:)` reads it (keys only).
    static func isPresent(_ components: [String], in node: YAMLNode) -> Bool {
        var current: YAMLNode? = node
        for component in components { current = current?[component] }
        guard let current else { return false }
        return current.coreScalar != .null
    }
}
