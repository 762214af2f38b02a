import XToolSpec

/// What models are made of, whatever their names: two error bodies the document names
/// `Unauthorized` and `TooManyRequests`, both `{ error: ErrorObject }`, are one body, and two
/// inline objects of one shape (`createdBy`, `updatedBy`) are one model.
extension DraftPasses {

    /// The structure of the model `name`: its fields (key, Swift name, type, optionality, default,
    /// enum) or its union's variants, in order, where a type that is a model made from an inline
    /// schema is its structure in turn and a component's model its name. nil for no model.
    func structure(of name: String, components: Set<String>, byName: [String: ModelDraft]) -> String? {
        var visiting: Set<String> = []
        return structure(of: name, components: components, byName: byName, visiting: &visiting)
    }

    private func structure(
        of name: String, components: Set<String>, byName: [String: ModelDraft], visiting: inout Set<String>
    ) -> String? {
        guard let model = byName[name], visiting.insert(name).inserted else { return nil }
        defer { visiting.remove(name) }
        func spelled(_ spelling: String) -> String {
            var result = ""
            var word = ""
            func flush() {
                if byName[word] != nil, !components.contains(word) {
                    result +=
                        structure(of: word, components: components, byName: byName, visiting: &visiting).map {
                            "{\($0)}"
                        } ?? word
                } else {
                    result += word
                }
                word = ""
            }
            for character in spelling {
                if character.fastIsLetter || character.fastIsNumber || character == "_" {
                    word.append(character)
                } else {
                    flush()
                    result.append(character)
                }
            }
            flush()
            return result
        }
        if let enumeration = model.enumeration {
            return "enum[" + (enumeration.enumValues ?? []).joined(separator: ",") + "]"
                + (enumeration.enumCaseNames ?? []).joined(separator: ",")
        }
        if let union = model.union {
            let variants = union.variants.map { "\($0.tag ?? "")=\($0.name ?? ""):\(spelled($0.type))" }
            return "oneOf(\(union.discriminator ?? ""))[" + variants.joined(separator: ",") + "]"
        }
        let fields = model.fields.map { field in
            [
                field.key, field.swiftName ?? "", spelled(field.type.spelling), field.optional ? "?" : "",
                field.nullable ? "null" : "", field.defaultValue.map(YAMLText.value) ?? "", field.type.dateFormat ?? "",
                (field.type.enumValues ?? []).joined(separator: "|"),
                (field.type.enumCaseNames ?? []).joined(separator: "|"),
            ].joined(separator: ";")
        }
        return "{" + fields.joined(separator: ",") + "}" + (model.others.map { "+" + spelled($0) } ?? "")
    }
}

extension DraftPasses {
    /// Makes one model of those of one structure: a model made from an inline schema gives way to
    /// a component's of its structure, or to the first of its kind, which takes the words their
    /// names end in when those are two or more and free (`FolderLockCreatedBy`,
    /// `WorkflowCreatedBy` -> `CreatedBy`); references follow. Components of one structure stay:
    /// the document names them apart.
    /// Returns each model renamed, by its old name, with the name it ended with.
    @discardableResult
    mutating func mergeStructuralDuplicates(_ tools: inout [ToolDraft], errors: inout ErrorsDraft?) -> [String: String]
    {
        var renamed: [String: String] = [:]
        while true {
            let components = namedModels
            let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var groups: [String: [String]] = [:]
            var order: [String] = []
            for model in models {
                guard let structure = structure(of: model.name, components: components, byName: byName) else {
                    continue
                }
                if groups[structure] == nil { order.append(structure) }
                groups[structure, default: []].append(model.name)
            }
            var replacements: [String: String] = [:]
            for structure in order {
                let names = groups[structure] ?? []
                let inline = names.filter { !components.contains($0) }
                guard names.count > 1, !inline.isEmpty else { continue }
                let survivor = names.first { components.contains($0) } ?? inline[0]
                for name in inline where name != survivor { replacements[name] = survivor }
                if !components.contains(survivor), let common = commonName(of: inline) {
                    replacements[survivor] = common
                    for name in inline where name != survivor { replacements[name] = common }
                }
            }
            guard !replacements.isEmpty else { return renamed }
            rename(replacements, in: &tools, errors: &errors)
            for (old, new) in renamed { renamed[old] = replacements[new] ?? new }
            for (old, new) in replacements where renamed[old] == nil { renamed[old] = new }
        }
    }

    /// The words all of `names` end in, when they are two or more and name no other type.
    private mutating func commonName(of names: [String]) -> String? {
        let words = names.map(Self.camelWords)
        var common: [String] = []
        while let word = words[0].dropLast(common.count).last,
            words.allSatisfy({ $0.count > common.count && $0[$0.count - common.count - 1] == word })
        {
            common.insert(word, at: 0)
        }
        guard common.count >= 2, common.count < words.map(\.count).min() ?? 0 else { return nil }
        let name = common.joined()
        guard !takenTypeNames.contains(name), ReservedNames.canNameModel(name) else { return nil }
        takenTypeNames.insert(name)
        return name
    }

    /// `FolderLockCreatedBy` -> `Folder`, `Lock`, `Created`, `By`.
    private static func camelWords(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.fastIsUppercase || words.isEmpty {
                words.append(String(character))
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words
    }

    /// Renames models (and removes those renamed to another model's name) wherever a type is
    /// spelled: fields, variants, parameters, bodies, responses and error bodies.
    private mutating func rename(
        _ replacements: [String: String], in tools: inout [ToolDraft], errors: inout ErrorsDraft?
    ) {
        // No name is both replaced and a replacement (a survivor is a component's, or its
        // group's common name), so one pass over each spelling does it.
        func renamed(_ spelling: String) -> String { Self.replacing(replacements, in: spelling) }
        func renamed(_ draft: ErrorsDraft) -> ErrorsDraft {
            var draft = draft
            draft.type = renamed(draft.type)
            draft.statuses = draft.statuses.map { StatusErrorsDraft(status: $0.status, errors: renamed($0.errors)) }
            return draft
        }
        var kept: [Int] = []
        var seen: Set<String> = []
        for index in models.indices {
            let name = replacements[models[index].name] ?? models[index].name
            guard seen.insert(name).inserted else { continue }
            models[index].name = name
            kept.append(index)
        }
        models = kept.map { models[$0] }
        modelRanks = kept.map { modelRanks[$0] }
        for index in models.indices { models[index].respellTypes(renamed) }
        // Variants merged into one model are one case.
        let merged = models
        for index in models.indices where models[index].union != nil {
            models[index].union?.shareCases { ModelDraft.keepsTag($0, at: $1, among: merged) }
        }
        for old in replacements.keys where !replacements.values.contains(old) { takenTypeNames.remove(old) }
        for tool in tools.indices {
            for index in tools[tool].endpoints.indices {
                var endpoint = tools[tool].endpoints[index]
                for parameter in endpoint.params.indices {
                    endpoint.params[parameter].type.spelling = renamed(endpoint.params[parameter].type.spelling)
                }
                if let body = endpoint.body { endpoint.body?.type.spelling = renamed(body.type.spelling) }
                if let response = endpoint.response { endpoint.response?.spelling = renamed(response.spelling) }
                endpoint.errors = endpoint.errors.map(renamed)
                tools[tool].endpoints[index] = endpoint
            }
        }
        errors = errors.map(renamed)
    }
}
