/// A broken template, or a failure to load or render one.
///
/// Parse errors point at a 1-based line and a 1-based column counted in characters. Errors that
/// belong to no position in a template (an unknown template name, an unreadable file) have line and
/// column 0.
package struct MustacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name of the template (for templates loaded from a directory, the file's path).
    package var templateName: String
    /// The 1-based line, or 0 when the error has no position.
    package var line: Int
    /// The 1-based column, in characters, or 0 when the error has no position.
    package var column: Int
    /// What went wrong.
    package var message: String

    /// Creates an error.
    package init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `name:line:column: message`, or `name: message` when the error has no position.
    package var description: String {
        line > 0 ? "\(templateName):\(line):\(column): \(message)" : "\(templateName): \(message)"
    }
}

extension MustacheError {
    /// An error at `location`.
    init(_ location: TemplateLocation, _ message: String) {
        self.init(templateName: location.templateName, line: location.line, column: location.column, message: message)
    }

    /// An error without a position.
    init(templateName: String, _ message: String) {
        self.init(templateName: templateName, line: 0, column: 0, message: message)
    }
}
