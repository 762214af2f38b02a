import XToolSpec

// `envelope:`'s one home in the context layer: what the `Envelope` partial receives of the API's
// envelope and of an endpoint's own, and how it is made from `Spec.Envelope`. A new key of
// `envelope:` is a member here and a line of `init`.

/// How every response wraps its payload; key paths are string literals.
package struct EnvelopeContext: Encodable, Sendable {
    /// The payload's key path; null when the payload is the document itself.
    package var data: String?
    /// The success test, the message's and the code's place, when there is at most one of each.
    package var success: SuccessContext?
    package var message: String?
    package var code: String?
    /// Several success tests, or several places of the message or the code (the first that holds
    /// one); null when there is at most one of each.
    package var several: SeveralContext?
}

/// Every success test a success passes, and the places of the message and of the code, in order.
package struct SeveralContext: Encodable, Sendable {
    package var successes: [SuccessContext]
    package var messages: [String]
    package var hasMessages: Bool
    package var codes: [String]
    package var hasCodes: Bool
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
        let successes = envelope.success.map(SuccessContext.init)
        let messages = envelope.message.map(SwiftExpressions.keyPath)
        let codes = envelope.code.map(SwiftExpressions.keyPath)
        let isSeveral = [successes.count, messages.count, codes.count].contains { $0 > 1 }
        self.init(
            data: envelope.data.components.isEmpty ? nil : SwiftExpressions.keyPath(envelope.data),
            success: isSeveral ? nil : successes.first, message: isSeveral ? nil : messages.first,
            code: isSeveral ? nil : codes.first,
            several: isSeveral
                ? SeveralContext(
                    successes: successes, messages: messages, hasMessages: !messages.isEmpty, codes: codes,
                    hasCodes: !codes.isEmpty) : nil)
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
