import Bilibili
import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Specs/Bilibili.yaml, one spec for the whole API, against the response examples of its community
/// documentation (`Specs/samples/bilibili/SOURCE.md`) (issue 22): the `{code, message, ttl, data}`
/// envelope, whose `code: -101` is a failure that renews the session everywhere but on the one
/// endpoint that answers it *with* the data the app needs; page numbers that end on `no_more`;
/// and the WBI signature over the sorted query, on the signed endpoints only, by a signer that
/// adds the timestamp it signs.
@Suite struct BilibiliTests {
    let server: ServerScope
    let renewals: Recorder<String>
    let signatures: Recorder<[String]>

    init() throws {
        server = try TestServer.scope()
        renewals = Recorder()
        signatures = Recorder()
    }

    /// The API with the WBI signer of `keys` (the image and sub keys the navigation bar gives),
    /// logged in when there is a `session`.
    private func api(keys: WBI.Keys = WBI.Keys(image: "", sub: ""), session: String? = nil) -> BilibiliAPI {
        let renewals = renewals
        let signatures = signatures
        return BilibiliAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), sessionData: { session },
            signer: { parameters in
                signatures.append(parameters.parameters.map(\.name))
                return WBI.sign(&parameters, keys: keys, timestamp: 1_702_204_169)
            },
            renewSession: { renewals.append("renewed") })
    }

    /// The signer is the documentation's: its worked example comes out as printed.
    @Test func theSignerSignsTheDocumentationsExample() {
        var parameters = SignedParameters([("foo", "114"), ("bar", "514"), ("zab", "1919810")])
        let keys = WBI.Keys(image: "7cd084941338484aae1ad9425b84077c", sub: "4932caff0ff746eab6f01bf08b70ac45")
        #expect(WBI.mixinKey(keys) == "ea1db124af3c7062474693fa704f4ff8")
        #expect(WBI.sign(&parameters, keys: keys, timestamp: 1_702_204_169) == "8f6f2b5b3d485fe1886cec6a0be8c5d4")
        #expect(parameters["wts"] == "1702204169")
    }

    /// The navigation bar answers a guest with `code: -101` and the day's keys in `data`: its own
    /// envelope takes -101 as success, so the keys arrive and no renewal starts; it is not signed
    /// (no `w_rid`, no `wts`, the signer not asked).
    @Test func theNavigationBarsMinus101CarriesTheKeysUnsigned() async throws {
        try await server.route("x/web-interface/nav", try Fixture.response("bilibili/nav-logged-out.json"))

        let nav = try await AccountTool(api: api()).nav()

        #expect(nav.isLoggedIn == false)
        #expect(
            WBI.Keys(nav)
                == WBI.Keys(image: "7cd084941338484aae1ad9425b84077c", sub: "4932caff0ff746eab6f01bf08b70ac45"))
        #expect(renewals.values.isEmpty)
        #expect(signatures.values.isEmpty)
        let sent = try #require(try await server.requests("x/web-interface/nav").first)
        #expect(sent.query == "")
        #expect(sent.headers["referer"] == "https://www.bilibili.com/")
        #expect(sent.headers["cookie"] == nil)
    }

    /// A signed endpoint, with the keys the navigation bar gave: the signer adds `wts` and signs
    /// the sorted query; the server's recomputation over what it received agrees.
    @Test func aUsersSpaceIsSignedOverTheSortedQuery() async throws {
        try await server.route("x/web-interface/nav", try Fixture.response("bilibili/nav-logged-out.json"))
        try await server.route("x/space/wbi/acc/info", try Fixture.response("bilibili/acc-info.json"))
        let keys = WBI.Keys(try await AccountTool(api: api()).nav())

        let space = try await AccountTool(api: api(keys: keys)).space(mid: 2)

        #expect(space.name == "碧诗")
        #expect(space.officialTitle == "bilibili创始人（站长）")
        #expect(space.liveRoomID == 1024)
        #expect(signatures.values == [["mid"]])
        let sent = FormFields(try #require(try await server.requests("x/space/wbi/acc/info").first).query)
        #expect(sent.names == ["mid", "wts", "w_rid"])
        var received = SignedParameters(sent.fields.filter { $0.name != "w_rid" }.map { ($0.name, $0.value) })
        #expect(sent["w_rid"] == WBI.signature(of: &received, mixinKey: WBI.mixinKey(keys)))
    }

    /// Elsewhere `code: -101` is the envelope's failure that renews the session the request
    /// carried, once, and the call is repeated; `-404` fails with its code and message.
    @Test func elsewhereMinus101RenewsTheSessionAndOtherCodesFail() async throws {
        try await server.route(
            "x/space/wbi/acc/info", try Fixture.response("bilibili/nav-logged-out.json"),
            try Fixture.response("bilibili/acc-info.json"), try Fixture.response("bilibili/not-found.json"))
        let tool = AccountTool(api: api(session: "0a1b2c3d%2C1717200000%2Cexpired"))

        let space = try await tool.space(mid: 2)
        #expect(space.mid == 2)
        #expect(renewals.values == ["renewed"])
        let cookies = try await server.requests("x/space/wbi/acc/info").map { $0.headers["cookie"] }
        #expect(cookies == ["SESSDATA=0a1b2c3d%2C1717200000%2Cexpired", "SESSDATA=0a1b2c3d%2C1717200000%2Cexpired"])

        let error = await #expect(throws: XToolError.self) { try await tool.space(mid: 0) }
        #expect(error == .server(message: "啥都木有", code: "-404"))
    }

    /// Popular videos a page number at a time: the page with `no_more: true` is the last, with no
    /// request for an empty page; unsigned (the endpoint omits `w_rid`).
    @Test func popularVideosPageUntilNoMore() async throws {
        let last = try Fixture.response("bilibili/popular.json") { body in
            var data = body["data"] as? [String: Any] ?? [:]
            data["no_more"] = true
            body["data"] = data
        }
        try await server.route("x/web-interface/popular", try Fixture.response("bilibili/popular.json"), last)

        var titles: [String] = []
        for try await video in VideoTool(api: api()).popularItems(pageSize: 2) { titles.append(video.title) }

        #expect(titles.count == 4)
        #expect(titles.first == "《抬您上泰山》")
        let sent = try await server.requests("x/web-interface/popular").map(\.query)
        #expect(sent == ["pn=1&ps=2", "pn=2&ps=2"])
        #expect(signatures.values.isEmpty)
    }

    /// A server that ignores the page number answers every page with the first: the second
    /// answer ends the loop with an error naming the endpoint, after the first page's items, never
    /// a third request (issue 31).
    @Test func aServerThatIgnoresThePageEndsTheLoopWithAnError() async throws {
        try await server.route("x/web-interface/popular", try Fixture.response("bilibili/popular.json"))

        var titles: [String] = []
        let error = await #expect(throws: XToolError.self) {
            for try await video in VideoTool(api: api()).popularItems(pageSize: 2) { titles.append(video.title) }
        }

        #expect(titles.count == 2)
        guard case .invalidRequest(let message)? = error else {
            Issue.record("expected .invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(message.contains("VideoTool.popular") && message.contains("pn=2"))
        #expect(try await server.requests("x/web-interface/popular").map(\.query) == ["pn=1&ps=2", "pn=2&ps=2"])
    }
}

/// Bilibili's WBI signature (`docs/misc/sign/wbi.md` of bilibili-API-collect), as an app computes it.
enum WBI {
    struct Keys: Equatable {
        var image: String
        var sub: String
    }

    /// The order the mixin key takes the characters of the image key and the sub key in.
    private static let mixinOrder = [
        46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29, 28, 14, 39,
        12, 38, 41, 13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25, 54, 21, 56, 59, 6, 63,
        57, 62, 11, 36, 20, 34, 44, 52,
    ]

    static func mixinKey(_ keys: Keys) -> String {
        let characters = Array(keys.image + keys.sub)
        guard characters.count == 64 else { return "" }
        return String(mixinOrder.prefix(32).map { characters[$0] })
    }

    /// Adds `wts`, strips `!'()*` from every value (what is sent changes with it), and returns
    /// `w_rid`.
    static func sign(_ parameters: inout SignedParameters, keys: Keys, timestamp: Int) -> String {
        parameters["wts"] = String(timestamp)
        parameters.parameters = parameters.parameters.map { ($0.name, $0.value.filter { !"!'()*".contains($0) }) }
        return signature(of: &parameters, mixinKey: mixinKey(keys))
    }

    /// MD5 of the parameters sorted by name, percent-encoded as a query, then the mixin key.
    static func signature(of parameters: inout SignedParameters, mixinKey: String) -> String {
        let query = parameters.parameters.sorted { $0.name < $1.name }
            .map { encoded($0.name) + "=" + encoded($0.value) }.joined(separator: "&")
        return MD5.hex(Data((query + mixinKey).utf8))
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "-_.~").union(.alphanumerics))
            ?? text
    }
}

extension WBI.Keys {
    /// The keys are the file names of the navigation bar's two image URLs.
    init(_ nav: Nav) {
        self.init(
            image: nav.imageKeyURL.deletingPathExtension().lastPathComponent,
            sub: nav.subKeyURL.deletingPathExtension().lastPathComponent)
    }
}
