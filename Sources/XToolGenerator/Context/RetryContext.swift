import XToolSpec

// `retry:`'s one home in the context layer: what the API type's template receives to build the
// runtime's `RetryRules`, made from `Spec.Retry`.

/// The failures worth asking again for: `statuses[]` (integer literals), `codes[]`, and where
/// the wait is, `waitHeader`, `waitPath`, `waitPattern` (string literals, null when not given),
/// with `writes` when writes are asked for again too.
package struct RetryContext: Encodable, Sendable {
    package var statuses: [String]
    package var hasStatuses: Bool
    package var codes: [String]
    package var hasCodes: Bool
    package var waitHeader: String?
    package var waitPath: String?
    package var waitPattern: String?
    package var writes: Bool
}

extension RetryContext {
    init(_ retry: Spec.Retry) {
        self.init(
            statuses: retry.statuses.map(String.init), hasStatuses: !retry.statuses.isEmpty,
            codes: retry.codes.map(SwiftText.stringLiteral), hasCodes: !retry.codes.isEmpty,
            waitHeader: retry.waitHeader.map(SwiftText.stringLiteral),
            waitPath: retry.waitPath.map(SwiftExpressions.keyPath),
            waitPattern: retry.waitPattern.map(SwiftText.stringLiteral), writes: retry.writes)
    }
}
