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
        let wrapper = LineWrapper()
        return try rendered(spec).map { GeneratedFile(path: $0.path, contents: wrapper.wrap($0.text)) }
    }

    /// Everything `files(for:)` generates as one source file at `path` (relative to the output
    /// folder): the header and imports once, then each type in the same order. Its name is the
    /// caller's, not derived from the spec's contents, so a build-tool plugin can declare it
    /// before the spec is read.
    public func singleFile(for spec: Spec, path: String) throws(RenderError) -> GeneratedFile {
        var header: String?
        var bodies: [Substring] = []
        for file in try rendered(spec) {
            // Every default template starts with the Header partial; strip it from each file and
            // write it once. A custom template that doesn't is kept whole.
            guard file.text.hasPrefix(file.header), !file.header.isEmpty else {
                bodies.append(Substring(file.text))
                continue
            }
            if header == nil { header = file.header }
            bodies.append(file.text.dropFirst(file.header.count).drop { $0 == "\n" })
        }
        let text = (header.map { $0 + "\n" } ?? "") + bodies.joined(separator: "\n")
        return GeneratedFile(path: path, contents: LineWrapper().wrap(text))
    }

    /// Each file's path, its rendered text and the text its Header partial renders to.
    private func rendered(_ spec: Spec) throws(RenderError) -> [(path: String, text: String, header: String)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var files: [(path: String, text: String, header: String)] = []
        for file in Self.context(for: spec, options: options).files {
            do {
                let value = try JSONDecoder().decode(MustacheValue.self, from: encoder.encode(file))
                let text = try templates.render(file.template, value)
                let header = (try? templates.render("Header", value)) ?? ""
                files.append((file.path, text, header))
            } catch let error as MustacheError {
                throw RenderError(description: "\(file.template).mustache:\(error.line):\(error.column): error: \(error.message)")
            } catch {
                throw RenderError(description: "\(file.path): error: \(error)")
            }
        }
        return files
    }
}
