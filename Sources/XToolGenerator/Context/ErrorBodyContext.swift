import XToolSpec

// `errors:`'s one home in the context layer: what the `ErrorBody` partial receives of the API's
// error body and of an endpoint's own, and how it is made from `Spec.ErrorBody`. A new key of
// `errors:` is a member here and a line of `init`.

/// Where a failure's body has the error (`path`), the model it decodes to (`type`, a Swift type
/// name) and its `message` and `code`; key paths are string literals, null when not declared.
package struct ErrorBodyContext: Encodable, Sendable {
    package var type: String?
    package var path: String?
    package var message: String?
    package var code: String?
    /// The error bodies of particular statuses (`.forStatus("429", …)`).
    package var statuses: [StatusErrorBodyContext]
}

/// An error body for one status or class of statuses.
package struct StatusErrorBodyContext: Encodable, Sendable {
    /// `"429"`, `"4XX"`, as a string literal.
    package var status: String
    package var body: ErrorBodyContext
}

extension ErrorBodyContext {
    init(_ body: Spec.ErrorBody) {
        self.init(
            type: body.type?.swiftSpelling,
            path: body.path.components.isEmpty ? nil : SwiftExpressions.keyPath(body.path),
            message: body.message.map(SwiftExpressions.keyPath),
            code: body.code.map(SwiftExpressions.keyPath),
            statuses: body.statuses.map {
                StatusErrorBodyContext(status: SwiftText.stringLiteral($0.status), body: ErrorBodyContext($0.body))
            })
    }
}
