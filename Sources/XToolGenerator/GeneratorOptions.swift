import XToolDiagnostics
import XToolSpec

/// Choices that shape the generated code without changing what it does.
public struct GeneratorOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `public`, package, `internal`

        /// The level `word` names, or why it is not one, at the word (for `--access` on the
        /// command line and in an options file).
        public static func named(_ word: ArgumentWord) throws(Diagnostic) -> AccessLevel {
            guard let level = AccessLevel(rawValue: word.text) else {
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

    /// The flags and options that set generator options, on the command line and in an
    /// options file.
    public static let flags: Set<String> = ["--nonisolated"]
    public static let options: Set<String> = ["--access"]

    public var access: AccessLevel
    /// Marks generated types `nonisolated`, for modules whose default isolation is the main actor.
    public var nonisolated: Bool

    public init(access: AccessLevel = .public, nonisolated: Bool = false) {
        self.access = access
        self.nonisolated = nonisolated
    }

    /// These options with the `--nonisolated` and each `--access` of `arguments` applied; a
    /// level that is not one is a diagnostic at its word.
    public func applying(_ arguments: ParsedArguments) -> (options: GeneratorOptions, diagnostics: [Diagnostic]) {
        var options = self
        var diagnostics: [Diagnostic] = []
        if arguments.flags.contains("--nonisolated") { options.nonisolated = true }
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
