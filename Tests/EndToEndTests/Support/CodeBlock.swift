import Foundation

/// A fenced code block of a Markdown document.
struct CodeBlock {
    /// The info string after the opening fence (`swift`, `yaml`), empty when there is none.
    let language: String
    /// The lines between the fences.
    let text: String
    /// The 1-based line of the opening fence.
    let line: Int

    /// Every block fenced with three backticks in `markdown`, in order.
    static func all(in markdown: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: (language: String, line: Int, lines: [Substring])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed == "```" {
                    let text = current.lines.joined(separator: "\n")
                    blocks.append(CodeBlock(language: current.language, text: text, line: current.line))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)), index + 1, [])
            }
        }
        return blocks
    }
}
