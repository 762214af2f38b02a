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
        form: String? = nil, json: String? = nil, started: String? = nil, responseHeaders: [String: String] = [:]
    ) -> [String: Any] {
        var request: [String: Any] = [
            "method": method, "url": url,
            "headers": headers.sorted { $0.key < $1.key }.map { ["name": $0, "value": $1] },
        ]
        if let form { request["postData"] = ["mimeType": "application/x-www-form-urlencoded", "text": form] }
        if let json { request["postData"] = ["mimeType": "application/json", "text": json] }
        var content: [String: Any] = ["mimeType": "application/json"]
        if let body {
            let data = try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .fragmentsAllowed])
            content["text"] = String(decoding: data, as: UTF8.self)
        }
        let answerHeaders = responseHeaders.sorted { $0.key < $1.key }.map { ["name": $0, "value": $1] }
        var entry: [String: Any] = [
            "request": request, "response": ["status": status, "content": content, "headers": answerHeaders],
        ]
        if let started { entry["startedDateTime"] = started }
        return entry
    }

    static func capture(_ entries: [[String: Any]]) throws -> [UInt8] {
        Array(
            try JSONSerialization.data(
                withJSONObject: ["log": ["version": "1.2", "entries": entries]], options: [.prettyPrinted]))
    }

    /// The capture imported, its spec loaded with its samples read; fails on any error.
    static func imported(
        _ bytes: [UInt8], host: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (text: String, spec: SampledSpec, result: ImportResult) {
        let root = try SpecLoader.document(bytes).get()
        #expect(CaptureImporter.isCapture(root), sourceLocation: sourceLocation)
        let result = CaptureImporter.importCapture(
            CapturedTraffic(root), documentName: "app.har", host: host, specFile: "App.yaml")
        let text = try #require(result.specText, "\(result.diagnostics)", sourceLocation: sourceLocation)
        let loaded = SpecLoader.load(Array(text.utf8), fileName: "App.yaml")
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)\n\(text)", sourceLocation: sourceLocation)
        let samples = SampleFiles.load(spec, specPath: "App.yaml", folder: nil)
        #expect(loaded.diagnostics + samples.diagnostics == [], "\(text)", sourceLocation: sourceLocation)
        let generated = try Generator(templates: TemplateSet()).files(for: samples.spec).map(\.contents)
        for secret in secrets {
            #expect(!text.contains(secret), "a planted secret reached the spec", sourceLocation: sourceLocation)
            #expect(
                !generated.contains { $0.contains(secret) }, "a planted secret reached the generated code",
                sourceLocation: sourceLocation)
        }
        return (text, samples.spec, result)
    }

    /// The capture imported as `imported(_:host:)` does, its spec's text expected to be `spec`,
    /// compared whole (the first line that differs reported): a change anywhere in the spec
    /// shows, not only in the lines a test looked for. Returns the loaded spec and the result.
    @discardableResult
    static func expectCaptureImport(
        _ bytes: [UInt8], host: String? = nil, gives spec: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (spec: SampledSpec, result: ImportResult) {
        let (text, sampled, result) = try imported(bytes, host: host, sourceLocation: sourceLocation)
        expect(text, is: spec, sourceLocation: sourceLocation)
        return (sampled, result)
    }

    /// `text`'s first line, and the lines after it.
    static func firstLine(of text: String) -> (first: String, rest: String) {
        let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }

    /// Expects a capture's imported spec `text` to be `spec`, compared whole.
    static func expect(_ text: String, is spec: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(text == spec, "\(firstDifference(text, spec))", sourceLocation: sourceLocation)
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

    /// The token and the bearer header are provided values, the value every call sends is fixed;
    /// parameters are typed from every call, optional where a call left one out; one User, read in
    /// a status and alone; ids past 32 bits are Int64; the date's pattern is kept; the 404's body
    /// is the API's errors.
    @Test func aTimelineCaptureBecomesTheSpecAPersonWouldWrite() throws {
        let (spec, result) = try Self.expectCaptureImport(
            Self.timeline(),
            gives: """
                # Imported from the capture app.har (5 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/2/
                body: form

                fixed:
                  source: "5786724301"
                  access_token: { provided: accessToken }

                headers:
                  Authorization: { provided: accessToken, prefix: "Bearer " }
                  # the captured calls send cookies; a session's cookies are the app's to keep

                errors: { type: ErrorResponse, message: error, code: error_code }

                models:
                  Status:
                    fields:
                      created_at: { type: Date, format: EEE MMM dd HH:mm:ss Z yyyy, timezone: UTC }
                      id: Int64
                      text: String
                      user: User?
                  User:
                    fields:
                      avatar: URL
                      id: Int
                      screen_name: String
                  ErrorResponse:
                    fields:
                      error: String
                      error_code: Int

                tools:
                  Status:
                    endpoints:
                      homeTimeline:
                        get: statuses/home_timeline.json
                        params:
                          since_id: Int?
                          count: Int
                        response: { path: statuses, type: [Status] }
                        sample:
                          body: {
                              "statuses": [
                                {
                                  "created_at": "Tue May 31 17:46:55 +0800 2011",
                                  "id": 3000000001,
                                  "text": "hi",
                                  "user": {
                                    "avatar": "https://img.example.com/a.png",
                                    "id": 1,
                                    "screen_name": "ann"
                                  }
                                }
                              ],
                              "total_number": 1
                            }
                          source: "captured: GET https://api.example.com/2/statuses/home_timeline.json"
                      postUpdate:
                        post: statuses/update.json
                        params:
                          status: String
                          visible: Int
                        response: Status
                        sample:
                          body: {
                              "created_at": "Wed Jun 01 09:00:00 +0800 2011",
                              "id": 3000000003,
                              "text": "new",
                              "user": {
                                "avatar": "https://img.example.com/a.png",
                                "id": 1,
                                "screen_name": "ann"
                              }
                            }
                          source: "captured: POST https://api.example.com/2/statuses/update.json"
                  User:
                    endpoints:
                      user:
                        get: users/{user_id}.json
                        params:
                          user_id: Int
                        response: User
                        samples:
                          ok:
                            body: {
                                "avatar": "https://img.example.com/a.png",
                                "id": 1,
                                "screen_name": "ann"
                              }
                            source: "captured: GET https://api.example.com/2/users/12345.json"
                          status404:
                            status: 404
                            body: {
                                "error": "user not found",
                                "error_code": 20003
                              }
                            source: "captured: GET https://api.example.com/2/users/999.json"

                """)
        #expect(spec.baseURL == "https://api.example.com/2/")
        let endpoints = spec.tools.flatMap { tool in
            tool.endpoints.map { "\(tool.name).\($0.swiftName) \($0.method) \($0.path)" }
        }
        #expect(
            endpoints == [
                "Status.homeTimeline get statuses/home_timeline.json", "Status.postUpdate post statuses/update.json",
                "User.user get users/{user_id}.json",
            ])
        #expect(spec.models.map(\.name).sorted() == ["ErrorResponse", "Status", "User"])
        #expect(
            result.summary == [
                "5 calls to api.example.com: 3 endpoints in 2 tools, 3 models from 5 JSON bodies",
                "3 credential values left out of the spec",
                "left out 1 call to cdn.example.com (--host cdn.example.com imports them)",
            ])
    }

    @Test func theOtherHostIsImportedWhenNamed() throws {
        let root = try SpecLoader.document(Self.timeline()).get()
        let result = CaptureImporter.importCapture(
            CapturedTraffic(root), documentName: "app.har", host: "cdn.example.com")
        let (header, rest) = Self.firstLine(of: try #require(result.specText))
        #expect(header == "# Imported from the capture app.har (1 call to cdn.example.com) by `xtoolgen import`.")
        Self.expect(
            rest,
            is: """
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: Example
                baseURL: https://cdn.example.com/

                tools:
                  Avatar:
                    endpoints:
                      a:
                        get: avatars/a.png

                """)
        let missing = CaptureImporter.importCapture(
            CapturedTraffic(root), documentName: "app.har", host: "nowhere.example.com")
        #expect(
            missing.diagnostics.map(\.message) == [
                "the capture has no calls to 'nowhere.example.com'; its hosts are api.example.com, cdn.example.com"
            ])
    }

    @Test func anEntryThatIsNoExchangeIsAnErrorAtItsLine() throws {
        let text = #"{ "log": { "entries": [ { "request": { "method": "GET" } } ] } }"#
        let root = try SpecLoader.document(Array(text.utf8)).get()
        let result = CaptureImporter.importCapture(CapturedTraffic(root), documentName: "bad.har")
        #expect(result.specText == nil)
        #expect(result.diagnostics.first?.location == SourceLocation(line: 1, column: 25))
        #expect(result.diagnostics.first?.message.hasPrefix("a HAR entry has a request") == true)
    }

    /// A whole small capture's spec, exactly.
    @Test func aSmallCapturesSpecIsExactlyThis() throws {
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://shop.example.com/v1/deals/7?city=sh", body: ["id": 7, "title": "Tea", "price": 9.5]),
                Self.entry(
                    "GET", "https://shop.example.com/v1/deals/8?city=bj", body: ["id": 8, "title": "Cake", "price": 12]),
            ]),
            gives: """
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

    /// A time of day an answer writes without a zone is read in the zone of the API's clock:
    /// with nothing else to tell it, the zone the capture was recorded in, named once for the
    /// whole API (days read in it too) and said so; recorded in UTC, each pattern says UTC.
    @Test(arguments: [
        (
            "+08:00",
            """
            # `reporttime` holds times without a zone: read in the zone the capture was recorded in (UTC+8); \
            name the API's own if it differs
            timezone: Asia/Shanghai

            """, ""
        ),
        ("Z", "", ", timezone: UTC"),
    ])
    func aTimeWithoutAZoneIsReadInTheZoneTheCaptureWasRecordedIn(
        offset: String, apiZone: String, memberZone: String
    ) throws {
        try Self.expectCaptureImport(
            Self.capture(
                [1, 2].map { city in
                    Self.entry(
                        "GET", "https://weather.example.com/v3/weather?city=\(city)",
                        body: ["city": city, "reporttime": "2023-07-04 20:0\(city):17", "day": "2023-07-0\(city)"],
                        started: "2026-12-07T11:44:0\(city).048\(offset)")
                }),
            gives: """
                # Imported from the capture app.har (2 calls to weather.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://weather.example.com/v3/
                \(apiZone)
                models:
                  Weather:
                    fields:
                      city: Int
                      day: { type: Date, format: yyyy-MM-dd\(memberZone) }
                      reporttime: { type: Date, format: yyyy-MM-dd HH:mm:ss\(memberZone) }

                tools:
                  Weather:
                    endpoints:
                      weather:
                        get: weather
                        params:
                          city: Int
                        response: Weather
                        sample:
                          body: {
                              "city": 1,
                              "day": "2023-07-01",
                              "reporttime": "2023-07-04 20:01:17"
                            }
                          source: "captured: GET https://weather.example.com/v3/weather"

                """)
    }

    /// A feed whose next call sends back the cursor the response before gave: pages by cursor,
    /// the response the page's items; a page number and a size are pages by number.
    @Test func aCursorFromTheResponseBeforeAndAPageNumberArePages() throws {
        let item = { (id: Int) -> [String: Any] in ["id": id, "title": "post \(id)"] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://feed.example.com/v1/posts?limit=2",
                    body: ["items": [item(1), item(2)], "next_cursor": "c-2", "total": 5]),
                Self.entry(
                    "GET", "https://feed.example.com/v1/posts?limit=2&cursor=c-2",
                    body: ["items": [item(3), item(4)], "next_cursor": "c-4", "total": 5]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to feed.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://feed.example.com/v1/

                models:
                  Item:
                    fields:
                      id: Int
                      title: String

                tools:
                  Post:
                    endpoints:
                      posts:
                        get: posts
                        params:
                          limit: Int
                          cursor: String?
                        response: { path: items, type: [Item] }
                        paginate: { cursor: cursor, next: next_cursor, total: total }
                        sample:
                          body: {
                              "items": [
                                {
                                  "id": 1,
                                  "title": "post 1"
                                },
                                {
                                  "id": 2,
                                  "title": "post 2"
                                }
                              ],
                              "next_cursor": "c-2",
                              "total": 5
                            }
                          source: "captured: GET https://feed.example.com/v1/posts"

                """)
        // The payload's model (Posts) is no type of the spec any more.
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://feed.example.com/v1/posts?page=1&per_page=2", body: ["items": [item(1)]]),
                Self.entry("GET", "https://feed.example.com/v1/posts?page=2&per_page=2", body: ["items": [item(3)]]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to feed.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://feed.example.com/v1/

                models:
                  Item:
                    fields:
                      id: Int
                      title: String

                tools:
                  Post:
                    endpoints:
                      posts:
                        get: posts
                        params:
                          page: Int
                          per_page: Int
                        response: { path: items, type: [Item] }
                        paginate: { page: page, limit: per_page }
                        sample:
                          body: {
                              "items": [
                                {
                                  "id": 1,
                                  "title": "post 1"
                                }
                              ]
                            }
                          source: "captured: GET https://feed.example.com/v1/posts"

                """)
    }

    /// The wire names both importers read (`WireVocabulary`): a page number and a size named as an
    /// OpenAPI document names them, an error body's message and code named as an envelope's.
    /// A page size every call of an endpoint sent alike is its default where the capture shows
    /// no pages moving (the app asked for it), and required where it does.
    @Test func aPageSizeIsADefaultOnlyWhereNoPagesMove() throws {
        let size = { (slug: String) -> [String: Any] in ["slug": slug, "memory": 1024] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v2/sizes?per_page=200", body: ["sizes": [size("s-1")]]),
                Self.entry("GET", "https://api.example.com/v2/keys?page=1&per_page=2", body: ["keys": [size("a")]]),
                Self.entry("GET", "https://api.example.com/v2/keys?page=2&per_page=2", body: ["keys": [size("b")]]),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v2/

                models:
                  Size:
                    fields:
                      memory: Int
                      slug: String

                tools:
                  Size:
                    endpoints:
                      sizes:
                        get: sizes
                        params:
                          per_page: { type: Int, default: 200 }
                        response: { path: sizes, type: [Size] }
                        sample:
                          body: {
                              "sizes": [
                                {
                                  "memory": 1024,
                                  "slug": "s-1"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v2/sizes"
                  Key:
                    endpoints:
                      keys:
                        get: keys
                        params:
                          page: Int
                          per_page: Int
                        response: { path: keys, type: [Size] }
                        paginate: { page: page, limit: per_page }
                        sample:
                          body: {
                              "keys": [
                                {
                                  "memory": 1024,
                                  "slug": "a"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v2/keys"

                """)
    }

    /// A query value every call of an endpoint sent alike is its constant, but not where it is
    /// of the kind another of its parameters varies (an origin beside destinations).
    @Test func aConstantOfTheKindTheCallsVaryIsData() throws {
        let route = ["route": ["distance": "1200"]]
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET",
                    "https://api.example.com/v3/driving?origin=116.48,39.98&destination=116.46,40.00&output=JSON",
                    body: route),
                Self.entry(
                    "GET",
                    "https://api.example.com/v3/driving?origin=116.48,39.98&destination=116.43,39.90&output=JSON",
                    body: route),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v3/

                fixed:
                  output: JSON

                models:
                  Route:
                    fields:
                      distance: String

                tools:
                  Driving:
                    endpoints:
                      driving:
                        get: driving
                        params:
                          origin: String
                          destination: String
                        response: { path: route, type: Route }
                        sample:
                          body: {
                              "route": {
                                "distance": "1200"
                              }
                            }
                          source: "captured: GET https://api.example.com/v3/driving"

                """)
    }

    /// A parameter whose value is a member of the last item the call before got is a cursor of
    /// that member (Stripe's `starting_after`), beside the flag that ends the pages; the items at
    /// `data`, a key that only says "the data", are named after the endpoint.
    @Test func aCursorFromTheLastItemBeforeIsAPage() throws {
        let charge = { (id: String) -> [String: Any] in ["id": id, "amount": 100] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/v1/charges?limit=2",
                    body: ["data": [charge("ch_1"), charge("ch_2")], "has_more": true]),
                Self.entry(
                    "GET", "https://api.example.com/v1/charges?limit=2&starting_after=ch_2",
                    body: ["data": [charge("ch_3")], "has_more": false]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Charge:
                    fields:
                      amount: Int
                      id: String

                tools:
                  Charge:
                    endpoints:
                      charges:
                        get: charges
                        params:
                          limit: Int
                          starting_after: String?
                        response: { path: data, type: [Charge] }
                        paginate: { cursor: starting_after, lastItem: id, hasMore: has_more }
                        sample:
                          body: {
                              "data": [
                                {
                                  "amount": 100,
                                  "id": "ch_1"
                                },
                                {
                                  "amount": 100,
                                  "id": "ch_2"
                                }
                              ],
                              "has_more": true
                            }
                          source: "captured: GET https://api.example.com/v1/charges"

                """)
    }

    /// A timeline read back by the last item's id less one (`max_id`, as Twitter's is sent) pages
    /// by the last item; a refresh by the first item's id an earlier page got (`since_id`) is the
    /// page before.
    @Test func olderItemsByTheLastIdAndNewerByTheFirstArePages() throws {
        let statuses = { (ids: [Int]) -> [String: Any] in ["statuses": ids.map { ["id": $0, "text": "s\($0)"] }] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/2/statuses/home_timeline.json?count=3",
                    body: statuses([120, 119, 118])),
                Self.entry(
                    "GET", "https://api.example.com/2/statuses/home_timeline.json?count=3&max_id=117",
                    body: statuses([117, 116, 115])),
                Self.entry(
                    "GET", "https://api.example.com/2/statuses/home_timeline.json?count=3&since_id=120",
                    body: statuses([122, 121])),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/2/

                models:
                  Status:
                    fields:
                      id: Int
                      text: String

                tools:
                  Status:
                    endpoints:
                      homeTimeline:
                        get: statuses/home_timeline.json
                        params:
                          count: Int
                          max_id: Int?
                          since_id: Int?
                        response: { path: statuses, type: [Status] }
                        paginate: { cursor: max_id, lastItem: id, before: since_id, firstItem: id }
                        sample:
                          body: {
                              "statuses": [
                                {
                                  "id": 120,
                                  "text": "s120"
                                },
                                {
                                  "id": 119,
                                  "text": "s119"
                                },
                                {
                                  "id": 118,
                                  "text": "s118"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/2/statuses/home_timeline.json"
                        # the calls sent the last item's `id` less one as `max_id`; `lastItem:` sends it as it is, so a page may start with the item the page before ended with

                """)
    }

    /// A list answered as a bare array pages as any other: by a page number seen moving; where
    /// the next call's parameters say nothing the answer held (an opaque cursor), by the `Link`
    /// header the answers carried.
    @Test(arguments: [
        ("page=2", "page: Int?", "{ page: page, limit: per_page }"), ("after=Y3Vyc29yOjI", "after: String?", "link"),
    ])
    func aBareArrayPagesAndALinkHeaderIsThePagesWay(next: String, parameter: String, paginate: String) throws {
        let issue = { (id: Int) -> [String: Any] in ["id": id, "title": "bug \(id)"] }
        let link = "<https://api.example.com/v1/issues?per_page=2&\(next)>; rel=\"next\""
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/v1/issues?per_page=2", body: [issue(1), issue(2)],
                    responseHeaders: ["Link": link]),
                Self.entry(
                    "GET", "https://api.example.com/v1/issues?per_page=2&\(next)", body: [issue(3)]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Issue:
                    fields:
                      id: Int
                      title: String

                tools:
                  Issue:
                    endpoints:
                      issues:
                        get: issues
                        params:
                          per_page: Int
                          \(parameter)
                        response: [Issue]
                        paginate: \(paginate)
                        sample:
                          body: [
                              {
                                "id": 1,
                                "title": "bug 1"
                              },
                              {
                                "id": 2,
                                "title": "bug 2"
                              }
                            ]
                          source: "captured: GET https://api.example.com/v1/issues"

                """)
    }

    /// A JSON:API resource object is the model its `type` names, its `attributes` its own, whatever
    /// key holds it (`data`); an answer at `data` that is no resource is named after its endpoint.
    @Test func aResourceIsTheModelItsTypeNames() throws {
        let account = { (id: Int) -> [String: Any] in
            ["type": "accounts", "id": "\(id)", "attributes": ["name": "Cash \(id)", "active": true]]
        }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/about", body: ["data": ["version": "6.1"]]),
                Self.entry("GET", "https://api.example.com/v1/accounts", body: ["data": [account(1), account(2)]]),
                Self.entry(
                    "GET", "https://api.example.com/v1/tags/food",
                    body: ["data": ["type": "tags", "id": "7", "attributes": ["tag": "food", "date": "2025-11-01"]]]),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  About:
                    fields:
                      version: String
                  Account:
                    fields:
                      attributes: AccountAttributes
                      id: String
                      type: String
                  AccountAttributes:
                    fields:
                      active: Bool
                      name: String
                  Tag:
                    fields:
                      attributes: TagAttributes
                      id: String
                      type: String
                  TagAttributes:
                    fields:
                      date: { type: Date, format: yyyy-MM-dd, timezone: UTC }
                      tag: String

                tools:
                  About:
                    endpoints:
                      about:
                        get: about
                        response: { path: data, type: About }
                        sample:
                          body: {
                              "data": {
                                "version": "6.1"
                              }
                            }
                          source: "captured: GET https://api.example.com/v1/about"
                  Account:
                    endpoints:
                      accounts:
                        get: accounts
                        response: { path: data, type: [Account] }
                        sample:
                          body: {
                              "data": [
                                {
                                  "attributes": {
                                    "active": true,
                                    "name": "Cash 1"
                                  },
                                  "id": "1",
                                  "type": "accounts"
                                },
                                {
                                  "attributes": {
                                    "active": true,
                                    "name": "Cash 2"
                                  },
                                  "id": "2",
                                  "type": "accounts"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v1/accounts"
                  Tag:
                    endpoints:
                      food:
                        get: tags/food
                        response: { path: data, type: Tag }
                        sample:
                          body: {
                              "data": {
                                "attributes": {
                                  "date": "2025-11-01",
                                  "tag": "food"
                                },
                                "id": "7",
                                "type": "tags"
                              }
                            }
                          source: "captured: GET https://api.example.com/v1/tags/food"

                """)
    }

    /// Objects of one name but of other shapes are other models: the one met inside another model
    /// is named after its place (`DiskInfoSize`), and an endpoint's answer takes the plain name,
    /// with the objects of its shape met before (a droplet's `size`).
    @Test func objectsOfOneNameButAnotherShapeAreModelsOfTheirPlace() throws {
        let size: [String: Any] = ["slug": "s-1", "memory": 1024, "vcpus": 1]
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/v2/droplets/1",
                    body: [
                        "droplet": [
                            "id": 1, "disk_info": [["type": "local", "size": ["amount": 25, "unit": "gib"]]],
                            "size": size,
                        ]
                    ]),
                Self.entry("GET", "https://api.example.com/v2/sizes", body: ["sizes": [size]]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v2/

                models:
                  Droplet:
                    fields:
                      disk_info: [DiskInfo]
                      id: Int
                      size: Size
                  DiskInfo:
                    fields:
                      size: DiskInfoSize
                      type: String
                  DiskInfoSize:
                    fields:
                      amount: Int
                      unit: String
                  Size:
                    fields:
                      memory: Int
                      slug: String
                      vcpus: Int

                tools:
                  Droplet:
                    endpoints:
                      droplet:
                        get: droplets/{droplet_id}
                        params:
                          droplet_id: Int
                        response: { path: droplet, type: Droplet }
                        sample:
                          body: {
                              "droplet": {
                                "disk_info": [
                                  {
                                    "size": {
                                      "amount": 25,
                                      "unit": "gib"
                                    },
                                    "type": "local"
                                  }
                                ],
                                "id": 1,
                                "size": {
                                  "memory": 1024,
                                  "slug": "s-1",
                                  "vcpus": 1
                                }
                              }
                            }
                          source: "captured: GET https://api.example.com/v2/droplets/1"
                  Size:
                    endpoints:
                      sizes:
                        get: sizes
                        response: { path: sizes, type: [Size] }
                        sample:
                          body: {
                              "sizes": [
                                {
                                  "memory": 1024,
                                  "slug": "s-1",
                                  "vcpus": 1
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v2/sizes"

                """)
    }

    /// A second cursor from the page before's payload, named as a way back (`before` from
    /// `data.before` beside `after` from `data.after`), is the page before's.
    @Test func aCursorBackBesideTheCursorOnPagesBothWays() throws {
        let listing = { (ids: [String], after: String?, before: String?) -> [String: Any] in
            [
                "data": [
                    "children": ids.map { ["id": $0, "title": "post \($0)"] },
                    "after": after.map { $0 as Any } ?? NSNull(), "before": before.map { $0 as Any } ?? NSNull(),
                ]
            ]
        }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/r/swift/new?limit=2",
                    body: listing(["t3_a", "t3_b"], "t3_b", nil)),
                Self.entry(
                    "GET", "https://api.example.com/r/swift/new?limit=2&after=t3_b",
                    body: listing(["t3_c", "t3_d"], "t3_d", "t3_c")),
                Self.entry(
                    "GET", "https://api.example.com/r/swift/new?limit=2&before=t3_c",
                    body: listing(["t3_a", "t3_b"], "t3_b", nil)),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/r/

                models:
                  Child:
                    fields:
                      id: String
                      title: String

                tools:
                  Swift:
                    endpoints:
                      new:
                        get: swift/new
                        params:
                          limit: Int
                          after: String?
                          before: String?
                        response: { path: data.children, type: [Child] }
                        paginate: { cursor: after, next: data.after, before: before, previous: data.before }
                        sample:
                          body: {
                              "data": {
                                "after": "t3_b",
                                "before": null,
                                "children": [
                                  {
                                    "id": "t3_a",
                                    "title": "post t3_a"
                                  },
                                  {
                                    "id": "t3_b",
                                    "title": "post t3_b"
                                  }
                                ]
                              }
                            }
                          source: "captured: GET https://api.example.com/r/swift/new"

                """)
    }

    /// Objects of one shape whose member is of another shape per tag value (GitHub's events:
    /// each type's `payload` of its own) are a union too, each variant's member a model named
    /// after the variant.
    @Test func membersOfOtherShapesToldApartByATagMakeAUnion() throws {
        let actor: [String: Any] = ["id": 1, "login": "ann"]
        let push = { (id: String, size: Int) -> [String: Any] in
            [
                "id": id, "type": "PushEvent", "actor": actor,
                "payload": ["push_id": 9 + size, "size": size, "ref": "refs/heads/main"],
            ]
        }
        let watch: [String: Any] = ["id": "2", "type": "WatchEvent", "actor": actor, "payload": ["action": "started"]]
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/events", body: [push("1", 1), watch, push("3", 2)])
            ]),
            gives: """
                # Imported from the capture app.har (1 call to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  PushEvent:
                    fields:
                      actor: Actor
                      id: String
                      payload: PushEventPayload
                      type: String
                  Actor:
                    fields:
                      id: Int
                      login: String
                  PushEventPayload:
                    fields:
                      push_id: Int
                      ref: String
                      size: Int
                  WatchEvent:
                    fields:
                      actor: Actor
                      id: String
                      payload: WatchEventPayload
                      type: String
                  WatchEventPayload:
                    fields:
                      action: String
                  Event:
                    oneOf: { PushEvent: PushEvent, WatchEvent: WatchEvent }
                    discriminator: type

                tools:
                  Event:
                    endpoints:
                      events:
                        get: events
                        response: [Event]
                        sample:
                          body: [
                              {
                                "actor": {
                                  "id": 1,
                                  "login": "ann"
                                },
                                "id": "1",
                                "payload": {
                                  "push_id": 10,
                                  "ref": "refs/heads/main",
                                  "size": 1
                                },
                                "type": "PushEvent"
                              },
                              {
                                "actor": {
                                  "id": 1,
                                  "login": "ann"
                                },
                                "id": "2",
                                "payload": {
                                  "action": "started"
                                },
                                "type": "WatchEvent"
                              },
                              {
                                "actor": {
                                  "id": 1,
                                  "login": "ann"
                                },
                                "id": "3",
                                "payload": {
                                  "push_id": 11,
                                  "ref": "refs/heads/main",
                                  "size": 2
                                },
                                "type": "PushEvent"
                              }
                            ]
                          source: "captured: GET https://api.example.com/v1/events"

                """)
    }

    /// Objects of other shapes told apart by a tag (`type`) are a union of a model per tag value,
    /// the answer's list a list of it; a `type` whose objects are of one shape is a field.
    @Test func objectsOfOtherShapesToldApartByATagAreAUnion() throws {
        let comment: [String: Any] = ["type": "comment", "id": 1, "text": "nice"]
        let follow: [String: Any] = ["type": "follow", "id": 2, "follower": ["id": 7, "name": "ann"]]
        let record = { (type: String) -> [String: Any] in ["type": type, "id": 3, "name": "www"] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/v1/notifications", body: ["notifications": [comment, follow]]),
                Self.entry("GET", "https://api.example.com/v1/notifications?page=2", body: ["notifications": [follow]]),
                Self.entry(
                    "GET", "https://api.example.com/v1/records", body: ["records": [record("A"), record("MX")]]),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Comment:
                    fields:
                      id: Int
                      text: String
                      type: String
                  Follow:
                    fields:
                      follower: Follower
                      id: Int
                      type: String
                  Follower:
                    fields:
                      id: Int
                      name: String
                  Record:
                    fields:
                      id: Int
                      name: String
                      type: String
                  Notification:
                    oneOf: { comment: Comment, follow: Follow }
                    discriminator: type

                tools:
                  Notification:
                    endpoints:
                      notifications:
                        get: notifications
                        params:
                          page: Int?
                        response: { path: notifications, type: [Notification] }
                        paginate: { page: page }
                        sample:
                          body: {
                              "notifications": [
                                {
                                  "id": 1,
                                  "text": "nice",
                                  "type": "comment"
                                },
                                {
                                  "follower": {
                                    "id": 7,
                                    "name": "ann"
                                  },
                                  "id": 2,
                                  "type": "follow"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v1/notifications"
                  Record:
                    endpoints:
                      records:
                        get: records
                        response: { path: records, type: [Record] }
                        sample:
                          body: {
                              "records": [
                                {
                                  "id": 3,
                                  "name": "www",
                                  "type": "A"
                                },
                                {
                                  "id": 3,
                                  "name": "www",
                                  "type": "MX"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v1/records"

                """)
    }

    /// A JSON body member two endpoints send with one value on every call is the API's option,
    /// fixed on each; one endpoint's calls sending a member alike say nothing: it is data.
    @Test func aBodyMemberTwoEndpointsSendAlikeIsFixed() throws {
        let item: [String: Any] = ["id": 1, "name": "tea"]
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/items/1", body: item),
                Self.entry(
                    "POST", "https://api.example.com/v1/items", body: item,
                    json: #"{"name": "tea", "region": "eu", "notify": true}"#),
                Self.entry(
                    "POST", "https://api.example.com/v1/items", body: item,
                    json: #"{"name": "mate", "region": "eu", "notify": true}"#),
                Self.entry(
                    "PUT", "https://api.example.com/v1/items/1", body: item, json: #"{"name": "tea", "notify": true}"#),
                Self.entry(
                    "PUT", "https://api.example.com/v1/items/2", body: item, json: #"{"name": "tea", "notify": true}"#),
            ]),
            gives: """
                # Imported from the capture app.har (5 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Item:
                    fields:
                      id: Int
                      name: String

                tools:
                  Item:
                    endpoints:
                      item:
                        get: items/{item_id}
                        params:
                          item_id: Int
                        response: Item
                        sample:
                          body: {
                              "id": 1,
                              "name": "tea"
                            }
                          source: "captured: GET https://api.example.com/v1/items/1"
                      postItems:
                        post: items
                        params:
                          name: String
                          region: String
                        fixed:
                          notify: true
                        response: Item
                        sample:
                          body: {
                              "id": 1,
                              "name": "tea"
                            }
                          source: "captured: POST https://api.example.com/v1/items"
                      putItem:
                        put: items/{item_id}
                        params:
                          item_id: Int
                          name: String
                        fixed:
                          notify: true
                        response: Item
                        sample:
                          body: {
                              "id": 1,
                              "name": "tea"
                            }
                          source: "captured: PUT https://api.example.com/v1/items/1"

                """)
    }

    /// A JSON body member every call sends alike is the API's fixed value, written as the literal
    /// it was sent as (`true`, not `"true"`).
    @Test func aConstantSentAsAJSONLiteralIsThatLiteral() throws {
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "POST", "https://api.example.com/v1/events", body: nil, json: #"{"kind": "open", "beta": true}"#),
                Self.entry(
                    "POST", "https://api.example.com/v1/events", body: nil, json: #"{"kind": "tap", "beta": true}"#),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                fixed:
                  beta: true

                tools:
                  Event:
                    endpoints:
                      postEvents:
                        post: events
                        params:
                          kind: String

                """)
    }

    /// An answer with no body (a 304 to `If-None-Match`, labelled JSON or not) is no answer of
    /// another kind: the summary says nothing of it.
    @Test func anEmptyBodyIsNoBodyOfAnotherKind() throws {
        var notModified = Self.entry(
            "GET", "https://api.example.com/v1/me", status: 304, body: nil, headers: ["If-None-Match": "\"abc\""])
        notModified["response"] = [
            "status": 304, "content": ["mimeType": "application/json", "text": ""], "headers": [],
        ]
        let result = try Self.imported(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/me", body: ["id": 1, "name": "ann"]), notModified,
            ])
        ).result
        #expect(result.summary == ["2 calls to api.example.com: 1 endpoint in 1 tool, 1 model from 1 JSON body"])
    }

    /// Answers that are no JSON (an HTML error page, a page an endpoint serves) are counted and
    /// left unread: an endpoint that also answered JSON keeps the JSON's type.
    @Test func answersThatAreNoJSONAreSaidAndLeftUnread() throws {
        let html = { (path: String, status: Int) in
            var entry = Self.entry("GET", "https://api.example.com/v1/\(path)", status: status, body: nil)
            entry["response"] = [
                "status": status, "content": ["mimeType": "text/html", "text": "<html>down</html>"], "headers": [],
            ]
            return entry
        }
        let result = try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/me", body: ["id": 1, "name": "ann"]),
                html("me", 502), html("help", 200),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Me:
                    fields:
                      id: Int
                      name: String

                tools:
                  Me:
                    endpoints:
                      me:
                        get: me
                        response: Me
                        sample:
                          body: {
                              "id": 1,
                              "name": "ann"
                            }
                          source: "captured: GET https://api.example.com/v1/me"
                  Help:
                    endpoints:
                      help:
                        get: help

                """
        ).result
        #expect(
            result.summary == [
                "3 calls to api.example.com: 2 endpoints in 2 tools, 1 model from 1 JSON body",
                "2 responses not JSON (text/html), left unread: an endpoint that got no JSON answer has no "
                    + "response type",
            ])
    }

    /// An object two endpoints send alike in every call (a client's `context`) is what the app
    /// sends everywhere: each of its values fixed inside it, the parameter `JSON?` for others.
    @Test func anObjectEveryCallSendsAlikeIsFixedInside() throws {
        let context = #"{"client": {"clientName": "WEB", "clientVersion": "2.2024"}}"#
        let call = { (path: String, member: String, value: String, answer: [String: Any]) in
            Self.entry(
                "POST", "https://api.example.com/v1/\(path)", body: answer,
                json: #"{"context": \#(context), "\#(member)": "\#(value)"}"#)
        }
        try Self.expectCaptureImport(
            Self.capture([
                call("search", "query", "cats", ["results": [["id": "a1", "title": "Cats"]]]),
                call("search", "query", "dogs", ["results": [["id": "b2", "title": "Dogs"]]]),
                call("browse", "browseId", "home", ["sections": [["id": "s1", "title": "Home"]]]),
                call("browse", "browseId", "trending", ["sections": [["id": "s2", "title": "Trending"]]]),
            ]),
            gives: """
                # Imported from the capture app.har (4 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Search:
                    fields:
                      id: String
                      title: String

                tools:
                  Search:
                    endpoints:
                      postSearch:
                        post: search
                        params:
                          query: String
                          context: JSON?
                        fixed:
                          context.client.clientName: WEB
                          context.client.clientVersion: "2.2024"
                        # named like a read ('Search'): say 'read: true' if it only reads, to have it retried after a 429 or a dropped connection
                        read: false
                        response: { path: results, type: [Search] }
                        sample:
                          body: {
                              "results": [
                                {
                                  "id": "a1",
                                  "title": "Cats"
                                }
                              ]
                            }
                          source: "captured: POST https://api.example.com/v1/search"
                  Browse:
                    endpoints:
                      postBrowse:
                        post: browse
                        params:
                          browseId: String
                          context: JSON?
                        fixed:
                          context.client.clientName: WEB
                          context.client.clientVersion: "2.2024"
                        response: { path: sections, type: [Search] }
                        sample:
                          body: {
                              "sections": [
                                {
                                  "id": "s1",
                                  "title": "Home"
                                }
                              ]
                            }
                          source: "captured: POST https://api.example.com/v1/browse"

                """)
    }

    /// A shared object that holds an array can't be fixed value by value (a fixed value sets a
    /// scalar at a key path): it stays a model each call sends.
    @Test func aSharedObjectHoldingAnArrayStaysAModel() throws {
        let context = #"{"client": {"clientName": "WEB"}, "experiments": ["a", "b"]}"#
        let call = { (path: String, value: String) in
            Self.entry(
                "POST", "https://api.example.com/v1/\(path)", body: ["ok": true],
                json: #"{"context": \#(context), "query": "\#(value)"}"#)
        }
        try Self.expectCaptureImport(
            Self.capture([call("search", "cats"), call("search", "dogs"), call("browse", "home")]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  NewContext:
                    fields:
                      client: Client
                      experiments: [String]
                  Client:
                    fields:
                      clientName: String
                  Search:
                    fields:
                      ok: Bool
                  Browse:
                    fields:
                      ok: Bool

                tools:
                  Search:
                    endpoints:
                      postSearch:
                        post: search
                        params:
                          query: String
                          context: NewContext
                        # named like a read ('Search'): say 'read: true' if it only reads, to have it retried after a 429 or a dropped connection
                        read: false
                        response: Search
                        sample:
                          body: {
                              "ok": true
                            }
                          source: "captured: POST https://api.example.com/v1/search"
                  Browse:
                    endpoints:
                      postBrowse:
                        post: browse
                        params:
                          query: String
                          context: NewContext
                        response: Browse
                        sample:
                          body: {
                              "ok": true
                            }
                          source: "captured: POST https://api.example.com/v1/browse"

                """)
    }

    /// Operations one path serves, told apart by a body member (Apollo's persisted queries: an
    /// `operationName` and a hash, no query text), send members of one name and shapes of their
    /// own: each operation's are its models (`RepoVariables`); only ever `{}` is `JSON?`. The
    /// answer is read at the one key inside `data` (`data.viewer`).
    @Test func eachOperationsBodyMembersAreItsOwnModels() throws {
        let call = { (operation: String, hash: Character, variables: String, answer: [String: Any]) in
            Self.entry(
                "POST", "https://api.example.com/graphql", body: ["data": answer],
                json: #"{"operationName": "\#(operation)", "variables": \#(variables), "extensions": "#
                    + #"{"persistedQuery": {"version": 1, "sha256Hash": "\#(String(repeating: hash, count: 64))"}}}"#)
        }
        try Self.expectCaptureImport(
            Self.capture([
                call("Viewer", "a", "{}", ["viewer": ["id": "1", "login": "ann"]]),
                call("Repo", "b", #"{"name": "x"}"#, ["repository": ["id": "R1", "name": "x", "stars": 3]]),
                call("Repo", "b", #"{"name": "y"}"#, ["repository": ["id": "R2", "name": "y", "stars": 5]]),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                models:
                  ViewerExtensions:
                    fields:
                      persistedQuery: PersistedQuery
                  PersistedQuery:
                    fields:
                      version: Int
                      sha256Hash: String
                  Viewer:
                    fields:
                      id: String
                      login: String
                  RepoVariables:
                    fields:
                      name: String
                  Repository:
                    fields:
                      id: String
                      name: String
                      stars: Int

                tools:
                  Graphql:
                    endpoints:
                      viewer:
                        post: graphql
                        params:
                          variables: JSON?
                          extensions: ViewerExtensions
                        fixed:
                          operationName: Viewer
                        response: { path: data.viewer, type: Viewer }
                        sample:
                          body: {
                              "data": {
                                "viewer": {
                                  "id": "1",
                                  "login": "ann"
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"
                      repo:
                        post: graphql
                        params:
                          variables: RepoVariables
                          extensions: ViewerExtensions
                        fixed:
                          operationName: Repo
                        response: { path: data.repository, type: Repository }
                        sample:
                          body: {
                              "data": {
                                "repository": {
                                  "id": "R1",
                                  "name": "x",
                                  "stars": 3
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"

                """)
    }

    /// A name found naming one thing (`acme-books` of `stores/acme-books`) names it in longer
    /// paths too, so that paths that differ in two places (the store and the product) are one
    /// template, named after one of the collection.
    @Test func pathsThatDifferInTwoNamesAreOneTemplate() throws {
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.shop.test/v1/stores/acme-books", body: ["slug": "acme-books", "name": "Acme"]),
                Self.entry(
                    "GET", "https://api.shop.test/v1/stores/green-garden",
                    body: ["slug": "green-garden", "name": "Green"]),
                Self.entry(
                    "GET", "https://api.shop.test/v1/stores/acme-books/products/B-100",
                    body: ["sku": "B-100", "price": 10]),
                Self.entry(
                    "GET", "https://api.shop.test/v1/stores/green-garden/products/G-7",
                    body: ["sku": "G-7", "price": 3]),
            ]),
            gives: """
                # Imported from the capture app.har (4 calls to api.shop.test) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.shop.test/v1/

                models:
                  Store:
                    fields:
                      name: String
                      slug: String
                  Product:
                    fields:
                      price: Int
                      sku: String

                tools:
                  Store:
                    endpoints:
                      store:
                        get: stores/{store_id}
                        params:
                          store_id: String
                        response: Store
                        sample:
                          body: {
                              "name": "Acme",
                              "slug": "acme-books"
                            }
                          source: "captured: GET https://api.shop.test/v1/stores/acme-books"
                      product:
                        get: stores/{store_id}/products/{product_id}
                        params:
                          store_id: String
                          product_id: String
                        response: Product
                        sample:
                          body: {
                              "price": 10,
                              "sku": "B-100"
                            }
                          source: "captured: GET https://api.shop.test/v1/stores/acme-books/products/B-100"

                """)
    }

    /// A parameter sent with brackets (`ids[]=1&ids[]=2`) or more than once in one call
    /// (`tag=a&tag=b`) is an array of its elements' type, never a page's offset that moved.
    @Test func aParameterSentSeveralTimesIsAnArray() throws {
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/v1/posts?ids[]=1&ids[]=2",
                    body: [["id": 1, "title": "tea"], ["id": 2, "title": "cake"]]),
                Self.entry("GET", "https://api.example.com/v1/posts?ids[]=3", body: [["id": 3, "title": "pie"]]),
                Self.entry("GET", "https://api.example.com/v1/users?tag=a&tag=b", body: [["id": 7, "name": "ann"]]),
                Self.entry("GET", "https://api.example.com/v1/users?tag=c", body: [["id": 8, "name": "bob"]]),
            ]),
            gives: """
                # Imported from the capture app.har (4 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                models:
                  Post:
                    fields:
                      id: Int
                      title: String
                  User:
                    fields:
                      id: Int
                      name: String

                tools:
                  Post:
                    endpoints:
                      posts:
                        get: posts
                        params:
                          ids: { type: [Int], style: brackets }
                        response: [Post]
                        sample:
                          body: [
                              {
                                "id": 1,
                                "title": "tea"
                              },
                              {
                                "id": 2,
                                "title": "cake"
                              }
                            ]
                          source: "captured: GET https://api.example.com/v1/posts"
                  User:
                    endpoints:
                      users:
                        get: users
                        params:
                          tag: [String]
                        response: [User]
                        sample:
                          body: [
                              {
                                "id": 7,
                                "name": "ann"
                              }
                            ]
                          source: "captured: GET https://api.example.com/v1/users"

                """)
    }

    /// A gateway's operation named in the query of a POST is sent in the query (`in: query`),
    /// not in the form beside the call's own parameters.
    @Test func anOperationInAPostsQueryStaysInTheQuery() throws {
        let call = { (method: String, form: String, answer: [String: Any]) in
            Self.entry("POST", "https://api.example.com/gateway?method=\(method)", body: answer, form: form)
        }
        try Self.expectCaptureImport(
            Self.capture([
                call("items.list", "page=1", ["items": [["id": 1, "name": "tea"]]]),
                call("items.list", "page=2", ["items": [["id": 2, "name": "cake"]]]),
                call("user.get", "uid=7", ["user": ["uid": 7, "nick": "ann"]]),
                call("user.get", "uid=8", ["user": ["uid": 8, "nick": "bob"]]),
            ]),
            gives: """
                # Imported from the capture app.har (4 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/
                body: form

                models:
                  Item:
                    fields:
                      id: Int
                      name: String
                  User:
                    fields:
                      nick: String
                      uid: Int

                tools:
                  Gateway:
                    endpoints:
                      itemsList:
                        post: gateway
                        params:
                          page: Int
                        fixed:
                          method: { value: items.list, in: query }
                        # named as a read ('List'): retried after a 429 or a dropped connection; say 'read: false' if it changes something
                        read: true
                        response: { path: items, type: [Item] }
                        paginate: { page: page }
                        sample:
                          body: {
                              "items": [
                                {
                                  "id": 1,
                                  "name": "tea"
                                }
                              ]
                            }
                          source: "captured: POST https://api.example.com/gateway"
                      userGet:
                        post: gateway
                        params:
                          uid: Int
                        fixed:
                          method: { value: user.get, in: query }
                        # named as a read ('Get'): retried after a 429 or a dropped connection; say 'read: false' if it changes something
                        read: true
                        response: { path: user, type: User }
                        sample:
                          body: {
                              "user": {
                                "nick": "ann",
                                "uid": 7
                              }
                            }
                          source: "captured: POST https://api.example.com/gateway"

                """)
    }

    /// A header of the API's that is each call's time or a value made afresh for each call is
    /// sent so (`in: header`); one that changes otherwise is named in the summary, never dropped
    /// unsaid.
    @Test func headersMadeForEachCallAreSentSo() throws {
        let ids = [
            "3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c", "a7d4e2f1-0c3b-4e5a-8b9c-1d2e3f4a5b6c",
            "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
        ]
        let (_, result) = try Self.expectCaptureImport(
            Self.capture(
                (0..<3).map { call in
                    Self.entry(
                        "GET", "https://api.example.com/v1/items/\(call + 1)", body: ["id": call + 1, "name": "tea"],
                        headers: [
                            "X-Request-ID": ids[call], "X-Timestamp": String(1_733_572_800 + call * 5),
                            "X-Trace": "t-\(call + 1)",
                        ],
                        started: "2024-12-07T12:00:\(String(format: "%02d", call * 5)).000Z")
                }),
            gives: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                fixed:
                  X-Request-ID: { nonce: uuid, in: header }
                  X-Timestamp: { now: secondsSince1970, in: header }

                models:
                  Item:
                    fields:
                      id: Int
                      name: String

                tools:
                  Item:
                    endpoints:
                      item:
                        get: items/{item_id}
                        params:
                          item_id: Int
                        response: Item
                        sample:
                          body: {
                              "id": 1,
                              "name": "tea"
                            }
                          source: "captured: GET https://api.example.com/v1/items/1"

                """)
        #expect(
            result.summary.contains(
                "1 header changed from call to call as no time or random value does, left out: X-Trace"))
    }

    /// A call that failed with 401, asked for again with a token the answer of another call
    /// renewed, and answered: the credentials expire, and the app's closure renews them.
    @Test func aCallAskedForAgainWithARenewedTokenIsRefreshed() throws {
        let old = ["Authorization": "Bearer expired-token-0001"]
        let new = ["Authorization": "Bearer renewed-token-0002"]
        let item = { (id: Int) -> [String: Any] in ["id": id, "name": "tea"] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/items/1", body: item(1), headers: old),
                Self.entry(
                    "GET", "https://api.example.com/v1/items/2", status: 401, body: ["error": "token expired"],
                    headers: old),
                Self.entry(
                    "POST", "https://api.example.com/v1/oauth/token",
                    body: ["access_token": "renewed-token-0002", "expires_in": 3600],
                    form: "grant_type=refresh_token&refresh_token=refresh-token-0003"),
                Self.entry("GET", "https://api.example.com/v1/items/2", body: item(2), headers: new),
                Self.entry("GET", "https://api.example.com/v1/items/3", body: item(3), headers: new),
            ]),
            gives: """
                # Imported from the capture app.har (5 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/
                body: form

                fixed:
                  # a credential 1 of the 5 captured calls send: optional, sent where the app has it
                  refresh_token: { provided: refreshToken, optional: true }

                headers:
                  Authorization: { provided: accessToken, prefix: "Bearer " }

                errors: { type: ErrorResponse, message: error }

                # calls that failed (HTTP 401) were asked for again with a renewed accessToken (from the answer of POST v1/oauth/token) and answered: the app's closure renews them
                refresh:
                  provided: refreshAccessToken
                  renews: [accessToken]

                models:
                  Item:
                    fields:
                      id: Int
                      name: String
                  Token:
                    fields:
                      access_token: String
                      expires_in: Int
                  ErrorResponse:
                    fields:
                      error: String

                tools:
                  Item:
                    endpoints:
                      item:
                        get: items/{item_id}
                        params:
                          item_id: Int
                        response: Item
                        samples:
                          ok:
                            body: {
                                "id": 1,
                                "name": "tea"
                              }
                            source: "captured: GET https://api.example.com/v1/items/1"
                          status401:
                            status: 401
                            body: {
                                "error": "token expired"
                              }
                            source: "captured: GET https://api.example.com/v1/items/2"
                  Oauth:
                    endpoints:
                      postToken:
                        post: oauth/token
                        params:
                          grant_type: String
                        omit: [Authorization]
                        response: Token
                        sample:
                          body: {
                              "access_token": "REDACTED",
                              "expires_in": 3600
                            }
                          source: "captured: POST https://api.example.com/v1/oauth/token"

                """)
    }

    /// A failure the app asked for again, as it was, and got an answer to is transient: its
    /// envelope code is `retry:`'s.
    @Test func aFailureAskedForAgainAndAnsweredIsRetried() throws {
        let item = { (id: Int) -> [String: Any] in ["code": 0, "msg": "ok", "data": ["id": id, "name": "tea"]] }
        let limit: [String: Any] = ["code": 7, "msg": "call limit, wait 1 second"]
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://api.example.com/v1/items/1", body: item(1)),
                Self.entry("GET", "https://api.example.com/v1/items/2", body: limit),
                Self.entry("GET", "https://api.example.com/v1/items/2", body: item(2)),
                Self.entry("GET", "https://api.example.com/v1/items/3", body: item(3)),
            ]),
            gives: """
                # Imported from the capture app.har (4 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v1/

                envelope:
                  data: data
                  success: { path: code, equals: "0" }
                  message: msg
                  code: code

                # failures the app asked for again, as they were, and got an answer: asked for again once
                retry:
                  codes: ["7"]

                models:
                  Item:
                    fields:
                      id: Int
                      name: String

                tools:
                  Item:
                    endpoints:
                      item:
                        get: items/{item_id}
                        params:
                          item_id: Int
                        response: Item
                        samples:
                          ok:
                            body: {
                                "code": 0,
                                "data": {
                                  "id": 1,
                                  "name": "tea"
                                },
                                "msg": "ok"
                              }
                            source: "captured: GET https://api.example.com/v1/items/1"
                          failure:
                            failure: true
                            body: {
                                "code": 7,
                                "msg": "call limit, wait 1 second"
                              }
                            source: "captured: GET https://api.example.com/v1/items/2"

                """)
    }

    /// A value that happens to be a member of the last item before is no cursor where it is no
    /// identifier, or where the calls differ by more than it: two searches, not two pages.
    @Test func aValueLikeTheLastItemBeforeIsNoCursorOfItself() throws {
        let poi = { (name: String) -> [String: Any] in ["id": "B0\(name.count)", "name": name] }
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry(
                    "GET", "https://api.example.com/v3/search?keywords=tea&city=010",
                    body: ["pois": [poi("tea"), poi("coffee")]]),
                Self.entry(
                    "GET", "https://api.example.com/v3/search?keywords=coffee&city=020",
                    body: ["pois": [poi("coffee")]]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/v3/

                models:
                  Poi:
                    fields:
                      id: String
                      name: String

                tools:
                  Search:
                    endpoints:
                      search:
                        get: search
                        params:
                          keywords: String
                          city: String
                        response: { path: pois, type: [Poi] }
                        sample:
                          body: {
                              "pois": [
                                {
                                  "id": "B03",
                                  "name": "tea"
                                },
                                {
                                  "id": "B06",
                                  "name": "coffee"
                                }
                              ]
                            }
                          source: "captured: GET https://api.example.com/v3/search"

                """)
    }

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
        // `note` is only ever "": text, not none; one owner in every order is no enum (`login`); an
        // id of ten digits (`buyer_id`) is no time.
        try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://shop.example.com/api/orders?page=1", body: ["orders": Array(orders[..<5])]),
                Self.entry("GET", "https://shop.example.com/api/orders?page=2", body: ["orders": Array(orders[5...])]),
            ]),
            gives: """
                # Imported from the capture app.har (2 calls to shop.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://shop.example.com/api/

                models:
                  Order:
                    fields:
                      buyer_id: Int64
                      created_at: { type: Date, format: secondsSince1970 }
                      id: Int
                      logo: { type: "URL?", emptyAsNil: true }
                      note: String
                      owner: Owner
                      state: { enum: [paid, refunded, shipped] }
                      tags: { type: "Tags?", emptyAsNil: true }
                  Owner:
                    fields:
                      id: Int
                      login: String
                  Tags:
                    fields:
                      a: Int

                tools:
                  Order:
                    endpoints:
                      orders:
                        get: orders
                        params:
                          page: Int
                        response: { path: orders, type: [Order] }
                        paginate: { page: page }
                        sample:
                          body: {
                              "orders": [
                                {
                                  "buyer_id": 2803301701,
                                  "created_at": 1700000000,
                                  "id": 0,
                                  "logo": "",
                                  "note": "",
                                  "owner": {
                                    "id": 7,
                                    "login": "ann"
                                  },
                                  "state": "paid",
                                  "tags": {
                                    "a": 1
                                  }
                                },
                                {
                                  "buyer_id": 2803301701,
                                  "created_at": 1700000001,
                                  "id": 1,
                                  "logo": "https://img.example.com/1.png",
                                  "note": "",
                                  "owner": {
                                    "id": 7,
                                    "login": "ann"
                                  },
                                  "state": "shipped",
                                  "tags": []
                                },
                                {
                                  "buyer_id": 2803301701,
                                  "created_at": 1700000002,
                                  "id": 2,
                                  "logo": "https://img.example.com/2.png",
                                  "note": "",
                                  "owner": {
                                    "id": 7,
                                    "login": "ann"
                                  },
                                  "state": "refunded",
                                  "tags": {
                                    "a": 1
                                  }
                                },
                                {
                                  "buyer_id": 2803301701,
                                  "created_at": 1700000003,
                                  "id": 3,
                                  "logo": "https://img.example.com/3.png",
                                  "note": "",
                                  "owner": {
                                    "id": 7,
                                    "login": "ann"
                                  },
                                  "state": "paid",
                                  "tags": []
                                },
                                {
                                  "buyer_id": 2803301701,
                                  "created_at": 1700000004,
                                  "id": 4,
                                  "logo": "",
                                  "note": "",
                                  "owner": {
                                    "id": 7,
                                    "login": "ann"
                                  },
                                  "state": "shipped",
                                  "tags": {
                                    "a": 1
                                  }
                                }
                              ]
                            }
                          source: "captured: GET https://shop.example.com/api/orders"

                """)
    }

    /// A JSON body's members are the endpoint's parameters, sent as JSON (no `body: form`), an
    /// array and an object among them (the object a model named apart from the answers').
    @Test func aJSONBodysMembersAreParametersSentAsJSON() throws {
        var post = Self.entry("POST", "https://notes.example.com/v1/notes", body: ["id": 9, "title": "tea"])
        var request = try #require(post["request"] as? [String: Any])
        request["postData"] = [
            "mimeType": "application/json",
            "text": #"{"title": "tea", "pinned": true, "tags": ["a"], "place": {"shelf": 2, "box": "tins"}}"#,
        ]
        post["request"] = request
        let (text, _, result) = try Self.imported(Self.capture([post]))
        let (header, rest) = Self.firstLine(of: text)
        #expect(header == "# Imported from the capture app.har (1 call to notes.example.com) by `xtoolgen import`.")
        Self.expect(
            rest,
            is: """
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://notes.example.com/v1/

                models:
                  NewPlace:
                    fields:
                      shelf: Int
                      box: String
                  Note:
                    fields:
                      id: Int
                      title: String

                tools:
                  Note:
                    endpoints:
                      postNotes:
                        post: notes
                        params:
                          title: String
                          pinned: Bool
                          tags: [String]
                          place: NewPlace
                        response: Note
                        sample:
                          body: {
                              "id": 9,
                              "title": "tea"
                            }
                          source: "captured: POST https://notes.example.com/v1/notes"

                """)
        #expect(result.summary == ["1 call to notes.example.com: 1 endpoint in 1 tool, 2 models from 1 JSON body"])
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
        let (spec, _) = try Self.expectCaptureImport(
            Self.capture([
                Self.entry("GET", "https://odd.example.com/", body: ["ok": true]),
                Self.entry("GET", "https://odd.example.com/?x=-9223372036854775808", body: ["ok": true]),
                Self.entry("GET", "https://odd.example.com/v1/things/abc%20def", body: ["a": 1]),
            ]),
            gives: """
                # Imported from the capture app.har (3 calls to odd.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://odd.example.com/

                models:
                  Root:
                    fields:
                      ok: Bool
                  ThingsAbc20def:
                    fields:
                      a: Int

                tools:
                  App:
                    endpoints:
                      root:
                        get: ""
                        params:
                          x: Int64?
                        response: Root
                        sample:
                          body: {
                              "ok": true
                            }
                          source: "captured: GET https://odd.example.com/"
                  V1:
                    endpoints:
                      thingsAbc20def:
                        get: v1/things/abc%20def
                        response: ThingsAbc20def
                        sample:
                          body: {
                              "a": 1
                            }
                          source: "captured: GET https://odd.example.com/v1/things/abc%20def"

                """)
        #expect(spec.tools.flatMap(\.endpoints).count == 2)
    }
}
