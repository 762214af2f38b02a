import XToolSpec

/// Choices that shape the generated code without changing what it does.
package struct GeneratorOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `public`, package, `internal`
    }

    package var access: AccessLevel
    /// Marks generated types `nonisolated`, for modules whose default isolation is the main actor.
    package var nonisolated: Bool

    package init(access: AccessLevel = .public, nonisolated: Bool = false) {
        self.access = access
        self.nonisolated = nonisolated
    }
}
