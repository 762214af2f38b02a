import Foundation
import Testing
import XToolYAML

@testable import XToolImport

/// A signed gateway's capture (a signature whatever its name, an envelope with no payload key
/// and its failures at 200) and pages found by how their parameters move, each imported whole
/// and checked by the spec's exact lines.
@Suite struct CaptureGatewayTests {
    /// The gateway's key, planted: it may reach no file.
    static let key = "SECRET-GATEWAY-KEY-5d1e"
    static let md5 = [
        "9e107d9d372bb6826bd81d3542a419d6", "e4d909c290d0fb1ca068ffaddf22cbd0", "d41d8cd98f00b204e9800998ecf8427e",
        "0cc175b9c0f1b6a831c399e269772661",
    ]

    /// A gateway's calls: the key, `output=JSON` and the signature `sign` (its digests in
    /// `digests`) on every one; an ip lookup twice, the weather, and a weather call that fails
    /// with `status: "0"` at 200.
    static func gateway(sign: String, digests: [String]) throws -> [UInt8] {
        let query = { (own: String, call: Int) in "\(own)&key=\(key)&output=JSON&\(sign)=\(digests[call])" }
        let ok: [String: Any] = ["status": "1", "info": "OK", "infocode": "10000"]
        return try CaptureImportTests.capture([
            CaptureImportTests.entry(
                "GET", "https://gw.example.com/v3/ip?" + query("ip=114.247.50.2", 0),
                body: ok.merging(["city": "Beijing", "adcode": "110000"]) { $1 }),
            CaptureImportTests.entry(
                "GET", "https://gw.example.com/v3/ip?" + query("ip=192.168.1.2", 1),
                body: ok.merging(["city": "Chengdu", "adcode": "510100"]) { $1 }),
            CaptureImportTests.entry(
                "GET", "https://gw.example.com/v3/weather/now?" + query("city=110000", 2),
                body: ok.merging(["count": "1", "lives": [["city": "Beijing", "weather": "sunny"]]]) { $1 }),
            CaptureImportTests.entry(
                "GET", "https://gw.example.com/v3/weather/now?" + query("city=1100001", 3),
                body: ["status": "0", "info": "INVALID_PARAMS", "infocode": "20000"]),
        ])
    }

    /// `text`, which must hold every one of `snippets` (whole lines each).
    static func expect(
        _ text: String, holds snippets: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for snippet in snippets {
            #expect(text.contains(snippet + "\n"), "missing:\n\(snippet)\nin:\n\(text)", sourceLocation: sourceLocation)
        }
        #expect(!text.contains(key), "the gateway's key reached the spec", sourceLocation: sourceLocation)
    }

    /// `sig`, named like a credential, is the signature: its digests differ on every call. The
    /// app's signer computes it; the note gives the common recipe, md5 as the digests' length
    /// says, in `sign:`'s long form, and says the secret was never sent; the key stays a
    /// provided value, `output` a constant.
    @Test func aSignatureNamedLikeACredentialIsTheSignature() throws {
        let (text, _, _) = try CaptureImportTests.imported(Self.gateway(sign: "sig", digests: Self.md5))
        Self.expect(
            text,
            holds: [
                """
                fixed:
                  output: JSON
                  key: { provided: key }
                # `sig` changes every call, md5 digests in lower-case hex: the app's signer computes it.
                # Where the API signs the other parameters sorted as k=v joined by & with a secret after them, the runtime can instead (the secret was never sent, so the capture can't confirm the recipe: check it):
                #   sign: { name: sig, secret: sigSecret, digest: md5, secretAt: after, text: query }
                sign: sig
                """
            ])
    }

    /// Upper-case digests are a signature too, whose recipe signs in upper case.
    @Test func upperCaseDigestsAreSignedInUpperCase() throws {
        let (text, _, _) = try CaptureImportTests.imported(
            Self.gateway(sign: "sign", digests: Self.md5.map { $0.uppercased() }))
        Self.expect(
            text,
            holds: [
                "#   sign: { name: sign, secret: signSecret, digest: md5, secretAt: after, text: query, case: upper }\n"
                    + "sign: sign"
            ])
    }

