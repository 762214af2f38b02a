/// Finds the tags of a template one after the other, following delimiter changes.
struct TagScanner {
    private let source: SourceText
    private var position = 0
    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)

    init(_ source: SourceText) {
        self.source = source
    }

    /// The next tag, or nil after the last one.
    mutating func next() throws(MustacheError) -> Tag? {
        guard let start = source.find(opening, from: position) else { return nil }
        let contentStart = start + opening.count
        let sigil = contentStart < source.count ? source.bytes[contentStart] : nil
        let terminator: [UInt8]
        switch sigil {
        case UInt8(ascii: "{"): terminator = [UInt8(ascii: "}")] + closing
        case UInt8(ascii: "="): terminator = [UInt8(ascii: "=")] + closing
        default: terminator = closing
        }
        let searchStart = terminator.count > closing.count ? contentStart + 1 : contentStart
        guard let contentEnd = source.find(terminator, from: searchStart) else {
            let expected = String(decoding: terminator, as: UTF8.self)
            throw MustacheError(
                source.location(of: start), "unclosed tag: '\(expected)' expected before the end of the template")
        }
        let end = contentEnd + terminator.count
        let tag = try classify(source.string(contentStart..<contentEnd), range: start..<end)
        if case .setDelimiters(let newOpening, let newClosing) = tag.kind {
            opening = newOpening
            closing = newClosing
        }
        position = end
        return tag
    }

    /// Reads the tag's kind and name from its content (what lies between the delimiters).
    private func classify(_ content: String, range: Range<Int>) throws(MustacheError) -> Tag {
        let sigil = content.first
        let body = String(content.dropFirst())
        let kind: Tag.Kind
        var name = ""
        switch sigil {
        case "!":
            kind = .comment
        case "=":
            kind = try delimiters(body, range: range)
        case "{", "&":
            name = try validName(body, range: range)
            kind = .variable(try dottedName(name, range: range), escaped: false)
        case "#", "^":
            name = try validName(body, range: range)
            kind = .section(try dottedName(name, range: range), inverted: sigil == "^")
        case "/":
            name = try referenceName(body, range: range)
            kind = .close
        case ">", "<":
            name = try referenceName(body, range: range)
            let reference = try templateReference(name, range: range)
            kind = sigil == ">" ? .partial(reference) : .parent(reference)
        case "$":
            name = try validName(body, range: range)
            kind = .block(name)
        default:
            name = try validName(content, range: range)
            kind = .variable(try dottedName(name, range: range), escaped: true)
        }
        let lineStart = source.lineStart(of: range.lowerBound)
        return Tag(
            kind: kind,
            name: name,
            range: range,
            lineStart: lineStart,
            isBlankBefore: source.isBlank(lineStart..<range.lowerBound),
            blankLineEnd: source.endOfBlankLine(from: range.upperBound)
        )
    }

    /// The trimmed name, which must be non-empty and free of whitespace.
    private func validName(_ text: String, range: Range<Int>) throws(MustacheError) -> String {
        let name = text.trimmingWhitespace
        if name.isEmpty {
            throw error("empty name in tag '\(source.string(range))'", range)
        }
        if name.contains(where: \.isWhitespace) {
            throw error(
                "invalid name '\(name)' in tag '\(source.string(range))': names cannot contain whitespace", range)
        }
        return name
    }

    /// `.` or a dotted name without empty parts.
    private func dottedName(_ name: String, range: Range<Int>) throws(MustacheError) -> Name {
        if name == "." { return Name(parts: []) }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.contains(where: \.isEmpty) {
            throw error("invalid name '\(name)' in tag '\(source.string(range))': empty part in dotted name", range)
        }
        return Name(parts: parts)
    }

    /// A valid name that may be dynamic: `*` may be followed by blanks, which are dropped.
    private func referenceName(_ text: String, range: Range<Int>) throws(MustacheError) -> String {
        let trimmed = text.trimmingWhitespace
        guard trimmed.hasPrefix("*") else { return try validName(trimmed, range: range) }
        return "*" + (try validName(String(trimmed.dropFirst()), range: range))
    }

    /// A fixed template name, or a dynamic one (`*dotted.name`), from a ``referenceName(_:range:)``.
    private func templateReference(_ name: String, range: Range<Int>) throws(MustacheError) -> TemplateReference {
        guard name.hasPrefix("*") else { return .fixed(name) }
        return .dynamic(try dottedName(String(name.dropFirst()), range: range))
    }

    /// The delimiters of `{{=opening closing=}}`.
    private func delimiters(_ text: String, range: Range<Int>) throws(MustacheError) -> Tag.Kind {
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            let problem = "expected two delimiters without '=', separated by whitespace"
            throw error("invalid delimiter change '\(source.string(range))': \(problem)", range)
        }
        return .setDelimiters(opening: Array(parts[0].utf8), closing: Array(parts[1].utf8))
    }

    private func error(_ message: String, _ range: Range<Int>) -> MustacheError {
        MustacheError(source.location(of: range.lowerBound), message)
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
