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
        #expect(wrapper.wrap(source) == """
              public func load(
                city: String, page: Int = 1
              ) -> [Deal] {
            """)
    }

    @Test func collectionsGetTrailingCommasAndNestedListsBreakToo() {
        let source = "    f(⟦first: [⟦.query(\"a\", a)⟧⟦.query(\"b\", b)⟧⟦.query(\"c\", c)⟧]⟧)"
        #expect(wrapper.wrap(source) == """
                f(
                  first: [
                    .query("a", a), .query("b", b),
                    .query("c", c),
                  ]
                )
            """)
    }

    @Test func onlyMarkersDelimitElements() {
        let source = "  x(⟦\"a, (b\"⟧⟦Result<[Status], XToolError>.self⟧⟦y⟧)"
        #expect(wrapper.wrap(source) == """
              x(
                "a, (b",
                Result<[Status], XToolError>.self, y
              )
            """)
    }

    @Test func aListWithSeveralElementsBreaksBeforeASingleOne() {
        let source = "  let s = Instance<⟦VeryLongName⟧>(⟦a: 1⟧⟦b: 2⟧)"
        #expect(wrapper.wrap(source) == """
              let s = Instance<VeryLongName>(
                a: 1, b: 2
              )
            """)
    }
}
