import Foundation
import XToolDiagnostics
import XToolMustache
import XToolSamples
import XToolSpec

/// A spec with its samples read (`SampledSpec`) in, Swift files out, in three stages, each in
/// its folder: the contexts (`Context/`: `SampledSpec` → `SpecContext`), rendering
/// (`Rendering/`: a context's template → `RenderedFile`) and layout (`Layout/`: long lines laid
/// out the way `swift format` does → `GeneratedFile`). `Output/` writes the files.
package struct Generator: Sendable {
    package let templates: TemplateSet
    package let options: GeneratorOptions

    package init(templates: TemplateSet, options: GeneratorOptions = GeneratorOptions()) {
        self.templates = templates
        self.options = options
    }

    /// The contexts the templates receive for `spec`.
    package static func context(for spec: SampledSpec, options: GeneratorOptions) -> SpecContext {
        ContextBuilder(spec: spec.spec, options: options).build()
    }

    /// The contexts of `spec` as the templates receive them, as sorted, pretty-printed JSON
    /// (`xtoolgen context`, the context snapshots): a key without a value is `null`.
    package static func contextJSON(for spec: SampledSpec, options: GeneratorOptions) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(MustacheValue(encoding: context(for: spec, options: options))) + Data("\n".utf8)
    }

    /// The files generated from `spec`, in a stable order; a template that fails is a
    /// diagnostic at the template, with a note naming the file it was rendering.
    package func files(for spec: SampledSpec) throws(Diagnostic) -> [GeneratedFile] {
        let wrapper = LineWrapper()
        return try rendered(spec) { GeneratedFile(path: $0.path, contents: wrapper.wrap($0.text)) }
    }

    /// Everything `files(for:)` generates as one source file at `path` (relative to the output
    /// folder): the header and imports once, then each type in the same order. Its name is the
    /// caller's, not derived from the spec's contents, so a build-tool plugin can declare it
    /// before the spec is read.
    package func singleFile(for spec: SampledSpec, path: String) throws(Diagnostic) -> GeneratedFile {
        let files = try rendered(spec) { $0 }
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

    /// Each file rendered, through `finish` (the layout, for `files(for:)`). Files are rendered
    /// on every core at once (each file's context, rendering and `finish` depend on nothing but
    /// the file), and come back in the contexts' order.
    private func rendered<Output>(
        _ spec: SampledSpec, finish: @Sendable (RenderedFile) -> Output
    ) throws(Diagnostic) -> [Output] {
        let files = Self.context(for: spec, options: options).files
        let results = ConcurrentResults<Result<Output, Diagnostic>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            results[index] = Result { () throws(Diagnostic) in
                let context: MustacheValue
                do {
                    context = try MustacheValue(encoding: file)
                } catch {
                    throw Diagnostic(.error, "can't build the template context: \(error)", file: file.path)
                }
                let text = try render(file.template, context, at: file.path)
                return finish(RenderedFile(path: file.path, text: text, context: context))
            }
        }
        return try results.values.map { result throws(Diagnostic) in try result.get() }
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

/// One slot per index, each written by exactly one iteration of `concurrentPerform` and read
/// only after it returns: that discipline, not a lock, is what makes it safe.
private final class ConcurrentResults<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    subscript(index: Int) -> Value? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    var values: [Value] { slots.map { $0! } }
}
