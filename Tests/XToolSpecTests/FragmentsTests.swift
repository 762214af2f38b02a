import Testing

@testable import XToolSpec

/// Issue 40 item 6 (shared query text): a GraphQL fragment declared once under `fragments:` is
/// appended to each fixed query text that spreads it, with the fragments it spreads, each once.
@Suite struct FragmentsTests {
    private static let spec = """
        xtoolgen: 1
        api: Commerce
        baseURL: https://shop.example.com/api/graphql
        fragments:
          ImageFields: "fragment ImageFields on Image { url altText }"
          ProductFields: "fragment ProductFields on Product { id title featuredImage { ...ImageFields } }"
          Unused: "fragment Unused on Shop { name }"
        tools:
          Product:
            endpoints:
              products:
                post: ""
                fixed:
                  query: "query { products(first: 3) { nodes { ...ProductFields } } }"
                read: true
                response: { path: data.products.nodes, type: "[JSON]" }
              own:
                post: ""
                fixed:
                  query: "query { shop { ...ShopFields ... on Shop { id } } } fragment ShopFields on Shop { name }"
                read: true
                response: { path: data.shop, type: JSON }
        """

    @Test func aSpreadFragmentAndTheOnesItSpreadsAreAppendedOnce() throws {
        let result = SpecLoader.load(Array(Self.spec.utf8), fileName: "Commerce.yaml")
        let spec = try #require(result.spec)
        let queries = spec.tools.flatMap(\.endpoints).map { endpoint in
            endpoint.fixed.first { $0.name == "query" }?.source
        }
        #expect(
            queries == [
                .literal(
                    .string(
                        "query { products(first: 3) { nodes { ...ProductFields } } }\n"
                            + "fragment ImageFields on Image { url altText }\n"
                            + "fragment ProductFields on Product { id title featuredImage { ...ImageFields } }")),
                .literal(
                    .string(
                        "query { shop { ...ShopFields ... on Shop { id } } } fragment ShopFields on Shop { name }")),
            ])
        #expect(
            result.diagnostics.map(\.description) == [
                "7:3: warning: no fixed query spreads the fragment 'Unused' (...Unused)"
            ])
    }

    @Test func aFragmentIsGraphQLsFragmentUnderItsOwnName() {
        let result = SpecLoader.load(
            Array(
                """
                xtoolgen: 1
                api: Commerce
                baseURL: https://shop.example.com/
                fragments:
                  ProductFields: "fragment Other on Product { id }"
                tools:
                  Product:
                    endpoints:
                      products: { get: products, response: JSON }
                """.utf8), fileName: "Commerce.yaml")
        #expect(
            result.diagnostics.map(\.description) == [
                "5:18: error: the fragment 'ProductFields' is GraphQL's 'fragment ProductFields on Type { … }', found 'fragment Other on Product { id }'"
            ])
    }
}
