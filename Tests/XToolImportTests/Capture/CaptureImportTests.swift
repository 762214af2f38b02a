import Foundation
import Testing
import XToolDiagnostics
import XToolGenerator
import XToolImport
import XToolSamples
import XToolSpec

/// `xtoolgen import capture.har`: HAR captures, written here call by call, in; specs out.
@Suite struct CaptureImportTests {
    /// Marked secrets planted in the captures: none may appear in any spec.
    static let secrets = ["SECRET-QUERY-TOKEN-1f3a", "SECRET-BEARER-9b2c", "SECRET-COOKIE-77aa"]

    /// A HAR entry: a request to `url` and its JSON response.
    static func entry(
        _ method: String, _ url: String, status: Int = 200, body: Any?, headers: [String: String] = [:],
        form: String? = nil
    ) -> [String: Any] {
        var request: [String: Any] = [
            "method": method, "url": url,
            "headers": headers.sorted { $0.key < $1.key }.map { ["name": $0, "value": $1] },
        ]
        if let form { request["postData"] = ["mimeType": "application/x-www-form-urlencoded", "text": form] }
        var content: [String: Any] = ["mimeType": "application/json"]
        if let body {
            let data = try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .fragmentsAllowed])
            content["text"] = String(decoding: data, as: UTF8.self)
        }
        return ["request": request, "response": ["status": status, "content": content]]
    }

    static func capture(_ entries: [[String: Any]]) throws -> [UInt8] {
        Array(
            try JSONSerialization.data(
                withJSONObject: ["log": ["version": "1.2", "entries": entries]], options: [.prettyPrinted]))
    }

    /// The capture imported, its spec loaded with its samples read; fails on any error.
    static func imported(_ bytes: [UInt8], host: String? = nil) throws -> (
        text: String, spec: SampledSpec, result: ImportResult
    ) {
        let root = try SpecLoader.document(bytes).get()
        #expect(CaptureImporter.isCapture(root))
        let result = CaptureImporter.importCapture(root, documentName: "app.har", host: host, specFile: "App.yaml")
        let text = try #require(result.specText, "\(result.diagnostics)")
        let loaded = SpecLoader.load(Array(text.utf8), fileName: "App.yaml")
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)\n\(text)")
        let samples = SampleFiles.load(spec, specPath: "App.yaml", folder: nil)
        #expect(loaded.diagnostics + samples.diagnostics == [], "\(text)")
        let generated = try Generator(templates: TemplateSet()).files(for: samples.spec).map(\.contents)
        for secret in secrets {
            #expect(!text.contains(secret), "a planted secret reached the spec")
            #expect(!generated.contains { $0.contains(secret) }, "a planted secret reached the generated code")
        }
        return (text, samples.spec, result)
    }

    static var user: [String: Any] { ["id": 1, "screen_name": "ann", "avatar": "https://img.example.com/a.png"] }

    /// A timeline app: a token in the query, an app key every call sends, a bearer header, a
    /// cookie, a Weibo-style date, ids past 32 bits, a user in a status and alone, a 404.
    static func timeline() throws -> [UInt8] {
        let auth = ["Authorization": "Bearer " + secrets[1], "Cookie": "sid=" + secrets[2], "Accept": "*/*"]
        let query = "access_token=\(secrets[0])&source=5786724301"
        return try capture([
            entry(
                "GET", "https://api.example.com/2/statuses/home_timeline.json?\(query)&since_id=10&count=20",
                body: [
                    "statuses": [
                        [
                            "id": 3_000_000_001, "text": "hi", "created_at": "Tue May 31 17:46:55 +0800 2011",
                            "user": user,
                        ]
                    ],
                    "total_number": 1,
                ], headers: auth),
            entry(
                "GET", "https://api.example.com/2/statuses/home_timeline.json?\(query)&count=50",
                body: [
                    "statuses": [
                        [
                            "id": 3_000_000_002, "text": "yo", "created_at": "Wed Jun 01 08:00:00 +0800 2011",
                            "user": NSNull(),
                        ]
                    ],
                    "total_number": 2,
                ], headers: auth),
            entry("GET", "https://api.example.com/2/users/12345.json?\(query)", body: user, headers: auth),
            entry(
                "GET", "https://api.example.com/2/users/999.json?\(query)", status: 404,
                body: ["error": "user not found", "error_code": 20003], headers: auth),
            entry(
                "POST", "https://api.example.com/2/statuses/update.json?\(query)",
                body: [
                    "id": 3_000_000_003, "text": "new", "created_at": "Wed Jun 01 09:00:00 +0800 2011", "user": user,
                ],
                headers: auth, form: "status=new&visible=0"),
            entry("GET", "https://cdn.example.com/avatars/a.png", body: nil),
        ])
    }

    @Test func aTimelineCaptureBecomesTheSpecAPersonWouldWrite() throws {
        let (text, spec, result) = try Self.imported(Self.timeline())
        #expect(spec.baseURL == "https://api.example.com/2/")
        let endpoints = spec.tools.flatMap { tool in
            tool.endpoints.map { "\(tool.name).\($0.swiftName) \($0.method) \($0.path)" }
        }
        #expect(
            endpoints == [
                "Status.homeTimeline get statuses/home_timeline.json", "Status.postUpdate post statuses/update.json",
                "User.user get users/{user_id}.json",
            ])
        // The token and the bearer header are provided values; the value every call sends is fixed.
        #expect(text.contains("access_token: { provided: accessToken }"))
        #expect(text.contains("source: \"5786724301\"") || text.contains("source: 5786724301"))
        #expect(
            text.contains("Authorization: { provided: accessToken, prefix: \"Bearer \" }")
                || text.contains("prefix: \"Bearer \""))
        #expect(text.contains("cookies"))
        // Parameters typed from every call, optional where a call left one out.
        #expect(text.contains("        params:\n          since_id: Int?\n          count: Int\n"))
        // One User, read in a status and alone; ids past 32 bits are Int64; the date's pattern kept.
        #expect(text.contains("      id: Int64\n"))
        #expect(text.contains("user: User?"))
        #expect(text.contains("format: EEE MMM dd HH:mm:ss Z yyyy"))
        #expect(spec.models.map(\.name).sorted() == ["ErrorResponse", "HomeTimeline", "Status", "User"])
        #expect(text.contains("errors: { type: ErrorResponse, message: error, code: error_code }"))
        #expect(text.contains("status404:\n"))
        #expect(result.summary.contains("left out 1 calls to cdn.example.com (--host cdn.example.com imports them)"))
    }

    @Test func theOtherHostIsImportedWhenNamed() throws {
        let root = try SpecLoader.document(Self.timeline()).get()
        let result = CaptureImporter.importCapture(root, documentName: "app.har", host: "cdn.example.com")
        let text = try #require(result.specText)
        #expect(text.contains("baseURL: https://cdn.example.com/\n"))
        #expect(text.contains("get: avatars/a.png"))
        let missing = CaptureImporter.importCapture(root, documentName: "app.har", host: "nowhere.example.com")
        #expect(
            missing.diagnostics.map(\.message) == [
                "the capture has no calls to 'nowhere.example.com'; its hosts are api.example.com, cdn.example.com"
            ])
    }

    @Test func anEntryThatIsNoExchangeIsAnErrorAtItsLine() throws {
        let text = #"{ "log": { "entries": [ { "request": { "method": "GET" } } ] } }"#
        let root = try SpecLoader.document(Array(text.utf8)).get()
        let result = CaptureImporter.importCapture(root, documentName: "bad.har")
        #expect(result.specText == nil)
        #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 25))
        #expect(result.diagnostics.first?.message.hasPrefix("a HAR entry has a request") == true)
    }

    /// A whole small capture's spec, exactly.
    @Test func aSmallCapturesSpecIsExactlyThis() throws {
        let (text, _, _) = try Self.imported(
            Self.capture([
                Self.entry(
                    "GET", "https://shop.example.com/v1/deals/7?city=sh", body: ["id": 7, "title": "Tea", "price": 9.5]),
                Self.entry(
                    "GET", "https://shop.example.com/v1/deals/8?city=bj", body: ["id": 8, "title": "Cake", "price": 12]),
            ]))
        #expect(
            text == """
                # Imported from the capture app.har (2 calls to shop.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://shop.example.com/v1/

                models:
                  Deal:
                    fields:
                      id: Int
                      price: Double
                      title: String

                tools:
                  Deal:
                    endpoints:
                      deal:
                        get: deals/{deal_id}
                        params:
                          deal_id: Int
                          city: String
                        response: Deal
                        sample:
                          body: {
                              "id": 7,
                              "price": 9.5,
                              "title": "Tea"
                            }
                          source: "captured: GET https://shop.example.com/v1/deals/7"

                """)
    }

    /// Dates are what the runtime reads: ISO 8601 in seconds is a `Date`, a day a `Date` in
    /// `yyyy-MM-dd`, and ISO 8601 without seconds, which the runtime doesn't read, text.
    @Test func onlyTextTheRuntimeReadsAsADateIsADate() throws {
        let (text, _, _) = try Self.imported(
            Self.capture(
                [7, 8].map { id in
                    Self.entry(
                        "GET", "https://events.example.com/v1/events/\(id)",
                        body: [
                            "id": id, "starts": "2024-05-0\(id)T12:00Z", "day": "2024-05-0\(id)",
                            "updated": "2024-05-0\(id)T12:00:00Z",
                        ])
                }))
        #expect(
            text == """
                # Imported from the capture app.har (2 calls to events.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://events.example.com/v1/

                models:
                  Event:
                    fields:
                      day: { type: Date, format: yyyy-MM-dd, timezone: UTC }
                      id: Int
                      starts: String
                      updated: Date

                tools:
                  Event:
                    endpoints:
                      event:
                        get: events/{event_id}
                        params:
                          event_id: Int
                        response: Event
                        sample:
                          body: {
                              "day": "2024-05-07",
                              "id": 7,
                              "starts": "2024-05-07T12:00Z",
                              "updated": "2024-05-07T12:00:00Z"
                            }
                          source: "captured: GET https://events.example.com/v1/events/7"

                """)
    }

    /// A feed whose next call sends back the cursor the response before gave: pages by cursor,
    /// the response the page's items; a page number and a size are pages by number.
    @Test func aCursorFromTheResponseBeforeAndAPageNumberArePages() throws {
        let item = { (id: Int) -> [String: Any] in ["id": id, "title": "post \(id)"] }
        let (feed, _, _) = try Self.imported(
            Self.capture([
                Self.entry(
                    "GET", "https://feed.example.com/v1/posts?limit=2",
                    body: ["items": [item(1), item(2)], "next_cursor": "c-2", "total": 5]),
                Self.entry(
                    "GET", "https://feed.example.com/v1/posts?limit=2&cursor=c-2",
                    body: ["items": [item(3), item(4)], "next_cursor": "c-4", "total": 5]),
            ]))
        #expect(feed.contains("        response: { path: items, type: [Item] }\n"))
        #expect(feed.contains("        paginate: { cursor: cursor, next: next_cursor, total: total }\n"))
        #expect(!feed.contains("  Posts:\n"), "the payload's model is no type of the spec any more")

        let (pages, _, _) = try Self.imported(
            Self.capture([
                Self.entry("GET", "https://feed.example.com/v1/posts?page=1&per_page=2", body: ["items": [item(1)]]),
                Self.entry("GET", "https://feed.example.com/v1/posts?page=2&per_page=2", body: ["items": [item(3)]]),
            ]))
        #expect(pages.contains("        paginate: { page: page, limit: per_page }\n"))
    }

    /// The wire names both importers read (`WireVocabulary`): a page number and a size named as an
    /// OpenAPI document names them, an error body's message and code named as an envelope's.
    @Test func theNamesOfPagesAndErrorsAreTheOpenAPIImportersToo() throws {
        let item = { (id: Int) -> [String: Any] in ["id": id, "title": "post \(id)"] }
        let (text, _, _) = try Self.imported(
            Self.capture(
                (1...2).map { page in
                    Self.entry(
                        "GET", "https://feed.example.com/v1/posts?page_number=\(page)&max_results=2",
                        body: ["items": [item(page)]])
                } + [
                    Self.entry(
                        "GET", "https://feed.example.com/v1/posts?page_number=9&max_results=2", status: 400,
                        body: ["errmsg": "no page 9", "errorCode": 40001])
                ]))
        #expect(
            text == """
                # Imported from the capture app.har (3 calls to feed.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://feed.example.com/v1/

                errors: { type: ErrorResponse, message: errmsg, code: errorCode }

                models:
                  Item:
                    fields:
                      id: Int
                      title: String
                  ErrorResponse:
                    fields:
                      errmsg: String
                      errorCode: Int

                tools:
                  Post:
                    endpoints:
                      posts:
                        get: posts
                        params:
                          page_number: Int
                          max_results: Int
                        response: { path: items, type: [Item] }
                        paginate: { page: page_number, limit: max_results }
                        samples:
                          ok:
                            body: {
                                "items": [
                                  {
                                    "id": 1,
                                    "title": "post 1"
                                  }
                                ]
                              }
                            source: "captured: GET https://feed.example.com/v1/posts"
                          status400:
                            status: 400
                            body: {
                                "errmsg": "no page 9",
                                "errorCode": 40001
                              }
                            source: "captured: GET https://feed.example.com/v1/posts"

                """)
    }

    /// A few words each held by several objects are an enum (one object captured again and again
    /// is not several); `""` and `[]` where a key's other values are no text or array say "none".
    @Test func aFewRepeatedWordsAreAnEnumAndEmptyValuesSayNone() throws {
        let states = ["paid", "shipped", "refunded"]
        let orders = (0..<9).map { id -> [String: Any] in
            let logo: String = id % 4 == 0 ? "" : "https://img.example.com/\(id).png"
            let tags: Any = id % 2 == 0 ? ["a": 1] as [String: Any] : [Any]()
            let owner: [String: Any] = ["id": 7, "login": "ann"]
            return [
                "id": id, "state": states[id % 3], "logo": logo, "tags": tags, "note": "", "owner": owner,
                "created_at": 1_700_000_000 + id, "buyer_id": 2_803_301_701,
            ]
        }
        let (text, _, _) = try Self.imported(
            Self.capture([
                Self.entry("GET", "https://shop.example.com/api/orders?page=1", body: ["orders": Array(orders[..<5])]),
                Self.entry("GET", "https://shop.example.com/api/orders?page=2", body: ["orders": Array(orders[5...])]),
            ]))
        #expect(text.contains("      state: { enum: [paid, refunded, shipped] }\n"))
        #expect(text.contains("      logo: { type: URL?, emptyAsNil: true }\n"))
        #expect(text.contains("      tags: { type: Tags?, emptyAsNil: true }\n"))
        #expect(text.contains("      note: String\n"), "only ever \"\": text, not none")
        #expect(text.contains("      login: String\n"), "one owner in every order is no enum")
        #expect(text.contains("      created_at: { type: Date, format: secondsSince1970 }\n"))
        #expect(text.contains("      buyer_id: Int64\n"), "an id of ten digits is no time")
    }

    /// A JSON body's members are the endpoint's parameters, sent as JSON (no `body: form`).
    @Test func aJSONBodysMembersAreParametersSentAsJSON() throws {
        var post = Self.entry("POST", "https://notes.example.com/v1/notes", body: ["id": 9, "title": "tea"])
        var request = try #require(post["request"] as? [String: Any])
        request["postData"] = [
            "mimeType": "application/json", "text": #"{"title": "tea", "pinned": true, "tags": ["a"]}"#,
        ]
        post["request"] = request
        let (text, _, result) = try Self.imported(Self.capture([post]))
        #expect(!text.contains("body: form"))
        #expect(text.contains("        params:\n          title: String\n          pinned: Bool\n"))
        #expect(
            result.summary.contains(
                "1 request sent what no parameter carries, left for a hand-written body: JSON members that are "
                    + "objects or arrays (tags)"))
    }

    /// A key with a dot (`admin.sign_up`, Mastodon's) is one key: a field's key path escapes it
    /// (`admin\.sign_up`), in a response's model and an error body's, and a parameter, a wire
    /// name, is sent as written.
    @Test func aKeyWithADotIsWrittenAsOneKey() throws {
        var post = Self.entry(
            "POST", "https://social.example.com/api/v1/push/subscription",
            body: ["id": 3, "alerts": ["admin.sign_up": true, "mention": false]])
        var request = try #require(post["request"] as? [String: Any])
        request["postData"] = ["mimeType": "application/json", "text": #"{"admin.sign_up": true}"#]
        post["request"] = request
        let failure = Self.entry(
            "GET", "https://social.example.com/api/v1/push/subscription", status: 404,
            body: ["error.message": "no subscription"])
        let (text, _, _) = try Self.imported(Self.capture([post, failure]))
        #expect(
            text == #"""
                # Imported from the capture app.har (2 calls to social.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://social.example.com/api/v1/

                errors: { type: ErrorResponse }

                models:
                  Subscription:
                    fields:
                      alerts: Alerts
                      id: Int
                  Alerts:
                    fields:
                      admin\.sign_up: Bool
                      mention: Bool
                  ErrorResponse:
                    fields:
                      error\.message: String

                tools:
                  Push:
                    endpoints:
                      postSubscription:
                        post: push/subscription
                        params:
                          admin.sign_up: Bool
                        response: Subscription
                        sample:
                          body: {
                              "alerts": {
                                "admin.sign_up": true,
                                "mention": false
                              },
                              "id": 3
                            }
                          source: "captured: POST https://social.example.com/api/v1/push/subscription"
                      subscription:
                        get: push/subscription
                        samples:
                          status404:
                            status: 404
                            body: {
                                "error.message": "no subscription"
                              }
                            source: "captured: GET https://social.example.com/api/v1/push/subscription"

                """#)
    }

    /// The root path, Int64.min in the query and an encoded space in a path still make a spec
    /// that loads (no crash, no path the spec refuses).
    @Test func oddCallsStillImportToASpecThatLoads() throws {
        let (text, spec, _) = try Self.imported(
            Self.capture([
                Self.entry("GET", "https://odd.example.com/", body: ["ok": true]),
                Self.entry("GET", "https://odd.example.com/?x=-9223372036854775808", body: ["ok": true]),
                Self.entry("GET", "https://odd.example.com/v1/things/abc%20def", body: ["a": 1]),
            ]))
        #expect(text.contains("get: v1/things/abc%20def\n"))
        #expect(text.contains("          x: Int64?\n"))
        #expect(spec.tools.flatMap(\.endpoints).count == 2)
    }
}