    /// A gateway's time, sent as text in Beijing time (the capture's `startedDateTime` is
    /// +08:00), is `now:` in that format and a zone of that offset; a lower-case UUID every call
    /// to two paths sends anew is `nonce: uuid`.
    @Test func aTimeAsTextAndANonceAreMadeForEachCall() throws {
        let uuids = [
            "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "6fa459ea-ee8a-3ca4-894e-db77e160355e",
            "0e3c4a5b-7d1f-4e2a-9b8c-5d6e7f8a9b0c",
        ]
        let calls = [("orders", "10:00:01", 0), ("orders", "10:00:03", 1), ("user", "10:00:04", 2)]
        let (text, _, _) = try CaptureImportTests.imported(
            CaptureImportTests.capture(
                calls.map { path, time, call in
                    var entry = CaptureImportTests.entry(
                        "GET",
                        "https://gw.example.com/api/\(path)?app_key=\(Self.key)&nonce=\(uuids[call])"
                            + "&timestamp=2026-12-07%20\(time)&page=\(call)",
                        body: ["id": call])
                    entry["startedDateTime"] = "2026-12-07T\(time).250+08:00"
                    return entry
                }))
        Self.expect(
            text,
            holds: [
                """
                fixed:
                  app_key: { provided: appKey }
                  # each call's own time in Asia/Shanghai's offset, which it keeps all year: name the API's zone if it has summer time
                  timestamp: { now: yyyy-MM-dd HH:mm:ss, timezone: Asia/Shanghai }
                  nonce: { nonce: uuid }
                """
            ])
    }

    /// Answers `{status, info, infocode, …}` at 200 with no payload key: the envelope is the key
    /// whose failing value's answers hold nothing else, its message the failures' words, its code
    /// their digits; the payload is the document without them, and the failure a sample with
    /// `failure: true`, none of its keys in the models.
    @Test func anEnvelopeWithNoPayloadKeyAndItsFailureAt200() throws {
        let (text, _, _) = try CaptureImportTests.imported(Self.gateway(sign: "sig", digests: Self.md5))
        Self.expect(
            text,
            holds: [
                """
                envelope:
                  success: { path: status, equals: "1" }
                  message: info
                  code: infocode
                """,
                """
                  IP:
                    fields:
                      adcode: String
                      city: String
                """,
                """
                          failure:
                            failure: true
                            body: {
                                "info": "INVALID_PARAMS",
                                "infocode": "20000",
                                "status": "0"
                              }
                """,
            ])
        #expect(!text.contains("status: String"), "\(text)")
    }

