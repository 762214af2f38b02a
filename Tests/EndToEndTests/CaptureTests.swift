import Dianping
import Foundation
import Home
import OpenWeather
import TestSupport
import Testing
import Weibo
import XToolCommandLine
import XToolFrontHalf
import XToolImport
import XToolRuntime
import XToolSpec

/// The Weibo app's own traffic, recorded as HAR from its generated client against the local
/// server, imported with no spec in sight (`xtoolgen import capture.har`) and replayed against
/// specs (`xtoolgen verify --traffic`).
@Suite struct CaptureTests {
    static let token = "SECRET-CAPTURED-TOKEN-5d1e"

    /// A recorder that keeps the credentials as sent (what a proxy's capture holds, which the
    /// import must leave out) and starts every call at one instant, so a recording repeats.
    static func recorder() -> HARRecorder {
        HARRecorder(
            URLSessionTransport(), redactsCredentials: false, clock: { Date(timeIntervalSince1970: 1_472_124_030) })
    }

    /// The timeline read twice (once since an id), an older page, one status, as the app does.
    static func weiboCapture() async throws -> [UInt8] {
        let server = try TestServer.scope()
        try await server.route(
            "statuses/friends_timeline.json", try Fixture.response("weibo/statuses/friends_timeline.json"))
        try await server.route("statuses/show.json", try Fixture.response("weibo/statuses/show.json"))
        let recorder = Self.recorder()
        let api = WeiboAPI(
            baseURL: server.baseURL, transport: recorder, cache: MemoryResponseCache(), accessToken: { token })
        let tool = StatusTool(api: api)
        _ = try await tool.newStatuses()
        _ = try await tool.newStatuses(sinceID: "11487339531")
        _ = try await tool.olderStatuses(maxID: "11488058246")
        _ = try await tool.status(id: 11_487_339_531)
        return Array(try recorder.har(replacing: server.baseURL, with: "https://api.weibo.com/2/"))
    }

    @Test func theWeiboAppsCaptureImportsToASpecThatReadsItAndKeepsNoSecret() async throws {
        let capture = try await Self.weiboCapture()
        #expect(String(decoding: capture, as: UTF8.self).contains(Self.token), "the capture holds the live token")
        let root = try SpecLoader.document(capture).get()
        let imported = CaptureImporter.importCapture(
            CapturedTraffic(root), documentName: "weibo.har", specFile: "Weibo.yaml")
        let text = try #require(imported.specText, "\(imported.diagnostics)")
        #expect(!text.contains(Self.token))
        #expect(!text.contains("SECRET"))

        let loaded = SpecFiles.load(Array(text.utf8), path: "Weibo.yaml", documentPath: nil)
        #expect(loaded.diagnostics.map(\.description) == [], "\(text)")
        let spec = try #require(loaded.sampled)
        #expect(spec.baseURL == "https://api.weibo.com/2/")
        #expect(text.contains("access_token: { provided: accessToken }"))
        let endpoints = spec.tools.flatMap { tool in tool.endpoints.map { "\(tool.name).\($0.swiftName) \($0.path)" } }
        #expect(
            endpoints == ["Status.friendsTimeline statuses/friends_timeline.json", "Status.show statuses/show.json"])
        // The id the app sends past 32 bits is an Int64; since_id and max_id are optional.
        #expect(text.contains("          since_id: Int64?\n") || text.contains("          since_id: Int64?"))
        #expect(text.contains("max_id: Int64?"))
        #expect(text.contains("          id: Int64\n"))

