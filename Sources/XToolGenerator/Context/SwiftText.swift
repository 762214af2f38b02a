/// Text from a spec made safe for where it lands in Swift source: string literals that say
/// exactly the text, and doc comments that can't be broken out of.
enum SwiftText {
    /// A Swift string literal holding exactly `text`: quotes, backslashes (so `\(` stays text),
    /// control, format and separator characters are escaped.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if isInvisible(scalar) {
                    literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// The most `#` that follow three quotes or a backslash in `text` (0 when none do): a raw
    /// literal with one `#` more is neither ended nor escaped by the text, in one pass over it.
    private static func longestHashRun(afterDelimitersIn text: String) -> Int {
        let bytes = Array(text.utf8)
        var longest = 0
        var index = 0
        while index < bytes.count {
            let opensRun: Bool
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                opensRun = true
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                while index < bytes.count, bytes[index] == UInt8(ascii: "\"") { index += 1 }
                opensRun = index - start >= 3
            default:
                opensRun = false
                index += 1
            }
            guard opensRun else { continue }
            var run = 0
            while index + run < bytes.count, bytes[index + run] == UInt8(ascii: "#") { run += 1 }
            longest = max(longest, run)
        }
        return longest
    }

    /// A multi-line raw string literal holding exactly `text`: its opening delimiter (`#"""`), its
    /// lines (nil for an empty one), its closing delimiter (`"""#`). It has as many `#` as it
    /// takes that no line ends it and no backslash starts an escape; invisible characters,
    /// carriage returns and the layout's list markers are escaped (`\#u{D}`), so the text comes
    /// back byte for byte and the layout never reads it.
    static func rawStringLiteral(_ text: String) -> (open: String, lines: [String?], close: String) {
        let hashes = String(repeating: "#", count: longestHashRun(afterDelimitersIn: text) + 1)
        var escaped = ""
        if text.utf8.allSatisfy({ isPrintableASCII($0) || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }) {
            escaped = text  // most sample bodies: nothing to escape
        } else {
            for scalar in text.unicodeScalars {
                if scalar != "\n", scalar != "\t", isInvisible(scalar) {
                    escaped += "\\\(hashes)u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        // By bytes: a carriage return is escaped above, so no line break is part of a character.
        let lines = escaped.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            $0.isEmpty ? nil : String(Substring($0))
        }
        return (hashes + "\"\"\"", lines, "\"\"\"" + hashes)
    }

    /// The lines of a `///` doc comment for `text`, wrapped at `width` characters: line breaks
    /// in the text start new lines, and invisible characters become spaces, so nothing can end
    /// the comment early.
    static func docCommentLines(_ text: String?, width: Int = 80) -> [String] {
        guard let text else { return [] }
        var lines: [String] = []
        if text.utf8.allSatisfy({ $0 == UInt8(ascii: "\n") || isPrintableASCII($0) }) {
            // Most text: a character is a byte, and nothing is invisible.
            for paragraph in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lines.append(contentsOf: wrapped(words: paragraph.split(separator: UInt8(ascii: " ")), width: width))
            }
        } else {
            lines = wrappedLines(of: text, width: width)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? "///" : "/// " + $0 }
    }

    /// Printable ASCII words joined by spaces into lines of at most `width` bytes (a longer word
    /// on a line of its own); one empty line when there are none.
    private static func wrapped(words: [Substring.UTF8View], width: Int) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        for word in words {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            }
            if !line.isEmpty { line.append(UInt8(ascii: " ")) }
            line.append(contentsOf: word)
        }
        lines.append(String(decoding: line, as: UTF8.self))
        return lines
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// `docCommentLines`' lines of any text, before the comment markers: counted in characters,
    /// invisible ones made spaces.
    private static func wrappedLines(of text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let cleaned = String(String.UnicodeScalarView(paragraph.unicodeScalars.map { isInvisible($0) ? " " : $0 }))
            var line = ""
            for word in cleaned.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += line.isEmpty ? String(word) : " " + word
            }
            lines.append(line)
        }
        return lines
    }

    /// A line comment's text with line breaks and invisible characters made spaces.
    static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isInvisible($0) || $0 == "\n" ? " " : $0 }))
    }

    /// Control, format (bidirectional overrides, zero-width), separator other than the space,
    /// private-use and unassigned characters, and the list markers of the layout
    /// (`GeneratedFileMarks`), which text from a spec must never carry into the output.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII, most of any text, is visible: no property lookup for it.
        if scalar.isASCII, isPrintableASCII(UInt8(scalar.value)) { return false }
        if Character(scalar) == GeneratedFileMarks.listElementOpen
            || Character(scalar) == GeneratedFileMarks.listElementClose
        {
            return true
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            return false
        }
    }
}
