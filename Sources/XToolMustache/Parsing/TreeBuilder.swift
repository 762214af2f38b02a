/// Turns a template's tags and the text between them into nodes, applying the spec's whitespace
/// rules: standalone tags take their line with them, standalone partials, parents and blocks indent
/// what they include, and block content loses its intrinsic indentation.
struct TreeBuilder {
    /// A section, parent or block whose closing tag is still to come.
    private struct Element {
        enum Kind {
            case root
            case section(Name, inverted: Bool)
            /// `isStandalone`: blanks only before the opening tag and after the closing tag.
            case parent(TemplateReference, indentation: String, isStandalone: Bool)
            /// A block directly inside a parent: content that overrides the parent's parameter.
            case argument(String)
            /// Any other block: a parameter with default content.
            case parameter(String, indentation: String)
        }

        var kind: Kind
        var location: TemplateLocation
        /// Whether the element's intrinsic indentation is on `prefixes`.
        var removesPrefix: Bool
        var nodes: [Node] = []
    }

    private let source: SourceText
    /// Where the source not yet turned into nodes starts.
    private var cursor = 0
    private var elements: [Element]
    /// The intrinsic indentation of the enclosing blocks, outermost first: removed from the start of
    /// every line of their content.
    private var prefixes: [[UInt8]] = []
    /// The template renders as one line (`JoinedLines`).
    private let joinsLines: Bool

    /// The nodes of `source`, whose `tags` nest properly (``TagMatcher`` checked them).
    static func build(_ source: SourceText, tags: [Tag]) -> [Node] {
        var builder = TreeBuilder(source: source)
        for tag in tags {
            builder.add(tag)
        }
        builder.appendText(builder.cursor..<source.count)
        if JoinedLines.endsWithLineBreak(source) { builder.append(.text("\n")) }
        return builder.elements[0].nodes
    }

    private init(source: SourceText) {
        self.source = source
        joinsLines = JoinedLines.isRequested(by: source)
        elements = [Element(kind: .root, location: source.location(of: 0), removesPrefix: false)]
    }

    private mutating func add(_ tag: Tag) {
        let (claimsBlanksBefore, claimsLineEnd) = whitespaceClaims(of: tag)
        appendText(cursor..<(claimsBlanksBefore ? tag.lineStart : tag.range.lowerBound))
        let indentation = claimsBlanksBefore && !joinsLines ? leadingBlanks(of: tag) : ""
        cursor = (claimsLineEnd ? tag.blankLineEnd : nil) ?? tag.range.upperBound

        switch tag.kind {
        case .variable(let name, let escaped):
            append(.variable(name, escaped: escaped))
        case .comment, .setDelimiters:
            break
        case .section(let name, let inverted):
            open(.section(name, inverted: inverted), for: tag)
        case .partial(let template):
            let location = source.location(of: tag.range.lowerBound)
            append(
                .inclusion(Inclusion(template: template, indentation: indentation, arguments: [:], location: location)))
        case .parent(let template):
            open(.parent(template, indentation: indentation, isStandalone: tag.isStandalonePair), for: tag)
        case .block(let name):
            openBlock(name, tag: tag)
        case .close:
            close()
        }
    }

    /// Whether the blanks before `tag` on its line, and the rest of its line with the line break,
    /// belong to the tag (and vanish) rather than to the text.
    ///
    /// Tags alone on their line claim both, except interpolations. A standalone parent (blanks only
    /// before its opening tag and after its closing tag) claims the blanks before the one and the
    /// line end after the other, wherever its content lies. Text inside a parent but outside its
    /// blocks is ignored, so an argument block's opening tag claims the rest of its line whenever
    /// it is blank, and its closing tag the blanks before it.
    private func whitespaceClaims(of tag: Tag) -> (blanksBefore: Bool, lineEnd: Bool) {
        switch (tag.kind, elements[elements.count - 1].kind) {
        case (.variable, _):
            (false, false)
        case (.parent, _):
            (tag.isStandalonePair, false)
        case (.close, .parent(_, _, let isStandalone)):
            (false, isStandalone)
        case (.block, .parent):
            (false, tag.blankLineEnd != nil)
        case (.close, .argument):
            (tag.isBlankBefore, false)
        default:
            (tag.isAloneOnLine, tag.isAloneOnLine)
        }
    }

