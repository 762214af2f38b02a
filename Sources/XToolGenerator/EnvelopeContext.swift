import XToolSpec

// `envelope:`'s one home in the context layer: what the `Envelope` partial receives of the API's
// envelope and of an endpoint's own, and how it is made from `Spec.Envelope`. A new key of
// `envelope:` is a member here and a line of `init`.

/// How every response wraps its payload; key paths are string literals.
package struct EnvelopeContext: Encodable, Sendable {
    /// The payload's key path; null when the payload is the document itself.
    package var data: String?
    package var success: SuccessContext?
    package var message: String?
    package var code: String?
}

/// The envelope's success test: the value at `path` equals `equals` or one of `alsoEquals` (all
/// string literals); `missingIsSuccess` when a missing value is a success. With `absent`, a
/// success only when the value at `path` is missing, null or empty (`equals` is then absent).
package struct SuccessContext: Encodable, Sendable {
    package var path: String
    package var equals: String?
    package var alsoEquals: [String]
    package var missingIsSuccess: Bool
    package var absent: Bool
}

extension EnvelopeContext {
    init(_ envelope: Spec.Envelope) {
        self.init(
            data: envelope.data.components.isEmpty ? nil : SwiftExpressions.keyPath(envelope.data),
            success: envelope.success.map(SuccessContext.init),
            message: envelope.message.map(SwiftExpressions.keyPath),
            code: envelope.code.map(SwiftExpressions.keyPath))
    }

    /// An endpoint's own envelope; nil for none of its own (the API's applies) and for `envelope:
    /// none` (which `noEnvelope` says).
    init?(endpoint envelope: Spec.EndpointEnvelope?) {
        guard case .own(let own)? = envelope else { return nil }
        self.init(own)
    }
}

extension SuccessContext {
    init(_ test: Spec.Envelope.SuccessTest) {
        self.init(
            path: SwiftExpressions.keyPath(test.path), equals: test.equals.first.map(SwiftText.stringLiteral),
            alsoEquals: test.equals.dropFirst().map(SwiftText.stringLiteral),
            missingIsSuccess: test.missingIsSuccess && !test.isAbsenceTest, absent: test.isAbsenceTest)
    }
}
