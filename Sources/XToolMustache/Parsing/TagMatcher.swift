/// Pairs the tags that open sections, parents and blocks with their closing tags, and rejects
/// templates whose tags do not nest.
struct TagMatcher {
    private let source: SourceText
    /// The indices of the tags that are still open, innermost last.
    private var open: [Int] = []

    init(_ source: SourceText) {
        self.source = source
    }

    /// Adds `tags[index]`; when it closes an element, marks how the element's opening tag is closed.
    mutating func add(_ index: Int, of tags: inout [Tag]) throws(MustacheError) {
        let tag = tags[index]
        switch tag.kind {
        case .section, .parent, .block:
            if open.count == MustacheTemplate.maximumDepth {
                throw error(
                    at: tag, "sections, parents and blocks nested more than \(MustacheTemplate.maximumDepth) deep")
            }
            open.append(index)
        case .close:
            guard let opener = open.popLast() else {
                throw error(at: tag, "closing tag '\(tag.name)' has no open section, parent or block")
            }
            guard tags[opener].name == tag.name else {
                let location = source.location(of: tags[opener].range.lowerBound)
                throw error(
                    at: tag,
                    "closing tag '\(tag.name)' does not match the open \(Self.describe(tags[opener])) "
                        + "(opened at line \(location.line), column \(location.column))")
            }
            tags[opener].isClosedAtLineEnd = tag.blankLineEnd != nil
        case .variable, .partial, .comment, .setDelimiters:
            break
        }
    }

    /// Checks that every element was closed; `tags` are all the template's tags.
    func finish(_ tags: [Tag]) throws(MustacheError) {
        guard let unclosed = open.last else { return }
        throw error(
            at: tags[unclosed], "unclosed \(Self.describe(tags[unclosed])): no closing tag '\(tags[unclosed].name)'")
    }

    private static func describe(_ tag: Tag) -> String {
        switch tag.kind {
        case .section(_, inverted: false): "section '\(tag.name)'"
        case .section(_, inverted: true): "inverted section '\(tag.name)'"
        case .parent: "parent '\(tag.name)'"
        case .block: "block '\(tag.name)'"
        case .variable, .partial, .close, .comment, .setDelimiters: "tag '\(tag.name)'"
        }
    }

    private func error(at tag: Tag, _ message: String) -> MustacheError {
        MustacheError(source.location(of: tag.range.lowerBound), message)
    }
}
