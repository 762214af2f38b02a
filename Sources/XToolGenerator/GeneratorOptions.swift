import XToolSpec

/// Choices that shape the generated code without changing what it does.
public struct GeneratorOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `public`, package, `internal`
    }

    public var access: AccessLevel
    /// Marks generated types `nonisolated`, for modules whose default isolation is the main actor.
    public var nonisolated: Bool

    public init(access: AccessLevel = .public, nonisolated: Bool = false) {
        self.access = access
        self.nonisolated = nonisolated
    }
}
