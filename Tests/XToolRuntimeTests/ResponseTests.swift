import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Status, envelope, key paths, dates and the generic JSON layer, against canned responses.
@Suite struct ResponseTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private let envelope = Envelope(
        data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code")

    private func client(envelope: Envelope? = nil, dates: DateStyle = .iso8601, lenient: Bool = false) -> APIClient {
        APIClient(baseURL: server.baseURL, envelope: envelope, dates: dates, lenient: lenient)
    }

    @Test func onlyTheValueAtTheResponsePathIsDecoded() async throws {
        try await server.route(
            "list", .json(#"{"data": {"list": [1, 2, 3]}, "other": {"id": "not what anything expects"}}"#))
        let list: [Int] = try await client().send(RequestDescription(.get, "list", response: "data.list"))
        #expect(list == [1, 2, 3])
    }

    @Test func theEnvelopeUnwrapsThePayloadBeforeTheResponsePath() async throws {
        try await server.route(
            "home", .json(#"{"code": "OK", "msg": "", "data": {"telephone": "400-1", "ads": [{"adId": 7}]}}"#))
        let phone: String = try await client(envelope: envelope).send(
            RequestDescription(.get, "home", response: "telephone"))
        let all: JSON = try await client(envelope: envelope).send(RequestDescription(.get, "home"))
        #expect(phone == "400-1")
        #expect(all["ads"][0]["adId"]?.intValue == 7)
    }

    @Test func anEnvelopeFailureIsAServerErrorWithMessageAndCode() async throws {
        try await server.route("fail", .json(#"{"code": 10013, "msg": "Invalid weibo user", "data": null}"#))
        await #expect(throws: XToolError.server(message: "Invalid weibo user", code: "10013")) {
            let _: JSON = try await client(envelope: envelope).send(RequestDescription(.get, "fail"))
        }
        // A missing success value is a failure too, even without message and code.
        try await server.route("bare", .json(#"{"data": {}}"#))
        await #expect(throws: XToolError.server(message: nil, code: nil)) {
            try await client(envelope: envelope).send(RequestDescription(.get, "bare"))
        }
    }

    @Test func successIsComparedAsText() async throws {
        let numeric = Envelope(data: "result", success: .init(path: "status.code", equals: 0))
        for body in [#"{"status": {"code": 0}, "result": 5}"#, #"{"status": {"code": "0"}, "result": 5}"#] {
            try await server.route("n", .json(body))
            let value: Int = try await client(envelope: numeric).send(RequestDescription(.get, "n"))
            #expect(value == 5)
        }
        try await server.route("n", .json(#"{"status": {"code": 1}, "result": 5}"#))
        await #expect(throws: XToolError.server(message: nil, code: nil)) {
            try await client(envelope: numeric).send(RequestDescription(.get, "n"))
        }
    }

    @Test func anEnvelopeWithoutDataReadsThePayloadFromTheRoot() async throws {
        let wechat = Envelope(
            success: .init(path: "errcode", equals: 0, missingIsSuccess: true), message: "errmsg", code: "errcode")
        try await server.route(
            "token", .json(#"{"access_token": "T", "expires_in": 7200}"#),
            .json(#"{"errcode": 0, "access_token": "U"}"#),
            .json(#"{"errcode": null, "access_token": "V"}"#), .json(#"{"errcode": 40013, "errmsg": "invalid appid"}"#))
        let request = RequestDescription(.get, "token", response: "access_token")
        let client = client(envelope: wechat)
        let tokens: [String] = [
            try await client.send(request), try await client.send(request), try await client.send(request),
        ]
        #expect(tokens == ["T", "U", "V"], "no errcode, 0 and null are all successes")
        await #expect(throws: XToolError.server(message: "invalid appid", code: "40013")) {
            let _: String = try await client.send(request)
        }
    }

    @Test func anyOfSeveralValuesMeansSuccess() async throws {
        let several = Envelope(data: "data", success: .init(path: "code", equals: 0, 200, "OK"), message: "msg")
        for code in ["0", "200", #""OK""#, #""200""#] {
            try await server.route("s", .json(#"{"code": \#(code), "data": 1}"#))
            let value: Int = try await client(envelope: several).send(RequestDescription(.get, "s"))
            #expect(value == 1, "code \(code)")
        }
        try await server.route("s", .json(#"{"code": 500, "msg": "busy", "data": null}"#))
        await #expect(throws: XToolError.server(message: "busy", code: nil)) {
            try await client(envelope: several).send(RequestDescription(.get, "s"))
        }
        // Without missingIsSuccess, a missing code is a failure.
        try await server.route("s", .json(#"{"data": 1}"#))
        await #expect(throws: XToolError.server(message: nil, code: nil)) {
            let _: Int = try await client(envelope: several).send(RequestDescription(.get, "s"))
        }
    }

    /// Reddit's `api_type=json` answers `{"json": {"errors": [], "data": {…}}}`, and a failure with
    /// HTTP 200 and `[["CODE", "message", "field"]]` in `errors`.
    @Test func aTestOfAbsenceSucceedsOnlyWhenTheValueIsMissingNullOrEmpty() async throws {
        let reddit = Envelope(
            data: "json.data", success: .init(absent: "json.errors"), message: "json.errors.0.1",
            code: "json.errors.0.0")
        for errors in [#""errors": [], "#, #""errors": null, "#, "", #""errors": {}, "#, #""errors": "", "#] {
            try await server.route("a", .json(#"{"json": {\#(errors)"data": {"id": "t1_x"}}}"#))
            let id: String = try await client(envelope: reddit).send(RequestDescription(.get, "a", response: "id"))
            #expect(id == "t1_x", "\(errors)")
        }
        try await server.route(
            "a", .json(#"{"json": {"errors": [["RATELIMIT", "you are doing that too much", "ratelimit"]]}}"#))
        await #expect(throws: XToolError.server(message: "you are doing that too much", code: "RATELIMIT")) {
            let _: String = try await client(envelope: reddit).send(RequestDescription(.get, "a", response: "id"))
        }
        try await server.route("a", .json(#"{"json": {"errors": false, "data": {"id": "t1_x"}}}"#))
        await #expect(throws: XToolError.self, "false is a value, not an absence") {
            let _: String = try await client(envelope: reddit).send(RequestDescription(.get, "a", response: "id"))
        }
    }

    /// Issue 40 item 7: a commerce mutation fails when `errors` is there (throttled) or when
    /// its `userErrors` is not empty; each test must hold, and the message and code are read
    /// from the first place that holds one. Shaped as Shopify's Storefront API documents them.
    @Test func everySuccessTestMustHoldAndTheMessageComesFromTheFirstPlaceWithOne() async throws {
        let mutation = Envelope(
            data: "data", successes: [.init(absent: "errors"), .init(absent: "data.cartCreate.userErrors")],
            messages: ["errors.0.message", "data.cartCreate.userErrors.0.message"],
            codes: ["errors.0.extensions.code", "data.cartCreate.userErrors.0.code"])
        let request = RequestDescription(.post, "graphql", response: "cartCreate.cart.id")
        try await server.route(
            "graphql",
            .json(#"{"data": {"cartCreate": {"cart": {"id": "gid://shopify/Cart/1"}, "userErrors": []}}}"#),
            .json(#"{"errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED"}}]}"#),
            .json(
                #"{"data": {"cartCreate": {"cart": null, "userErrors": [{"field": ["lines"], "message": "Merchandise does not exist", "code": "INVALID"}]}}}"#
            ))
        let id: String = try await client(envelope: mutation).send(request)
        #expect(id == "gid://shopify/Cart/1")
        await #expect(throws: XToolError.server(message: "Throttled", code: "THROTTLED")) {
            let _: String = try await client(envelope: mutation).send(request)
        }
        await #expect(throws: XToolError.server(message: "Merchandise does not exist", code: "INVALID")) {
            let _: String = try await client(envelope: mutation).send(request)
        }
    }

    /// A gateway's message is `sub_msg` when there is one, else `msg`; an empty one is none.
    @Test func theMessageFallsBackToTheNextPlace() async throws {
        let gateway = Envelope(
            successes: [.init(absent: "error_response")],
            messages: ["error_response.sub_msg", "error_response.msg"], codes: ["error_response.code"])
        try await server.route(
            "rest",
            .json(
                #"{"error_response": {"code": 15, "msg": "Remote service error", "sub_code": "isv.x", "sub_msg": "Item not found"}}"#
            ),
            .json(#"{"error_response": {"code": 7, "msg": "App Call Limited", "sub_msg": ""}}"#))
        for expected in [("Item not found", "15"), ("App Call Limited", "7")] {
            await #expect(throws: XToolError.server(message: expected.0, code: expected.1)) {
                let _: String = try await client(envelope: gateway).send(RequestDescription(.get, "rest"))
            }
        }
    }

    // MARK: - Error bodies

    private struct APIError: Decodable, Sendable, Equatable {
        let code: Int
        let msg: String
    }

    /// With an error body declared, an envelope failure and an error body look alike: both are
    /// `.rejected`, with the status, the message, the code and the decoded model.
    @Test func envelopeFailuresAndErrorBodiesLookAlike() async throws {
        let body = #"{"code": 1001, "msg": "登录已过期", "data": null}"#
        try await server.route("home", .json(body), .json(body, status: 500))
        let client = APIClient(
            baseURL: server.baseURL,
            envelope: Envelope(data: "data", success: .init(path: "code", equals: 0), message: "msg", code: "code"),
            errors: ErrorBody(APIError.self, message: "msg", code: "code"))

        var failures: [ServerFailure] = []
        for _ in 0..<2 {
            let error = await #expect(throws: XToolError.self) {
                let _: JSON = try await client.send(RequestDescription(.get, "home"))
            }
            failures += error?.serverFailure.map { [$0] } ?? []
        }
        #expect(failures.map(\.status) == [200, 500])
        #expect(failures.map(\.message) == ["登录已过期", "登录已过期"])
        #expect(failures.map(\.code) == ["1001", "1001"])
        #expect(
            failures.map { $0.model(as: APIError.self) } == [
                APIError(code: 1001, msg: "登录已过期"), APIError(code: 1001, msg: "登录已过期"),
            ])
        #expect(failures.first?.description == "The server reported a failure: 登录已过期 (code 1001).")
        #expect(failures.last?.description == "The server reported a failure with HTTP 500: 登录已过期 (code 1001).")
    }

    @Test func anEndpointsErrorBodyReplacesTheClients() async throws {
        try await server.route("upload", .json(#"{"error": {"reason": "too big", "id": 7}}"#, status: 413))
        let client = APIClient(baseURL: server.baseURL, errors: ErrorBody(message: "message"))
        let own = RequestDescription(.post, "upload", errors: ErrorBody(path: "error", message: "reason", code: "id"))

        let error = await #expect(throws: XToolError.self) { try await client.send(own) }
        #expect(
            error
                == .rejected(
                    ServerFailure(
                        status: 413, message: "too big", code: "7",
                        body: Data(#"{"error": {"reason": "too big", "id": 7}}"#.utf8))))
        // The client's error body has no message in this body: the status, as before.
        let plain = await #expect(throws: XToolError.self) {
            try await client.send(RequestDescription(.post, "upload"))
        }
        #expect(plain?.statusCode == 413)
    }

    /// Without a model, a body reads as declared when it has the message or the code: what is
    /// missing is nil. With neither it is the bare status (issue 22, defect 9).
    @Test func anErrorBodyNeedsItsMessageOrItsCodeNotBoth() async throws {
        let client = APIClient(
            baseURL: server.baseURL, errors: ErrorBody(path: "error", message: "message", code: "code"))
        let bodies = [
            #"{"error": {"message": "Invalid API Key provided"}}"#, #"{"error": {"code": "rate_limited"}}"#,
            #"{"error": {"type": "api_error"}}"#,
        ]
        var failures: [XToolError] = []
        for body in bodies {
            try await server.route("key", .json(body, status: 401))
            let error = await #expect(throws: XToolError.self) {
                try await client.send(RequestDescription(.get, "key"))
            }
            failures += error.map { [$0] } ?? []
        }
        #expect(
            failures == [
                .rejected(
                    ServerFailure(
                        status: 401, message: "Invalid API Key provided", code: nil, body: Data(bodies[0].utf8))),
                .rejected(ServerFailure(status: 401, message: nil, code: "rate_limited", body: Data(bodies[1].utf8))),
                .status(code: 401, body: Data(bodies[2].utf8)),
            ])
    }

    /// `ErrorBody()` declares nothing: as a request's errors (a spec's `errors: none`) it keeps
    /// the client's from applying, so its failures are `.status` and the envelope's `.server`.
    @Test func anErrorBodyThatDeclaresNothingKeepsTheClientsAway() async throws {
        let body = #"{"code": 1001, "msg": "登录已过期", "data": null}"#
        try await server.route("home", .json(body), .json(body, status: 500))
        let client = APIClient(
            baseURL: server.baseURL,
            envelope: Envelope(data: "data", success: .init(path: "code", equals: 0), message: "msg", code: "code"),
            errors: ErrorBody(APIError.self, message: "msg", code: "code"))
        let own = RequestDescription(.get, "home", errors: ErrorBody())

        await #expect(throws: XToolError.server(message: "登录已过期", code: "1001")) {
            let _: JSON = try await client.send(own)
        }
        await #expect(throws: XToolError.status(code: 500, body: Data(body.utf8))) {
            let _: JSON = try await client.send(own)
        }
    }

    @Test func aNonSuccessStatusWinsOverAnEnvelopeBody() async throws {
        let body = #"{"code": "OK", "data": 1}"#
        try await server.route("gone", .json(body, status: 410))
        await #expect(throws: XToolError.status(code: 410, body: Data(body.utf8))) {
            let _: Int = try await client(envelope: envelope).send(RequestDescription(.get, "gone"))
        }
    }

    @Test func voidCallsCheckTheEnvelopeButNeedNoBodyWithoutOne() async throws {
        try await server.route("empty", Canned(status: 204))
        try await client().send(RequestDescription(.delete, "empty"))
        try await server.route("text", Canned(body: "done"))
        try await client().send(RequestDescription(.post, "text"))
        try await server.route("ok", .json(#"{"code": "OK"}"#))
        try await client(envelope: envelope).send(RequestDescription(.post, "ok"))
        try await server.route("no", .json(#"{"code": "DENIED", "msg": "no"}"#))
        await #expect(throws: XToolError.server(message: "no", code: "DENIED")) {
            try await client(envelope: envelope).send(RequestDescription(.post, "no"))
        }
    }

    @Test func decodingErrorsNameTheFullKeyPath() async throws {
        let statuses = (0..<5).map { #"{"id": \#($0), "user": {"id": \#($0 == 3 ? "\"x\"" : "1")}}"# }
        try await server.route(
            "timeline", .json(#"{"code": "OK", "data": {"statuses": [\#(statuses.joined(separator: ","))]}}"#))
        struct Post: Decodable, Sendable {
            struct Author: Decodable, Sendable { let id: Int64 }
            let id: Int64
            let user: Author
        }
        let error = await #expect(throws: XToolError.self) {
            let _: [Post] = try await client(envelope: envelope).send(
                RequestDescription(.get, "timeline", response: "statuses"))
        }
        #expect(error?.decodingPath == "data.statuses[3].user.id")
        #expect(error?.description.contains("data.statuses[3].user.id") == true)
    }

    @Test func aMissingResponsePathIsADecodingErrorUnlessOptional() async throws {
        try await server.route("m", .json(#"{"data": {}}"#))
        await #expect(throws: XToolError.decoding(path: "data.list", message: "No value for key 'list'.")) {
            let _: [Int] = try await client().send(RequestDescription(.get, "m", response: "data.list"))
        }
        let missing: [Int]? = try await client().send(RequestDescription(.get, "m", response: "data.list"))
        #expect(missing == nil)
    }

    @Test(arguments: [
        (DateStyle.iso8601, #""2011-05-31T09:46:55Z""#, 1_306_835_215.0),
        (.iso8601, #""2011-05-31T09:46:55.250Z""#, 1_306_835_215.25),
        (.iso8601, #""2011-05-31T17:46:55+08:00""#, 1_306_835_215),
        (.secondsSince1970, "1306835215", 1_306_835_215),
        (.secondsSince1970, "1306835215.5", 1_306_835_215.5),
        (.millisecondsSince1970, "1306835215250", 1_306_835_215.25),
        (.formatted("yyyy-MM-dd HH:mm:ss"), #""2011-05-31 09:46:55""#, 1_306_835_215),
        (.formatted("EEE MMM dd HH:mm:ss Z yyyy"), #""Tue May 31 17:46:55 +0800 2011""#, 1_306_835_215),
    ])
    func datesAreReadInTheClientsStyle(style: DateStyle, json: String, seconds: TimeInterval) async throws {
        try await server.route("date", .json(#"{"at": \#(json)}"#))
        let date: Date = try await client(dates: style).send(RequestDescription(.get, "date", response: "at"))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test func aDateInTheWrongStyleIsADecodingErrorAtItsPath() async throws {
        try await server.route("date", .json(#"{"items": [{"at": "yesterday"}]}"#))
        await #expect(
            throws: XToolError.decoding(path: "items[0].at", message: "Expected an ISO 8601 date, found \"yesterday\".")
        ) {
            let _: [[String: Date]] = try await client().send(RequestDescription(.get, "date", response: "items"))
        }
    }

    @Test func aLenientClientReadsScalarPayloadsLeniently() async throws {
        try await server.route("count", .json(#"{"total_count": "114644", "flags": ["1", 0, "true"]}"#))
        let total: Int = try await client(lenient: true).send(
            RequestDescription(.get, "count", response: "total_count"))
        let flags: [Bool] = try await client(lenient: true).send(RequestDescription(.get, "count", response: "flags"))
        #expect(total == 114_644)
        #expect(flags == [true, false, true])
        await #expect(throws: XToolError.self) {
            let _: Int = try await client().send(RequestDescription(.get, "count", response: "total_count"))
        }
    }

    @Test func theGenericLayerReturnsJSONForAnyRequest() async throws {
        try await server.route(
            "v1/deal/find_deals",
            .json(
                #"{"status": "OK", "count": 2, "deals": [{"deal_id": "2-20401897", "current_price": 40, "list_price": 50.5, "regions": ["东城区"], "h5": null}]}"#
            ))
        let deals: JSON = try await APIClient(baseURL: server.baseURL).send(
            RequestDescription(.get, "v1/deal/find_deals"), [.query("city", "北京")])
        #expect(deals["status"] == "OK")
        #expect(deals["deals"][0]["deal_id"]?.stringValue == "2-20401897")
        #expect(deals["deals"][0]["current_price"] == .int(40))
        #expect(deals["deals"][0]["list_price"]?.doubleValue == 50.5)
        #expect(deals["deals"][0]["regions"] == ["东城区"])
        #expect(deals["deals"][0]["h5"] == .null)
        #expect(deals["deals"][1] == nil)
        #expect(deals["nothing"]["deeper"] == nil)
        let received = try await server.requests("v1/deal/find_deals")
        #expect(received.map(\.query) == ["city=%E5%8C%97%E4%BA%AC"])
    }

    @Test func theRawResponseIsAvailableWithoutAStatusCheck() async throws {
        try await server.route("raw", Canned(status: 418, headers: ["X-Reason": "teapot"], body: "short and stout"))
        let response = try await APIClient(baseURL: server.baseURL).response(RequestDescription(.get, "raw"))
        #expect(response.status == 418)
        #expect(response.headers["x-reason"] == "teapot")
        #expect(String(decoding: response.body, as: UTF8.self) == "short and stout")
    }

    // MARK: - Text, bytes and empty bodies

    @Test func aTextResponseIsReadInItsCharset() async throws {
        let latin1 = try #require("Crème brûlée, 5 €".data(using: .windowsCP1252))
        try await server.route("menu.txt", .bytes(latin1, contentType: "text/plain; charset=windows-1252"))
        try await server.route("readme.txt", Canned(headers: ["Content-Type": "text/plain"], body: "Grüße\n"))
        try await server.route("token", .json(#""tok-1""#))
        try await server.route("object", .json(#"{"a": 1}"#))

        let menu: String = try await client().send(RequestDescription(.get, "menu.txt", format: .text))
        let readme: String = try await client().send(RequestDescription(.get, "readme.txt", format: .text))
        let token: String = try await client().send(RequestDescription(.get, "token", format: .text))
        let object: String? = try await client().send(RequestDescription(.get, "object", format: .text))
        #expect(menu == "Crème brûlée, 5 €")
        #expect(readme == "Grüße\n", "UTF-8 without a charset")
        #expect(token == "tok-1", "a JSON string, labelled JSON")
        #expect(object == #"{"a": 1}"#, "any other JSON as its text")

        try await server.route("bad.txt", .bytes(Data([0xFF, 0xFE, 0xFD]), contentType: "text/plain; charset=utf-8"))
        await #expect(throws: XToolError.decoding(path: "", message: "The body is not valid utf-8 text.")) {
            let _: String = try await client().send(RequestDescription(.get, "bad.txt", format: .text))
        }
        try await server.route("odd.txt", .bytes(Data("x".utf8), contentType: "text/plain; charset=x-klingon"))
        await #expect(
            throws: XToolError.decoding(
                path: "",
                message: "The body's charset 'x-klingon' is not one the runtime reads on every platform; "
                    + "declare the response as Data and convert its bytes.")
        ) {
            let _: String = try await client().send(RequestDescription(.get, "odd.txt", format: .text))
        }
    }

    /// GBK (Chinese pages and old APIs) has no decoder in Linux's Foundation, so the runtime reads
    /// it nowhere, rather than on some platforms only: the error says to take the bytes, and
    /// `format: .data` hands them over as they came (issue 22).
    @Test func aCharsetNotReadOnEveryPlatformIsAClearErrorAndTheBytesStayAvailable() async throws {
        let gbk = Data([0xC4, 0xE3, 0xBA, 0xC3])  // 你好 in GBK
        try await server.route("hello.txt", .bytes(gbk, contentType: "text/plain; charset=GBK"))
        let error = await #expect(throws: XToolError.self) {
            let _: String = try await client().send(RequestDescription(.get, "hello.txt", format: .text))
        }
        #expect(
            error?.decodingMessage
                == "The body's charset 'GBK' is not one the runtime reads on every platform; "
                + "declare the response as Data and convert its bytes.")
        let bytes: Data = try await client().send(RequestDescription(.get, "hello.txt", format: .data))
        #expect(bytes == gbk)
    }

    @Test func aDataResponseIsTheBodyAsItCame() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
        try await server.route("avatar.png", .bytes(png, contentType: "image/png"))
        let bytes: Data = try await client(envelope: envelope).send(
            RequestDescription(.get, "avatar.png", format: .data))
        #expect(bytes == png, "the envelope does not apply to bytes")

        await #expect(throws: XToolError.decoding(path: "", message: "The body is read as Data, which is not Int.")) {
            let _: Int = try await client().send(RequestDescription(.get, "avatar.png", format: .data))
        }
    }

    @Test(arguments: [204, 205, 206])
    func anEmptyBodyWithAStatusThatAllowsOneIsAnEmptyValue(status: Int) async throws {
        try await server.route("feed", Canned(status: status))
        let feed: [Int] = try await client(envelope: envelope).send(RequestDescription(.get, "feed", response: "list"))
        let json: JSON = try await client().send(RequestDescription(.get, "feed"))
        let text: String = try await client().send(RequestDescription(.get, "feed", format: .text))
        #expect(feed == [])
        #expect(json == .null)
        #expect(text == "")
        try await client(envelope: envelope).send(RequestDescription(.get, "feed"))  // nothing to check
        let error = await #expect(throws: XToolError.self, "a number has no empty value") {
            let _: Int = try await client().send(RequestDescription(.get, "feed"))
        }
        #expect(
            error?.decodingMessage == "The response body is empty (HTTP \(status)); an optional response accepts that.")
    }

    @Test func anEmptyBodyIsNilForAnOptionalResponse() async throws {
        try await server.route("maybe", Canned(status: 200))
        let value: [Int]? = try await client(envelope: envelope).send(
            RequestDescription(.get, "maybe", response: "list"))
        let text: String? = try await client().send(RequestDescription(.get, "maybe", format: .text))
        let bytes: Data? = try await client().send(RequestDescription(.get, "maybe", format: .data))
        #expect(value == nil && text == nil && bytes == nil)
        let error = await #expect(throws: XToolError.self) {
            let _: [Int] = try await client().send(RequestDescription(.get, "maybe"))
        }
        #expect(error?.decodingMessage == "The response body is empty (HTTP 200); an optional response accepts that.")
    }

    @Test func anEmptyBodyNeverReplacesTheStoredValue() async throws {
        let request = RequestDescription(.get, "timeline", cache: .fallback)
        let client = client()
        try await server.route("timeline", .json("[1, 2]"), Canned(status: 206), .html(503))
        let first: Cached<[Int]> = try await client.cached(request)
        let regenerating: Cached<[Int]> = try await client.cached(request)
        let failed: Cached<[Int]> = try await client.cached(request)
        #expect(first == Cached(value: [1, 2]))
        #expect(regenerating == Cached(value: []), "206 with nothing: fresh, and empty")
        #expect(failed.value == [1, 2], "the last value with a body")
        #expect(failed.failure?.statusCode == 503)
    }

    @Test func storedTextIsReadBackAsItWasRead() async throws {
        let request = RequestDescription(.get, "note.txt", format: .text, cache: .fallback)
        let client = client()
        let latin1 = try #require("Café".data(using: .isoLatin1))
        try await server.route("note.txt", .bytes(latin1, contentType: "text/plain; charset=iso-8859-1"), .html(500))
        let fresh: Cached<String> = try await client.cached(request)
        let stored: Cached<String> = try await client.cached(request)
        #expect(fresh.value == "Café" && fresh.isFresh)
        #expect(stored.value == "Café" && stored.failure?.statusCode == 500)
    }
}
