import Testing
import XToolSpec

/// An endpoint's derived names are worked out once, by the reader, from the method's name as the
/// code writes it (`self` is `_self`), and stored on `Spec.Endpoint`: the clash checks test the
/// names the generated code declares.
@Suite struct EndpointNamesTests {
    private func endpoints(_ yaml: String) -> (endpoints: [Spec.Endpoint], diagnostics: [String]) {
        let text = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            tools:
              Item:
                endpoints:
            \(yaml)
            """
        let result = SpecLoader.load(Array(text.utf8), fileName: "Test.yaml")
        return (result.spec?.tools.first?.endpoints ?? [], result.diagnostics.map(\.description))
    }

    @Test func theNamesAreStoredOnTheEndpoint() {
        let (endpoints, diagnostics) = endpoints(
            """
                  default:
                    get: a
                    params: { page: Int? }
                    response: [String]
                    paginate: { page: page }
            """)
        #expect(diagnostics == [])
        let endpoint = endpoints.first
        #expect(endpoint?.swiftName == "`default`")
        #expect(endpoint?.names == EndpointNames(memberName: "default"))
        #expect(endpoint?.names.method == "default")
        #expect(endpoint?.names.request == "defaultRequest")
        #expect(endpoint?.names.withResponse == "defaultWithResponse")
        #expect(endpoint?.pagination?.itemsName == "defaultItems")
        #expect(endpoint?.pagination?.element == .string)
    }

    /// `self`'s methods are `_self` and `_selfWithResponse`, so an endpoint named
    /// `selfWithResponse` takes none of them.
    @Test func theChecksTestTheNamesTheCodeDeclares() {
        let (endpoints, diagnostics) = endpoints(
            """
                  self:
                    get: a
                  selfWithResponse:
                    get: b
            """)
        #expect(diagnostics == [])
        #expect(endpoints.map(\.names.withResponse) == ["_selfWithResponse", "selfWithResponseWithResponse"])
        #expect(endpoints.map(\.names.request) == ["_selfRequest", "selfWithResponseRequest"])
    }
}
