/// Whether one text quotes another: `quote`'s lines appear in `source` as consecutive lines,
/// each with the same extra indentation (code quoted from inside a function, or a mapping
/// quoted from inside a YAML document). Blank lines around the quote and trailing whitespace
/// are ignored.
func isExcerpt(_ quote: String, of source: String) -> Bool {
    let quoted = Array(lines(of: quote).drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
    let source = lines(of: source)
    guard let first = quoted.first, quoted.count <= source.count else { return false }
    return (0...(source.count - quoted.count)).contains { start in
        guard source[start].hasSuffix(first) else { return false }
        let indentation = source[start].dropLast(first.count)
        guard indentation.allSatisfy({ $0 == " " }) else { return false }
        return zip(quoted, source[start...]).allSatisfy { line, original in
            line.isEmpty ? original.isEmpty : original == indentation + line
        }
    }
}

private func lines(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        String(line.reversed().drop { $0.isWhitespace }.reversed())
    }
}
