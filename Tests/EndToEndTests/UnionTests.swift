import Foundation
import GitHub
import Stripe
import TestSupport
import Testing
import XToolRuntime

/// Unions against the local server: Stripe's expandable `customer` (an id, or the customer
/// object when expanded; docs.stripe.com/api/expanding_objects) and GitHub's issue timeline,
/// whose events are tagged by `event` (docs.github.com/en/rest/issues/timeline; trimmed).
@Suite struct UnionTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private static func charge(customer: String) -> String {
        #"{"id": "ch_1", "amount": 2000, "currency": "usd", "customer": \#(customer), "description": null, "metadata": {}, "paid": true}"#
    }

    @Test func anExpandableFieldIsAnIdOrTheObjectAndEncodesBackAsItCame() async throws {
        let api = StripeAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), secretKey: { "sk" })
        let expanded = #"{"id": "cus_NffrFeUfNV2Hib", "email": "jennyrosen@example.com", "name": "Jenny Rosen"}"#
        try await server.route(
            "v1/charges",
            .json(
                #"{"object": "list", "has_more": false, "data": [\#(Self.charge(customer: #""cus_NffrFeUfNV2Hib""#)), \#(Self.charge(customer: expanded)), \#(Self.charge(customer: "7"))]}"#
            ))

        let charges = try await ChargeTool(api: api).list().items

        #expect(charges[0].customer == .string("cus_NffrFeUfNV2Hib"))
        #expect(
            charges[1].customer
                == .customer(Customer(id: "cus_NffrFeUfNV2Hib", email: "jennyrosen@example.com", name: "Jenny Rosen")))
        #expect(charges[2].customer == .unknown(7))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try charges.map { try JSON(data: encoder.encode($0.customer)) }
        #expect(encoded == [.string("cus_NffrFeUfNV2Hib"), try JSON(data: Data(expanded.utf8)), 7])
    }

    @Test func taggedEventsDecodeByTheirDiscriminatorAndKeepTheOnesNotListed() async throws {
        let api = GitHubAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), token: { "ghp" })
        let timeline = "repos/octocat/hello-world/issues/1347/timeline"
        let renamed = #"{"event": "renamed", "id": 3, "rename": {"from": "a", "to": "b"}}"#
        try await server.route(
            timeline,
            .json(
                #"[{"event": "labeled", "id": 1, "label": {"name": "bug", "color": "f29513"}}, "#
                    + #"{"event": "commented", "id": 2, "body": "Me too"}, \#(renamed)]"#))

        let events = try await IssueTool(api: api).timeline(owner: "octocat", repo: "hello-world", issueNumber: 1347)
            .items

        #expect(events.count == 3)
        #expect(
            events[0] == .labeled(LabeledEvent(event: "labeled", id: 1, label: Label(name: "bug", color: "f29513"))))
        #expect(events[1] == .commented(CommentedEvent(event: "commented", id: 2, body: "Me too")))
        #expect(events[2] == .unknown(try JSON(data: Data(renamed.utf8))))
        let roundTrip = try JSONDecoder().decode([TimelineEvent].self, from: JSONEncoder().encode(events))
        #expect(roundTrip == events)
    }

    /// Issue 52 item 5: two tags that name one model are one case, and each event is written
    /// back with its own tag, which its model keeps.
    @Test func tagsThatNameOneModelAreOneCase() throws {
        let json =
            #"[{"event": "assigned", "id": 4, "assignee": {"login": "ann"}}, "#
            + #"{"event": "unassigned", "id": 5, "assignee": {"login": "ann"}}]"#
        let events = try JSONDecoder().decode([TimelineEvent].self, from: Data(json.utf8))
        #expect(
            events == [
                .assignment(AssignmentEvent(event: "assigned", id: 4, assignee: Assignee(login: "ann"))),
                .assignment(AssignmentEvent(event: "unassigned", id: 5, assignee: Assignee(login: "ann"))),
            ])
        let encoded = try JSONEncoder().encode(events)
        #expect(try JSONDecoder().decode([TimelineEvent].self, from: encoded) == events)
        let tags = try JSONDecoder().decode([[String: JSON]].self, from: encoded).map { $0["event"] }
        #expect(tags == [.string("assigned"), .string("unassigned")])
    }
}
