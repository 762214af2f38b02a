import Testing
import XToolSpec
import XToolYAML

@testable import XToolImport

/// An envelope the import drafts tells success as the runtime does (`EnvelopeRules`): its value
/// compared as the text the runtime compares (`0.0` is `0`), a missing or null value a failure.
@Suite struct EnvelopeDraftTests {
    static let bodies: [(body: String, succeeds: Bool)] = [
        (#"{"code": 0, "data": {}}"#, true),
        (#"{"code": "0", "data": {}}"#, true),
        (#"{"code": 0.0, "data": {}}"#, true),
        (#"{"code": 1001, "data": null}"#, false),
        (#"{"code": null, "data": {}}"#, false),
        (#"{"data": {}}"#, false),
    ]

    @Test(arguments: bodies) func aBodySucceedsAsTheRuntimeReadsIt(_ body: String, _ succeeds: Bool) throws {
        let envelope = EnvelopeDraft(
            data: Spec.KeyPath(components: ["data"]), successPath: Spec.KeyPath(components: ["code"]),
            successValue: "0")
        let node = try JSONReader().parseDocument(body)
        #expect(envelope.succeeds(node) == succeeds)
    }
}
