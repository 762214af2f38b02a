import XToolDiagnostics
import XToolSpec
import XToolYAML

/// The failure codes that `refresh:` and `retry:` list, against a sample of a failure: the
/// runtime matches them with the codes read at the places the spec names (the envelope's `code:`
/// for a 2xx failure, the error body's otherwise), so a listed code the sample holds at another
/// key named like a code (`"code": 27` beside the `sub_code` that `code:` reads) is one the
/// refresh or the retry never matches there.
enum SampleCodes {
    /// Warnings for `body`, the body of `sample` (a failure) of `endpoint`, whose nodes are in
    /// `file` (nil: the spec).
    static func check(
        _ body: YAMLNode, of sample: Sample, endpoint: Spec.Endpoint, spec: Spec, file: String?
    ) -> [Diagnostic] {
        let listed =
            (spec.refresh?.codes ?? []).map { (code: $0, by: "refresh") }
            + (spec.retry?.codes ?? []).filter { !$0.contains("*") }.map { (code: $0, by: "retry") }
        guard !listed.isEmpty, let (places, owner) = codePlaces(of: sample, endpoint: endpoint, spec: spec) else {
            return []
        }
        let read = places.compactMap { SampleLinter.successTestValue(at: $0, in: body).text }
        let named = places.map { "'\($0)'" }.joined(separator: " or ")
        return listed.compactMap { listed in
            guard !read.contains(listed.code), let (node, path) = codeNode(listed.code, in: body, at: []) else {
                return nil
            }
            return Diagnostic(
                .warning,
                "'\(path)' is \(listed.code), which \(listed.by): codes lists, but the spec reads this failure's code "
                    + "at \(named), so the \(listed.by) never matches it (add '\(path)' to \(owner)'s code:?)",
                file: file, at: node.location)
        }
    }

    /// Where the runtime reads the codes of `sample`'s failure, from the document's root, and
    /// whose places they are: the envelope's for a 2xx failure, the error body's otherwise (nil
    /// when there are none, or when some statuses have bodies of their own).
    private static func codePlaces(of sample: Sample, endpoint: Spec.Endpoint, spec: Spec) -> (
        [Spec.KeyPath], String
    )? {
        if sample.isFailureWithSuccessStatus {
            guard let codes = endpoint.effectiveEnvelope(api: spec.envelope)?.code, !codes.isEmpty else { return nil }
            return (codes, "the envelope")
        }
        guard let errors = endpoint.errors ?? spec.errors, errors.statuses.isEmpty, let code = errors.code else {
            return nil
        }
        return ([Spec.KeyPath(components: errors.path.components + code.components)], "the error body")
    }

    /// The first scalar of `node` whose text is `code` at a key named like a code (`code`,
    /// `error_code`, `errcode`), and its key path.
    private static func codeNode(_ code: String, in node: YAMLNode, at path: [String]) -> (YAMLNode, String)? {
        switch node.content {
        case .scalar:
            guard let key = path.last, key.lowercased().contains("code"), node.scalarText == code else { return nil }
            return (node, path.joined(separator: "."))
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                if let found = codeNode(code, in: item, at: path + [String(index)]) { return found }
            }
            return nil
        case .mapping(let entries):
            for entry in entries {
                guard let key = entry.key.scalarText,
                    let found = codeNode(code, in: entry.value, at: path + [key])
                else { continue }
                return found
            }
            return nil
        }
    }
}
