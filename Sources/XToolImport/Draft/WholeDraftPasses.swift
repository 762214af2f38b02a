import XToolSpec

/// The checks that need every model's name: inline enums whose name another type has, and
/// models that would contain themselves.
extension DraftPasses {
    /// Parameters of one tool whose inline enums take one name list the values of them all:
    /// the tool declares the enum once (`bucket_width: [1d]` and `[1m, 1h, 1d]` ->
    /// `[1m, 1h, 1d]` for both).
    func shareToolEnums(_ tools: inout [ToolDraft]) {
        for toolIndex in tools.indices {
            var enums: [String: TypeDraft] = [:]
            for endpoint in tools[toolIndex].endpoints {
                for parameter in endpoint.params where parameter.type.enumValues != nil {
                    let name = Self.enumName(of: parameter)
                    enums[name] = enums[name].map { Self.merged($0, parameter.type) } ?? parameter.type
                }
            }
            for endpointIndex in tools[toolIndex].endpoints.indices {
                for parameterIndex in tools[toolIndex].endpoints[endpointIndex].params.indices {
                    let parameter = tools[toolIndex].endpoints[endpointIndex].params[parameterIndex]
                    guard parameter.type.enumValues != nil, let shared = enums[Self.enumName(of: parameter)] else {
                        continue
                    }
                    var type = parameter.type
                    if Self.isSameKind(type, shared) {
                        (type.enumValues, type.enumCaseNames) = (shared.enumValues, shared.enumCaseNames)
                    } else {
                        // Another kind of enum (integers beside strings) takes the name: a plain value.
                        type.comments += Self.enumComment(type)
                        (type.enumValues, type.enumCaseNames) = (nil, nil)
                    }
                    tools[toolIndex].endpoints[endpointIndex].params[parameterIndex].type = type
                }
            }
        }
    }

    /// Whether two enums can be one: values of one type, named by their values or not alike.
    private static func isSameKind(_ first: TypeDraft, _ second: TypeDraft) -> Bool {
        first.spelling == second.spelling && (first.enumCaseNames == nil) == (second.enumCaseNames == nil)
    }

    /// The values of two enums of one name: the longer list, then what only the shorter has
    /// (with their case names, when the values don't derive them).
    private static func merged(_ first: TypeDraft, _ second: TypeDraft) -> TypeDraft {
        let firstIsLonger = (first.enumValues?.count ?? 0) >= (second.enumValues?.count ?? 0)
        var merged = firstIsLonger ? first : second
        let shorter = firstIsLonger ? second : first
        guard isSameKind(merged, shorter) else { return merged }
        for (index, value) in (shorter.enumValues ?? []).enumerated() where !(merged.enumValues ?? []).contains(value) {
            if let name = shorter.enumCaseNames?[index] {
                guard !(merged.enumCaseNames ?? []).contains(name) else { continue }
                merged.enumCaseNames?.append(name)
            }
            merged.enumValues?.append(value)
        }
        return merged
    }

