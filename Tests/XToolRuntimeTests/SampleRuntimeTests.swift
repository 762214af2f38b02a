import Foundation
import TestSupport
import Testing
import Weibo
@_spi(Generated) import XToolRuntime

/// Samples in the runtime: the responder that answers a preview, the check that reads every
/// sample as its endpoint's calls read responses, and the recorder that writes real responses
/// as samples.
@Suite struct SampleRuntimeTests {
    private static let status = RequestDescription(.get, "statuses/show.json", name: "StatusTool.status")
    private static let items = RequestDescription(
        .get, "items", name: "ItemTool.items", pagination: .page(parameter: "page", limit: "limit"))

    private static let statusJSON =
        #"{"id": 1, "idstr": "1", "text": "hi", "created_at": "Tue May 31 17:46:55 +0800 2011"}"#

    private static func client(_ samples: [String: [SampleResponse]], choosing: [String: String] = [:]) -> APIClient {
        APIClient(
            baseURL: URL(string: "https://api.example.com/")!, transport: OfflineTransport(),
            options: ClientOptions(middleware: [SampleResponder(samples, choosing: choosing)]),
            dates: .formatted("EEE MMM dd HH:mm:ss Z yyyy"))
    }

    @Test func theResponderAnswersByTheEndpointsNameAndANamedSampleWhenChosen() async throws {
        let samples: [String: [SampleResponse]] = [
            "StatusTool.status": [.json(Self.statusJSON), .json(#"{"error": "gone"}"#, name: "gone", status: 404)]
        ]
        let status: Status = try await Self.client(samples).send(Self.status, [.query("id", 1)])
        #expect(status.text == "hi")

        let gone = await #expect(throws: XToolError.self) {
            let _: Status = try await Self.client(samples, choosing: ["StatusTool.status": "gone"]).send(Self.status)
        }
        #expect(gone?.statusCode == 404)
    }

    @Test func anEndpointWithoutASampleFailsNamingIt() async throws {
        let error = await #expect(throws: XToolError.self) {
            let _: Status = try await Self.client([:]).send(Self.status)
        }
        #expect(error?.transportFailure?.message.contains("StatusTool.status has no sample") == true)

        let unnamed = await #expect(throws: XToolError.self) {
            let _: Status = try await Self.client(
                ["StatusTool.status": [.json("{}", name: "found")]],
                choosing: [
                    "StatusTool.status": "missing"
                ]
            ).send(Self.status)
        }
        #expect(unnamed?.transportFailure?.message == "StatusTool.status has no sample named 'missing'; it has 'found'")
    }

    /// A paginated endpoint's sample is its first page; the client's request for the next one
    /// gets an empty last page, so a loop over every item ends.
    @Test func aLoopOverEveryItemOfAPreviewEndsAfterTheSample() async throws {
        let client = Self.client(["ItemTool.items": [.json(#"[{"id": 1}, {"id": 2}]"#)]])
        let sequence = PageSequence<JSON> { cursor throws(XToolError) in
            try await client.page(Self.items, [.query("page", 1), .query("limit", 2)], from: cursor)
        }
        var items: [JSON] = []
        for try await item in sequence { items.append(item) }
        #expect(items == [["id": 1], ["id": 2]])
    }

    @Test func theCheckReportsEverySampleThatDoesNotReadAsItShould() async throws {
        let samples: [String: [SampleResponse]] = [
            "StatusTool.status": [
                .json(Self.statusJSON),
                .json(
                    #"{"id": "one", "idstr": "1", "text": "hi", "created_at": "Tue May 31 17:46:55 +0800 2011"}"#,
                    name: "mistyped"),
                .json(Self.statusJSON, name: "notAFailure", failure: true),
                .json(#"{"error": "gone"}"#, name: "gone", status: 404),
            ]
        ]
        var check = try await SampleCheck(Self.client(samples), samples)
        check.value(Self.status, as: Status.self)

        #expect(check.failures.map(\.sample) == ["mistyped", "notAFailure"])
        #expect(check.failures.first?.error?.decodingPath == "id")
        #expect(check.failures.first?.description.hasPrefix("StatusTool.status, sample 'mistyped': ") == true)
        #expect(check.failures.last?.error == nil)
    }

    /// Issue 41: a key no member reads fails the check, whatever the member meant to read it (a
    /// CodingKey that keeps the spec's escape never decodes `push.recipient`), but for the keys
    /// the models' `ignore:` lists give; null, false and empty values carry no data.
    @Test func keysNoMemberReadsFailTheCheckButThoseIgnored() async throws {
        struct Subscription: Codable, Sendable {
            let id: String
            let pushRecipient: String?
            enum CodingKeys: String, CodingKey {
                case id
                case pushRecipient = "push\\.recipient"
            }
        }
        struct Item: Codable, Sendable { let id: Int }
        let subscription = RequestDescription(.get, "subscriptions/1", name: "SubscriptionTool.subscription")
        let samples: [String: [SampleResponse]] = [
            "SubscriptionTool.subscription": [
                .json(#"{"id": "s1", "push.recipient": "device-7", "note": null, "tags": [], "muted": false}"#),
                .json(
                    #"{"id": "s2", "_links": {"self": {"href": "/s/2"}, "curies": [{"name": "x"}]}}"#, name: "linked"),
            ],
            "ItemTool.items": [.json(#"[{"id": 1, "extra": 2}, {"id": 2, "extra": 3, "more": {"a": 1}}]"#)],
        ]
        var check = try await SampleCheck(Self.client(samples), samples)
        check.value(subscription, as: Subscription.self, ignoring: [["_links", "curies"]])
        check.page(Self.items, of: Item.self, ignoring: [[nil, "extra"]])

        let advice = " (add fields for them, or list them under their model's ignore:)"
        #expect(
            check.failures.map(\.description) == [
                "SubscriptionTool.subscription, its sample: no member reads push.recipient, so the app never sees it"
                    + advice,
                "SubscriptionTool.subscription, sample 'linked': no member reads _links, so the app never sees it"
                    + advice,
                "ItemTool.items, its sample: no member reads [1].more, so the app never sees it" + advice,
            ])
    }

    /// With an error body declared, a failure's sample must read as it: else the call fails with
    /// the bare status, which the check reports.
    @Test func aFailuresSampleReadsAsTheDeclaredErrorBody() async throws {
        let samples: [String: [SampleResponse]] = [
            "StatusTool.status": [
                .json(#"{"error": "gone", "error_code": 20101}"#, name: "explained", status: 404),
                .json(#"<html>gone</html>"#, name: "unexplained", status: 404),
            ]
        ]
        let client = APIClient(
            baseURL: URL(string: "https://api.example.com/")!, transport: OfflineTransport(),
            errors: ErrorBody(message: "error", code: "error_code"))
        var check = try await SampleCheck(client, samples)
        check.value(Self.status, as: Status.self)

        #expect(check.failures.map(\.sample) == ["unexplained"])
        #expect(check.failures.first?.error?.statusCode == 404)
    }

    @Test func theRecorderWritesEachBodyUnderItsEndpointsNameAndNeverASecret() async throws {
        let server = try TestServer.scope()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = APIClient(
            baseURL: server.baseURL, options: ClientOptions(middleware: [SampleRecorder(folder: folder)]),
            fixed: [.provided("access_token", { "canary-token-3f9a" })])
        try await server.route("statuses/show.json", .json(Self.statusJSON))
        try await server.route("statuses/gone.json", .json(#"{"error": "gone"}"#, status: 404))
        try await server.route("readme", .bytes(Data("# Hello\n".utf8), contentType: "text/plain"))

        let _: Status = try await client.send(Self.status)
        let gone = RequestDescription(.get, "statuses/gone.json", name: "StatusTool.gone")
        _ = try? await client.send(gone) as JSON
        let readme = RequestDescription(.get, "readme", name: "ContentTool.readme", format: .text)
        let _: String = try await client.send(readme)
        // An unregistered path echoes the request, the token in its query included.
        let echo = RequestDescription(.get, "echo", name: "StatusTool.echo")
        let _: JSON = try await client.send(echo)

        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["ContentTool.readme.txt", "StatusTool.gone.404.json", "StatusTool.status.json"])
        let status = try Data(contentsOf: folder.appendingPathComponent("StatusTool.status.json"))
        #expect(status == Data(Self.statusJSON.utf8))
        for name in written {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("canary-token-3f9a"))
        }
    }
}
