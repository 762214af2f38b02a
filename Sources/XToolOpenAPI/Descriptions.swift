/// Descriptions in a document made the one-line summaries of the spec.
extension Importer {
    /// A description as a one-line summary: its first sentence, which ends at a period (or `!`,
    /// `?`) before a capital letter or at a line break before one, with runs of white space made
    /// one space.
    static func summary(_ description: String) -> String? {
        let paragraph = description.components(separatedBy: "\n\n").first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        var lines: [Substring] = []
        for line in paragraph.split(separator: "\n") {
            let trimmed = line.drop { $0.isWhitespace }
            if !lines.isEmpty, trimmed.first?.isUppercase == true { break }
            lines.append(line)
        }
        let text = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        var end = text.startIndex
        while let period = text[end...].firstIndex(where: { $0 == "." || $0 == "!" || $0 == "?" }) {
            let next = text.index(after: period)
            guard next != text.endIndex else { break }
            if text[next] == " ",
                text[text.index(after: next)...].first.map({ $0.isUppercase || $0 == "[" || $0 == "`" }) == true
            {
                return String(text[...period])
            }
            end = next
        }
        return text
    }
}
