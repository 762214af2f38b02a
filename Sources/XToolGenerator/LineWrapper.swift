/// Breaks lines longer than the limit the way `swift format` accepts them: the first
/// bracketed list of the line opens it, its elements fill the following lines one indentation
/// step deeper (a collection literal's last element gets a trailing comma), and the closing
/// bracket starts a line with the rest. Repeats on the new lines until every line fits or
/// can't be broken.
struct LineWrapper {
    /// One under `swift format`'s default line length, which it also enforces on a line that a
    /// closing bracket could have joined.
    var limit = 99
    var indentStep = 2

    func wrap(_ source: String) -> String {
        var output: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            output += wrap(line).map { Substring($0) }
        }
        return output.joined(separator: "\n")
    }

    private func wrap(_ line: Substring) -> [String] {
        guard line.count > limit else { return [String(line)] }
        let indent = line.prefix(while: { $0 == " " })
        let code = line.dropFirst(indent.count)
        guard !code.hasPrefix("//"), let group = Self.firstBreakableGroup(in: code) else { return [String(line)] }
        let isCollection = code[group.open] == "["
        let inner = String(indent) + String(repeating: " ", count: indentStep)
        var lines = [String(indent + code[...group.open])]
        var current = ""
        for (index, element) in group.elements.enumerated() {
            let isLast = index == group.elements.count - 1
            let item = element + (isLast && !isCollection ? "" : ",")
            if !current.isEmpty, inner.count + current.count + 1 + item.count > limit {
                lines.append(inner + current)
                current = ""
            }
            current += current.isEmpty ? String(item) : " " + item
        }
        lines.append(inner + current)
        lines.append(String(indent + code[group.close...]))
        return lines.flatMap { wrap(Substring($0)) }
    }

    /// A bracketed list at the top level of a line, with its elements split at top-level commas.
    struct Group {
        var open: String.Index
        var close: String.Index
        var elements: [Substring]
    }

    /// The first `(…)` or `[…]` at depth zero with several elements, else the first with one
    /// (so the type in `let cases: [Kind] = [.a, .b]` stays whole); never `private(set)`.
    static func firstBreakableGroup(in code: Substring) -> Group? {
        let groups = topLevelGroups(in: code)
        return groups.first { $0.elements.count > 1 } ?? groups.first
    }

    /// The non-empty `(…)` and `[…]` groups at depth zero, elements split at top-level commas.
    private static func topLevelGroups(in code: Substring) -> [Group] {
        var groups: [Group] = []
        var depth = 0
        var open: String.Index?
        var elementStart: String.Index?
        var elements: [Substring] = []
        var index = code.startIndex
        var inString = false
        while index < code.endIndex {
            let character = code[index]
            if inString {
                if character == "\\" {
                    index = code.index(after: index)
                } else if character == "\"" {
                    inString = false
                }
            } else {
                if character == "\"" {
                    inString = true
                } else if "([{".contains(character) || (character == "<" && isGenericOpen(code, index)) {
                    if depth == 0, character == "(" || character == "[" {
                        open = index
                        elementStart = code.index(after: index)
                        elements = []
                    }
                    depth += 1
                } else if ")]}".contains(character) || (character == ">" && isGenericClose(code, index)) {
                    depth -= 1
                    if depth == 0, let openIndex = open, let start = elementStart {
                        let last = code[start..<index].trimmingSpaces
                        if !last.isEmpty { elements.append(last) }
                        if !elements.isEmpty, elements != ["set"] {
                            groups.append(Group(open: openIndex, close: index, elements: elements))
                        }
                        open = nil
                    }
                } else if character == ",", depth == 1, open != nil, let start = elementStart {
                    elements.append(code[start..<index].trimmingSpaces)
                    elementStart = code.index(after: index)
                }
            }
            index = code.index(after: index)
        }
        return groups
    }

    /// `<` opens generic arguments right after a type name (`Result<`).
    private static func isGenericOpen(_ code: Substring, _ index: String.Index) -> Bool {
        index > code.startIndex && code[code.index(before: index)].isLetter
    }

    /// `>` closes generic arguments unless it is the arrow `->`.
    private static func isGenericClose(_ code: Substring, _ index: String.Index) -> Bool {
        index == code.startIndex || code[code.index(before: index)] != "-"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex(where: { $0 != " " }) ?? endIndex
        let end = lastIndex(where: { $0 != " " }).map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
