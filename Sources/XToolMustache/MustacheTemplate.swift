/// A template, parsed once into a node tree and rendered any number of times.
///
/// Render it with ``MustacheLibrary/render(template:_:escaping:)``, which resolves its partials and
/// parents.
package struct MustacheTemplate: Sendable {
    /// How deep sections, parents and blocks may nest in a template, and sections, partials,
    /// parents and blocks while rendering: deep enough for any sensible template, shallow enough
    /// that a partial that includes itself without end fails before the stack overflows.
    static let maximumDepth = 100

    /// The name that error messages give.
    package let name: String
    let nodes: [Node]

    /// Parses `source`.
    ///
    /// - Throws: a ``MustacheError`` at the first problem, with `name` and the line and column:
    ///   an unclosed tag, section, parent or block, a mismatched closing tag, an empty or invalid
    ///   name, an invalid delimiter change, or nesting deeper than 100 levels.
    package init(_ source: String, name: String) throws(MustacheError) {
        self.name = name
        nodes = try Parser.parse(source, name: name)
    }
}
