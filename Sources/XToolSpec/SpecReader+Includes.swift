import XToolDiagnostics
import XToolYAML

extension SpecReader {
    /// `include: models/things.yaml` (or a list of paths): models files, relative to the spec's
    /// folder, whose models are the spec's as if declared under its `models:`. A models file holds
    /// `models:` and nothing else. Returns each file's `models:` entry, its nodes in that file.
    mutating func readIncludes(_ entry: MappingNode.Entry) -> [MappingNode.Entry] {
        let pathNodes: [YAMLNode]
        if case .sequence(let items) = entry.value.content { pathNodes = items } else { pathNodes = [entry.value] }
        var seen: Set<String> = []
        return pathNodes.compactMap { node -> MappingNode.Entry? in
            guard let path = nonEmptyText(node, what: "an included file's path") else { return nil }
            guard seen.insert(path).inserted else {
                error("'\(path)' is included twice", at: node)
                return nil
            }
            guard let readInclude else {
                error(
                    "this spec is read without its folder, so it can't include '\(path)'; "
                        + "include files in a spec read from disk", at: node)
                return nil
            }
            switch readInclude(path) {
            case .failure(let problem) where problem.location?.file != nil:
                diagnostics.append(problem)  // YAML that can't be read, at its place in the file
                return nil
            case .failure(let problem):
                error("can't include '\(path)': \(problem.message)", at: node)
                return nil
            case .success(let root):
                guard
                    let file = mapping(
                        root, owner: node, what: "the models file '\(path)'", allowedKeys: SpecKeys.modelsFile),
                    let models = file.entry("models")
                else {
                    if case .mapping = root.content {
                        error("the models file '\(path)' declares no 'models:'", at: root)
                    }
                    return nil
                }
                return models
            }
        }
    }
}
