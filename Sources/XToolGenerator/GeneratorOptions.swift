import XToolSpec

/// Choices that shape the generated code without changing what it does.
package struct GeneratorOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `public`, package, `internal`
    }

    package var access: AccessLevel

    package init(access: AccessLevel = .public) {
        self.access = access
    }
}
