import Testing

@testable import XToolImport

/// The credentials a capture's calls send, as the provided values the app supplies
/// (`Credentials.provided(by:)`).
@Suite struct CredentialsTests {
    typealias Call = (parameters: [(String, String)], headers: [(String, String)])

    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
    static let cookies = "the captured calls send cookies; a session's cookies are the app's to keep"

    /// The calls, and the provided parameters and headers (`name label`, `prefix:` and notes
    /// after), and the notes.
    static let captures: [(String, [Call], [String], [String], [String])] = [
        ("no credential", [([("q", "swift")], [("Accept", "application/json")])], [], [], []),
        (
            "a parameter named like a credential, once however many calls send it",
            [([("access_token", "abc1")], []), ([("access_token", "abc2")], [])], ["access_token accessToken"], [], []
        ),
        (
            "one some calls leave out, optional with a note",
            [([("appkey", "k1")], []), ([], [])],
            ["appkey appkey optional a credential 1 of the 2 captured calls send: optional, sent where the app has it"],
            [], []
        ),
        ("a JWT whatever its name", [([("state", jwt)], [])], ["state state"], [], []),
        (
            "Authorization keeps its scheme as a prefix",
            [([], [("Authorization", "Bearer abc")])], [], ["Authorization accessToken prefix:Bearer "], []
        ),
        (
            "a header once whatever its case",
            [([], [("X-Api-Key", "k1")]), ([], [("x-api-key", "k1")])], [], ["X-Api-Key xAPIKey"], []
        ),
        (
            "a word of more than 8 characters before a space is no prefix",
            [([], [("Authorization", "Signature9 keyId=1")])], [], ["Authorization accessToken"], []
        ),
        ("cookies, a note only", [([], [("Cookie", "session=1")])], [], [], [cookies]),
        (
            "a signature named like a credential is none",
            [([("sig", "9e107d9d372bb6826bd81d3542a419d6"), ("key", "k1")], [])], ["key key"], [], []
        ),
    ]

    @Test(arguments: captures) func theProvidedValues(
        _ name: String, _ calls: [Call], _ parameters: [String], _ headers: [String], _ comments: [String]
    ) {
        let provided = Credentials.provided(
            by: calls.map { CapturedExchange.call("GET /", $0, headers: $1) }, except: ["sig"])
        let described = { (value: ProvidedDraft) in
            ([value.name, value.label] + (value.optional ? ["optional"] : [])
                + (value.prefix.map { ["prefix:" + $0] } ?? []) + value.comments)
                .joined(separator: " ")
        }
        #expect(provided.parameters.map(described) == parameters, "\(name)")
        #expect(provided.headers.map(described) == headers, "\(name)")
        #expect(provided.comments == comments, "\(name)")
    }
}