    /// Inline enums of one name with the same values on members of different models and tools
    /// (springfox writes `enum: [NEW, OLD]` on every operation and model that has it) are one
    /// shared enum under `models:`, so a value read from one can be passed to another: named
    /// like the member (`Condition`) when no type and no other inline enum has that name, else
    /// after its first owner and the member (`ItemType`), placed after its first model.
    mutating func shareIdenticalEnums(_ tools: inout [ToolDraft]) {
        enum Place {
            case field(model: Int, field: Int)
            case parameter(tool: Int, endpoint: Int, parameter: Int)
        }
        // An owner is a model or a tool (a model and a tool may have one name).
        var groups: [String: (name: String, owners: [(isModel: Bool, name: String)], places: [Place])] = [:]
        var order: [String] = []
        func add(_ member: MemberDraft, owner: (isModel: Bool, name: String), at place: Place) {
            guard let values = member.type.enumValues else { return }
            let name = Self.enumName(of: member)
            let cases = member.type.enumCaseNames ?? values
            let key = ([name, member.type.spelling] + zip(values, cases).map { "\($0)=\($1)" }.sorted())
                .joined(separator: "\u{1}")
            if groups[key] == nil { order.append(key) }
            groups[key, default: (name, [], [])].places.append(place)
            if groups[key]?.owners.contains(where: { $0 == owner }) == false { groups[key]?.owners.append(owner) }
        }
        for (modelIndex, model) in models.enumerated() {
            for (fieldIndex, field) in model.fields.enumerated() {
                add(field, owner: (true, model.name), at: .field(model: modelIndex, field: fieldIndex))
            }
        }
        for (toolIndex, tool) in tools.enumerated() {
            for (endpointIndex, endpoint) in tool.endpoints.enumerated() {
                for (parameterIndex, parameter) in endpoint.params.enumerated() {
                    add(
                        parameter, owner: (false, tool.name),
                        at: .parameter(tool: toolIndex, endpoint: endpointIndex, parameter: parameterIndex))
                }
            }
        }
        var groupsByName: [String: Int] = [:]
        for key in order { groupsByName[groups[key]!.name, default: 0] += 1 }
        let modelNames = Set(models.map(\.name))
        var promoted: [(owner: String?, model: ModelDraft)] = []
        for key in order {
            guard let group = groups[key], group.owners.count > 1, let first = group.places.first else { continue }
            let name = group.name
            let isFree =
                groupsByName[name] == 1 && !takenTypeNames.contains(name)
                && Self.clash(name, owner: "", models: modelNames) == nil
            let enumName = uniqueTypeName(
                isFree ? name : SwiftNaming.typeName(preservingCase: group.owners[0].name) + name)
            var enumeration: TypeDraft
            switch first {
            case .field(let model, let field): enumeration = models[model].fields[field].type
            case .parameter(let tool, let endpoint, let parameter):
                enumeration = tools[tool].endpoints[endpoint].params[parameter].type
            }
            (enumeration.nullable, enumeration.comments) = (false, [])
            var model = ModelDraft(name: enumName)
            model.enumeration = enumeration
            let firstModel = group.places.compactMap { place -> Int? in
                if case .field(let model, _) = place { return model }
                return nil
            }.first
            promoted.append((firstModel.map { models[$0].name }, model))
            sharedEnums[enumName] = enumeration
            for place in group.places {
                switch place {
                case .field(let model, let field):
                    (models[model].fields[field].type.enumValues, models[model].fields[field].type.enumCaseNames) =
                        (nil, nil)
                    models[model].fields[field].type.spelling = enumName
                case .parameter(let tool, let endpoint, let parameter):
                    var type = tools[tool].endpoints[endpoint].params[parameter].type
                    (type.enumValues, type.enumCaseNames, type.spelling) = (nil, nil, enumName)
                    tools[tool].endpoints[endpoint].params[parameter].type = type
                }
            }
        }
        insert(promoted)
    }

    /// Shared enums made from inline ones, each after its owner model (at the end without one).
    private mutating func insert(_ promoted: [(owner: String?, model: ModelDraft)]) {
        for (owner, model) in promoted {
            let index = owner.flatMap { owner in models.lastIndex { $0.name == owner } }.map { $0 + 1 } ?? models.count
            models.insert(model, at: index)
        }
    }

    /// An inline enum is named after its member (`kind` -> `Kind`); where that name is a
    /// model's, a built-in's or the enclosing type's, the member is of the shared enum of that
    /// name when that has every value, else of a shared enum named after its owner and itself
    /// (`ClusterStatus` + `state` -> `ClusterStatusState`, beside a model `State`), placed
    /// after its owner.
    mutating func finishEnums(_ tools: inout [ToolDraft]) {
        let modelNames = Set(models.map(\.name))
        var promoted: [(owner: String?, model: ModelDraft)] = []
        // A shared enum made here takes no name an inline enum has (the spec rejects a nested
        // enum named like one under models:).
        let members = models.flatMap(\.fields) + tools.flatMap { $0.endpoints.flatMap(\.params) }
        takenTypeNames.formUnion(members.filter { $0.type.enumValues != nil }.map(Self.enumName))
        for modelIndex in models.indices {
            let owner = models[modelIndex].name
            for fieldIndex in models[modelIndex].fields.indices
            where models[modelIndex].fields[fieldIndex].type.enumValues != nil {
                let name = Self.enumName(of: models[modelIndex].fields[fieldIndex])
                if Self.clash(name, owner: owner, models: modelNames) != nil {
                    models[modelIndex].fields[fieldIndex] = shared(
                        models[modelIndex].fields[fieldIndex], name: name, prefix: owner, owner: owner,
                        promoted: &promoted)
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
                    if Self.clash(name, owner: owner, models: modelNames) != nil {
                        tools[toolIndex].endpoints[endpointIndex].params[parameterIndex] = shared(
                            parameter, name: name, prefix: tools[toolIndex].name, owner: nil, promoted: &promoted)
                    }
                }
            }
        }
        insert(promoted)
    }

    /// The name the spec gives a member's inline enum.
    private static func enumName(of member: MemberDraft) -> String {
        // A field's key is one key: a dot in it breaks words, as in its escaped key path.
        let swiftName = member.swiftName ?? SwiftNaming.parameterName(member.key) ?? member.key
        return SwiftNaming.typeName(swiftName) ?? swiftName
    }