        // The capture replayed against the spec imported from it: every call matches and reads.
        let traffic = CapturedTraffic(root)
        #expect(traffic.problems.isEmpty)
        let check = TrafficCheck.check(traffic.exchanges, against: [spec])
        #expect(!check.failed, "\(check.lines.joined(separator: "\n"))")
        #expect(check.lines.last == "4 calls: 2 endpoints matched, 0 with problems, 0 calls matched none")
    }

    /// The hand-written spec is a contract the app's traffic keeps: the capture verifies clean
    /// against `Specs/Weibo.yaml`; a spec that lost a field or an endpoint is reported.
    @Test func theHandWrittenSpecVerifiesAgainstTheCaptureAndDriftIsReported() async throws {
        let root = try SpecLoader.document(try await Self.weiboCapture()).get()
        let exchanges = CapturedTraffic(root).exchanges
        let path = SharedTestData.repositoryRoot.appendingPathComponent("Specs/Weibo.yaml").path
        let spec = try #require(SpecFiles.load(path: path).sampled)
        let check = TrafficCheck.check(exchanges, against: [spec])
        #expect(!check.failed, "\(check.lines.joined(separator: "\n"))")
        #expect(
            check.lines == [
                "Weibo Status.newStatuses: 2 calls, ok", "Weibo Status.olderStatuses: 1 call, ok",
                "Weibo Status.status: 1 call, ok",
                "4 calls: 3 endpoints matched, 0 with problems, 0 calls matched none",
            ])

        // Drift: the spec no longer reads `text`, nor knows `show.json`.
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "      text: String\n", with: "")
            .replacingOccurrences(of: "get: statuses/show.json", with: "get: statuses/show_one.json")
        let drifted = try #require(
            SpecFiles.load(Array(text.utf8), path: path, documentPath: path).sampled)
        let report = TrafficCheck.check(exchanges, against: [drifted])
        #expect(report.failed)
        #expect(report.unmatched == ["GET https://api.weibo.com/2/statuses/show.json"])
        #expect(report.lines.contains { $0.contains("text") && $0.contains("column") })
    }

    /// Dianping's deals, signed by the app's signer with an app key every call sends.
    static func dianpingCapture() async throws -> [UInt8] {
        let server = try TestServer.scope()
        try await server.route("v1/deal/find_deals", try Fixture.response("dianping/v1/deal/find_deals.json"))
        let recorder = Self.recorder()
        let signer = Signer.dianping(appKey: "10000008", secret: "e2e-secret")
        let api = DianpingAPI(
            baseURL: server.baseURL, transport: recorder, cache: MemoryResponseCache(),
            signer: { try await signer.sign($0) })
        let tool = DealTool(api: api)
        _ = try await tool.findDeals(city: "北京")
        _ = try await tool.findDeals(city: "上海", limit: 5)
        _ = try await tool.findDealPage(city: "北京", page: 2)
        return Array(try recorder.har(replacing: server.baseURL, with: "https://api.dianping.com/"))
    }

    /// The home screen: common parameters (a token, the time, a signature), an envelope whose
    /// failures come with 200, feedback posted as a form.
    static func homeCapture() async throws -> [UInt8] {
        let server = try TestServer.scope()
        let failure = Canned.json(#"{"code": 1001, "msg": "登录已过期，请重新登录", "data": null}"#)
        try await server.route("home/index", try Fixture.response("home/home/index.json"), failure)
        try await server.route("feedback/submit", .json(#"{"code": "0", "msg": "感谢反馈", "data": null}"#))
        let recorder = Self.recorder()
        let clock = Counter()
        let signer = Signer.home(secret: "e2e-secret")
        let api = HomeAPI(
            baseURL: server.baseURL, transport: recorder, cache: MemoryResponseCache(), appVersion: { "5.2.0" },
            deviceID: { "device-e2e" }, token: { token },
            timestamp: { String(1_472_124_030 + clock.next()) }, signer: { try await signer.sign($0) })
        let tool = HomeTool(api: api)
        _ = try await tool.home(cityID: "310100")
        _ = try? await tool.home()
        try await tool.feedback(content: "好用", contact: "a@example.com")
        return Array(try recorder.har(replacing: server.baseURL, with: "https://api.example-xqb.com/app/"))
    }

    /// Each seed app's capture: the hand-written spec verifies clean against it, and the spec
    /// imported from it loads with its samples read, verifies clean too and holds no secret.
    @Test(arguments: ["Dianping", "Home"])
    func aSeedAppsCaptureVerifiesAgainstItsSpecAndImportsToOneThatDoes(_ name: String) async throws {
        let capture = try await name == "Dianping" ? Self.dianpingCapture() : Self.homeCapture()
        let root = try SpecLoader.document(capture).get()
        let exchanges = CapturedTraffic(root).exchanges
        let path = SharedTestData.repositoryRoot.appendingPathComponent("Specs/\(name).yaml").path
        let handWritten = try #require(SpecFiles.load(path: path).sampled)
        let contract = TrafficCheck.check(exchanges, against: [handWritten])
        #expect(!contract.failed, "\(contract.lines.joined(separator: "\n"))")

        let imported = CaptureImporter.importCapture(
            CapturedTraffic(root), documentName: "\(name).har", specFile: "\(name).yaml")
        let text = try #require(imported.specText, "\(imported.diagnostics)")
        for secret in [Self.token, "e2e-secret"] { #expect(!text.contains(secret)) }
        let loaded = SpecFiles.load(Array(text.utf8), path: "\(name).yaml", documentPath: nil)
        #expect(loaded.diagnostics.map(\.description) == [], "\(text)")
        guard let spec = loaded.sampled else { return }
        let check = TrafficCheck.check(exchanges, against: [spec])
        #expect(!check.failed, "\(check.lines.joined(separator: "\n"))\n\(text)")
        #expect(text.contains("sign: sign\n"), "the digest that changes every call is the signer's")
        if name == "Home" {
            #expect(text.contains("timestamp: { now: secondsSince1970 }"))
            #expect(text.contains("token: { provided: token }"))
            #expect(text.contains("platform: ios"))
            #expect(
                text.contains(
                    "envelope:\n  data: data\n  success: { path: code, equals: \"0\" }\n  message: msg\n  code: code\n")
            )
            #expect(text.contains("failure: true"))
        } else {
            #expect(text.contains("appkey: { provided: appkey }"), "a key is a credential, provided")
            #expect(text.contains("publish_date: { type: Date, format: yyyy-MM-dd"))
        }
    }

    /// The seed apps' captures kept in `Specs/` (`WeiboCapture.har`…), which `generate` imports
    /// in memory into `Generated/` and `CaptureEndToEndTests` drives: each is what its app sends
    /// today (`scripts/regenerate` records them with `XTOOLGEN_RECORD_SNAPSHOTS=1`).
    @Test(arguments: ["Weibo", "Dianping", "Home"])
    func theCaptureKeptInSpecsIsWhatTheAppSendsToday(_ name: String) async throws {
        let capture =
            switch name {
            case "Weibo": try await Self.weiboCapture()
            case "Dianping": try await Self.dianpingCapture()
            default: try await Self.homeCapture()
            }
        let file = SharedTestData.repositoryRoot.appendingPathComponent("Specs/\(name)Capture.har")
        if ProcessInfo.processInfo.environment["XTOOLGEN_RECORD_SNAPSHOTS"] == "1",
            (try? Data(contentsOf: file)) != Data(capture)
        {
            // Recording is a command (scripts/regenerate), never a pass: a run that writes fails.
            try Data(capture).write(to: file)
            Issue.record("recorded Specs/\(name)Capture.har; run the tests again without XTOOLGEN_RECORD_SNAPSHOTS")
        }
        let kept = try Data(contentsOf: file)
        #expect(String(decoding: kept, as: UTF8.self) == String(decoding: capture, as: UTF8.self))
    }

    /// A real API's traffic (OpenWeatherMap, from its documented example response): the key in
    /// the query, named `appid`, is a credential, and the capture verifies clean against the
    /// hand-written spec and the one imported from it.
    @Test func aRealAPIsCaptureVerifiesAgainstItsSpecAndImportsToOneThatDoes() async throws {
        let server = try TestServer.scope()
        try await server.route("weather", try Fixture.response("openweather/weather.json"))
        let recorder = Self.recorder()
        let api = OpenWeatherAPI(baseURL: server.baseURL, transport: recorder, apiKey: { "SECRET-OWM-KEY-77" })
        _ = try await WeatherTool(api: api).current(lat: 44.34, lon: 10.99, units: .standard)
        _ = try await WeatherTool(api: api).current(lat: 48.85, lon: 2.35)
        let capture = try recorder.har(replacing: server.baseURL, with: "https://api.openweathermap.org/data/2.5/")
        let root = try SpecLoader.document(Array(capture)).get()
        let exchanges = CapturedTraffic(root).exchanges

        let path = SharedTestData.repositoryRoot.appendingPathComponent("Specs/OpenWeather.yaml").path
        let handWritten = try #require(SpecFiles.load(path: path).sampled)
        let contract = TrafficCheck.check(exchanges, against: [handWritten])
        #expect(!contract.failed, "\(contract.lines.joined(separator: "\n"))")

        let text = try #require(CaptureImporter.importCapture(CapturedTraffic(root), documentName: "owm.har").specText)
        #expect(!text.contains("SECRET-OWM-KEY-77"))
        #expect(text.contains("appid: { provided: appid }"))
        let loaded = SpecFiles.load(Array(text.utf8), path: "OpenWeather.yaml", documentPath: nil)
        #expect(loaded.diagnostics.map(\.description) == [], "\(text)")
        guard let spec = loaded.sampled else { return }
        let check = TrafficCheck.check(exchanges, against: [spec])
        #expect(!check.failed, "\(check.lines.joined(separator: "\n"))\n\(text)")
    }
}
