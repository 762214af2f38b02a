import XToolYAML

// `cache:`, the one home of the concept in XToolSpec: its values (which the reader and the
// JSON Schema's check take from here), its rules and how it is read.
extension Spec {
    /// An endpoint's `cache:`: whether a failed call answers with the last response.
    package enum CachePolicy: String, Sendable, Hashable, CaseIterable {
        case none
        /// Every response is stored, and a call that fails answers with the stored one: the
        /// method returns the runtime's cached wrapper of the response.
        case fallback
    }
}

extension SpecReader {
    /// `cache: none` or `cache: fallback`, which needs a response to store and warns on a
    /// write. (`paginate:` checks that a paginated endpoint doesn't use `fallback`.)
    mutating func readCache(
        _ node: YAMLNode, response: Spec.Response?, method: Spec.HTTPMethod?, endpoint: String
    ) -> Spec.CachePolicy {
        let cache =
            choice(node, what: "cache policy", Spec.CachePolicy.allCases.map { ($0.rawValue, $0) }) ?? .none
        if cache == .fallback, response == nil {
            error("'cache: fallback' stores a response, but \(endpoint) has none", at: node)
        } else if cache == .fallback, let method, method != .get {
            warning(
                "'cache: fallback' on a \(method.rawValue.uppercased()) request replays a stored answer to a write",
                at: node)
        }
        return cache
    }
}
