import XToolDiagnostics
import XToolGenerator
import XToolSpec

/// The generator options as `--access LEVEL` sets them (`--nonisolated` is accepted), on the command line
/// and in an options file.
extension GeneratorOptions {
    /// The options that set generator options, on the command line and in an options file.
    package static let commandOptions = [
        CommandOption("--access", value: "LEVEL", help: "public (default), package or internal"),
        CommandOption(
            "--nonisolated", help: "Accepted and ignored: generated types are always nonisolated,",
            "so they work where the default isolation is the main actor"),
    ]
    package static let flags = commandOptions.flags
    package static let options = commandOptions.valued

    /// These options with each `--access` of `arguments` applied; a level that is not one is a
    /// diagnostic at its word. `--nonisolated` is accepted and changes nothing: generated code
    /// is always `nonisolated` (it was needed before, in a main-actor-by-default module).
    package func applying(_ arguments: ParsedArguments) -> (options: GeneratorOptions, diagnostics: [Diagnostic]) {
        var options = self
        var diagnostics: [Diagnostic] = []
        for word in arguments.values["--access"] ?? [] {
            do {
                options.access = try AccessLevel.named(word)
            } catch {
                diagnostics.append(error)
            }
        }
        return (options, diagnostics)
    }
}

extension GeneratorOptions.AccessLevel {
    /// The level `word` names, or why it is not one, at the word (for `--access` on the
    /// command line and in an options file).
    package static func named(_ word: ArgumentWord) throws(Diagnostic) -> Self {
        guard let level = Self(rawValue: word.text) else {
            let names = allCases.map(\.rawValue)
            throw Diagnostic(
                .error,
                "'--access' takes public, package or internal, not '\(word.text)'"
                    + Suggestions.didYouMean(word.text, in: names),
                at: word.location)
        }
        return level
    }
}
