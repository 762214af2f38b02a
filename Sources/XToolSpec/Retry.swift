import XToolYAML

// `retry:`, the one home of the concept in XToolSpec: the failures an API says are worth asking
// again for, and where the wait is, read and checked.
extension Spec {
    /// `retry: { statuses: [430], codes: ["isp.*"], wait: { header:, path:, pattern: }, writes: }`.
    package struct Retry: Sendable, Hashable {
        /// Statuses asked for again.
        package var statuses: [Int] = []
        /// Codes of declared failures asked for again, `*` standing for any text.
        package var codes: [String] = []
        /// A header with the seconds to wait, beside `Retry-After`.
        package var waitHeader: String?
        /// The key path of the seconds to wait in the body.
        package var waitPath: KeyPath?
        /// A regular expression whose first group in the failure's message is the seconds.
        package var waitPattern: String?
        /// Writes too, not only requests safe to repeat.
        package var writes = false
    }
}

extension SpecReader {
    mutating func readRetry(_ entry: MappingNode.Entry) -> Spec.Retry? {
        guard let map = mapping(entry.value, owner: entry.keyNode, what: "retry", allowedKeys: SpecKeys.retry)
        else { return nil }
        var retry = Spec.Retry()
        if let node = map.value("statuses") {
            retry.statuses =
                readList(node, plural: "statuses to retry") { reader, item in
                    reader.failureStatus(item, what: "a status to retry")
                } ?? []
        }
        if let node = map.value("codes") {
            retry.codes =
                readList(node, plural: "codes to retry") { reader, item in
                    reader.nonEmptyText(item, what: "a failure's code to retry")
                } ?? []
        }
        if let entry = map.entry("wait"),
            let wait = mapping(entry.value, owner: entry.keyNode, what: "the wait", allowedKeys: SpecKeys.retryWait)
        {
            retry.waitHeader = wait.value("header").flatMap { nonEmptyText($0, what: "the wait's header") }
            retry.waitPath = wait.value("path").flatMap { keyPath($0, what: "the wait's path") }
            if let node = wait.value("pattern"), let pattern = nonEmptyText(node, what: "the wait's pattern") {
                retry.waitPattern = checkedPattern(pattern, at: node)
            }
        }
        retry.writes = map.value("writes").flatMap { bool($0, what: "writes") } ?? false
        if retry.statuses.isEmpty, retry.codes.isEmpty {
            error("'retry' names the failures to ask again for: 'statuses', 'codes' or both", at: entry.keyNode)
            return nil
        }
        return retry
    }

    /// `pattern` when it is a regular expression with a group (the seconds); nil after the error.
    private mutating func checkedPattern(_ pattern: String, at node: YAMLNode) -> String? {
        guard (try? Regex(pattern)) != nil else {
            error("'\(pattern)' is not a regular expression", at: node)
            return nil
        }
        guard pattern.contains("(") else {
            error(
                "the wait's pattern '\(pattern)' needs a group around the seconds, like '(\\d+) more seconds'", at: node
            )
            return nil
        }
        return pattern
    }
}
