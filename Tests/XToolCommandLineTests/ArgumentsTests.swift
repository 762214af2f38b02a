import Testing
import XToolCommandLine
import XToolGenerator

/// The one parser of the command line and of options files.
@Suite struct ArgumentsTests {
    private func parse(_ words: [ArgumentWord]) -> ParsedArguments {
        ParsedArguments(
            words, flags: ["--nonisolated"], options: ["--access", "--output"], unknown: { "unknown option '\($0)'" })
    }

    @Test func flagsOptionsInEitherSpellingAndPositionalWords() {
        let parsed = parse(
            ["a.yaml", "--access", "package", "--nonisolated", "--output=out", "-", "--", "--b"].map {
                ArgumentWord($0)
            })
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.positional.map(\.text) == ["a.yaml", "-", "--b"])
        #expect(parsed.flags == ["--nonisolated"])
        #expect(parsed.value("--access") == "package")
        #expect(parsed.value("--output") == "out")
        #expect(parsed.value("--nonisolated") == nil)
    }

    @Test func everyValueIsKeptAndTheLastOneWins() {
        let parsed = parse(["--access", "public", "--access=internal"].map { ArgumentWord($0) })
        #expect(parsed.values["--access"]?.map(\.text) == ["public", "internal"])
        #expect(parsed.value("--access") == "internal")
    }

    @Test func mistakesAreDiagnosticsWithASuggestion() {
        let parsed = parse(["--ouput", "x", "--nonisolated=1", "--access"].map { ArgumentWord($0) })
        #expect(
            parsed.diagnostics.map(\.description) == [
                "error: unknown option '--ouput'; did you mean '--output'?",
                "error: '--nonisolated' takes no value",
                "error: '--access' needs a value",
            ])
        #expect(parsed.diagnostics.allSatisfy { $0.file == nil && $0.location == nil })
    }

    @Test func wordsOfAFileKeepTheirPlaceAndAnInlineValueStartsAfterTheEqualsSign() {
        let parsed = parse([
            ArgumentWord("--access=pubic", at: .init(line: 2, column: 3)),
            ArgumentWord("--acess", at: .init(line: 3, column: 1)),
        ])
        #expect(parsed.values["--access"] == [ArgumentWord("pubic", at: .init(line: 2, column: 12))])
        #expect(
            parsed.diagnostics.map(\.description) == ["3:1: error: unknown option '--acess'; did you mean '--access'?"])
    }

    @Test func generatorOptionsApplyEveryAccessAndReportABadOneAtItsWord() {
        let parsed = parse([
            ArgumentWord("--nonisolated"),
            ArgumentWord("--access"), ArgumentWord("intern", at: .init(line: 1, column: 10)),
            ArgumentWord("--access"), ArgumentWord("package"),
        ])
        let applied = GeneratorOptions().applying(parsed)
        #expect(applied.options == GeneratorOptions(access: .package))
        #expect(
            applied.diagnostics.map(\.description) == [
                "1:10: error: '--access' takes public, package or internal, not 'intern'; did you mean 'internal'?"
            ])
    }
}