    /// Opens an argument block (directly inside a parent) or a parameter block.
    ///
    /// A block's content loses its intrinsic indentation — the blanks that start the line after the
    /// opening tag, when that tag ends its line — if the block is an argument, or a standalone
    /// parameter (blanks before its opening tag, blanks after its closing tag). A standalone
    /// parameter indents what it renders by its intrinsic indentation when its opening tag ends its
    /// line, and by the blanks before its opening tag otherwise.
    private mutating func openBlock(_ name: String, tag: Tag) {
        let intrinsicIndentation = tag.blankLineEnd.map(leadingBlanks(ofLineAt:))
        if case .parent = elements[elements.count - 1].kind {
            open(.argument(name), for: tag, prefix: intrinsicIndentation ?? [])
        } else if tag.isStandalonePair {
            let indentation = intrinsicIndentation.map { String(decoding: $0, as: UTF8.self) } ?? leadingBlanks(of: tag)
            open(
                .parameter(name, indentation: joinsLines ? "" : indentation), for: tag,
                prefix: intrinsicIndentation ?? [])
        } else {
            open(.parameter(name, indentation: ""), for: tag)
        }
    }

    private mutating func open(_ kind: Element.Kind, for tag: Tag, prefix: [UInt8] = []) {
        if !prefix.isEmpty {
            prefixes.append(prefix)
        }
        let location = source.location(of: tag.range.lowerBound)
        elements.append(Element(kind: kind, location: location, removesPrefix: !prefix.isEmpty))
    }

    private mutating func close() {
        guard elements.count > 1, let element = elements.popLast() else { return }
        if element.removesPrefix {
            prefixes.removeLast()
        }
        switch element.kind {
        case .root:
            break
        case .section(let name, let inverted):
            append(
                .section(Section(name: name, isInverted: inverted, nodes: element.nodes, location: element.location)))
        case .parent(let template, let indentation, _):
            var arguments: [String: [Node]] = [:]
            for case .block(let block) in element.nodes {
                arguments[block.name] = block.nodes
            }
            let inclusion = Inclusion(
                template: template, indentation: indentation, arguments: arguments, location: element.location)
            append(.inclusion(inclusion))
        case .argument(let name):
            append(.block(Block(name: name, indentation: "", nodes: element.nodes, location: element.location)))
        case .parameter(let name, let indentation):
            append(
                .block(Block(name: name, indentation: indentation, nodes: element.nodes, location: element.location)))
        }
    }

    private mutating func append(_ node: Node) {
        let last = elements.count - 1
        if case .text(let text) = node, case .text(let previous)? = elements[last].nodes.last {
            elements[last].nodes[elements[last].nodes.count - 1] = .text(previous + text)
        } else {
            elements[last].nodes.append(node)
        }
    }

    /// Appends the text of `range`, without the intrinsic indentation of the enclosing blocks.
    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if joinsLines {
            let text = JoinedLines.text(range, of: source)
            if !text.isEmpty { append(.text(text)) }
            return
        }
        guard !prefixes.isEmpty else {
            append(.text(source.string(range)))
            return
        }
        var text = ""
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let start = isLineStart(lineStart) ? skipPrefixes(from: lineStart, limit: range.upperBound) : lineStart
            let end = source.bytes[start..<range.upperBound].firstIndex(of: .newline).map { $0 + 1 } ?? range.upperBound
            text += source.string(start..<end)
            lineStart = end
        }
        append(.text(text))
    }

    /// The blanks before `tag` on its line, without the intrinsic indentation of enclosing blocks.
    private func leadingBlanks(of tag: Tag) -> String {
        source.string(skipPrefixes(from: tag.lineStart, limit: tag.range.lowerBound)..<tag.range.lowerBound)
    }

    /// The blanks that start the line at `lineStart`, without the intrinsic indentation of
    /// enclosing blocks.
    private func leadingBlanks(ofLineAt lineStart: Int) -> [UInt8] {
        let start = skipPrefixes(from: lineStart, limit: source.count)
        return Array(source.bytes[start..<source.endOfBlanks(from: start)])
    }

    private func isLineStart(_ offset: Int) -> Bool {
        offset == 0 || source.bytes[offset - 1] == .newline
    }

    /// The offset after the enclosing blocks' intrinsic indentation, each removed where present.
    private func skipPrefixes(from offset: Int, limit: Int) -> Int {
        var start = offset
        for prefix in prefixes where start + prefix.count <= limit && source.hasPattern(prefix, at: start) {
            start += prefix.count
        }
        return start
    }
}
