import Testing

@testable import XToolImport

/// The headers every call sends alike that say something of the API (`ConstantHeaders`).
@Suite struct ConstantHeadersTests {
    /// Each call's headers (name, value), and the constant headers found (`Name: value`).
    static let captures: [(String, [[(String, String)]], [String])] = [
        (
            "a vendor media type and a version header, the stack's own left out",
            [
                [
                    ("Accept", "application/vnd.api+json"), ("X-Api-Version", "2"), ("User-Agent", "App/1"),
                    ("Accept-Encoding", "gzip"), ("Connection", "close"),
                ],
                [
                    ("Accept", "application/vnd.api+json"), ("X-Api-Version", "2"), ("User-Agent", "App/1"),
                    ("Accept-Encoding", "gzip"), ("Connection", "close"),
                ],
            ],
            ["Accept: application/vnd.api+json", "X-Api-Version: 2"]
        ),
        (
            "a generic Accept says nothing of the API",
            [[("Accept", "application/json, */*;q=0.8")], [("Accept", "application/json, */*;q=0.8")]], []
        ),
        ("a header one call leaves out is no constant", [[("X-Trace", "on")], []], []),
        ("a header whose value differs is no constant", [[("X-Request-Id", "1")], [("X-Request-Id", "2")]], []),
        ("a credential is no constant", [[("X-Api-Key", "k")], [("X-Api-Key", "k")]], []),
        ("one call shows no constant", [[("X-Api-Version", "2")]], []),
        ("names compare in any case", [[("x-api-version", "2")], [("X-Api-Version", "2")]], ["x-api-version: 2"]),
    ]

    @Test(arguments: captures) func theHeaders(_ name: String, _ calls: [[(String, String)]], _ headers: [String]) {
        let found = ConstantHeaders.inferred(from: calls.map { CapturedExchange.call(headers: $0) })
        #expect(found.map { "\($0.name): \($0.value ?? "-")" } == headers, "\(name)")
    }
}
