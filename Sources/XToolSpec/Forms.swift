import XToolYAML

// `forms:`, the API's and an endpoint's, the one home of the concept in XToolSpec: its values
// (which `SpecKeys.values` lists for the JSON Schema's check), what applies without it, and how
// it is read.
extension Spec {
    /// A method an endpoint gets: the `async` one always, the completion-handler one unless
    /// `forms:` leaves it out, `…WithResponse` where `forms:` lists it or the response names
    /// headers.
    package enum Form: String, CaseIterable, Sendable, Hashable {
        case async, completion, withResponse

        /// What an endpoint gets when no `forms:` says otherwise.
        package static let defaults: Set<Form> = [.async, .completion]
    }
}

extension SpecReader {
    /// `forms: [async, completion]`: the methods every endpoint (at the top level) or one
    /// endpoint gets, `async` among them (the others, and a paginated endpoint's `…Items`, stand
    /// beside it).
    mutating func readForms(_ node: YAMLNode) -> Set<Spec.Form> {
        let names = Spec.Form.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .sequence(let items) = node.content else {
            error("'forms' lists the methods each endpoint gets, some of [\(names)]", at: node)
            return Spec.Form.defaults
        }
        var forms: Set<Spec.Form> = []
        var misnamed = false
        for item in items {
            guard let form = choice(item, what: "form", Spec.Form.allCases.map { ($0.rawValue, $0) }) else {
                misnamed = true
                continue
            }
            if !forms.insert(form).inserted { error("the form '\(form.rawValue)' is listed twice", at: item) }
        }
        guard forms.contains(.async) || misnamed else {
            error("'forms' must list 'async': every endpoint has its async method", at: node)
            return Spec.Form.defaults
        }
        return forms
    }
}
