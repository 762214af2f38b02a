import XToolYAML

// `omit:`, the one home of the concept in XToolSpec: how an endpoint's (or a whole tool's) list
// of the API's fixed parameters, headers and signature it does not send is read and checked. Its
// value is `Spec.Endpoint.omitted`, the names as written, the tool's first.
extension SpecReader {
    /// `omit: [name, …]`: the API's fixed parameters and headers an endpoint (or every endpoint
    /// of a tool) does not send.
    mutating func readOmitted(_ node: YAMLNode, context: EndpointScope) -> [String] {
        guard case .sequence(let items) = node.content else {
            error("'omit' lists names of fixed parameters or headers, like [access_token]", at: node)
            return []
        }
        let known = (context.fixed + context.headers).map(\.name) + [context.signature].compactMap { $0 }
        return items.compactMap { item in
            guard let name = text(item, what: "a name to omit") else { return nil }
            guard known.contains(name) else {
                error(
                    "'\(name)' is not a fixed parameter, a header or the signature of the API, so there is nothing to "
                        + "omit" + Suggestions.didYouMean(name, in: known), at: item)
                return nil
            }
            return name
        }
    }
}
