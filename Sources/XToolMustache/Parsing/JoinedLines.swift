/// Whitespace control for templates that render inside one line of output: a template whose
/// source starts with the comment `{{! joined …}}` is laid out over as many lines as reads well,
/// and renders as one line. Its text loses every line break and the blanks (spaces and tabs)
/// that start each line, and a partial it includes is not indented; blanks elsewhere stay, so a
/// line that must end in a space keeps it. Standalone tags take their lines with them as in any
/// template, so a section can stand on lines of its own. One that starts with
/// `{{! joined line …}}` ends that line with a line break: a partial that stands on a line of its
/// own (a statement) takes the line's end with it, as the spec wants of a standalone partial.
enum JoinedLines {
    /// Whether `source` asks to be joined.
    static func isRequested(by source: SourceText) -> Bool {
        source.hasPattern(Array("{{! joined".utf8), at: 0)
    }

    /// Whether `source` asks to be joined into a line that ends with a line break.
    static func endsWithLineBreak(_ source: SourceText) -> Bool {
        source.hasPattern(Array("{{! joined line".utf8), at: 0)
    }

    /// The text of `range` joined: each line's leading blanks (where the range starts a line, or
    /// after a line break in it) and the line breaks left out.
    static func text(_ range: Range<Int>, of source: SourceText) -> String {
        var output: [UInt8] = []
        var atLineStart = range.lowerBound == 0 || source.bytes[range.lowerBound - 1] == .newline
        for byte in source.bytes[range] {
            if byte == .newline || byte == .carriageReturn {
                atLineStart = true
            } else if !(atLineStart && byte.isBlank) {
                atLineStart = false
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
