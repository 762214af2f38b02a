import XToolSpec

/// Choices that shape the generated code without changing what it does.
package struct GeneratorOptions: Sendable, Hashable {
    /// The access level of every generated declaration.
    package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `public`, package, `internal`
    }

    package var access: AccessLevel
    /// `--param NAME=VALUE`: values a template reads as `{{param.NAME}}` (SwiftGen's template
    /// parameters); the default templates read none.
    package var parameters: [String: String]

    package init(access: AccessLevel = .public, parameters: [String: String] = [:]) {
        self.access = access
        self.parameters = parameters
    }
}
