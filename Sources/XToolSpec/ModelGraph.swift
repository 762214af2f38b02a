import XToolDiagnostics
import XToolYAML

/// The models and the fields that store another model inline (directly or through an
/// optional): the edges along which a struct would contain itself.
struct ModelGraph {
    struct Edge: Hashable {
        var from: String
        var to: String
        var fieldIndex: Int
        var throughOptional: Bool
    }

    private(set) var edges: [String: [Edge]] = [:]

    init(models: [Spec.Model]) {
        for model in models {
            for (index, field) in model.fields.enumerated() {
                guard let (target, throughOptional) = field.type.inlineModel else { continue }
                edges[model.name, default: []].append(
                    Edge(from: model.name, to: target, fieldIndex: index, throughOptional: throughOptional))
            }
        }
    }

    /// A path of edges from `start` back to itself through models of `component`.
    func cycle(from start: String, within component: Set<String>, admitting admits: (Edge) -> Bool) -> [Edge]? {
        var visited: Set<String> = []
        func walk(_ node: String) -> [Edge]? {
            for edge in edges[node, default: []] where admits(edge) && component.contains(edge.to) {
                if edge.to == start { return [edge] }
                if visited.insert(edge.to).inserted, let rest = walk(edge.to) { return [edge] + rest }
            }
            return nil
        }
        return walk(start)
    }

    /// The strongly connected components that hold a cycle, over the edges `admits` keeps.
    func cyclicComponents(admitting admits: (Edge) -> Bool) -> [Set<String>] {
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var components: [Set<String>] = []

        func connect(_ node: String) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for edge in edges[node, default: []] where admits(edge) {
                if indices[edge.to] == nil {
                    connect(edge.to)
                    lowLinks[node] = min(lowLinks[node]!, lowLinks[edge.to]!)
                } else if onStack.contains(edge.to) {
                    lowLinks[node] = min(lowLinks[node]!, indices[edge.to]!)
                }
            }
            guard lowLinks[node] == indices[node] else { return }
            var component: Set<String> = []
            while let member = stack.popLast() {
                onStack.remove(member)
                component.insert(member)
                if member == node { break }
            }
            let selfLoop = edges[node, default: []].contains { admits($0) && $0.to == node }
            if component.count > 1 || selfLoop { components.append(component) }
        }

        for node in edges.keys.sorted() where indices[node] == nil { connect(node) }
        return components
    }
}

extension SpecReader {
    /// Rejects models that contain themselves with no optional or array in between (at the
    /// field that starts the cycle in the first model declared), and warns about models no
    /// endpoint uses.
    mutating func checkModelGraph(models: [Spec.Model], tools: [Spec.Tool], errors: Spec.ErrorBody?) {
        let graph = ModelGraph(models: models)
        let direct: (ModelGraph.Edge) -> Bool = { !$0.throughOptional }
        let modelNames = self.modelNames
        let declared = { (name: String) in modelNames[name] ?? SourceLocation(line: .max, column: .max) }
        for component in graph.cyclicComponents(admitting: direct) {
            guard let start = component.min(by: { (declared($0), $0) < (declared($1), $1) }),
                let cycle = graph.cycle(from: start, within: component, admitting: direct),
                let first = cycle.first
            else { continue }
            let names = [start] + cycle.map(\.to)
            let location = fieldLocations[start]?[first.fieldIndex] ?? SourceLocation(line: 1, column: 1)
            diagnostics.error(
                "the model '\(start)' contains itself (\(names.joined(separator: " -> "))) with no optional "
                    + "or array in between, so it could never be built", at: location)
        }
        guard !diagnostics.hasErrors else { return }
        warnAboutUnusedModels(models: models, tools: tools, errors: errors)
        warnAboutSentDefaults(models: models, tools: tools)
    }

    private mutating func warnAboutUnusedModels(models: [Spec.Model], tools: [Spec.Tool], errors: Spec.ErrorBody?) {
        guard !tools.isEmpty else { return }
        var roots = tools.flatMap { tool in
            tool.endpoints.flatMap { endpoint in
                (endpoint.response?.type.referencedModels ?? []) + endpoint.parameters.flatMap(\.type.referencedModels)
                    + (endpoint.errors?.types.flatMap(\.referencedModels) ?? [])
            }
        }
        roots += errors?.types.flatMap(\.referencedModels) ?? []
        let used = Self.models(reachedFrom: roots, in: models)
        // A models file's models are shared: a spec that includes it may use some of them only.
        for model in models where !used.contains(model.name) {
            if let location = modelNames[model.name], location.file == nil {
                diagnostics.warning("the model '\(model.name)' is not used by any endpoint", at: location)
            }
        }
    }

    /// A field's `default:` is what a missing key reads as, and also the initializer's default:
    /// in a model a request sends, a call that leaves the field out sends the default. Each such
    /// field is a warning at its key, since the server's own default (or the value it keeps) is
    /// usually what the caller meant. A `nullable:` field in a model that no request sends is a
    /// warning too: it still reads null as `.null`, but sending is what it is for.
    private mutating func warnAboutSentDefaults(models: [Spec.Model], tools: [Spec.Tool]) {
        let sent = Self.models(
            reachedFrom: tools.flatMap { $0.endpoints.flatMap { $0.parameters.flatMap(\.type.referencedModels) } },
            in: models)
        for model in models where !sent.contains(model.name) {
            for (index, field) in model.fields.enumerated() where field.nullable {
                guard !tools.isEmpty, let location = fieldLocations[model.name]?[index], location.file == nil else {
                    continue
                }
                diagnostics.warning(
                    "'\(field.keyPath)' is nullable, but no request sends the model '\(model.name)'; "
                        + "'nullable: true' is for a member a request can send as null", at: location)
            }
        }
        for model in models where sent.contains(model.name) {
            for (index, field) in model.fields.enumerated() {
                guard let value = field.defaultValue, value != .null, !field.isConstant,
                    let location = fieldLocations[model.name]?[index]
                else { continue }
                diagnostics.warning(
                    "the model '\(model.name)' is sent in requests, so a call that leaves out '\(field.keyPath)' "
                        + "sends its default; to let the server apply its own, make it optional without a default",
                    at: location)
            }
        }
    }

    /// The models named in `roots` and those they hold, through fields and variants.
    private static func models(reachedFrom roots: [String], in models: [Spec.Model]) -> Set<String> {
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<String> = []
        var pending = roots
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let model = byName[name] else { continue }
            pending += model.memberTypes.flatMap(\.referencedModels)
        }
        return reached
    }

    /// Marks the fields through which a model reaches itself: each cycle that passed the check
    /// above goes through an optional, and storing those optionals in a box breaks the cycle.
    func markIndirectFields(_ models: [Spec.Model]) -> [Spec.Model] {
        let graph = ModelGraph(models: models)
        let cyclic = graph.cyclicComponents(admitting: { _ in true })
        var result = models
        for (modelIndex, model) in models.enumerated() {
            guard let component = cyclic.first(where: { $0.contains(model.name) }) else { continue }
            for edge in graph.edges[model.name, default: []] where edge.throughOptional && component.contains(edge.to) {
                result[modelIndex].fields[edge.fieldIndex].isIndirect = true
            }
        }
        return result
    }
}
