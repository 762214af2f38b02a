import Testing
import XToolCommandLine

/// An option is declared once (`CommandOption`): the parser's sets and the help's lines are made
/// from the one list, so a help can't list an option the parser refuses, or miss one it takes.
@Suite struct CommandOptionTests {
    static let options = [
        CommandOption("--output", value: "DIR", help: "Where files go"),
        CommandOption("--very-long-option-name", value: "VALUE", help: "First line", "second line"),
        CommandOption("--quiet", help: "Say less"),
    ]

    @Test func theParsersSetsComeFromTheList() {
        #expect(Self.options.flags == ["--quiet"])
        #expect(Self.options.valued == ["--output", "--very-long-option-name"])
    }

    /// Each option's help starts in one column, its further lines under it; a name and
    /// placeholder too long for the column are followed by one space.
    @Test func theHelpLinesAlignInOneColumn() {
        #expect(
            Self.options.helpText == """
                  --output DIR          Where files go
                  --very-long-option-name VALUE First line
                                        second line
                  --quiet               Say less
                """)
    }

    /// What the parser accepts is what the help lists: an option the list doesn't declare is
    /// refused.
    @Test func anOptionTheListDoesNotDeclareIsRefused() throws {
        let words = ["--output", "x", "--quiet", "--other"].map { ArgumentWord($0) }
        let parsed = ParsedArguments(
            words, flags: Self.options.flags, options: Self.options.valued, unknown: { "'\($0)' is not an option" })
        #expect(parsed.value("--output") == "x" && parsed.flags == ["--quiet"])
        #expect(parsed.diagnostics.count == 1)
    }
}
