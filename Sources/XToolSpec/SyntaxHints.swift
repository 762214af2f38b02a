import XToolDiagnostics
import XToolYAML

/// What to do about YAML that reads other than its writer meant: hints added to a diagnostic
/// when its cause is a likely slip of YAML syntax.
enum SyntaxHints {
    /// `tags: [String]?` unquoted: YAML reads `[String]` as a sequence and then fails at the `?`.
    /// When the YAML error is at a `?` right after a `]`, the hint to quote the optional array
    /// type (`; an optional array type must be quoted: "[String]?"`); else nothing.
    static func optionalArray(at location: SourceLocation, in text: [UInt8]) -> String {
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard (1...lines.count).contains(location.line) else { return "" }
        // libyaml counts columns in characters, one per Unicode scalar.
        let line = Array(String(decoding: lines[location.line - 1], as: UTF8.self).unicodeScalars)
        let question = location.column - 1
        guard question >= 1, question < line.count, line[question] == "?", line[question - 1] == "]" else {
            return ""
        }
        var depth = 0
        for start in stride(from: question - 1, through: 0, by: -1) {
            if line[start] == "]" { depth += 1 }
            if line[start] == "[" { depth -= 1 }
            if depth == 0 {
                let type = String(String.UnicodeScalarView(line[start...question]))
                return "; an optional array type must be quoted: \"\(type)\""
            }
        }
        return ""
    }

    /// `{ path: lives[0], type: Weather }`: in a flow mapping `[` starts a sequence, so libyaml
    /// stops at it. When the error is at a `[digits]` right after a name, the hint to write the
    /// key path's index with a dot (`lives.0`), as the block form's error says.
    static func bracketIndex(at location: SourceLocation, in text: [UInt8]) -> String {
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard (1...lines.count).contains(location.line) else { return "" }
        let line = Array(String(decoding: lines[location.line - 1], as: UTF8.self).unicodeScalars)
        // The `[` is at or just before the error's column.
        for open in [location.column - 1, location.column - 2] where open >= 1 && open < line.count && line[open] == "["
        {
            var name = open
            while name > 0,
                line[name - 1].properties.isAlphabetic || "_.0123456789".unicodeScalars.contains(line[name - 1])
            {
                name -= 1
            }
            var close = open + 1
            while close < line.count, ("0"..."9").contains(line[close]) { close += 1 }
            guard name < open, close > open + 1, close < line.count, line[close] == "]" else { continue }
            let path = String(String.UnicodeScalarView(line[name..<open]))
            let index = String(String.UnicodeScalarView(line[(open + 1)..<close]))
            return "; a key path indexes an array with a dot: write '\(path).\(index)'"
        }
        return ""
    }

    /// `{ type: String, summary: The bio, HTML. }`: in a flow mapping a comma ends an unquoted
    /// value, so `HTML.` became a key without a value. For such a key of `pairs` at `index`
    /// (and those beside it) that follows a plain value on its line, the hint to quote the whole
    /// value (`summary: "The bio, HTML."`); nil otherwise.
    static func commaSplitValue(_ pairs: [YAMLNode.Entry], at index: Int) -> String? {
        let line = pairs[index].key.location.line
        // Only in a flow mapping can an entry follow another on its line.
        func isSplitOff(_ pair: YAMLNode.Entry) -> Bool {
            pair.key.location.line == line && pair.key.content.isPlainScalar
                && pair.value.content == .scalar(text: "", style: .plain)
        }
        guard isSplitOff(pairs[index]) else { return nil }
        var first = index
        while first > 0, isSplitOff(pairs[first - 1]) { first -= 1 }
        var last = index
        while last + 1 < pairs.count, isSplitOff(pairs[last + 1]) { last += 1 }
        guard first > 0 else { return nil }
        let owner = pairs[first - 1]
        guard owner.value.location.line == line, case .scalar(let start, .plain) = owner.value.content,
            !start.isEmpty, let name = owner.key.scalarText
        else { return nil }
        let value = ([start] + pairs[first...last].compactMap(\.key.scalarText)).joined(separator: ", ")
        let quoted = String(value.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] })
        return "; a comma ends an unquoted value in { … }, so quote it: \(name): \"\(quoted)\""
    }
}

extension YAMLNode.Content {
    fileprivate var isPlainScalar: Bool {
        if case .scalar(_, .plain) = self { return true }
        return false
    }
}
