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

    /// A multi-line raw string literal holding exactly `text`: its opening delimiter (`#"""`), its
    /// lines (nil for an empty one), its closing delimiter (`"""#`). It has as many `#` as it
    /// takes that no line ends it and no backslash starts an escape; invisible characters,
    /// carriage returns and the layout's list markers are escaped (`\#u{D}`), so the text comes
    /// back byte for byte and the layout never reads it.
    static func rawStringLiteral(_ text: String) -> (open: String, lines: [String?], close: String) {
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n", scalar != "\t", isInvisible(scalar) {
                escaped += "\\\(hashes)u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        let lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? nil : String($0)
        }
        return (hashes + "\"\"\"", lines, "\"\"\"" + hashes)
    }

    /// The lines of a `///` doc comment for `text`, wrapped at `width` characters: line breaks
    /// in the text start new lines, and invisible characters become spaces, so nothing can end
    /// the comment early.
    static func docCommentLines(_ text: String?, width: Int = 80) -> [String] {
        guard let text else { return [] }
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
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? "///" : "/// " + $0 }
    }

    /// A line comment's text with line breaks and invisible characters made spaces.
    static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isInvisible($0) || $0 == "\n" ? " " : $0 }))
    }

    /// Control, format (bidirectional overrides, zero-width), separator other than the space,
    /// private-use and unassigned characters, and the list markers of the layout
    /// (`GeneratedFileMarks`), which text from a spec must never carry into the output.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
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
