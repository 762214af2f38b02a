import XToolYAML

extension YAMLNode {
    /// The key paths of an answer's objects down to `depth` keys (`/data/id`; an array's
    /// objects at the array's own path): what tells whether two answers have one shape.
    func keyPaths(depth: Int, prefix: String = "") -> Set<String> {
        guard depth > 0 else { return [] }
        if case .sequence(let items) = content {
            return items.reduce(into: []) { $0.formUnion($1.keyPaths(depth: depth, prefix: prefix)) }
        }
        var paths: Set<String> = []
        for entry in entries {
            let path = prefix + "/" + entry.key
            paths.insert(path)
            paths.formUnion(entry.value.keyPaths(depth: depth - 1, prefix: path))
        }
        return paths
    }
}
