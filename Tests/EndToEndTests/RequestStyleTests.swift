import Foundation
import GitHub
import Mastodon
import Stripe
import TestSupport
import Testing
import WeChat
import XToolRuntime

/// The request side of four real APIs (Specs/Mastodon.yaml, GitHub.yaml, Stripe.yaml,
/// WeChat.yaml) against the local server: each test checks the exact bytes the server got.
@Suite struct RequestStyleTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    // MARK: - Mastodon: an optional Bearer token, brackets, a streamed upload

    private static let status = #"""
        {"id": "103270115826048975", "created_at": "2019-12-08T03:48:33.901Z", "content": "<p>hi</p>",
         "visibility": "public", "account": {"id": "1", "username": "Gargron", "acct": "Gargron"},
         "media_attachments": []}
        """#

    @Test func aMissingTokenSendsNoAuthorizationHeaderAndAPresentOneIsABearer() async throws {
        let token = Recorder<String?>()
        token.append(nil)
        let api = MastodonAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { token.values.last ?? nil })
        try await server.route("v1/timelines/public", .json("[\(Self.status)]"))

        let statuses = try await TimelineTool(api: api).publicTimeline(local: true, limit: 2)
        token.append("tok-1")
        _ = try await TimelineTool(api: api).publicTimeline()

        #expect(statuses.map(\.account.username) == ["Gargron"])
        let sent = try await server.requests("v1/timelines/public")
        #expect(sent.map(\.query) == ["local=true&limit=2", ""])
        #expect(sent[0].headers["authorization"] == nil)
        #expect(sent[1].headers["authorization"] == "Bearer tok-1")
    }

    @Test func arraysGoWithBracketsInTheQueryAndTheForm() async throws {
        let api = MastodonAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "tok" })
        try await server.route("v1/timelines/tag/swift", .json("[]"))
        try await server.route("v1/statuses", .json(Self.status))

        _ = try await TimelineTool(api: api).hashtag(hashtag: "swift", any: ["ios", "mac os"], limit: 5)
        let status = try await StatusTool(api: api).publish(
            status: "Hello, world & all", mediaIDs: ["22", "23"], visibility: .unlisted, idempotencyKey: "post-1")

        #expect(status.id == "103270115826048975")
        #expect(
            try await server.requests("v1/timelines/tag/swift").first?.query
                == "any%5B%5D=ios&any%5B%5D=mac%20os&limit=5")
        let post = try #require(try await server.requests("v1/statuses").first)
        #expect(
            post.body == "status=Hello%2C%20world%20%26%20all&media_ids%5B%5D=22&media_ids%5B%5D=23&visibility=unlisted"
        )
        #expect(post.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(post.headers["idempotency-key"] == "post-1")
    }

    /// 50 MB from disk as multipart/form-data: the parts arrive whole, progress reaches the end,
    /// and the temporary body is gone afterwards.
    @Test func aLargeFileUploadsFromDiskWithProgress() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xtool-e2e-media-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let size = 50 << 20
        try Self.writePattern(to: file, bytes: size)
        let transport = RecordingTransport(URLSessionTransport())
        let api = MastodonAPI(
            baseURL: server.baseURL, transport: transport, cache: MemoryResponseCache(), accessToken: { "tok" })
        try await server.route(
            "v2/media",
            .json(#"{"id": "22348641", "type": "image", "url": null, "preview_url": null, "description": "a cat"}"#))

        let progress = Recorder<TransferProgress>()
        let media = try await withTransferProgress({ progress.append($0) }) {
            () async throws(XToolError) -> MediaAttachment in
            try await MediaTool(api: api).upload(
                file: MultipartFile(fileURL: file, contentType: "image/png"), description: "a cat")
        }

        #expect(media.id == "22348641")
        let sent = try #require(try await server.requests("v2/media").first)
        #expect(sent.headers["authorization"] == "Bearer tok")
        #expect(sent.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(sent.parts.map(\.name) == ["description", "file"])
        #expect(sent.parts.first?.text == "a cat")
        let part = try #require(sent.parts.last)
        #expect(part.filename == file.lastPathComponent)
        #expect(part.contentType == "image/png")
        #expect(part.length == size)
        #expect(part.sha256 == (try Self.sha256(of: file)))
        let uploads = progress.values.filter { $0.direction == .upload }
        #expect(uploads.last?.completedBytes == Int64(sent.length))
        // The body was streamed from a temporary file, removed after the call (other tests'
        // uploads may come and go meanwhile: only this call's file is looked at).
        let bodyFile = try #require(transport.requests.first?.bodyFile)
        #expect(bodyFile.lastPathComponent.hasPrefix("xtool-upload-"))
        #expect(
            !FileManager.default.fileExists(atPath: bodyFile.path), "the multipart body's temporary file is removed")
    }

    /// The same upload in a process of its own, so that no other test's memory counts: resident
    /// memory grows by far less than the file's 50 MB.
    @Test func aLargeUploadNeverHoldsTheFileInMemory() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let server = try TestServer.scope()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xtool-e2e-media-\(UUID().uuidString).bin")
            defer { try? FileManager.default.removeItem(at: file) }
            try RequestStyleTests.writePattern(to: file, bytes: 50 << 20)
            try await server.route(
                "v2/media",
                .json(#"{"id": "1", "type": "image", "url": null, "preview_url": null, "description": null}"#))
            let api = MastodonAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "tok" })
            let before = RequestStyleTests.residentBytes()
            let peak = PeakSampler()
            _ = try await peak.sampling {
                try await MediaTool(api: api).upload(file: MultipartFile(fileURL: file))
            }
            let growth = peak.maximum - before
            print("uploaded 50 MB from disk; resident memory grew by at most \(growth >> 20) MB")
            fflush(nil)
            exit(growth < 25 << 20 ? EXIT_SUCCESS : EXIT_FAILURE)
        }
        print(String(decoding: result?.standardOutputContent ?? [], as: UTF8.self), terminator: "")
    }

    // MARK: - GitHub: a whole JSON body, csv, an explicit null

    private static let issue = #"""
        {"id": 1, "number": 1347, "title": "Found a bug", "body": "I'm having a problem with this.",
         "state": "open", "labels": [{"name": "bug", "color": "f29513"}], "milestone": null}
        """#

    private func github() -> GitHubAPI {
        GitHubAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), token: { "ghp_token" })
    }

    @Test func aNewIssueIsTheWholeJSONBody() async throws {
        try await server.route("repos/octocat/hello-world/issues", .json(Self.issue, status: 201))
        let created = try await IssueTool(api: github()).create(
            owner: "octocat", repo: "hello-world",
            issue: NewIssue(
                title: "Found a bug", body: "I'm having a problem with this.", labels: ["bug"], assignees: ["octocat"],
                milestone: 1))

        #expect(created.number == 1347)
        let sent = try #require(try await server.requests("repos/octocat/hello-world/issues").first)
        #expect(sent.method == "POST")
        #expect(
            sent.body
                == #"{"assignees":["octocat"],"body":"I'm having a problem with this.","labels":["bug"],"milestone":1,"title":"Found a bug"}"#
        )
        #expect(sent.headers["content-type"] == "application/json")
        #expect(sent.headers["authorization"] == "Bearer ghp_token")
        #expect(sent.headers["accept"] == "application/vnd.github+json")
        #expect(sent.headers["x-github-api-version"] == "2022-11-28")
        #expect(sent.query == "")
    }

    @Test func labelsAreOneCommaSeparatedValue() async throws {
        try await server.route("repos/octocat/hello-world/issues", .json("[\(Self.issue)]"))
        let issues = try await IssueTool(api: github()).list(
            owner: "octocat", repo: "hello-world", labels: ["bug", "ui"], state: .open, perPage: 2)
        #expect(issues.items.first?.labels.first?.name == "bug")
        #expect(
            try await server.requests("repos/octocat/hello-world/issues").first?.query
                == "labels=bug%2Cui&state=open&per_page=2")
    }

    @Test func aPatchSendsNullToClearAndLeavesOutWhatIsNotGiven() async throws {
        let path = "repos/octocat/hello-world/issues/1347"
        try await server.route(path, .json(Self.issue))
        let tool = IssueTool(api: github())

        _ = try await tool.update(owner: "octocat", repo: "hello-world", issueNumber: 1347, milestone: .null)
        _ = try await tool.update(owner: "octocat", repo: "hello-world", issueNumber: 1347, title: "Renamed")
        _ = try await tool.update(owner: "octocat", repo: "hello-world", issueNumber: 1347, milestone: .value(3))

        let sent = try await server.requests(path)
        #expect(sent.map(\.method) == ["PATCH", "PATCH", "PATCH"])
        #expect(sent.map(\.body) == [#"{"milestone":null}"#, #"{"title":"Renamed"}"#, #"{"milestone":3}"#])
    }

    // MARK: - Stripe: deepObject in a form body and in the query

    private static let charge = #"""
        {"id": "ch_3MmlLrLkdIwHu7ix0snN0B15", "amount": 1099, "currency": "usd", "customer": null,
         "description": null, "metadata": {"order_id": "6735"}, "paid": true}
        """#

    @Test func metadataIsADeepObjectInTheFormBody() async throws {
        let api = StripeAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), secretKey: { "sk_test_4eC39" })
        try await server.route("v1/charges", .json(Self.charge))

        let charge = try await ChargeTool(api: api).create(
            amount: 1099, currency: "usd", metadata: ["order_id": "6735", "note": "a&b"], expand: ["customer"],
            idempotencyKey: "KG5LxwFBepaKHyUD")

        #expect(charge.metadata == ["order_id": "6735"])
        let sent = try #require(try await server.requests("v1/charges").first)
        #expect(
            sent.body
                == "amount=1099&currency=usd&metadata%5Bnote%5D=a%26b&metadata%5Border_id%5D=6735&expand%5B%5D=customer"
        )
        #expect(sent.headers["authorization"] == "Bearer sk_test_4eC39")
        #expect(sent.headers["idempotency-key"] == "KG5LxwFBepaKHyUD")
    }

    @Test func aDeepObjectInTheQuery() async throws {
        let api = StripeAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), secretKey: { "sk" })
        try await server.route(
            "v1/charges", .json(#"{"object": "list", "data": [\#(Self.charge)], "has_more": false}"#))
        let charges = try await ChargeTool(api: api).list(
            limit: 3, created: ["gte": 1_679_090_000, "lt": 1_679_100_000])
        #expect(charges.items.map(\.id) == ["ch_3MmlLrLkdIwHu7ix0snN0B15"])
        #expect(charges.next == nil)
        #expect(
            try await server.requests("v1/charges").first?.query
                == "limit=3&created%5Bgte%5D=1679090000&created%5Blt%5D=1679100000")
    }

    // MARK: - WeChat: the token in the query of every request but the token endpoint

    private func wechat() -> WeChatAPI {
        WeChatAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), accessToken: { "ACCESS_TOKEN" })
    }

    @Test func theTokenEndpointOmitsTheTokenItIssues() async throws {
        try await server.route("token", .json(#"{"access_token": "ACCESS_TOKEN", "expires_in": 7200}"#))
        let token = try await TokenTool(api: wechat()).token(appid: "APPID", secret: "APPSECRET")
        #expect(token.expiresIn == 7200)
        #expect(
            try await server.requests("token").first?.query
                == "grant_type=client_credential&appid=APPID&secret=APPSECRET")
    }

    @Test func aPostCarriesTheTokenInTheQueryAndTheMessageAsItsBody() async throws {
        try await server.route("message/custom/send", .json(#"{"errcode": 0, "errmsg": "ok"}"#))
        let result = try await MessageTool(api: wechat()).send(
            message: CustomMessage(touser: "OPENID", msgtype: "text", text: Text(content: "Hello World")))
        #expect(result.errmsg == "ok")
        let sent = try #require(try await server.requests("message/custom/send").first)
        #expect(sent.method == "POST")
        #expect(sent.query == "access_token=ACCESS_TOKEN")
        #expect(sent.body == #"{"msgtype":"text","text":{"content":"Hello World"},"touser":"OPENID"}"#)
    }

    @Test func mediaUploadsAsMultipartWithTheTypeInTheQuery() async throws {
        try await server.route(
            "media/upload", .json(#"{"type": "image", "media_id": "MEDIA_ID", "created_at": 1686035584}"#))
        let media = try await MediaTool(api: wechat()).upload(
            kind: .image, media: MultipartFile(data: Data("GIF89a".utf8), filename: "a.gif", contentType: "image/gif"))
        #expect(media.mediaID == "MEDIA_ID")
        let sent = try #require(try await server.requests("media/upload").first)
        #expect(sent.query == "access_token=ACCESS_TOKEN&type=image")
        #expect(sent.parts.map(\.name) == ["media"])
        #expect(sent.parts.first?.filename == "a.gif")
        #expect(sent.parts.first?.contentType == "image/gif")
        #expect(sent.parts.first?.text == "GIF89a")
    }

    // MARK: - Helpers

    /// Writes `bytes` bytes of a repeating pattern, a megabyte at a time.
    static func writePattern(to url: URL, bytes: Int) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        for _ in 0..<(bytes / chunk.count) { try handle.write(contentsOf: chunk) }
    }

    private static func sha256(of url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix { $0 != " " })
    }

    /// The process's resident memory (VmRSS).
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}

/// The highest resident memory seen while an operation runs, sampled every 10 ms.
private final class PeakSampler: Sendable {
    private let peak = Recorder<Int>()

    var maximum: Int { peak.values.max() ?? 0 }

    func sampling<T: Sendable>(_ operation: () async throws -> T) async throws -> T {
        let sampler = Task { [peak] in
            while !Task.isCancelled {
                peak.append(RequestStyleTests.residentBytes())
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
        defer { sampler.cancel() }
        peak.append(RequestStyleTests.residentBytes())
        return try await operation()
    }
}
