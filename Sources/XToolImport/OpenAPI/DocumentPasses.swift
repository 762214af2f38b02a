import XToolDiagnostics
import XToolSpec

// The OpenAPI importer's side of the passes every front end runs (`DraftPasses`): what only a
// document knows (its components, read-only and write-only fields) and the importer's own
// bookkeeping around the shared passes.

extension Importer {
    /// The models made from the document's named schemas, components and the schemas a
    /// reference names as one (the others are made from inline ones and named after their place).
    var componentModels: Set<String> {
        Set(modelNames.filter { componentRanks[$0.key] != nil || namedSchemas.contains($0.key) }.map(\.value))
    }

    /// The shared pass, with the document's components kept apart by name, and the importer's
    /// names of schemas following the models renamed.
    mutating func mergeStructuralDuplicates(_ tools: inout [ToolDraft]) {
        passes.namedModels = componentModels
        var errors: ErrorsDraft?
        let renamed = passes.mergeStructuralDuplicates(&tools, errors: &errors)
        for (origin, name) in modelNames { modelNames[origin] = renamed[name] ?? name }
        builtModels = Set(builtModels.map { renamed[$0] ?? $0 })
    }
}

extension Importer {
    mutating func warning(_ message: String, at origin: Origin, cause: String? = nil, place: String? = nil) {
        passes.warning(message, at: origin, cause: cause, place: place)
    }

    mutating func warning(_ message: String, at located: Located, cause: String? = nil, place: String? = nil) {
        passes.warning(message, at: located.origin, cause: cause, place: place)
    }

    var groupedDiagnostics: [Diagnostic] { passes.groupedDiagnostics }
}

/// Fields only one direction carries: a model sent in a request leaves out what the server
/// sets (`readOnly`: ids, timestamps), one read from a response lacks what only requests send
/// (`writeOnly`: a password). Such a field is optional where it can be missing. A field with a
/// `default` in a model a request sends is optional without it (nil leaves it out, and the
/// server applies its default, which its summary gives), else every call would send it. Runs
/// while each endpoint holds all its error bodies (before the ones most share are set apart).
extension Importer {
    mutating func relaxOneWayFields(_ tools: [ToolDraft]) {
        var sent: [String] = []
        var received: [String] = []
        for endpoint in tools.flatMap(\.endpoints) {
            sent += endpoint.params.filter { $0.place == "body" || $0.style == "deepObject" || $0.style == "form" }.map(
                \.type.spelling)
            sent += endpoint.body.map { [$0.type.spelling] } ?? []
            received += [endpoint.response?.spelling].compactMap { $0 } + (endpoint.errors?.types ?? [])
        }
        let sentModels = models.reached(from: sent)
        let receivedModels = models.reached(from: received)
        for index in models.indices {
            let isSent = sentModels.contains(models[index].name)
            let isReceived = receivedModels.contains(models[index].name)
            // An optional member that admits null: a request sends `null`, or leaves it out.
            for field in models[index].fields.indices where isSent && models[index].fields[field].mayBeNull {
                models[index].fields[field].nullable = true
            }
            // A request leaves out what the caller didn't give: the server applies its default.
            for field in models[index].fields.indices where isSent {
                guard let value = models[index].fields[field].defaultValue else { continue }
                models[index].fields[field].defaultValue = nil
                models[index].fields[field].optional = true
                models[index].fields[field].summary = Self.noting(
                    serverDefault: YAMLText.value(value), in: models[index].fields[field].summary)
            }
            for field in models[index].fields.indices where !models[index].fields[field].optional {
                let member = models[index].fields[field]
                if member.readOnly, isSent {
                    models[index].fields[field].optional = true
                    models[index].fields[field].comments.append(
                        "read-only: set by the server, so a request leaves it out")
                } else if member.writeOnly, isReceived {
                    models[index].fields[field].optional = true
                    models[index].fields[field].comments.append("write-only: sent in requests, never in a response")
                }
            }
        }
    }

    /// Removes the models no endpoint reaches (made for a parameter the spec can't send, which
    /// was left out); a component among them joins the note of those not imported.
    mutating func removeUnreachableModels(_ tools: [ToolDraft], errors: ErrorsDraft?) {
        let reached = models.reachable(from: tools, errors: errors)
        let kept = models.indices.filter { reached.contains(models[$0].name) }
        guard kept.count < models.count else { return }
        let removed = Set(models.map(\.name)).subtracting(reached)
        for (origin, name) in modelNames where removed.contains(name) { usedComponents.remove(origin) }
        models = kept.map { models[$0] }
        modelRanks = kept.map { modelRanks[$0] }
    }
}
