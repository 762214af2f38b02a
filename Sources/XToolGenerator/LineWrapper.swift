/// Lays out the comma-separated lists that templates mark, the way `swift format` accepts them.
///
/// A template writes each element of a list as `⟦element⟧`, with no comma: adjacent elements
/// form one list. On a line that fits in the limit the elements are joined with `, `. On a
/// longer line the first list with several elements (else the first list) is broken: the text
/// before it ends the line, its elements fill the following lines one indentation step deeper
/// (each followed by a comma but the last; in a collection literal, opened by `[`, the last
/// too), and the text after it starts a new line at the original indentation. The new lines
/// are laid out again, so nested lists break where they must. The markers never reach the
/// output; lines without them are left as they are, and nothing else of the text is read.
struct LineWrapper {
    /// Opens one element of a list.
    static let open: Character = "⟦"
    /// Closes one element of a list.
    static let close: Character = "⟧"

    /// One under `swift format`'s default line length, which it also enforces on a line that a
    /// closing bracket could have joined.
    var limit = 99
    var indentStep = 2

    func wrap(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { layOut(Line(text: $0)) }
            .joined(separator: "\n")
    }

    private func layOut(_ line: Line) -> [String] {
        let flat = line.flat
        guard flat.count > limit, let list = line.breakableList else { return [flat] }
        let indent = String(line.text.prefix { $0 == " " })
        let inner = indent + String(repeating: " ", count: indentStep)
        let isCollection = line.text[..<list.start].last == "["
        var lines = [Line(text: line.text[..<list.start])]
        var current = ""
        for (index, element) in list.elements.enumerated() {
            let isLast = index == list.elements.count - 1
            let item = String(element) + (isLast && !isCollection ? "" : ",")
            let itemWidth = Line(text: Substring(item)).flat.count
            if !current.isEmpty, inner.count + Line(text: Substring(current)).flat.count + 1 + itemWidth > limit {
                lines.append(Line(text: Substring(inner + current)))
                current = ""
            }
            current += current.isEmpty ? item : " " + item
        }
        lines.append(Line(text: Substring(inner + current)))
        lines.append(Line(text: Substring(indent + line.text[list.end...])))
        return lines.flatMap(layOut)
    }
}

/// One line of rendered text with its list markers.
private struct Line {
    var text: Substring

    /// The elements of one list (without their markers) and where the list starts and ends.
    struct List {
        var start: String.Index
        var end: String.Index
        var elements: [Substring]
    }

    /// The line as it is written when nothing is broken: adjacent elements joined with `, `.
    var flat: String {
        guard text.contains(LineWrapper.open) else { return String(text) }
        var result = ""
        var previous: Character?
        for character in text {
            if character == LineWrapper.open, previous == LineWrapper.close { result += ", " }
            if character != LineWrapper.open, character != LineWrapper.close { result.append(character) }
            previous = character
        }
        return result
    }

    /// The first list with several elements at the top level of the line, else the first list.
    var breakableList: List? {
        let lists = topLevelLists
        return lists.first { $0.elements.count > 1 } ?? lists.first
    }

    /// The runs of adjacent top-level elements.
    private var topLevelLists: [List] {
        var lists: [List] = []
        var depth = 0
        var elementStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == LineWrapper.open {
                if depth == 0 { elementStart = text.index(after: index) }
                depth += 1
            } else if character == LineWrapper.close {
                depth -= 1
                if depth == 0 {
                    let element = text[elementStart..<index]
                    let end = text.index(after: index)
                    let listStart = text.index(before: elementStart)
                    if let last = lists.last, last.end == listStart {
                        lists[lists.count - 1].elements.append(element)
                        lists[lists.count - 1].end = end
                    } else {
                        lists.append(List(start: listStart, end: end, elements: [element]))
                    }
                }
            }
            index = text.index(after: index)
        }
        return lists
    }
}
