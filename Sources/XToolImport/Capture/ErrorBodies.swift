import XToolSpec
import XToolYAML

extension ErrorsDraft {
    /// `errors:`: the model every failure body (a status of 400 or more with a JSON object)
    /// reads as, merged into `models`, with its message and code where keys named so hold them,
    /// or, for the code, where a key holds one word per status (`CodeKey`).
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
        let code =
            WireVocabulary.code.first { keys.contains($0) }
            ?? codeKey(in: failures.map { ($0.status, $0.responseJSON!) }, besides: message)
        let key = { Spec.KeyPath(components: [$0]) }
        return ErrorsDraft(type: name, message: message.map(key), code: code.map(key))
    }

    /// The key of failure bodies that holds a code though no name says so: every body holds
    /// a word there (no spaces: `not_found`), the same for every failure of one status and
    /// different between two statuses, so it names the failure rather than the call (a request
    /// id is none).
    static func codeKey(in failures: [(status: Int, body: YAMLNode)], besides message: String?) -> String? {
        guard let first = failures.first else { return nil }
        return first.body.entries.map(\.key).first { key in
            guard key != message else { return false }
            var byStatus: [Int: Set<String>] = [:]
            for (status, body) in failures {
                guard let word = body[key]?.string, !word.isEmpty, word.count <= 64,
                    word.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) })
                else { return false }
                byStatus[status, default: []].insert(word)
            }
            return byStatus.values.allSatisfy { $0.count == 1 } && Set(byStatus.values.map(\.first)).count > 1
        }
    }
}
