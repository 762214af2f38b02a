import XToolMustache

/// Renders `template` with `partials` and `context`, without escaping unless asked.
func render(
    _ template: String, _ context: MustacheValue = [:], partials: [String: String] = [:],
    escaping: MustacheEscaping = .none
) throws -> String {
    try MustacheLibrary(templates: partials)
        .render(template: MustacheTemplate(template, name: "test"), context, escaping: escaping)
}
