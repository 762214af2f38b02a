import Foundation
import XToolDiagnostics
import XToolMustache
import XToolSpec

/// The templates the generator renders with: the defaults compiled in (EmbeddedTemplates), each
/// replaceable by a file of the same name in a folder of the user's.
package struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// Every template's text by name, the defaults with the overrides in place.
    package let sources: [String: String]
    /// Where each template came from, for messages (`Templates/Tool.mustache` or the override).
    private let paths: [String: String]

    /// The default templates, overridden by `directory/<Name>.mustache` where present; a
    /// template that can't be read or parsed is a diagnostic at its file.
    package init(overrides directory: URL? = nil) throws(Diagnostic) {
        var sources: [String: String] = [:]
        var paths: [String: String] = [:]
        for (name, text) in EmbeddedTemplates.sources {
            sources[name] = text
            paths[name] = "Templates/\(name).mustache"
        }
        if let directory {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw Diagnostic(.error, "can't read the templates folder", file: directory.path)
            }
            for file in names where file.hasSuffix(".mustache") {
                let url = directory.appendingPathComponent(file)
                guard let data = FileManager.default.contents(atPath: url.path),
                    let text = String(data: data, encoding: .utf8)
                else { throw Diagnostic(.error, "can't read the template as UTF-8", file: url.path) }
                let name = String(file.dropLast(".mustache".count))
                sources[name] = text
                paths[name] = url.path
            }
        }
        self.paths = paths
        self.sources = sources
        do {
            library = try MustacheLibrary(templates: sources)
        } catch {
            throw Diagnostic(error, file: paths[error.templateName])
        }
    }

    /// Renders the template `name` with no escaping (the output is code, not HTML); an error
    /// names the template's file, line and column.
    func render(_ name: String, _ context: MustacheValue) throws(Diagnostic) -> String {
        do {
            return try library.render(name, context, escaping: .none)
        } catch {
            throw Diagnostic(error, file: paths[error.templateName])
        }
    }
}

extension Diagnostic {
    /// A template's error at its line and column (at the file alone when it has no position),
    /// in `file`, or else in the file the template's name gives.
    package init(_ error: MustacheError, file: String? = nil) {
        self.init(
            .error, error.message, file: file ?? error.templateName,
            at: error.line > 0 ? SourceLocation(line: error.line, column: error.column) : nil)
    }
}
