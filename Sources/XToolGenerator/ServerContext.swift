import XToolSpec

// `servers:`'s one home in the context layer: what the API type's template receives of each
// other server, and how it is made from `Spec.Server`. (An endpoint's `server:` reaches the
// templates as its name, a string literal.)

/// Another server: an initializer argument `label` (a Swift identifier) whose default is `url`
/// (a string literal), named by its endpoints as `name` (the label as a string literal).
package struct ServerContext: Encodable, Sendable {
    package var label: String
    package var name: String
    package var url: String
}

extension ServerContext {
    init(_ server: Spec.Server) {
        self.init(
            label: server.argument, name: SwiftText.stringLiteral(server.name), url: SwiftText.stringLiteral(server.url)
        )
    }
}
