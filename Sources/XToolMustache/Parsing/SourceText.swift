/// A point in a template's source, for error messages (the template's own: the engine knows
/// nothing of XToolDiagnostics's `SourceLocation`).
struct TemplateLocation: Sendable {
    /// The template's name.
    var templateName: String
    /// 1-based line.
    var line: Int
    /// 1-based column, in characters.
    var column: Int
}

/// A template's source as UTF-8 bytes, with the line and whitespace queries the parser needs.
///
/// Lines end with `\n` or `\r\n`; blanks (indentation and padding) are spaces and tabs.
struct SourceText {
    let name: String
    let bytes: [UInt8]
    /// The offset at which each line starts.
    private let lineStarts: [Int]

    init(_ source: String, name: String) {
        self.name = name
        let bytes = Array(source.utf8)
        self.bytes = bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == .newline }.map { $0 + 1 }
    }

    var count: Int { bytes.count }

    /// The text of `range`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The line and character column of `offset`.
    func location(of offset: Int) -> TemplateLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = string(lineStarts[low]..<offset).count + 1
        return TemplateLocation(templateName: name, line: low + 1, column: column)
    }

    /// The first occurrence of `pattern` at or after `offset`.
    func find(_ pattern: [UInt8], from offset: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= count else { return nil }
        var index = offset
        while index <= count - pattern.count {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether `pattern` occurs at `offset`.
    func hasPattern(_ pattern: [UInt8], at offset: Int) -> Bool {
        offset + pattern.count <= count && bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
    }

    /// The start of the line that contains `offset`.
    func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0 && bytes[index - 1] != .newline { index -= 1 }
        return index
    }

    /// Whether `range` holds only blanks.
    func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy(\.isBlank)
    }

    /// The end of the run of blanks that starts at `offset`.
    func endOfBlanks(from offset: Int) -> Int {
        var index = offset
        while index < count && bytes[index].isBlank { index += 1 }
        return index
    }

    /// When only blanks follow `offset` up to the end of its line: the offset just after the line
    /// break (or the end of the source).
    func endOfBlankLine(from offset: Int) -> Int? {
        let index = endOfBlanks(from: offset)
        if index == count { return index }
        if bytes[index] == .newline { return index + 1 }
        if bytes[index] == .carriageReturn && index + 1 < count && bytes[index + 1] == .newline { return index + 2 }
        return nil
    }
}

extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// A space or a tab.
    var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}
