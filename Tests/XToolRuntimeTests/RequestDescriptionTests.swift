import Testing
import XToolRuntime

/// The short initializers that generated descriptions call describe what the full one does
/// with the same arguments and its defaults.
@Suite struct RequestDescriptionTests {
    private func fields(_ request: RequestDescription) -> String {
        "\(request.method) \(request.path) \(request.name ?? "-") \(request.fixed.count) \(request.omitting) "
            + "\(request.response ?? "-") \(request.format) \(request.errors == nil) \(request.cache) "
            + "\(request.pagination == nil) \(request.headers.count) \(request.envelope == nil) \(request.server ?? "-")"
    }

    @Test func theShortInitializersAreTheFullOnesDefaults() {
        let full = RequestDescription(.get, "items/{id}", name: Optional("ItemTool.item"), fixed: [])
        let short = RequestDescription(.get, "items/{id}", name: "ItemTool.item")
        #expect(fields(short) == fields(full))
        let fullWithPath = RequestDescription(
            .get, "items", name: Optional("ItemTool.items"), response: Optional("data"))
        let shortWithPath = RequestDescription(.get, "items", name: "ItemTool.items", response: "data")
        #expect(fields(shortWithPath) == fields(fullWithPath))
        #expect(shortWithPath.response == "data" && short.response == nil && short.name == "ItemTool.item")
    }
}
