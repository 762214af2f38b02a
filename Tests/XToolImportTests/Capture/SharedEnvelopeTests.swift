import Testing
import XToolYAML

@testable import XToolImport

/// The envelope every success body shares (`EnvelopeDraft.shared(by:)`): its payload and status
/// keys, the status's value that is success, its message and code.
@Suite struct SharedEnvelopeTests {
    /// The success bodies, and the envelope (`payload status=success message code`, `-` for
    /// none), nil for none.
    static let captures: [(String, [String], String?)] = [
        ("no body, no envelope", [], nil),
        (
            "a payload and a status in every body",
            [#"{"code": 0, "data": {"id": 1}}"#, #"{"code": 0, "data": []}"#], "data code=0 - code"
        ),
        (
            "a message every body holds",
            [#"{"errno": 0, "msg": "ok", "result": 1}"#, #"{"errno": 0, "msg": "ok", "result": 2}"#],
            "result errno=0 msg errno"
        ),
        (
            "a message one body lacks is none",
            [#"{"code": 0, "msg": "ok", "data": 1}"#, #"{"code": 0, "data": 2}"#], "data code=0 - code"
        ),
        ("a flag is no code", [#"{"ok": true, "data": 1}"#, #"{"ok": true, "data": 2}"#], "data ok=true - -"),
        (
            "success is the status of the bodies whose payload is not null",
            [#"{"code": 1001, "data": null}"#, #"{"code": 0, "data": 1}"#, #"{"code": 1001, "data": null}"#],
            "data code=0 - code"
        ),
        ("every payload null, no envelope", [#"{"code": 1, "data": null}"#], nil),
        ("a body that is no object, no envelope", [#"{"code": 0, "data": 1}"#, #"[1, 2]"#], nil),
        ("no payload key, no envelope", [#"{"code": 0, "items": []}"#], nil),
        ("no status key, no envelope", [#"{"data": []}"#], nil),
    ]

    @Test(arguments: captures) func theEnvelope(_ name: String, _ bodies: [String], _ envelope: String?) throws {
        let found = EnvelopeDraft.shared(by: try bodies.map { try JSONReader().parseDocument($0) })
        let described = found.map { envelope in
            [
                envelope.data.map(\.description) ?? "-",
                "\(envelope.successPath)=\(envelope.successValue)",
                envelope.message.map(\.description) ?? "-", envelope.code.map(\.description) ?? "-",
            ]
            .joined(separator: " ")
        }
        #expect(described == envelope, "\(name)")
    }
}
