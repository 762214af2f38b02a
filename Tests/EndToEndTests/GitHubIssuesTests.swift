import Foundation
import GitHubIssues
import TestSupport
import Testing
import XToolRuntime

/// GitHub's issues and files, generated from `Specs/GitHubIssues.yaml`, against the local server
/// with the examples of GitHub's documentation (`Specs/samples/github/SOURCE.md`).
@Suite struct GitHubIssuesTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private var api: GitHubIssuesAPI {
        GitHubIssuesAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), token: { "ghp-e2e" })
    }

    private static let issuePath = "repos/octocat/Hello-World/issues/1347"

    @Test func anIssueIsReadWithItsLabels() async throws {
        try await server.route(Self.issuePath, try Fixture.response("github/issue.json"))

        let issue = try await IssueTool(api: api).issue(owner: "octocat", repo: "Hello-World", issueNumber: 1347)

        #expect(issue.title == "Found a bug")
        #expect(issue.state == .open)
        #expect(issue.labels.map(\.name) == ["bug"])
        #expect(issue.user?.login == "octocat")
        #expect(issue.createdAt == .utc(2011, 4, 22, 13, 33, 48))
        let sent = try #require(try await server.requests(Self.issuePath).first)
        #expect(sent.headers["accept"] == "application/vnd.github+json")
        #expect(sent.headers["authorization"] == "Bearer ghp-e2e")
    }

    /// `response: String` without an envelope is the body as text, in its charset.
    @Test func theReadmeIsText() async throws {
        let readme = try Fixture.text("github/readme.md")
        try await server.route(
            "repos/octocat/Hello-World/readme",
            Canned(headers: ["Content-Type": "text/plain; charset=utf-8"], body: readme))

        let text = try await ContentTool(api: api).readme(owner: "octocat", repo: "Hello-World")

        #expect(text == "encoded content ...")
        let sent = try #require(try await server.requests("repos/octocat/Hello-World/readme").first)
        #expect(sent.headers["accept"] == "application/vnd.github.raw+json", "the raw media type, instead of JSON")
    }

    /// `response: Data` is the body as it came.
    @Test func aFileIsItsBytes() async throws {
        let bytes = Data(try Fixture.text("github/readme.md").utf8) + Data([0x00, 0xFF])
        try await server.route(
            "repos/octocat/Hello-World/contents/logo.png", .bytes(bytes, contentType: "application/octet-stream"))

        let file = try await ContentTool(api: api).file(owner: "octocat", repo: "Hello-World", path: "logo.png")

        #expect(file == bytes)
    }

    /// GitHub's 404: `{message, documentation_url}`, read as the spec's `errors:` says.
    @Test func aMissingIssueIsARejectionWithGitHubsMessage() async throws {
        try await server.route(Self.issuePath, .json(try Fixture.text("github/not-found.json"), status: 404))

        let error = await #expect(throws: XToolError.self) {
            try await IssueTool(api: api).issue(owner: "octocat", repo: "Hello-World", issueNumber: 1347)
        }

        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 404)
        #expect(failure.message == "Not Found")
        #expect(failure.code == nil)
        #expect(
            failure.model(as: GitHubError.self)?.documentationURL
                == URL(string: "https://docs.github.com/rest/issues/issues#get-an-issue"))
        #expect(error?.description == "The server reported a failure with HTTP 404: Not Found.")
    }

    /// GitHub's 422 lists what was wrong with each field.
    @Test func aValidationFailureCarriesItsFieldErrors() async throws {
        try await server.route(
            "repos/octocat/Hello-World/issues", .json(try Fixture.text("github/validation-failed.json"), status: 422))

        let error = await #expect(throws: XToolError.self) {
            try await IssueTool(api: api).create(owner: "octocat", repo: "Hello-World", title: "")
        }

        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 422)
        #expect(failure.message == "Validation Failed")
        let gitHubError = try #require(failure.model(as: GitHubError.self))
        #expect(gitHubError.errors == [ValidationError(resource: "Issue", field: "title", code: "missing_field")])
        #expect(gitHubError.documentationURL == nil)
    }

    /// The headers GitHub sends with every response, as its documentation shows them
    /// (`Specs/samples/github/SOURCE.md`), read as the typed values the spec declares.
    private static let rateLimited = [
        "Content-Type": "application/json; charset=utf-8", "x-ratelimit-limit": "60", "x-ratelimit-remaining": "56",
        "x-ratelimit-used": "4",
        "x-ratelimit-reset": "1372700873", "ETag": #""644b5b0155e6404a9cc4bd9d8b1ae730""#,
        "Last-Modified": "Thu, 05 Jul 2012 15:31:30 GMT",
    ]

    @Test func theResponsesStatusAndTypedHeadersComeWithTheIssue() async throws {
        try await server.route(
            Self.issuePath, Canned(headers: Self.rateLimited, body: try Fixture.text("github/issue.json")))

        let received = try await IssueTool(api: api).issueWithResponse(
            owner: "octocat", repo: "Hello-World", issueNumber: 1347)

        #expect(received.value.title == "Found a bug")
        #expect(received.status == 200)
        #expect(received.headers.rateLimit == 60)
        #expect(received.headers.rateLimitRemaining == 56)
        #expect(received.headers.rateLimitReset == Date(timeIntervalSince1970: 1_372_700_873))
        #expect(received.headers.etag == #""644b5b0155e6404a9cc4bd9d8b1ae730""#)
        #expect(received.headers.lastModified == .utc(2012, 7, 5, 15, 31, 30), "HTTP's date format")
        #expect(received.headers["X-RateLimit-Used"] == "4", "any other header, whatever its case")
        #expect(received.headers.all.fields.contains { $0.name.lowercased() == "x-ratelimit-reset" })
    }

    /// An endpoint whose `forms:` lists `withResponse` has a `…WithResponse` form; without
    /// declared headers it hands back all of them as `HTTPHeaders`.
    @Test func everyCallCanReachItsStatusAndHeaders() async throws {
        try await server.route(
            "repos/octocat/Hello-World/readme",
            Canned(status: 203, headers: ["Content-Type": "text/plain", "ETag": #"W/"readme""#], body: "# Hi"))

        let received = try await ContentTool(api: api).readmeWithResponse(owner: "octocat", repo: "Hello-World")

        #expect(received.value == "# Hi")
        #expect(received.status == 203)
        #expect(received.headers["etag"] == #"W/"readme""#)
    }

    @Test func aMissingDeclaredHeaderIsADecodingErrorNamingIt() async throws {
        var headers = Self.rateLimited
        headers["x-ratelimit-remaining"] = nil
        headers["x-ratelimit-limit"] = "sixty"
        try await server.route(Self.issuePath, Canned(headers: headers, body: try Fixture.text("github/issue.json")))
        let tool = IssueTool(api: api)

        let error = await #expect(throws: XToolError.self) {
            try await tool.issueWithResponse(owner: "octocat", repo: "Hello-World", issueNumber: 1347)
        }
        #expect(
            error
                == .decoding(
                    path: "X-RateLimit-Limit", message: #"The header 'X-RateLimit-Limit' is "sixty", not Int."#))
        #expect(
            try await tool.issue(owner: "octocat", repo: "Hello-World", issueNumber: 1347).number == 1347,
            "headers are read only when asked for")
    }
}
