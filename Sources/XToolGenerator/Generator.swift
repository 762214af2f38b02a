import Foundation
import Mustache
import XToolSpec

/// Spec in, Swift files out: builds each file's context, renders its template, and lays out
/// long lines the way `swift format` does.
public struct Generator: Sendable {
    public struct RenderError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let templates: TemplateSet
    public let options: GeneratorOptions

    public init(templates: TemplateSet, options: GeneratorOptions = GeneratorOptions()) {
        self.templates = templates
        self.options = options
    }

    /// The contexts the templates receive for `spec`.
    public static func context(for spec: Spec, options: GeneratorOptions) -> SpecContext {
        ContextBuilder(spec: spec, options: options).build()
    }

    /// The files generated from `spec`, in a stable order.
    public func files(for spec: Spec) throws(RenderError) -> [GeneratedFile] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let wrapper = LineWrapper()
        var files: [GeneratedFile] = []
        for file in Self.context(for: spec, options: options).files {
            do {
                let value = try JSONDecoder().decode(MustacheValue.self, from: encoder.encode(file))
                let rendered = try templates.render(file.template, value)
                files.append(GeneratedFile(path: file.path, contents: wrapper.wrap(rendered)))
            } catch let error as MustacheError {
                throw RenderError(description: "\(file.template).mustache:\(error.line):\(error.column): error: \(error.message)")
            } catch {
                throw RenderError(description: "\(file.path): error: \(error)")
            }
        }
        return files
    }
}
