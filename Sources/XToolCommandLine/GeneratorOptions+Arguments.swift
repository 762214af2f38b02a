import XToolDiagnostics
import XToolGenerator
import XToolSpec

/// The generator options as `--access LEVEL` and `--param NAME=VALUE` set them (`--nonisolated`
/// is accepted), on the command line and in an options file.
extension GeneratorOptions {
    /// The options that set generator options, on the command line and in an options file.
    package static let commandOptions = [
        CommandOption("--access", value: "LEVEL", help: "public (default), package or internal"),
        CommandOption(
            "--param", value: "NAME=VALUE", help: "A value custom templates read as {{param.NAME}}",
            "(repeatable; the default templates read none)"),
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
        for word in arguments.values["--param"] ?? [] {
            let parts = word.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = parts.first, !name.isEmpty,
                name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                diagnostics.append(
                    Diagnostic(
                        .error, "'--param' takes NAME=VALUE, a name of letters, digits and _, not '\(word.text)'",
                        at: word.location))
                continue
            }
            options.parameters[String(name)] = String(parts[1])
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