    /// 200 answers, and the envelope found (`data path=success message code`, `-` for none),
    /// nil for none.
    static let envelopes: [(String, [String], String?)] = [
        (
            "a status whose failures hold only it, a message and a code",
            [
                #"{"status": "1", "info": "OK", "infocode": "10000", "city": "x"}"#,
                #"{"status": "1", "info": "OK", "infocode": "10000", "lives": []}"#,
                #"{"status": "0", "info": "DAILY_QUERY_OVER_LIMIT", "infocode": "10003"}"#,
            ],
            "- status=1 info infocode"
        ),
        (
            "a flag and an error only failures hold: no code",
            [
                #"{"ok": true, "user": {"id": 1}}"#, #"{"ok": true, "user": {"id": 2}}"#,
                #"{"ok": false, "error": "not_authed"}"#,
            ],
            "- ok=true error -"
        ),
        (
            "a status of words, the code; a payload key only successes hold, the data",
            [
                #"{"status": "OK", "results": [], "next": 2}"#, #"{"status": "OK", "results": [1]}"#,
                #"{"status": "ERROR", "message": "bad key"}"#,
            ],
            "results status=OK message status"
        ),
        (
            "a named status whose failures hold the payload's key, empty, and a message only some hold",
            [
                #"{"status": "OK", "predictions": [{"id": 1}]}"#, #"{"status": "OK", "predictions": [{"id": 2}]}"#,
                #"{"status": "ZERO_RESULTS", "predictions": []}"#,
                #"{"status": "REQUEST_DENIED", "error_message": "bad key", "predictions": []}"#,
            ],
            "- status=OK error_message status"
        ),
        (
            "a failure's own scalars beside its message",
            [
                #"{"ok": true, "channels": []}"#, #"{"ok": true, "channels": [1]}"#,
                #"{"ok": false, "error": "missing_scope", "needed": "channels:read"}"#,
            ],
            "- ok=true error -"
        ),
        (
            "failures at 200 without the payload key every success holds",
            [
                #"{"code": 0, "data": {"id": 1}}"#, #"{"code": 0, "data": {"id": 2}}"#,
                #"{"code": 40001, "msg": "invalid token"}"#,
            ],
            "data code=0 msg code"
        ),
        (
            "without a failure, no envelope",
            [#"{"status": "1", "info": "OK", "city": "x"}"#, #"{"status": "1", "info": "OK", "city": "y"}"#], nil
        ),
        (
            "answers of two kinds of one size are no failures",
            [#"{"type": "circle", "radius": 1}"#, #"{"type": "square", "side": 2}"#], nil
        ),
        (
            "a value no two answers share is no status",
            [#"{"state": "a", "id": 1, "name": "x"}"#, #"{"state": "b", "id": 2}"#], nil
        ),
        (
            "a failure that holds a key of the payload is none",
            [
                #"{"status": "1", "info": "OK", "city": "x"}"#, #"{"status": "1", "info": "OK", "city": "y"}"#,
                #"{"status": "0", "info": "bad", "lives": []}"#,
            ],
            nil
        ),
    ]

    @Test(arguments: envelopes) func theEnvelopeBesideThePayload(_ name: String, _ bodies: [String], _ want: String?)
        throws
    {
        let found = EnvelopeDraft.shared(by: try bodies.map { try JSONReader().parseDocument($0) })
        let described = found.map { envelope in
            [
                "\(envelope.successPath)=\(envelope.successValue)", envelope.message.map(\.description) ?? "-",
                envelope.code.map(\.description) ?? "-",
            ]
            .joined(separator: " ")
        }
        #expect(
            found.map { [$0.data.map(\.description) ?? "-"] + [described!] }.map { $0.joined(separator: " ") } == want,
            "\(name)")
    }

    /// A list endpoint's calls, each `query` answered by `body`.
    static func pages(_ calls: [(query: String, body: [String: Any])]) throws -> [UInt8] {
        try CaptureImportTests.capture(
            calls.map {
                CaptureImportTests.entry("GET", "https://shop.example.com/api/items?" + $0.query, body: $0.body)
            })
    }

    static func items(_ ids: [Int]) -> [[String: Any]] { ids.map { ["id": $0, "name": "item \($0)"] } }

    /// `pg` moves by one between calls that send the same `per`, the items' count: a page number
    /// and its size, whatever their names; `count`, as text and more than a page's items, is the
    /// total.
    @Test func aPageMovingByOneWithATotalAsText() throws {
        let (text, _, _) = try CaptureImportTests.imported(
            Self.pages([
                ("q=tea&pg=1&per=2", ["count": "3", "rows": Self.items([1, 2])]),
                ("q=tea&pg=2&per=2", ["count": "3", "rows": Self.items([3])]),
            ]))
        Self.expect(
            text,
            holds: [
                """
                        response: { path: rows, type: [Row] }
                        paginate: { page: pg, limit: per, total: count }
                """
            ])
    }

    /// `at` moves by `max`, the page size: an offset; the total nested in `meta`, and
    /// `meta.has_more` the flag.
    @Test func anOffsetMovingByThePageSizeWithANestedTotalAndHasMore() throws {
        let (text, _, _) = try CaptureImportTests.imported(
            Self.pages([
                ("at=0&max=2", ["meta": ["total": 3, "has_more": true], "rows": Self.items([1, 2])]),
                ("at=2&max=2", ["meta": ["total": 3, "has_more": false], "rows": Self.items([3])]),
            ]))
        Self.expect(
            text, holds: ["        paginate: { offset: at, limit: max, hasMore: meta.has_more, total: meta.total }"])
    }

    /// A page number counted from 0, three levels down a total and the last page
    /// (`meta.pagination`), and `pageInfo.hasNextPage`.
    @Test func aPageFromZeroWithTheLastPageAndHasNextPage() throws {
        let meta = { (more: Bool) -> [String: Any] in
            ["meta": ["pagination": ["total": 5, "total_pages": 3]], "pageInfo": ["hasNextPage": more]]
        }
        let (text, _, _) = try CaptureImportTests.imported(
            Self.pages([
                ("p=0&size=2", meta(true).merging(["data": Self.items([1, 2])]) { $1 }),
                ("p=1&size=2", meta(true).merging(["data": Self.items([3, 4])]) { $1 }),
                ("p=2&size=2", meta(false).merging(["data": Self.items([5])]) { $1 }),
            ]))
        Self.expect(
            text,
            holds: [
                "        paginate: { page: p, limit: size, start: 0, hasMore: pageInfo.hasNextPage, "
                    + "total: meta.pagination.total, lastPage: meta.pagination.total_pages }"
            ])
    }

    /// Items inside the one object the payload holds (`tracks.items`), beside its total and
    /// next link: the response is the items at that path, paged by the offset.
    @Test func itemsInsideTheOneObjectOfThePayload() throws {
        let tracks = { (ids: [Int], next: Any) -> [String: Any] in
            ["tracks": ["items": Self.items(ids), "total": 3, "next": next]]
        }
        let (text, _, _) = try CaptureImportTests.imported(
            Self.pages([
                ("offset=0&limit=2", tracks([1, 2], "https://shop.example.com/api/items?offset=2&limit=2")),
                ("offset=2&limit=2", tracks([3], NSNull())),
            ]))
        Self.expect(
            text,
            holds: [
                """
                        response: { path: tracks.items, type: [Item] }
                        paginate: { offset: offset, limit: limit, total: tracks.total }
                """
            ])
    }

    /// Consecutive calls, each with a page and what moved between them: the parameter, its kind
    /// and page size (`page:p start limit`, `offset:p limit`), nil for none.
    static let movements: [(String, [(query: [(String, String)], items: Int)], String?)] = [
        (
            "a page moving by one", [([("page", "1"), ("n", "3")], 3), ([("page", "2"), ("n", "3")], 1)],
            "page:page 1 n"
        ),
        (
            "an offset, a limit's name, moving by the page size",
            [([("offset", "5"), ("page", "1")], 5), ([("offset", "5"), ("page", "2")], 5)], "page:page 1 offset"
        ),
        ("an offset moving by a page's items", [([("skip", "0")], 10), ([("skip", "10")], 10)], "offset:skip -"),
        ("a first call that leaves the page out", [([("q", "a")], 2), ([("q", "a"), ("at", "2")], 2)], "page:at 1 -"),
        (
            "or the offset, by its name and a page of 2",
            [([("limit", "2")], 2), ([("limit", "2"), ("offset", "2")], 2)], "offset:offset limit"
        ),
        (
            "two things moving at once are no page", [([("a", "1"), ("b", "1")], 1), ([("a", "2"), ("b", "2")], 1)], nil
        ),
        ("a value that is no number is no page", [([("a", "x")], 1), ([("a", "y")], 1)], nil),
        ("a jump that is no page size is none", [([("a", "1"), ("n", "3")], 3), ([("a", "7"), ("n", "3")], 3)], nil),
    ]

    @Test(arguments: movements) func whatMovesBetweenCalls(
        _ name: String, _ calls: [(query: [(String, String)], items: Int)], _ want: String?
    ) {
        let pages = calls.map { call in
            CaptureDrafting.CapturedPage(
                exchange: .call("GET /", call.query), payload: YAMLNode(.mapping([]), at: .init(line: 1, column: 1)),
                items: call.items)
        }
        let names = Set(calls.flatMap { $0.query.map(\.0) })
        let moving = CaptureDrafting.moving(in: pages, among: names).map { moving in
            switch moving.kind {
            case .page(let start): "page:\(moving.parameter) \(start) \(moving.limit ?? "-")"
            case .offset: "offset:\(moving.parameter) \(moving.limit ?? "-")"
            }
        }
        #expect(moving == want, "\(name)")
    }
}
