/// A position in a text (a spec, an OpenAPI document, an options file): 1-based line and
/// 1-based column, counted in characters; in another file than the one being read when `file`
/// says so (a models file a spec includes).
package struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    /// The file, named as diagnostics name it, when it is not the file being read; nil for that
    /// one.
    package var file: String?

    package init(line: Int, column: Int, file: String? = nil) {
        self.line = line
        self.column = column
        self.file = file
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}
