import Foundation

/// A set of named templates, parsed once; partials and parents resolve by name within it.
package struct MustacheLibrary: Sendable {
    /// The templates, by the name that partial and parent tags use.
    package let templates: [String: MustacheTemplate]

    /// Parses every template in `templates` (name to source).
    ///
    /// - Throws: the first template's parse error, in name order.
    package init(templates sources: [String: String]) throws(MustacheError) {
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try MustacheTemplate(source, name: name)
        }
        self.templates = templates
    }

    /// Parses every `*.<fileExtension>` file directly in `directory` (not in subfolders). A
    /// template's name is its file name without the extension; its errors name the file's path.
    ///
    /// - Throws: a ``MustacheError`` naming the directory or file that cannot be read, the file
    ///   that is not UTF-8, or the first parse error (in file name order).
    package init(directory: URL, fileExtension: String = "mustache") throws(MustacheError) {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)
        } catch {
            throw MustacheError(
                templateName: directory.path, "cannot list the template directory: \(error.localizedDescription)")
        }
        var templates: [String: MustacheTemplate] = [:]
        for file in files.filter({ $0.pathExtension == fileExtension }).sorted(by: { $0.path < $1.path }) {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw MustacheError(templateName: file.path, "cannot read the template: \(error.localizedDescription)")
            }
            guard let source = String(data: data, encoding: .utf8) else {
                throw MustacheError(templateName: file.path, "the template is not valid UTF-8")
            }
            templates[file.deletingPathExtension().lastPathComponent] = try MustacheTemplate(source, name: file.path)
        }
        self.templates = templates
    }

    /// Renders the template called `name` with `context`.
    ///
    /// - Throws: a ``MustacheError`` when no template has that name, or when rendering nests more
    ///   than 100 levels deep (a partial that includes itself without end). A missing partial or
    ///   parent is not an error: it renders as nothing, as the spec wants.
    package func render(
        _ name: String, _ context: MustacheValue, escaping: MustacheEscaping
    ) throws(MustacheError) -> String {
        guard let template = templates[name] else {
            throw MustacheError(templateName: name, "no template named '\(name)'")
        }
        return try render(template: template, context, escaping: escaping)
    }

    /// Renders `template`, which need not belong to the library, with `context`; its partials and
    /// parents resolve in the library.
    ///
    /// - Throws: a ``MustacheError`` when rendering nests more than 100 levels deep.
    package func render(
        template: MustacheTemplate, _ context: MustacheValue, escaping: MustacheEscaping
    ) throws(MustacheError) -> String {
        try Renderer.render(template.nodes, context: context, templates: templates, escaping: escaping)
    }
}
