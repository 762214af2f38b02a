import Testing

@testable import XToolImport

/// The models both front ends keep: those an endpoint's parameters, body, response or error
/// bodies, or the API's error body, reach, through fields and variants.
@Suite struct ReachableModelsTests {
    static func model(_ name: String, holding types: [String] = []) -> ModelDraft {
        var model = ModelDraft(name: name)
        model.fields = types.enumerated().map { MemberDraft(key: "f\($0.offset)", type: .scalar($0.element)) }
        return model
    }

    @Test func theModelsTheEndpointsReachAreKept() {
        let models = [
            Self.model("Page", holding: ["[Item]", "Int"]), Self.model("Item", holding: ["[String: Owner]?"]),
            Self.model("Owner"), Self.model("Filter"), Self.model("Draft"), Self.model("Failure"),
            Self.model("Limited"), Self.model("Unused", holding: ["Item"]),
        ]
        var endpoint = EndpointDraft(name: "list", method: "get", path: "items")
        endpoint.response = .scalar("Page?")
        endpoint.params = [MemberDraft(key: "filter", type: .scalar("Filter"))]
        endpoint.body = BodyDraft(type: .scalar("Draft"), optional: true)
        endpoint.errors = ErrorsDraft(type: "Limited")
        let reached = models.reachable(
            from: [ToolDraft(name: "Item", endpoints: [endpoint])], errors: ErrorsDraft(type: "Failure"))
        #expect(reached == ["Page", "Item", "Owner", "Filter", "Draft", "Failure", "Limited"])
    }
}
