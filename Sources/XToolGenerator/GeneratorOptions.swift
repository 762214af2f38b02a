import XToolSpec

/// Choices that shape the generated code without changing what it does.
public struct GeneratorOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `public`, package, `internal`

        /// The level named `text`, or why it is not one (for `--access` on the command line and
        /// in an options file).
        public static func named(_ text: String) -> Result<AccessLevel, OptionError> {
            guard let level = AccessLevel(rawValue: text) else {
                let names = allCases.map(\.rawValue)
                return .failure(
                    OptionError(
                        message: "'--access' takes public, package or internal, not '\(text)'"
                            + Suggestions.didYouMean(text, in: names)))
            }
            return .success(level)
        }
    }

    /// A generate option with a value it doesn't take.
    public struct OptionError: Error, Sendable {
        public var message: String
    }

    public var access: AccessLevel
    /// Marks generated types `nonisolated`, for modules whose default isolation is the main actor.
    public var nonisolated: Bool

    public init(access: AccessLevel = .public, nonisolated: Bool = false) {
        self.access = access
        self.nonisolated = nonisolated
    }
}
