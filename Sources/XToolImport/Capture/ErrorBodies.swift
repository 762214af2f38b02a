import XToolSpec

extension ErrorsDraft {
    /// `errors:`: the model every failure body (a status of 400 or more with a JSON object)
    /// reads as, merged into `models`, with its message and code where keys named so hold them.
    static func captured(in exchanges: [CapturedExchange], models: inout CapturedModels) -> ErrorsDraft? {
        let failures = exchanges.filter { $0.status >= 400 && $0.responseJSON?.isMapping == true }
        guard !failures.isEmpty else { return nil }
        var shape = CapturedShape.null
        for failure in failures {
            shape = shape.merged(with: models.shape(of: failure.responseJSON!, name: "error_response"))
        }
        guard case .model(let name) = shape else { return nil }
        let keys = Set(failures.flatMap { $0.responseJSON!.entries.map(\.key) })
        let message = WireVocabulary.message.first { keys.contains($0) }
        let code = WireVocabulary.code.first { keys.contains($0) }
        let key = { Spec.KeyPath(components: [$0]) }
        return ErrorsDraft(type: name, message: message.map(key), code: code.map(key))
    }
}
