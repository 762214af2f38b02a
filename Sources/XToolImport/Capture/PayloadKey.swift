import XToolYAML

/// Where an endpoint's answer keeps what it is about: the one key of the answer whose value is
/// an object or a list (`{"account": {…}}`, `{"droplets": […], "links": …, "meta": …}`), when
/// everything beside it is the page's or the envelope's (a total, links, a page number and the
/// last one, a status). A resource
/// with fields of its own beside a nested object is read whole.
enum PayloadKey {
    /// The key every payload (each an endpoint's success answer, inside the envelope) holds its
    /// value at, or nil to read the payloads whole. `besides` are the envelope's own keys and
    /// `metadata` the keys found beside different payloads in other endpoints' answers.
    static func key(in payloads: [YAMLNode], besides: Set<String> = [], metadata: Set<String> = []) -> String? {
        guard let first = payloads.first, payloads.allSatisfy(\.isMapping) else { return nil }
        let keys = first.entries.map(\.key).filter { key in payloads.allSatisfy { $0[key] != nil } }
        let candidates = keys.filter { key in
            payloads.contains { $0[key].map(isContainer) ?? false }
                && payloads.allSatisfy { $0[key].map { isContainer($0) || $0.string == nil } ?? false }
        }
        let payload = candidates.filter { !metadata.contains($0) && !WireVocabulary.pageMetadata.contains($0) }
        guard payload.count == 1, let key = payload.first else { return nil }
        let others = Set(payloads.flatMap { $0.entries.map(\.key) }).subtracting([key])
        let aside = besides.union(metadata).union(WireVocabulary.pageMetadata).union(WireVocabulary.total)
            .union(WireVocabulary.paging).union(WireVocabulary.lastPage).union(WireVocabulary.hasMore)
            .union(WireVocabulary.nextCursor).union(WireVocabulary.previousCursor).union(WireVocabulary.nextLink)
        return others.isSubset(of: aside) ? key : nil
    }

    /// The keys that, in some endpoint's answers, stand beside a different object or list than
    /// in another's (`links` beside `droplets` there and `ssh_keys` here): a page's or an API's
    /// metadata, never a payload. `answers` are each endpoint's success payloads.
    static func metadata(of answers: [[YAMLNode]]) -> Set<String> {
        var besides: [String: Set<Set<String>>] = [:]
        for payloads in answers {
            guard let first = payloads.first, payloads.allSatisfy(\.isMapping) else { continue }
            let containers = Set(
                first.entries.map(\.key).filter { key in payloads.allSatisfy { $0[key].map(isContainer) ?? false } })
            for key in containers where containers.count > 1 {
                besides[key, default: []].insert(containers.subtracting([key]))
            }
        }
        return Set(besides.filter { $0.value.count > 1 }.keys)
    }

    private static func isContainer(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .mapping, .sequence: true
        case .scalar: false
        }
    }
}
