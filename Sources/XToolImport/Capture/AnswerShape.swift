import XToolYAML

extension YAMLNode {
    /// The key paths of an answer's objects down to `depth` keys (`/data/id`; an array's
    /// objects at the array's own path): what tells whether two answers have one shape.
    func keyPaths(depth: Int, prefix: String = "") -> Set<String> {
        guard depth > 0 else { return [] }
        if case .sequence(let items) = content {
            return items.reduce(into: []) { $0.formUnion($1.keyPaths(depth: depth, prefix: prefix)) }
        }
        guard case .mapping(let pairs) = content else { return [] }
        var paths: Set<String> = []
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            let path = prefix + "/" + key
            paths.insert(path)
            paths.formUnion(pair.value.keyPaths(depth: depth - 1, prefix: path))
        }
        return paths
    }
}
