import Testing
import XToolYAML

@testable import XToolImport

/// `errors:` from the calls' failure bodies (`ErrorsDraft.captured(in:models:)`): the model they
/// read as, its message and code.
@Suite struct ErrorBodiesTests {
    /// Each call's status and body, and the errors (`type message code`, `-` for none), nil for
    /// none.
    static let captures: [(String, [(Int, String)], String?)] = [
        ("no failure, no errors", [(200, #"{"message": "ok"}"#)], nil),
        ("a status below 400 is no failure", [(302, #"{"message": "moved"}"#)], nil),
        ("a failure that is no object is none", [(500, #"[1, 2]"#)], nil),
        (
            "a failure body's model, its message and code",
            [(200, #"{"id": 1}"#), (400, #"{"code": 40001, "message": "bad"}"#)], "ErrorResponse message code"
        ),
        (
            "keys of any failure body",
            [(404, #"{"error": "missing"}"#), (500, #"{"errcode": 1}"#)], "ErrorResponse error errcode"
        ),
        ("neither a message nor a code", [(400, #"{"reason": "x"}"#)], "ErrorResponse - -"),
        (
            "a word per status is the code, whatever its key; a request's id is none",
            [
                (404, #"{"id": "not_found", "message": "a", "request_id": "r1"}"#),
                (404, #"{"id": "not_found", "message": "b", "request_id": "r2"}"#),
                (422, #"{"id": "unprocessable_entity", "message": "c", "request_id": "r3"}"#),
            ], "ErrorResponse message id"
        ),
        (
            "one word for every status names no failure",
            [(404, #"{"kind": "error", "message": "a"}"#), (422, #"{"kind": "error", "message": "b"}"#)],
            "ErrorResponse message -"
        ),
        (
            "text with spaces is no code",
            [(404, #"{"reason": "not found", "message": "a"}"#), (422, #"{"reason": "bad one", "message": "b"}"#)],
            "ErrorResponse message -"
        ),
    ]

    @Test(arguments: captures) func theErrors(_ name: String, _ calls: [(Int, String)], _ errors: String?) throws {
        let exchanges = try calls.map { status, body in
            var call = CapturedExchange.call()
            call.status = status
            call.responseJSON = try JSONReader().parseDocument(body)
            return call
        }
        var models = CapturedModels()
        let found = ErrorsDraft.captured(in: exchanges, models: &models)
        let described = found.map { errors in
            [errors.type, errors.message.map(\.description) ?? "-", errors.code.map(\.description) ?? "-"]
                .joined(separator: " ")
        }
        #expect(described == errors, "\(name)")
    }
}
