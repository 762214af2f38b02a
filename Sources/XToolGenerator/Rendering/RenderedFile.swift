import XToolMustache

/// The rendering stage's output: a file's text as its template wrote it (lists still marked
/// `⟦…⟧`), with its path and the context it was rendered with; the layout stage
/// (`LineWrapper`) makes it a `GeneratedFile`.
struct RenderedFile: Sendable {
    /// Relative to the output folder (`Weibo/Status.swift`).
    var path: String
    var text: String
    var context: MustacheValue
}
