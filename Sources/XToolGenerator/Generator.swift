import Foundation
import XToolMustache
import XToolSpec

/// Spec in, Swift files out: builds each file's context, renders its template, and lays out
/// long lines the way `swift format` does.
public struct Generator: Sendable {
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

    /// The contexts of `spec` as the templates receive them, as sorted, pretty-printed JSON
    /// (`xtoolgen context`, the context snapshots): a key without a value is `null`.
    public static func contextJSON(for spec: Spec, options: GeneratorOptions) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(MustacheValue(encoding: context(for: spec, options: options))) + Data("\n".utf8)
    }

    /// The files generated from `spec`, in a stable order; a template that fails is a
    /// diagnostic at the template, with a note naming the file it was rendering.
    public func files(for spec: Spec) throws(Diagnostic) -> [GeneratedFile] {
        let wrapper = LineWrapper()
        return try rendered(spec).map { GeneratedFile(path: $0.path, contents: wrapper.wrap($0.text)) }
    }

    /// Everything `files(for:)` generates as one source file at `path` (relative to the output
    /// folder): the header and imports once, then each type in the same order. Its name is the
    /// caller's, not derived from the spec's contents, so a build-tool plugin can declare it
    /// before the spec is read.
    public func singleFile(for spec: Spec, path: String) throws(Diagnostic) -> GeneratedFile {
        let files = try rendered(spec)
        // Every file of a spec starts with the same Header (the spec's name and the imports):
        // it is written once, and stripped from each file that begins with it. A custom
        // template that doesn't is kept whole.
        var header = ""
        if let first = files.first { header = try render("Header", first.context, at: first.path) }
        let bodies = files.map { file in
            guard !header.isEmpty, file.text.hasPrefix(header) else { return Substring(file.text) }
            return file.text.dropFirst(header.count).drop { $0 == "\n" }
        }
        let text = (header.isEmpty ? "" : header + "\n") + bodies.joined(separator: "\n")
        return GeneratedFile(path: path, contents: LineWrapper().wrap(text))
    }

    /// Each file's path, its rendered text and the context it was rendered with.
    private func rendered(_ spec: Spec) throws(Diagnostic) -> [(path: String, text: String, context: MustacheValue)] {
        try Self.context(for: spec, options: options).files.map { file throws(Diagnostic) in
            let context: MustacheValue
            do {
                context = try MustacheValue(encoding: file)
            } catch {
                throw Diagnostic(.error, "can't build the template context: \(error)", file: file.path)
            }
            return (file.path, try render(file.template, context, at: file.path), context)
        }
    }

    private func render(_ template: String, _ context: MustacheValue, at path: String) throws(Diagnostic) -> String {
        do {
            return try templates.render(template, context)
        } catch {
            var diagnostic = error
            diagnostic.note = "while rendering \(path)"
            throw diagnostic
        }
    }
}
