import Testing

@testable import XToolImport

/// The calls grouped into endpoints by method and path template (`PathTemplates`), the base
/// path every endpoint shares, and the tool each path names.
@Suite struct PathTemplatesTests {
    static let uuids = ["3f2504e0-4f89-11d3-9a0c-0305e82c3301", "9c5b94b1-35ad-49bb-b118-8e8fc24abf80"]

    /// The calls (`GET /path`), the base path, and each endpoint (`Tool METHOD template`).
    static let captures: [(String, [String], String, [String])] = [
        (
            "ids that vary become templates named after the segment before; the version is the base",
            ["GET /2/users/123.json", "GET /2/users/456.json", "GET /2/statuses/home_timeline.json"], "2/",
            ["User GET users/{user_id}.json", "Status GET statuses/home_timeline.json"]
        ),
        (
            "an id one call sends is an id too",
            ["GET /api/orders/123/items", "GET /api/users/me"], "api/",
            ["Order GET orders/{order_id}/items", "User GET users/me"]
        ),
        (
            "a version before the path's first word stays literal, an id after it does not",
            ["GET /2/users/12", "GET /2/things/7"], "2/",
            ["User GET users/{user_id}", "Thing GET things/{thing_id}"]
        ),
        (
            "words in which sibling paths differ, with a literal after, are one template",
            ["GET /v2/domains/example.com/records", "GET /v2/domains/sammy.dev/records", "GET /v2/account"], "v2/",
            ["Domain GET domains/{domain_id}/records", "Account GET account"]
        ),
        (
            "ids elsewhere in the paths aside",
            ["PATCH /v2/domains/example.com/records/12", "PATCH /v2/domains/sammy.dev/records/13", "GET /v2/account"],
            "v2/", ["Domain PATCH domains/{domain_id}/records/{record_id}", "Account GET account"]
        ),
        (
            "a word beside an id in its place stays literal",
            ["GET /accounts/123/lists", "GET /accounts/self/lists", "GET /users/me"], "",
            ["Account GET accounts/{account_id}/lists", "Account GET accounts/self/lists", "User GET users/me"]
        ),
        (
            "the path's first word is its tool, never a template",
            ["GET /v2/account/x", "GET /v2/sizes/x"], "v2/", ["Account GET account/x", "Size GET sizes/x"]
        ),
        (
            "a UUID is an id",
            ["GET /v1/things/\(uuids[0])", "GET /v1/things/\(uuids[1])", "GET /v1/things"], "v1/",
            ["Thing GET things/{thing_id}", "Thing GET things"]
        ),
        (
            "hex of 8 or more with a digit is an id",
            ["GET /repos/deadbeef01", "GET /repos/cafebabe02"], "", ["Repo GET repos/{repo_id}"]
        ),
        (
            "a long token of letters and digits is an id",
            ["GET /files/Ab3dEf6hIj9kLm2nOp", "GET /files/Zy1xWv4uTs7rQp0oNm"], "", ["File GET files/{file_id}"]
        ),
        (
            "a last word that varies, answered nothing alike, is no id",
            ["GET /search/cats", "GET /search/dogs"], "",
            ["Search GET search/cats", "Search GET search/dogs"]
        ),
        (
            "two ids in a row are named apart",
            ["GET /a/123/456", "GET /a/789/12"], "", ["A GET a/{a_id}/{a_id2}"]
        ),
        ("an id first is {id}", ["GET /123", "GET /456"], "", ["App GET {id}"]),
        (
            "the method parts endpoints",
            ["GET /users/1", "GET /users/2", "DELETE /users/3", "DELETE /users/4"], "",
            ["User GET users/{user_id}", "User DELETE users/{user_id}"]
        ),
        (
            "a shared segment is the base while each path keeps a tool and an endpoint",
            ["GET /shop/orders/list", "GET /shop/users/me"], "shop/",
            ["Order GET orders/list", "User GET users/me"]
        ),
        (
            "a version or `api` is the base, never a path's last literal",
            ["GET /api/v2/users/1", "GET /api/v2/users/2", "GET /api/v2/ping"], "api/v2/",
            ["User GET users/{user_id}", "Ping GET ping"]
        ),
    ]

    /// Calls (`GET /path`) with their answers, and each endpoint (`METHOD template`).
    static let answered: [(String, [(String, String)], [String])] = [
        (
            "last words answered alike are one template (one answer's keys among the other's)",
            [
                ("GET /preferences/language", #"{"data": {"id": "2", "name": "language"}}"#),
                ("GET /preferences/fiscalYear", #"{"data": {"id": "1", "name": "fiscalYear", "created_at": "x"}}"#),
            ],
            ["GET preferences/{preference_id}"]
        ),
        (
            "last words answered unlike stay apart",
            [
                ("GET /search/users", #"{"items": [{"login": "a"}]}"#),
                ("GET /search/repos", #"{"items": [{"full_name": "a/b"}]}"#),
            ],
            ["GET search/users", "GET search/repos"]
        ),
        (
            "answered alike to other methods stay apart",
            [("GET /users/me", #"{"id": 1}"#), ("DELETE /users/all", #"{"id": 1}"#)],
            ["GET users/me", "DELETE users/all"]
        ),
    ]

    @Test(arguments: answered) func theEndpointsOfAnswers(
        _ name: String, _ calls: [(String, String)], _ endpoints: [String]
    ) {
        let groups = PathTemplates.groups(calls.map { CapturedExchange.call($0.0, answer: $0.1) })
        let found = groups.map { "\($0.method) \(PathTemplates.template(of: $0.segments).text)" }
        #expect(found == endpoints, "\(name)")
    }

    @Test(arguments: captures) func theEndpoints(
        _ name: String, _ calls: [String], _ base: String, _ endpoints: [String]
    ) {
        let groups = PathTemplates.groups(calls.map { CapturedExchange.call($0) })
        let length = PathTemplates.basePathLength(groups)
        let found = groups.map { group in
            let path = Array(group.segments.dropFirst(length))
            return
                "\(PathTemplates.toolName(path, api: "App")) \(group.method) \(PathTemplates.template(of: path).text)"
        }
        #expect(groups[0].segments.prefix(length).compactMap(\.literal).map { $0 + "/" }.joined() == base, "\(name)")
        #expect(found == endpoints, "\(name)")
    }
}

extension PathTemplatesTests {
    /// A segment that names a method (`items.list`) names its endpoint whole; a format's
    /// extension does not.
    @Test(arguments: [
        ("items.list", "items_list"), ("chat.postMessage", "chat_postMessage"), ("home_timeline.json", "home_timeline"),
        ("a.png", "a"), ("12345.json", "12345"), ("v1.1", "v1"),
    ])
    func theWordsOfASegment(_ segment: String, _ word: String) {
        #expect(PathTemplates.word(segment) == word)
    }
}
