import Foundation
import XToolMustache

/// The templates the generator renders with: the defaults compiled in (EmbeddedTemplates), each
/// replaceable by a file of the same name in a folder of the user's.
public struct TemplateSet: Sendable {
    /// A template that failed to load or parse, in the compiler's format.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    let library: MustacheLibrary
    /// Where each template came from, for messages (`Templates/Tool.mustache` or the override).
    private let paths: [String: String]

    /// The default templates, overridden by `directory/<Name>.mustache` where present.
    public init(overrides directory: URL? = nil) throws(LoadError) {
        var sources: [String: String] = [:]
        var paths: [String: String] = [:]
        for (name, base64) in EmbeddedTemplates.base64 {
            sources[name] = Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? ""
            paths[name] = "Templates/\(name).mustache"
        }
        if let directory {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw LoadError(description: "\(directory.path): error: can't read the templates folder")
            }
            for file in names where file.hasSuffix(".mustache") {
                let url = directory.appendingPathComponent(file)
                guard let data = FileManager.default.contents(atPath: url.path),
                    let text = String(data: data, encoding: .utf8)
                else { throw LoadError(description: "\(url.path): error: can't read the template as UTF-8") }
                let name = String(file.dropLast(".mustache".count))
                sources[name] = text
                paths[name] = url.path
            }
        }
        self.paths = paths
        do {
            library = try MustacheLibrary(templates: sources)
        } catch {
            throw LoadError(description: Self.located(error, paths: paths))
        }
    }

    /// Renders the template `name` with no escaping (the output is code, not HTML); an error
    /// names the template's file, line and column.
    func render(_ name: String, _ context: MustacheValue) throws(LoadError) -> String {
        do {
            return try library.render(name, context, escaping: .none)
        } catch {
            throw LoadError(description: Self.located(error, paths: paths))
        }
    }

    /// `path:line:column: error: message` for an error in one of the templates.
    private static func located(_ error: MustacheError, paths: [String: String]) -> String {
        let path = paths[error.templateName] ?? error.templateName
        return "\(path):\(error.line):\(error.column): error: \(error.message)"
    }
}
