import Testing

@testable import XToolImport

/// A POST named like a read is said to be one or not in the spec (`sayUndecidedReads`), so that
/// its validation asks nothing on every build.
@Suite struct UndecidedReadsTests {
    static let endpoints: [(method: String, name: String, path: String, read: Bool?)] = [
        // The name's verb, first or last, is a read: it is one.
        ("post", "productsAPIList", "products/list", true),
        ("post", "itemGet", "", true),
        ("post", "getAnalyticsIncidents", "analytics/raw/incidents", true),
        // Only another word, a noun after a write, or the path says so: it is not, as its
        // method says.
        ("post", "createList", "lists", false),
        ("post", "postListAccounts", "lists/{id}/accounts", false),
        ("post", "postSearch", "search", false),
        ("post", "createCredentialListMapping", "CredentialListMappings.json", false),
        ("post", "postItems", "items/search", false),
        // Nothing says so, or it is no POST: unsaid.
        ("post", "createOrder", "orders", nil),
        ("get", "listOrders", "orders", nil),
    ]

    @Test(arguments: endpoints) func aPostNamedLikeAReadIsSaidToBeOneOrNot(
        _ method: String, _ name: String, _ path: String, _ read: Bool?
    ) {
        var tools = [ToolDraft(name: "Tool", endpoints: [EndpointDraft(name: name, method: method, path: path)])]
        DraftPasses.sayUndecidedReads(in: &tools)
        #expect(tools[0].endpoints[0].read == read)
        #expect((tools[0].endpoints[0].readNote != nil) == (read != nil))
    }
}
