import Testing
import XToolYAML

@testable import XToolImport

/// Where an endpoint's answers keep what they are about (`PayloadKey`), and which keys stand
/// beside different payloads in different endpoints' answers (metadata).
@Suite struct PayloadKeyTests {
    /// An endpoint's answers, the envelope's keys, and the key read (nil: the answers whole).
    static let endpoints: [(String, [String], Set<String>, String?)] = [
        ("one object under one key", [#"{"account": {"id": 1}}"#], [], "account"),
        (
            "a list beside links and a total", [#"{"droplets": [{"id": 1}], "links": {}, "meta": {"total": 1}}"#], [],
            "droplets"
        ),
        ("a resource with a nested object is read whole", [#"{"id": 1, "owner": {"id": 2}}"#], [], nil),
        ("two objects, neither metadata", [#"{"user": {"id": 1}, "team": {"id": 2}}"#], [], nil),
        (
            "a list beside the envelope's keys", [#"{"status": "1", "info": "OK", "count": "2", "pois": []}"#],
            ["status", "info"], "pois"
        ),
        ("scalars only: whole", [#"{"status": "1", "city": "x"}"#], ["status"], nil),
        ("a key some answers lack is none", [#"{"lives": []}"#, #"{"forecasts": []}"#], [], nil),
        ("null in one answer", [#"{"media": null}"#, #"{"media": {"id": 1}}"#], [], "media"),
        ("an array answer is read whole", [#"[{"id": 1}]"#], [], nil),
        (
            "a list beside its page number and the last page",
            [#"{"notes": [{"id": 1}], "page": 1, "total_pages": 4}"#], [], "notes"
        ),
        (
            "a list beside an offset and a link to the next page",
            [#"{"items": [], "offset": 20, "next": "https://api.example.com/items?offset=40"}"#], [], "items"
        ),
    ]

    @Test(arguments: endpoints) func theKey(_ name: String, _ answers: [String], _ besides: Set<String>, _ key: String?)
        throws
    {
        let payloads = try answers.map { try JSONReader().parseDocument($0) }
        #expect(PayloadKey.key(in: payloads, besides: besides) == key, "\(name)")
    }

    @Test func aKeyBesideDifferentPayloadsIsMetadata() throws {
        let answers = try [
            [#"{"droplets": [], "pages": {"next": "x"}}"#], [#"{"ssh_keys": [], "pages": {}}"#], [#"{"droplet": {}}"#],
            [#"{"droplet": {}, "actions": []}"#],
        ].map { try $0.map { try JSONReader().parseDocument($0) } }
        let metadata = PayloadKey.metadata(of: answers)
        #expect(metadata == ["pages"])
        let payloads = try [JSONReader().parseDocument(#"{"droplets": [{"id": 1}], "pages": {}}"#)]
        #expect(PayloadKey.key(in: payloads, metadata: ["pages"]) == "droplets")
    }
}
