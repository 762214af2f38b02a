import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

@Suite struct OptionsFileTests {
    @Test func accessAndNonisolatedWithCommentsAndEitherSpelling() {
        let text = "# the data layer stays inside this target\n--access internal   # not public\n\n  --nonisolated\n"
        let read = OptionsFile.apply(text, to: GeneratorOptions())
        #expect(read.diagnostics.isEmpty)
        #expect(read.options == GeneratorOptions(access: .internal))
        #expect(OptionsFile.apply("--access=package", to: GeneratorOptions()).options.access == .package)
    }

    @Test func anEmptyFileChangesNothing() {
        let base = GeneratorOptions(access: .package)
        let read = OptionsFile.apply("# nothing\n\n", to: base)
        #expect(read.options == base && read.diagnostics.isEmpty)
    }

    @Test func mistakesAreReportedAtTheirLineAndColumn() {
        let read = OptionsFile.apply(
            "--nonisolated\n  --output Out\n--access pubic\n--access=intern\n--access", to: GeneratorOptions())
        #expect(
            read.diagnostics.map(\.description) == [
                "2:3: error: '--output' can't be used in an options file; it takes --access LEVEL, --param NAME=VALUE and --nonisolated",
                "2:12: error: 'Out' can't be used in an options file; it takes --access LEVEL, --param NAME=VALUE and --nonisolated",
                "3:10: error: '--access' takes public, package or internal, not 'pubic'; did you mean 'public'?",
                "4:10: error: '--access' takes public, package or internal, not 'intern'; did you mean 'internal'?",
                "5:1: error: '--access' needs a value",
            ])
    }

    @Test func aMissingFileIsAnErrorAtTheFile() {
        let read = OptionsFile.apply(path: "/nonexistent/xtoolgen.options", to: GeneratorOptions())
        #expect(read.diagnostics.map(\.description) == ["/nonexistent/xtoolgen.options:1:1: error: no such file"])
    }

    @Test func aFileThatSetsAFlagWithAValueOrMisspellsAnOptionIsToldSo() {
        let read = OptionsFile.apply("--nonisolated=yes --acess internal", to: GeneratorOptions())
        #expect(
            read.diagnostics.map(\.description) == [
                "1:1: error: '--nonisolated' takes no value",
                "1:19: error: '--acess' can't be used in an options file; it takes --access LEVEL, --param NAME=VALUE and --nonisolated; did you mean '--access'?",
                "1:27: error: 'internal' can't be used in an options file; it takes --access LEVEL, --param NAME=VALUE and --nonisolated",
            ])
    }
}
