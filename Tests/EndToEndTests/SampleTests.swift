import Dianping
import Foundation
import GitHub
import GitHubIssues
import Home
import Mastodon
import MastodonTimeline
import OpenWeather
import Stripe
import StripeCharges
import TestSupport
import Testing
import WeChat
import WeChatLogin
import Weibo
import XToolRuntime

/// The specs' samples (`Specs/samples/`, their sources in each folder's SOURCE.md): every one
/// reads as its endpoint's calls read responses, and `.preview` answers every tool from them,
/// with no server.
@Suite struct SampleTests {
    /// The one-line test the docs give an app, for every spec in Specs/ with samples.
    @Test func everySampleOfEverySpecReadsAsItsEndpointReadsIt() async throws {
        #expect(try await WeiboAPI.checkSamples().isEmpty)
        #expect(try await DianpingAPI.checkSamples().isEmpty)
        #expect(try await HomeAPI.checkSamples().isEmpty)
        #expect(try await MastodonTimelineAPI.checkSamples().isEmpty)
        #expect(try await OpenWeatherAPI.checkSamples().isEmpty)
        #expect(try await GitHubIssuesAPI.checkSamples().isEmpty)
        #expect(try await StripeChargesAPI.checkSamples().isEmpty)
        #expect(try await WeChatLoginAPI.checkSamples().isEmpty)
        #expect(try await MastodonAPI.checkSamples().isEmpty)
        #expect(try await GitHubAPI.checkSamples().isEmpty)
        #expect(try await StripeAPI.checkSamples().isEmpty)
        #expect(try await WeChatAPI.checkSamples().isEmpty)
    }

    /// Every tool of the GitHub issues API through `.preview`: the values are the samples', read
    /// as a plain `JSONDecoder` reads the sample files, and the named samples of failures fail as
    /// the server's would.
    @Test func everyToolOfAnAPIAnswersFromItsSamplesWithNoServer() async throws {
        let issues = GitHubIssues.IssueTool(api: .preview)
        let issue = try await issues.issue(owner: "octocat", repo: "Hello-World", issueNumber: 1347)
        #expect(issue == (try Self.decode(GitHubIssues.Issue.self, "github/issue.json")))
        #expect(try await issues.create(owner: "octocat", repo: "Hello-World", title: "Found a bug") == issue)
        // The sample's headers answer the typed response headers the spec requires (issue 30).
        let received = try await issues.issueWithResponse(owner: "octocat", repo: "Hello-World", issueNumber: 1347)
        #expect(received.headers.rateLimit == 60)
        #expect(received.headers.rateLimitRemaining == 56)
        #expect(received.headers.rateLimitReset == Date(timeIntervalSince1970: 1_372_700_873))

        let content = ContentTool(api: .preview)
        let readme = try Fixture.text("github/readme.md")
        #expect(try await content.readme(owner: "octocat", repo: "Hello-World") == readme)
        #expect(try await content.file(owner: "octocat", repo: "Hello-World", path: "README.md") == Data(readme.utf8))

        let failing = GitHubIssuesAPI.preview(choosing: ["IssueTool.issue": "notFound", "IssueTool.create": "invalid"])
        await #expect(throws: XToolError.self) {
            _ = try await GitHubIssues.IssueTool(api: failing).issue(
                owner: "octocat", repo: "Hello-World", issueNumber: 1)
        }
        do {
            _ = try await GitHubIssues.IssueTool(api: failing).create(owner: "octocat", repo: "Hello-World", title: "")
            Issue.record("a 422 sample is a failure")
        } catch .rejected(let failure) {
            #expect(failure.status == 422)
            #expect(failure.message == "Validation Failed")
            #expect(failure.model(as: GitHubError.self)?.errors.map(\.field) == ["title"])
        }
    }

    /// The seed's timeline through `.preview`, in a preview's way: the completion form too, and
    /// a sample that reports a failure through the envelope.
    @Test func thePreviewAnswersTheCompletionFormAndEnvelopeFailures() async throws {
        let statuses = try await withCheckedThrowingContinuation { continuation in
            Weibo.StatusTool(api: .preview).newStatuses { continuation.resume(with: $0) }
        }
        #expect(statuses.map(\.id) == [11_488_058_246, 11_488_013_766])
        #expect(try await Weibo.StatusTool(api: .preview).status(id: 11_487_339_531) == statuses[1].retweetedStatus)

        let home = try await HomeTool(api: .preview).home()
        #expect(home.value.telephone == "400-820-8820")
        do {
            _ = try await HomeTool(api: .preview(choosing: ["HomeTool.home": "signedOut"])).home()
            Issue.record("the envelope reports a failure")
        } catch .server(let message, let code) {
            #expect(message == "登录已过期，请重新登录")
            #expect(code == "1001")
        }
        try await HomeTool(api: .preview).feedback(content: "好")
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ sample: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(try Fixture.text(sample).utf8))
    }
}
