import XToolDiagnostics

/// What importing one document (an OpenAPI document, a capture) produced: the spec's text and
/// what the front end said.
package struct ImportResult: Sendable {
    /// The spec's text; nil when the document could not be read at all.
    package var specText: String?
    /// Every error and warning, in source order. Those about the document itself name no
    /// file (the caller knows it); those about another file a reference named carry its path.
    package var diagnostics: [Diagnostic]
    /// The other files its references named, by absolute path, with the bytes read.
    package var files: [(path: String, contents: [UInt8])] = []
    /// What the front end inferred, and from how much, for the user (a capture's import).
    package var summary: [String] = []

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension ImportResult {
    /// A document that could not be read: `error` says why, at its place.
    package init(unread error: Diagnostic) {
        self.init(specText: nil, diagnostics: [error])
    }
}
