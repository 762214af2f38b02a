import Foundation
import Hostile
import TestSupport
import Testing
import XToolRuntime

/// The hostile spec's generated code compiles (as a main-actor-default module with the
/// approachable-concurrency features, generated with no isolation option) and sends exactly the spec's literal strings, byte for byte.
@Suite struct HostileTests {
    static let responseJSON = #"""
        {"default": "d", "class": 7, "2fa": true, "🎉count": 3, "self": "me", "Type": "a\"b",
         "quote\"field": "q", "nested": {"in": {"dots": "deep"}}}
        """#

    private func api(_ scope: ServerScope) -> HostileAPI {
        HostileAPI(baseURL: scope.baseURL, cache: MemoryResponseCache(), token: { "t0ken" })
    }

    @Test func sendsEveryLiteralExactlyAsWritten() async throws {
        let scope = try TestServer.scope()
        let path = "items/a%2F..%2Fb%3F%23%25/x'y(z)@1"
        try await scope.route(path, .json(Self.responseJSON))

        let model = try await ClassTool(api: api(scope)).default(
            id: "a/../b?#%", in: "x\"y\\(z)", q: "\\(exit(1)) */", _2x: 2, xHeader: "h\"1")

        let request = try #require(try await scope.requests(path).first)
        #expect(request.method == "POST")
        #expect(request.query == "%22q%22=%5C%28exit%281%29%29%20%2A%2F&2x=2")
        #expect(request.headers["x-evil"] == #"*/ """ \(exit(1))"#)
        #expect(request.headers["x-token"] == "t0ken")
        #expect(request.headers["x-header"] == "h\"1")
        let body = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        let sent = try #require(body)
        #expect(sent["quote\"key"] as? String == #"value with "quotes", a \ backslash and \(exit(1))"#)
        #expect(sent["emoji🎉"] as? String == "🎉 party")
        #expect(sent["newline"] as? String == "line1\nline2\r\n\ttabbed")
        #expect(sent["class"] as? String == ##"*/ """ #"raw"#"##)
        #expect((sent["zero"] as? NSNumber)?.intValue == 0 && !(sent["zero"] is String))
        #expect(sent["zero-text"] as? String == "0")
        #expect(sent[#"\(exit(1))"#] as? String == #"\(exit(1))"#)
        #expect(sent["in"] as? String == #"x"y\(z)"#)
        #expect(sent.count == 8)

        #expect(model.default == "d")
        #expect(model.class == 7)
        #expect(model._2fa)
        #expect(model.count == 3)
        #expect(model._self == "me")
        #expect(model.type == .aB)
        #expect(model.type.rawString == "a\"b")
        #expect(model.quoteField == "q")
        #expect(model.dots == "deep")
    }

    /// The hostile spec's samples (text that would end a raw string, start an escape in one or
    /// mark a list of the layout) come back through the preview byte for byte, and read.
    @Test func samplesComeBackExactlyAsWritten() async throws {
        #expect(try await HostileAPI.checkSamples().isEmpty)
        let model = try await ClassTool(api: .preview).default(id: "1", in: "x", _2x: 2)
        #expect(model.default == "\"\"\"# \\#(exit(1)) ⟦x⟧ */")
        #expect(model.type.rawString == #"\(x)"#)

        let failing = HostileAPI.preview(choosing: ["ClassTool.default": #"\(exit(1))"#])
        let error = await #expect(throws: XToolError.self) {
            _ = try await ClassTool(api: failing).default(id: "1", in: "x", _2x: 2)
        }
        #expect(error?.statusBody == Data("\"\\\"\\\"\\\"##\"".utf8))
    }

    @Test func defaultsAndEnumsKeepTheirHostileValues() async throws {
        let scope = try TestServer.scope()
        try await scope.route("search", .json(#"{"ok": true}"#))
        let answer = try await ClassTool(api: api(scope))._self(for: "a&b=c", where: .x, level: ._2nd)
        #expect(answer["ok"] == true)
        let request = try #require(try await scope.requests("search").first)
        // A GET sends the fixed parameters in the query too, before the call's own.
        #expect(
            request.query
                == "quote%22key=value%20with%20%22quotes%22%2C%20a%20%5C%20backslash%20and%20%5C%28exit%281%29%29"
                + "&emoji%F0%9F%8E%89=%F0%9F%8E%89%20party&newline=line1%0Aline2%0D%0A%09tabbed"
                + "&class=%2A%2F%20%22%22%22%20%23%22raw%22%23&zero=0&zero-text=0&for=a%26b%3Dc&where=%2A%2Fx&level=2")

        let empty = try JSONDecoder().decode(Default.self, from: Data(#"{"default": "", "class": 0}"#.utf8))
        #expect(empty.quoteField == "\"\"\"\n\\(exit(1))")
        #expect(empty.type == .x)
        #expect(empty.type.rawString == "\\(x)")
        #expect(Default.Type_(rawString: "🎉party") == .party)
        #expect(Default.Type_(rawString: "*/") == .unknown("*/"))
        #expect(empty.level == .default, "an integer enum's default")
        #expect(empty.levels == nil)
        let levels = try JSONDecoder().decode(
            Default.self, from: Data(#"{"default": "", "class": 0, "level": 1, "levels": [2, 7]}"#.utf8))
        #expect(levels.level == .low)
        #expect(levels.levels == [._2nd, .unknown(7)])
        #expect(Level.knownCases.map(\.rawInt) == [1, 2, 3])
    }
}
