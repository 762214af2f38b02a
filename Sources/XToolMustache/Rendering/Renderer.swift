/// Renders node trees into one output string.
struct Renderer {
    /// What surrounds the nodes being rendered.
    private struct Frame {
        /// Written at the start of every output line that template text begins (see ``write(text:in:)``).
        var indentation: String
        /// The content that overrides each block, by name: the arguments of the enclosing parents,
        /// the outermost first to claim a name.
        var overrides: [String: [Node]]
    }

    private let templates: [String: MustacheTemplate]
    private let escaping: MustacheEscaping
    private var contexts: ContextStack
    private var output = ""
    /// Whether the output is at the start of a line written by template text.
    private var isAtLineStart = true
    /// How many sections, partials, parents and blocks are being rendered, one in another.
    private var depth = 0

    /// Renders `nodes` with `context`, resolving partials and parents in `templates`.
    static func render(
        _ nodes: [Node], context: MustacheValue, templates: [String: MustacheTemplate], escaping: MustacheEscaping
    ) throws(MustacheError) -> String {
        var renderer = Renderer(templates: templates, escaping: escaping, contexts: ContextStack(context))
        try renderer.render(nodes, in: Frame(indentation: "", overrides: [:]))
        return renderer.output
    }

    private init(templates: [String: MustacheTemplate], escaping: MustacheEscaping, contexts: ContextStack) {
        self.templates = templates
        self.escaping = escaping
        self.contexts = contexts
    }

    private mutating func render(_ nodes: [Node], in frame: Frame) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let text):
                write(text: text, in: frame)
            case .variable(let name, let escaped):
                write(value: contexts.resolve(name)?.interpolationText ?? "", escaped: escaped, in: frame)
            case .section(let section):
                try render(section, in: frame)
            case .inclusion(let inclusion):
                try render(inclusion, in: frame)
            case .block(let block):
                try render(block, in: frame)
            }
        }
    }

    private mutating func render(_ section: Section, in frame: Frame) throws(MustacheError) {
        let value = contexts.resolve(section.name) ?? .null
        guard value.isTruthy != section.isInverted else { return }
        try descend(at: section.location)
        defer { depth -= 1 }
        guard !section.isInverted else {
            try render(section.nodes, in: frame)
            return
        }
        let elements = if case .array(let array) = value { array } else { [value] }
        for element in elements {
            contexts.push(element)
            defer { contexts.pop() }
            try render(section.nodes, in: frame)
        }
    }

    /// Renders a block's overriding content if an enclosing parent passed one, its own otherwise.
    private mutating func render(_ block: Block, in frame: Frame) throws(MustacheError) {
        try descend(at: block.location)
        defer { depth -= 1 }
        let content = frame.overrides[block.name] ?? block.nodes
        try render(
            content,
            in: Frame(indentation: frame.indentation.joined(with: block.indentation), overrides: frame.overrides))
    }

    /// Renders a partial or parent; a missing template (or a dynamic name that resolves to no
    /// template) renders nothing, as the spec wants.
    private mutating func render(_ inclusion: Inclusion, in frame: Frame) throws(MustacheError) {
        let name: String
        switch inclusion.template {
        case .fixed(let fixed): name = fixed
        case .dynamic(let dynamic): name = contexts.resolve(dynamic)?.interpolationText ?? ""
        }
        guard let template = templates[name] else { return }
        try descend(at: inclusion.location)
        defer { depth -= 1 }
        let overrides =
            inclusion.arguments.isEmpty
            ? frame.overrides : frame.overrides.merging(inclusion.arguments) { outer, _ in outer }
        try render(
            template.nodes,
            in: Frame(indentation: frame.indentation.joined(with: inclusion.indentation), overrides: overrides))
    }

    /// Counts one more level of nesting, or fails past ``MustacheTemplate/maximumDepth``: a partial or a
    /// parent that includes itself without end must not overflow the stack.
    private mutating func descend(at location: TemplateLocation) throws(MustacheError) {
        guard depth < MustacheTemplate.maximumDepth else {
            throw MustacheError(
                location,
                "rendering nests sections, partials, parents and blocks more than \(MustacheTemplate.maximumDepth) deep "
                    + "(does a partial include itself without end?)")
        }
        depth += 1
    }

    /// Writes template text. Each line that starts at the start of an output line gets the frame's
    /// indentation, unless it is empty (so that indenting never leaves trailing blanks).
    private mutating func write(text: String, in frame: Frame) {
        guard !frame.indentation.isEmpty else {
            output += text
            isAtLineStart = text.utf8.last == .newline
            return
        }
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd =
                text.utf8[lineStart...].firstIndex(of: .newline).map { text.utf8.index(after: $0) } ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            indentIfAtLineStart(before: line.utf8, in: frame)
            output += line
            isAtLineStart = line.utf8.last == .newline
            lineStart = lineEnd
        }
    }

    /// Writes an interpolated value; line breaks inside it do not start indented lines.
    private mutating func write(value: String, escaped: Bool, in frame: Frame) {
        guard !value.isEmpty else { return }
        indentIfAtLineStart(before: value.utf8, in: frame)
        (escaped ? escaping : .none).append(value, to: &output)
        isAtLineStart = false
    }

    private mutating func indentIfAtLineStart(before next: some Collection<UInt8>, in frame: Frame) {
        guard isAtLineStart, let first = next.first else { return }
        let isLineBreak = first == .newline || (first == .carriageReturn && next.dropFirst().first == .newline)
        if !isLineBreak {
            output += frame.indentation
        }
    }
}

extension String {
    /// `self + other`, without a new string when `other` is empty (most partials are not indented).
    fileprivate func joined(with other: String) -> String {
        other.isEmpty ? self : self + other
    }
}
