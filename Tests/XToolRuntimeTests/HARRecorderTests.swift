import Foundation
import Testing
import XToolRuntime

/// `HARRecorder`: a client's calls written as HAR 1.2, credentials redacted as they are recorded.
@Suite struct HARRecorderTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// One GET with a token in the query and a bearer header, one form POST with a password and
    /// a signature, answered by a stub.
    func recorded(redacting: [String] = [], redactsCredentials: Bool = true) async throws -> [String: Any] {
        let stub = StubTransport { _ in .text(#"{"ok": true, "note": "for ann-secret-9"}"#) }
        let recorder = HARRecorder(
            stub, redacting: redacting, redactsCredentials: redactsCredentials, clock: { Self.start })
        var get = HTTPRequest(
            method: .get, url: URL(string: "https://api.example.com/v1/items?access_token=tok-1&page=2")!)
        get.headers["Authorization"] = "Bearer tok-1"
        get.headers["Accept"] = "application/json"
        _ = try await recorder.send(get, progress: nil)
        var post = HTTPRequest(method: .post, url: URL(string: "https://api.example.com/v1/login")!)
        post.headers["Content-Type"] = "application/x-www-form-urlencoded"
        post.body = Data("user=ann&password=pw-2&sig=0a1b2c3d".utf8)
        _ = try await recorder.send(post, progress: nil)
        #expect(recorder.count == 2)
        let document = try JSONSerialization.jsonObject(with: recorder.har()) as? [String: Any]
        return try #require(document?["log"] as? [String: Any])
    }

    @Test func credentialsAreRedactedAsTheyAreRecorded() async throws {
        let log = try await recorded(redacting: ["ann-secret-9"])
        #expect(log["version"] as? String == "1.2")
        let entries = try #require(log["entries"] as? [[String: Any]])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: log), as: UTF8.self)
        for secret in ["tok-1", "pw-2", "ann-secret-9"] { #expect(!text.contains(secret), "\(secret)") }
        let get = try #require(entries[0]["request"] as? [String: Any])
        #expect(get["url"] as? String == "https://api.example.com/v1/items?access_token=REDACTED&page=2")
        let headers = try #require(get["headers"] as? [[String: String]])
        #expect(headers.contains { $0["name"] == "Authorization" && $0["value"] == "Bearer REDACTED" })
        #expect(headers.contains { $0["name"] == "Accept" && $0["value"] == "application/json" })
        let post = try #require(entries[1]["request"] as? [String: Any])
        let body = try #require(post["postData"] as? [String: String])
        // The signature stays: it is no secret, and what says it is one.
        #expect(body["text"] == "user=ann&password=REDACTED&sig=0a1b2c3d")
        #expect(entries[0]["startedDateTime"] as? String == "2026-01-01T00:00:00.000Z")
        let response = try #require(entries[1]["response"] as? [String: Any])
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["text"] as? String == #"{"ok": true, "note": "for REDACTED"}"#)
    }

    @Test func credentialsAreKeptWhenAsked() async throws {
        let log = try await recorded(redactsCredentials: false)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: log), as: UTF8.self)
        #expect(text.contains("tok-1") && text.contains("pw-2"))
    }
}
