import Testing

@testable import XToolGenerator

@Suite struct LineWrapperTests {
    let wrapper = LineWrapper(limit: 40)

    @Test func shortLinesAndCommentsAreLeftAlone() {
        let source = "  let x = f(a, b)\n  /// A comment that is much longer than forty characters, f(a, b)"
        #expect(wrapper.wrap(source) == source)
    }

    @Test func declarationsMoveTheirParametersToTheNextLines() {
        let source = "  public func load(city: String, page: Int = 1) -> [Deal] {"
        #expect(wrapper.wrap(source) == """
              public func load(
                city: String, page: Int = 1
              ) -> [Deal] {
            """)
    }

    @Test func collectionsGetTrailingCommasAndNestedListsBreakToo() {
        let source = "    f(first: [.query(\"a\", a), .query(\"b\", b), .query(\"c\", c)])"
        #expect(wrapper.wrap(source) == """
                f(
                  first: [
                    .query("a", a), .query("b", b),
                    .query("c", c),
                  ]
                )
            """)
    }

    @Test func stringsAndGenericsAreNotSplit() {
        let source = "  x(\"a, (b\", Result<[Status], XToolError>.self, y)"
        #expect(wrapper.wrap(source) == """
              x(
                "a, (b",
                Result<[Status], XToolError>.self, y
              )
            """)
    }

    @Test func setterAccessIsNotAList() {
        let source = "  @Indirect public private(set) var retweetedStatus: Status?"
        #expect(wrapper.wrap(source) == source)
    }
}
