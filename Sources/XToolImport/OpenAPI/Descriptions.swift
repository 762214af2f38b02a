/// Descriptions in a document made the one-line summaries of the spec.
extension Importer {
    /// A description as a one-line summary: its first sentence, which ends at a period (or `!`,
    /// `?`) before a capital letter or at a line break before one, with runs of white space made
    /// one space.
    static func summary(_ description: String) -> String? {
        let paragraph = firstParagraph(of: description)
        if paragraph.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            return asciiSummary(paragraph)
        }
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

    /// `summary` of a paragraph of ASCII without carriage returns, where a character is a byte:
    /// the same text, found without the cost of characters.
    private static func asciiSummary(_ paragraph: Substring) -> String? {
        var text: [UInt8] = []
        var pendingSpace = false
        var lineCount = 0
        for line in paragraph.utf8.split(separator: UInt8(ascii: "\n")) {
            let first = line.first { !isASCIIWhitespace($0) }
            if lineCount > 0, let first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) { break }
            lineCount += 1
            pendingSpace = !text.isEmpty
            for byte in line {
                if isASCIIWhitespace(byte) {
                    pendingSpace = !text.isEmpty
                } else {
                    if pendingSpace { text.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    text.append(byte)
                }
            }
        }
        guard !text.isEmpty else { return nil }
        for index in text.indices where [UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(text[index])
        {
            guard index + 2 < text.count, text[index + 1] == UInt8(ascii: " ") else { continue }
            let next = text[index + 2]
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next) || next == UInt8(ascii: "[")
                || next == UInt8(ascii: "`")
            {
                return String(decoding: text[...index], as: UTF8.self)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// What `Character.isWhitespace` says of an ASCII byte: tab, line feed, vertical tab, form
    /// feed, carriage return and space.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// The first of the parts between `\n\n`s that is not all white space ("" when none is),
    /// found without splitting the rest of a long description.
    private static func firstParagraph(of description: String) -> Substring {
        let bytes = description.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            var end = start
            var previousIsNewline = false
            var found = false
            while end < bytes.endIndex {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\n"), previousIsNewline {
                    found = true
                    break
                }
                previousIsNewline = byte == UInt8(ascii: "\n")
                bytes.formIndex(after: &end)
            }
            // `end` is the second newline of a separator (or the end); the part stops before the first.
            let partEnd = found ? bytes.index(before: end) : end
            let part = Substring(bytes[start..<partEnd])
            if !part.allSatisfy(\.isWhitespace) { return part }
            guard found else { break }
            start = bytes.index(after: end)
        }
        return ""
    }
}
