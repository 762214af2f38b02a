import Foundation
import TestSupport
import Testing
import XToolRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What goes on the wire, as the local server received it (unregistered paths echo the request).
@Suite struct RequestEncodingTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private func client(
        fixed: [FixedParameter] = [], headers: [FixedParameter] = [], signature: Signature? = nil,
        dates: DateStyle = .iso8601, body: BodyEncoding = .json
    ) -> APIClient {
        APIClient(
            baseURL: server.baseURL, fixed: fixed, headers: headers, signature: signature, dates: dates, body: body)
    }

    @Test func queryValuesArePercentEncodedPerRFC3986() async throws {
        let echo: Echo = try await client().send(
            RequestDescription(.get, "search"),
            [
                .query("q", "a b+c&d=e/f?g#h%i~j.k_l-m"), .query("city", "北京"), .query("tag", ["x", "y z"]),
                .query("on", true), .query("off", false), .query("count", 20), .query("ratio", 0.1),
                .query("big", Int64(4_567_890_123_456_789)), .query("whole", 20.0),
                .query("price", Decimal(string: "12.50")!),
                .query("missing", String?.none), .query("url", URL(string: "https://x.org/a?b=c")!),
            ])
        #expect(echo.method == "GET")
        #expect(
            echo.query == "q=a%20b%2Bc%26d%3De%2Ff%3Fg%23h%25i~j.k_l-m&city=%E5%8C%97%E4%BA%AC&tag=x&tag=y%20z"
                + "&on=true&off=false&count=20&ratio=0.1&big=4567890123456789&whole=20&price=12.5"
                + "&url=https%3A%2F%2Fx.org%2Fa%3Fb%3Dc")
        #expect(echo.body.isEmpty)
    }

    /// `style: form` sends an object's members each as a field of its own name (OpenAPI's
    /// exploded form), `deepObject` as `name[key]`.
    @Test func aFormObjectSendsEachMemberByItsOwnName() async throws {
        struct Cursor: Encodable, Sendable {
            let after: String
            let limit: Int
            let tags: [String]
        }
        let cursor = Cursor(after: "CUR", limit: 10, tags: ["a", "b"])
        let echo: Echo = try await client().send(
            RequestDescription(.get, "events"),
            [.query("cursor", cursor, style: .form), .query("filter", ["kind": "x"], style: .deepObject)])
        #expect(echo.query == "after=CUR&limit=10&tags=a&tags=b&filter%5Bkind%5D=x")
    }

    @Test func datesInParametersFollowTheClientsStyle() async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let styles: [(DateStyle, String)] = [
            (.iso8601, "2023-11-14T22%3A13%3A20Z"), (.secondsSince1970, "1700000000"),
            (.millisecondsSince1970, "1700000000000"), (.formatted("yyyy-MM-dd"), "2023-11-14"),
            (.formatted("EEE MMM dd HH:mm:ss Z yyyy"), "Tue%20Nov%2014%2022%3A13%3A20%20%2B0000%202023"),
        ]
        for (style, expected) in styles {
            let echo: Echo = try await client(dates: style).send(
                RequestDescription(.get, "dates"), [.query("at", date)])
            #expect(echo.query == "at=" + expected)
        }
    }

    @Test func pathParametersAreOneEscapedSegmentEach() async throws {
        let cases: [(String, String)] = [
            ("../../etc/passwd", "..%2F..%2Fetc%2Fpasswd"), ("..", "%2E%2E"), (".", "%2E"),
            ("a/b?c#d%e f", "a%2Fb%3Fc%23d%25e%20f"), ("微博", "%E5%BE%AE%E5%8D%9A"), ("1.5", "1.5"),
        ]
        for (value, escaped) in cases {
            let echo: Echo = try await client().send(
                RequestDescription(.get, "users/{name}/show.json"), [.path("name", value)])
            #expect(echo.path == server.path("users/\(escaped)/show.json"))
        }
        let echo: Echo = try await client().send(
            RequestDescription(.get, "statuses/show/{id}.json"), [.path("id", Int64(42))])
        #expect(echo.path == server.path("statuses/show/42.json"))
    }

    @Test func baseURLAndPathJoinWithExactlyOneSlash() async throws {
        let withoutSlash = URL(string: server.baseURL.absoluteString.dropLast().description)!
        for base in [server.baseURL, withoutSlash] {
            for path in ["a/b.json", "/a/b.json"] {
                let echo: Echo = try await APIClient(baseURL: base).send(RequestDescription(.get, path))
                #expect(echo.path == server.path("a/b.json"))
            }
        }
    }

    @Test func aMissingPathParameterIsAnInvalidRequest() async throws {
        await #expect(throws: XToolError.invalidRequest("The path parameter 'id' has no value.")) {
            try await client().send(RequestDescription(.get, "statuses/show/{id}.json"), [.path("id", Int64?.none)])
        }
    }

    @Test func fixedParametersGoToTheQueryForGetAndDelete() async throws {
        let api = client(
            fixed: [.literal("source", "211160679"), .provided("access_token", { "token-1" })],
            signature: Signature(name: "sign") { _ in "sig" })
        for method in [HTTPMethod.get, .delete] {
            let echo: Echo = try await api.send(
                RequestDescription(method, "x", fixed: [.literal("feature", 0)]), [.query("since_id", "5")])
            #expect(echo.method == method.rawValue)
            #expect(echo.query == "source=211160679&access_token=token-1&feature=0&since_id=5&sign=sig")
            #expect(echo.body.isEmpty)
        }
    }

    @Test func formBodiesCarryFixedParametersAndTheSignatureForPostPutPatch() async throws {
        let api = client(
            fixed: [.literal("source", "211160679"), .provided("access_token", { "token 1" })],
            signature: Signature(name: "sign") { _ in "s&g" }, body: .form)
        for method in [HTTPMethod.post, .put, .patch] {
            let echo: Echo = try await api.send(
                RequestDescription(method, "statuses/update.json"),
                [
                    .query("v", 2), .body("status", "hello world+1"), .body("pic_ids", ["a", "b"]),
                    .body("lat", Double?.none),
                ])
            #expect(echo.method == method.rawValue)
            #expect(echo.query == "v=2")
            #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(
                echo.body
                    == "source=211160679&access_token=token%201&status=hello%20world%2B1&pic_ids=a&pic_ids=b&sign=s%26g"
            )
        }
    }

    @Test func jsonBodiesKeepLiteralTypesAndEncodeModels() async throws {
        struct Place: Encodable, Sendable {
            let name: String
            let at: Date
        }
        let api = client(
            fixed: [.literal("feature", 0), .literal("source", "0"), .literal("flags", [true, nil])],
            dates: .secondsSince1970)
        for method in [HTTPMethod.post, .put, .patch] {
            let echo: Echo = try await api.send(
                RequestDescription(method, "places"),
                [.body("place", Place(name: "北京", at: Date(timeIntervalSince1970: 1.5))), .body("note", String?.none)])
            #expect(echo.method == method.rawValue)
            #expect(echo.headers["content-type"] == "application/json")
            #expect(
                try JSON(data: Data(echo.body.utf8)) == [
                    "feature": 0, "source": "0", "flags": [true, nil], "place": ["name": "北京", "at": 1.5],
                ])
        }
    }

    @Test func postWithoutParametersSendsNoBody() async throws {
        let echo: Echo = try await client().send(RequestDescription(.post, "ping"))
        #expect(echo.body.isEmpty)
        #expect(echo.headers["content-type"] == nil)
    }

    @Test func headersComeFromLiteralsProvidedValuesAndParameters() async throws {
        let api = client(headers: [.literal("Accept", "application/json"), .provided("Authorization", { "Bearer t" })])
        let echo: Echo = try await api.send(
            RequestDescription(.get, "h"),
            [.header("X-Trace", "abc"), .header("X-Ids", [1, 2]), .header("X-None", Int?.none)])
        #expect(echo.headers["accept"] == "application/json")
        #expect(echo.headers["authorization"] == "Bearer t")
        #expect(echo.headers["x-trace"] == "abc")
        #expect(echo.headers["x-ids"] == "1, 2")
        #expect(echo.headers["x-none"] == nil)
    }

    @Test func aTransportWithItsOwnSessionConfiguration() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-Configured": "yes"]
        let api = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(configuration: configuration, timeout: 5))
        let echo: Echo = try await api.send(RequestDescription(.get, "configured"))
        #expect(echo.headers["x-configured"] == "yes")
    }

    @Test func providedValuesAreAskedForOnEveryRequest() async throws {
        let counter = Counter()
        let api = client(fixed: [.provided("access_token", { "t\(counter.next())" })])
        let first: Echo = try await api.send(RequestDescription(.get, "p"))
        let second: Echo = try await api.send(RequestDescription(.get, "p"))
        #expect(first.query == "access_token=t1")
        #expect(second.query == "access_token=t2")
    }

    @Test func theSignerSeesEveryParameterAsSentExceptTheSignature() async throws {
        let seen = Recorder<[String: String]>()
        let api = client(
            fixed: [.literal("source", "211160679"), .provided("access_token", { "tok" })],
            signature: Signature(name: "sign") { parameters in
                seen.append(parameters)
                return parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "&")
            }, body: .form)
        let echo: Echo = try await api.send(
            RequestDescription(.post, "s", fixed: [.literal("feature", 0)]),
            [.query("page", 2), .body("text", "a b"), .body("ids", [1, 2]), .body("when", Date?.none)])
        let expected = [
            "source": "211160679", "access_token": "tok", "feature": "0", "page": "2", "text": "a b", "ids": "1,2",
        ]
        #expect(seen.values == [expected])
        #expect(
            echo.body.hasSuffix(
                "&sign=access_token%3Dtok%26feature%3D0%26ids%3D1%2C2%26page%3D2%26source%3D211160679%26text%3Da%20b"))
    }

    @Test func aThrowingProvidedValueOrSignerIsAnErrorNamingIt() async throws {
        struct NoToken: Error {}
        let failing = client(fixed: [.provided("access_token", { throw NoToken() })])
        await #expect(throws: XToolError.provided(name: "access_token", message: "NoToken()")) {
            try await failing.send(RequestDescription(.get, "p"))
        }
        let badSigner = client(signature: Signature(name: "sign") { _ in throw NoToken() })
        await #expect(throws: XToolError.provided(name: "sign", message: "NoToken()")) {
            try await badSigner.send(RequestDescription(.get, "p"))
        }
    }

    @Test func anUnencodableValueIsAnInvalidRequest() async throws {
        let error = await #expect(throws: XToolError.self) {
            try await client().send(RequestDescription(.get, "p"), [.query("x", Double.nan)])
        }
        #expect(error?.invalidRequestMessage?.hasPrefix("The value of 'x' cannot be encoded") == true)
    }

    // MARK: - An endpoint's media types

    /// An endpoint's own `Content-Type` and `Accept` (a spec's endpoint `headers:`, which the
    /// import writes for a vendor media type, issue 41 item 4) are what goes on the wire: the
    /// JSON default never replaces the one, the API's `Accept` never joins the other.
    @Test(arguments: [
        [Parameter.path("id", "a1"), .body("reason", "leaked")],
        [Parameter.path("id", "a1"), .jsonBody(["reason": "leaked"])],
    ])
    func aJSONBodyIsSentAsTheEndpointsMediaType(_ parameters: [Parameter]) async throws {
        let rotateKey = RequestDescription(
            .post, "apps/{id}", name: "AppsTool.rotateKey",
            headers: [
                .literal("Content-Type", "application/vnd.example.app.rotateKey+json"),
                .literal("Accept", "application/vnd.example.app+json"),
            ])
        let transport = RecordingTransport(URLSessionTransport(timeout: 5))
        let client = APIClient(
            baseURL: server.baseURL, transport: transport, headers: [.literal("Accept", "application/json")])
        let echo: Echo = try await client.send(rotateKey, parameters)
        let request = try #require(transport.requests.last)
        #expect(request.headers.fields.filter { $0.name.lowercased() == "content-type" }.count == 1)
        #expect(request.headers.fields.filter { $0.name.lowercased() == "accept" }.count == 1)
        #expect(echo.headers["content-type"] == "application/vnd.example.app.rotateKey+json")
        #expect(echo.headers["accept"] == "application/vnd.example.app+json")
        #expect(echo.body == #"{"reason":"leaked"}"#)
    }
}
