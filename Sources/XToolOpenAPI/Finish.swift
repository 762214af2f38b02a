import XToolSpec

/// The checks that need every model's name: inline enums whose name another type has, and
/// models that would contain themselves.
extension Importer {
    /// Parameters of one tool whose inline enums take one name list the values of them all:
    /// the tool declares the enum once (`bucket_width: [1d]` and `[1m, 1h, 1d]` ->
    /// `[1m, 1h, 1d]` for both).
    func shareToolEnums(_ tools: inout [ToolDraft]) {
        for toolIndex in tools.indices {
            var values: [String: [String]] = [:]
            for endpoint in tools[toolIndex].endpoints {
                for parameter in endpoint.params {
                    guard let listed = parameter.type.enumValues else { continue }
                    let name = Self.enumName(of: parameter)
                    let known = values[name] ?? []
                    let (longer, shorter) = listed.count > known.count ? (listed, known) : (known, listed)
                    values[name] = longer + shorter.filter { !longer.contains($0) }
                }
            }
            for endpointIndex in tools[toolIndex].endpoints.indices {
                for parameterIndex in tools[toolIndex].endpoints[endpointIndex].params.indices {
                    let parameter = tools[toolIndex].endpoints[endpointIndex].params[parameterIndex]
                    guard parameter.type.enumValues != nil else { continue }
                    tools[toolIndex].endpoints[endpointIndex].params[parameterIndex].type.enumValues =
                        values[Self.enumName(of: parameter)]
                }
            }
        }
    }

    /// An inline enum is named after its member (`kind` -> `Kind`); where that name is a
    /// model's, a built-in's or the enclosing type's, the member is a String instead.
    mutating func finishEnums(_ tools: inout [ToolDraft]) {
        let modelNames = Set(models.map(\.name))
        for modelIndex in models.indices {
            let owner = models[modelIndex].name
            for fieldIndex in models[modelIndex].fields.indices
            where models[modelIndex].fields[fieldIndex].type.enumValues != nil {
                let name = Self.enumName(of: models[modelIndex].fields[fieldIndex])
                if let clash = Self.clash(name, owner: owner, models: modelNames) {
                    models[modelIndex].fields[fieldIndex] = demoted(
                        models[modelIndex].fields[fieldIndex], name: name, because: clash)
                }
            }
        }
        for toolIndex in tools.indices {
            let owner =
                GeneratedNames.toolType(tool: tools[toolIndex].name)
                ?? GeneratedNames.toolType(base: tools[toolIndex].name)
            for endpointIndex in tools[toolIndex].endpoints.indices {
                for parameterIndex in tools[toolIndex].endpoints[endpointIndex].params.indices {
                    let parameter = tools[toolIndex].endpoints[endpointIndex].params[parameterIndex]
                    guard parameter.type.enumValues != nil else { continue }
                    let name = Self.enumName(of: parameter)
                    if let clash = Self.clash(name, owner: owner, models: modelNames) {
                        tools[toolIndex].endpoints[endpointIndex].params[parameterIndex] = demoted(
                            parameter, name: name, because: clash)
                    }
                }
            }
        }
    }

    /// The name the spec gives a member's inline enum.
    private static func enumName(of member: MemberDraft) -> String {
        let swiftName = member.swiftName ?? SwiftNaming.memberName(member.key) ?? member.key
        return SwiftNaming.typeName(swiftName) ?? swiftName
    }

    private static func clash(_ name: String, owner: String, models: Set<String>) -> String? {
        if name == owner { return "the type that holds it" }
        if models.contains(name) { return "the model '\(name)'" }
        return ReservedNames.shadowed(by: name)
    }

    private mutating func demoted(_ member: MemberDraft, name: String, because clash: String) -> MemberDraft {
        var member = member
        if let origin = member.origin {
            warning("the enum of '\(member.key)' would be named '\(name)', like \(clash); it is a String", at: origin)
        }
        member.type.comments += enumComment(member.type)
        member.type.enumValues = nil
        member.type.spelling = "String"
        return member
    }

    /// Makes optional the field that closes a cycle of models containing each other directly
    /// (the document may say so; a struct can't), with a warning.
    mutating func breakRequiredCycles() {
        let index = Dictionary(models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var state = [VisitState](repeating: .unvisited, count: models.count)
        for model in models.indices where state[model] == .unvisited {
            visit(model, state: &state, index: index)
        }
    }

    private enum VisitState {
        case unvisited, visiting, done
    }

    private mutating func visit(_ model: Int, state: inout [VisitState], index: [String: Int]) {
        state[model] = .visiting
        for fieldIndex in models[model].fields.indices {
            let field = models[model].fields[fieldIndex]
            guard !field.optional, field.type.enumValues == nil, let target = index[field.type.spelling] else {
                continue
            }
            switch state[target] {
            case .visiting:
                models[model].fields[fieldIndex].optional = true
                if let origin = field.origin {
                    warning(
                        "'\(field.key)' makes '\(models[model].name)' contain itself through required fields; it is optional",
                        at: origin)
                }
            case .unvisited:
                visit(target, state: &state, index: index)
            case .done:
                break
            }
        }
        state[model] = .done
    }
}
