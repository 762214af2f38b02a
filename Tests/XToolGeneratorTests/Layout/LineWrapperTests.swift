import Testing

@testable import XToolGenerator

@Suite struct LineWrapperTests {
    let wrapper = LineWrapper(limit: 40)

    @Test func markedListsAreJoinedWithCommasWhenTheyFit() {
        #expect(wrapper.wrap("  let x = f(⟦a⟧⟦b: [⟦1⟧⟦2⟧]⟧)\n  g()") == "  let x = f(a, b: [1, 2])\n  g()")
    }

    @Test func linesWithoutMarkersAreLeftAloneHoweverLong() {
        let source = "  let x = f(a, b) // a line that is much longer than forty characters, f(a, b)"
        #expect(wrapper.wrap(source) == source)
    }

    @Test func declarationsMoveTheirParametersToTheNextLines() {
        let source = "  public func load(⟦city: String⟧⟦page: Int = 1⟧) -> [Deal] {"
        #expect(
            wrapper.wrap(source) == """
                  public func load(
                    city: String, page: Int = 1
                  ) -> [Deal] {
                """)
    }

    @Test func collectionsGetTrailingCommasAndNestedListsBreakToo() {
        let source = "    f(⟦first: [⟦.query(\"a\", a)⟧⟦.query(\"b\", b)⟧⟦.query(\"c\", c)⟧]⟧)"
        #expect(
            wrapper.wrap(source) == """
                    f(
                      first: [
                        .query("a", a), .query("b", b),
                        .query("c", c),
                      ]
                    )
                """)
    }

    /// A collection's only element, broken itself (a long fixed GraphQL query), takes no
    /// trailing comma: `swift format` reads the literal as a single line.
    @Test func aCollectionsOnlyElementThatBreaksTakesNoTrailingComma() {
        let source = "    f(⟦fixed: [⟦.literal(⟦\"query\"⟧⟦\"query { Page { media { id } } }\"⟧)⟧]⟧)"
        #expect(
            wrapper.wrap(source) == """
                    f(
                      fixed: [
                        .literal(
                          "query",
                          "query { Page { media { id } } }"
                        )
                      ]
                    )
                """)
    }

    @Test func onlyMarkersDelimitElements() {
        let source = "  x(⟦\"a, (b\"⟧⟦Result<[Status], XToolError>.self⟧⟦y⟧)"
        #expect(
            wrapper.wrap(source) == """
                  x(
                    "a, (b",
                    Result<[Status], XToolError>.self, y
                  )
                """)
    }

    @Test func aListWithSeveralElementsBreaksBeforeASingleOne() {
        let source = "  let s = Instance<⟦VeryLongName⟧>(⟦a: 1⟧⟦b: 2⟧)"
        #expect(
            wrapper.wrap(source) == """
                  let s = Instance<VeryLongName>(
                    a: 1, b: 2
                  )
                """)
    }

    @Test func genericArgumentsBreakOnlyWhenTheLineHasNoOtherList() {
        #expect(
            wrapper.wrap("  func load(⟦city: String⟧) -> Received<⟦[Int]⟧⟦H⟧> {") == """
                  func load(
                    city: String
                  ) -> Received<[Int], H> {
                """)
        #expect(
            wrapper.wrap("  func fWithResponse() -> Received<⟦[String: Int]⟧⟦Headers⟧> {") == """
                  func fWithResponse() -> Received<
                    [String: Int], Headers
                  > {
                """)
    }

    @Test func anElementTooLongAloneBreaksAfterItsLabel() {
        // 41 characters alone on its line at the inner indentation: one over the limit + 1.
        let source = "  func f(⟦progress: Int⟧⟦completion: @escaping (Result<A, B>) -> Void⟧) {"
        #expect(
            wrapper.wrap(source) == """
                  func f(
                    progress: Int,
                    completion:
                      @escaping (Result<A, B>) -> Void
                  ) {
                """)
    }
}
