/// A parsed template: a tree of nodes that is rendered by walking it.
enum Node: Sendable {
    /// Literal text, written as is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
    case variable(Name, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    indirect case section(Section)
    /// `{{>partial}}`, or `{{<parent}}…{{/parent}}` with its argument blocks.
    indirect case inclusion(Inclusion)
    /// `{{$name}}…{{/name}}`: a parameter with default content, or an argument inside a parent.
    indirect case block(Block)
}

/// A dotted name, split once at parse time. `.` (the top of the context stack) has no parts.
struct Name: Sendable {
    var parts: [String]
}

/// How a partial or parent tag names its template.
enum TemplateReference: Sendable {
    /// `{{>name}}`: a fixed name.
    case fixed(String)
    /// `{{>*name}}`: the name is the value of `name` in the context.
    case dynamic(Name)
}

/// The body of a section node.
struct Section: Sendable {
    var name: Name
    var isInverted: Bool
    var nodes: [Node]
    var location: TemplateLocation
}

/// A partial, or a parent with the blocks it overrides; a partial is a parent without arguments.
struct Inclusion: Sendable {
    var template: TemplateReference
    /// Prepended to every line of the included template (empty unless the tag is standalone).
    var indentation: String
    /// Argument blocks, by name.
    var arguments: [String: [Node]]
    var location: TemplateLocation
}

/// The body of a block node.
struct Block: Sendable {
    var name: String
    /// Prepended to every line of the block's content (empty unless the block is standalone).
    var indentation: String
    /// The default content (for an argument block: the content that overrides the parameter).
    var nodes: [Node]
    var location: TemplateLocation
}
