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
    /// write (a POST marked `read: true` is none). (`paginate:` checks that a paginated endpoint
    /// doesn't use `fallback`.)
    mutating func readCache(
        _ node: YAMLNode, response: Spec.Response?, method: Spec.HTTPMethod?, isRead: Bool, endpoint: String
    ) -> Spec.CachePolicy {
        let cache =
            choice(node, what: "cache policy", Spec.CachePolicy.allCases.map { ($0.rawValue, $0) }) ?? .none
        if cache == .fallback, response == nil {
            error("'cache: fallback' stores a response, but \(endpoint) has none", at: node)
        } else if cache == .fallback, let method, method != .get, !isRead {
            warning(
                "'cache: fallback' on a \(method.rawValue.uppercased()) request replays a stored answer to a write "
                    + "(a POST that only reads says 'read: true')",
                at: node)
        }
        return cache
    }

    /// Warns about a POST without `read:` whose name or path says it only reads: a 429 or a
    /// dropped connection is retried only for a read, so such a search fails where a GET wouldn't.
    mutating func warnAboutUnmarkedRead(
        _ map: MappingNode, method: Spec.HTTPMethod?, path: String?, endpoint: String, at node: YAMLNode
    ) {
        guard method == .post, map.value("read") == nil,
            let word = Spec.readingWord(
                endpoint: endpoint, path: path, graphQLQuery: map.value("fixed")?["query"]?.scalarText)
        else { return }
        warning(
            "the POST '\(endpoint)' looks like a read ('\(word)'): after a 429 or a dropped connection only a read "
                + "is retried; add 'read: true' if it only reads, or 'read: false' if it changes something", at: node)
    }

    /// `read: true`: a POST that only reads (a GraphQL query), safe to repeat. Only a POST takes
    /// it: a GET is a read already, and a PUT, PATCH or DELETE is a write.
    mutating func readIsRead(_ node: YAMLNode, method: Spec.HTTPMethod?) -> Bool {
        guard case .bool(let isRead) = node.coreScalar else {
            error("'read' is true or false, found \(Self.kind(of: node))", at: node)
            return false
        }
        guard let method, method != .post, isRead else { return isRead }
        error(
            method == .get
                ? "'read: true' marks a POST as a read; a GET is one already"
                : "'read: true' marks a POST as a read; a \(method.rawValue.uppercased()) is a write", at: node)
        return false
    }
}

extension Spec {
    /// Words that name a read in an endpoint's name or path (`searchNotes`, `databases/{id}/query`).
    private static let readingWords: Set<String> = ["search", "query", "list", "find", "lookup", "get", "fetch"]

    /// The word that says an endpoint only reads (`query` for a GraphQL query's text, else a
    /// word of its name or of its path's literal segments, `find` of `productsAPIFind`); nil
    /// where none does. A POST named so asks for `read:` (true where it only reads).
    package static func readingWord(endpoint: String, path: String?, graphQLQuery: String?) -> String? {
        // A GraphQL query (not a mutation) is a read whatever it is called.
        if let text = graphQLQuery?.drop(while: \.isWhitespace), text.hasPrefix("query") || text.hasPrefix("{") {
            return "query"
        }
        let names = [endpoint] + (path ?? "").split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init)
        return names.lazy.flatMap { SwiftNaming.split(Substring($0)) }.first { readingWords.contains($0.lowercased()) }
    }

    /// Words that name a write as a name's first word (`createList`, `postListAccounts`: a name
    /// made of the method and the path's nouns).
    private static let writingWords: Set<String> = [
        "create", "add", "update", "delete", "remove", "set", "save", "send", "post", "put", "patch", "upload",
        "insert", "replace", "import", "make", "new",
    ]

    /// The reading word that is an endpoint name's verb: its first word (`getAnalyticsIncidents`),
    /// or its last where the first names no write (`productsAPIList`, `itemGet`); nil for any
    /// other (`createList`, `postListAccounts`, `createCredentialListMapping`).
    package static func readingVerb(endpoint: String) -> String? {
        let words = SwiftNaming.split(Substring(endpoint))
        guard let first = words.first, let last = words.last else { return nil }
        if readingWords.contains(first.lowercased()) { return first }
        return writingWords.contains(first.lowercased()) || !readingWords.contains(last.lowercased()) ? nil : last
    }
}