    private static func clash(_ name: String, owner: String, models: Set<String>) -> String? {
        if name == owner { return "the type that holds it" }
        // A nested `Type` is written `Type_` (`Item.Type` is the metatype).
        if ["Type", "Protocol", "Self"].contains(name) { return "Swift's \(name)" }
        if models.contains(name) { return "the model '\(name)'" }
        return ReservedNames.shadowed(by: name)
    }

    /// The member of a shared enum instead of its inline one: the enum `name` when it has every
    /// value, else a new one, `prefix` + `name`, to go after the model `owner`.
    private mutating func shared(
        _ member: MemberDraft, name: String, prefix: String, owner: String?,
        promoted: inout [(owner: String?, model: ModelDraft)]
    ) -> MemberDraft {
        var member = member
        // The shared enum of that name, when it has every value: the member is of that enum.
        if let shared = sharedEnums[name], let values = member.type.enumValues,
            Set(values).isSubset(of: shared.enumValues ?? []),
            (member.type.enumCaseNames == nil) == (shared.enumCaseNames == nil), member.type.spelling == shared.spelling
        {
            (member.type.enumValues, member.type.enumCaseNames, member.type.spelling) = (nil, nil, name)
            return member
        }
        let enumName = uniqueTypeName(SwiftNaming.typeName(preservingCase: prefix) + name)
        var enumeration = member.type
        (enumeration.nullable, enumeration.comments) = (false, [])
        var model = ModelDraft(name: enumName)
        model.enumeration = enumeration
        promoted.append((owner, model))
        sharedEnums[enumName] = enumeration
        (member.type.enumValues, member.type.enumCaseNames, member.type.spelling) = (nil, nil, enumName)
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
                        at: origin, cause: "a cycle of required fields", place: models[model].name)
                }
            case .unvisited:
                visit(target, state: &state, index: index)
            case .done:
                break
            }
        }
        state[model] = .done
    }

    /// A POST named like a read that nothing says only reads is said to be one or not, with a
    /// note above to say otherwise: the question is asked once, in the spec, not by every build's
    /// validation. Where the name's verb is a read (`Spec.readingVerb`: `productsAPIList`,
    /// `itemGet`), `read: true`: it is retried after a 429 or a dropped connection; where only
    /// another word or the path says so (`createList`, `postSearch`), `read: false`, as the
    /// method says.
    static func sayUndecidedReads(in tools: inout [ToolDraft]) {
        for tool in tools.indices {
            for index in tools[tool].endpoints.indices {
                let endpoint = tools[tool].endpoints[index]
                guard endpoint.method == "post", endpoint.read == nil,
                    let word = Spec.readingWord(
                        endpoint: endpoint.name, path: endpoint.path,
                        graphQLQuery: endpoint.fixed.first { $0.name == "query" }?.value)
                else { continue }
                let verb = Spec.readingVerb(endpoint: endpoint.name)
                tools[tool].endpoints[index].read = verb != nil
                tools[tool].endpoints[index].readNote =
                    verb.map {
                        "named as a read ('\($0)'): retried after a 429 or a dropped connection; say 'read: false' "
                            + "if it changes something"
                    }
                    ?? "named like a read ('\(word)'): say 'read: true' if it only reads, to have it retried after a "
                    + "429 or a dropped connection"
            }
        }
    }
}

/// The models a draft's endpoints reach, what either front end keeps of the models it made.
extension [ModelDraft] {
    /// The names of the models the endpoints of `tools` (their parameters, bodies, responses and
    /// error bodies) and the API's `errors` reach.
    func reachable(from tools: [ToolDraft], errors: ErrorsDraft?) -> Set<String> {
        var used: [String] = errors?.types ?? []
        for endpoint in tools.flatMap(\.endpoints) {
            used +=
                endpoint.params.map(\.type.spelling)
                + [endpoint.body?.type.spelling, endpoint.response?.spelling].compactMap { $0 }
            used += endpoint.errors?.types ?? []
        }
        return reached(from: used)
    }

    /// The names of the models the types spelled in `spellings` hold, directly or through their
    /// fields and variants.
    func reached(from spellings: [String]) -> Set<String> {
        let byName = Dictionary(map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<String> = []
        var pending = spellings.flatMap(Self.typeNames)
        while let name = pending.popLast() {
            guard let model = byName[name], reached.insert(name).inserted else { continue }
            pending += model.typeSpellings.flatMap(Self.typeNames)
        }
        return reached
    }

    /// The type names in a spelling: `[String: Pet]?` -> `String`, `Pet`.
    private static func typeNames(in spelling: String) -> [String] {
        spelling.split { !($0.fastIsLetter || $0.fastIsNumber || $0 == "_") }.map(String.init)
    }
}
