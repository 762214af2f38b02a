import XToolDiagnostics

/// Reads JSON text (RFC 8259) into the node trees `YAMLParser` makes, with every node's line and
/// column, so that a JSON document, capture or sample reads as what it is: a string escapes a
/// character outside the Basic Multilingual Plane as a surrogate pair (`"\ud83d\udc1e"`), which
/// YAML does not allow; a number keeps its text as written (past `Int64`, `1.0` apart from `1`).
///
/// Strings are double-quoted scalars and numbers, `true`, `false` and `null` plain ones, so
/// `CoreScalar` types them as it types YAML's. Nesting deeper than `maxDepth` is an error at the
/// place it goes too deep; a lone surrogate (which no Swift string holds) reads as U+FFFD.
package struct JSONReader: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    package var maxDepth: Int
    /// Whether two equal names in one object are an error (at the second).
    package var rejectsDuplicateKeys: Bool

    package init(maxDepth: Int = 512, rejectsDuplicateKeys: Bool = true) {
        self.maxDepth = maxDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// The one value of a JSON text (a leading byte-order mark skipped); nothing, or anything
    /// but whitespace after the value, is an error.
    package func parseDocument(_ text: [UInt8]) throws(YAMLError) -> YAMLNode {
        try text.withUnsafeBufferPointer(parse).get()
    }

    /// The same for text already in a `String`, read where it is stored.
    package func parseDocument(_ text: String) throws(YAMLError) -> YAMLNode {
        try (text.utf8.withContiguousStorageIfAvailable(parse) ?? Array(text.utf8).withUnsafeBufferPointer(parse)).get()
    }

    private func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode, YAMLError> {
        var scanner = Scanner(buffer, limits: self)
        do throws(YAMLError) {
            return .success(try scanner.document())
        } catch {
            return .failure(error)
        }
    }

    /// Whether `text` looks like JSON rather than YAML: its first byte past whitespace (and a
    /// byte-order mark) opens an object or an array.
    package static func looksLikeJSON(_ text: some Collection<UInt8>) -> Bool {
        let start = Array(text.prefix(3)) == Scanner.byteOrderMark ? text.dropFirst(3) : text[...]
        let first = start.first { !Scanner.isWhitespace($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

extension JSONReader {
    /// One pass over the bytes. Lines are counted as whitespace is skipped (no token of JSON
    /// holds a line break); a column is counted from the last place one was asked for, so
    /// locating every node of a long single-line text stays linear.
    private struct Scanner {
        static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

        let bytes: UnsafeBufferPointer<UInt8>
        let limits: JSONReader
        var position = 0
        var line = 1
        /// A place on the current line whose column is known, and that column.
        var counted = 0
        var countedColumn = 1
        var depth = 0
        /// The members and items of the objects and arrays being read, innermost last: each is
        /// copied out at its end into an array of exactly its size (no spare capacity kept).
        var openEntries: [YAMLNode.Entry] = []
        var openItems: [YAMLNode] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONReader) {
            self.bytes = bytes
            self.limits = limits
        }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        mutating func document() throws(YAMLError) -> YAMLNode {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                position = 3
                counted = 3
            }
            skipWhitespace()
            guard position < bytes.count else { throw YAMLError("the JSON text is empty", at: location()) }
            let root = try value()
            skipWhitespace()
            guard position == bytes.count else {
                throw YAMLError(
                    "the JSON text goes on after its value ends; a JSON text holds one value", at: location())
            }
            return root
        }

        /// Where `position` is: its line, and its column in characters (bytes that start one).
        mutating func location() -> SourceLocation {
            if position < counted {
                countedColumn = 1
                var start = position
                while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
                counted = start
            }
            var column = countedColumn
            var index = counted
            while index < position {
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            counted = position
            countedColumn = column
            return SourceLocation(line: line, column: column)
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09:
                    position += 1
                case 0x0A, 0x0D:
                    if bytes[position] == 0x0D, position + 1 < bytes.count, bytes[position + 1] == 0x0A {
                        position += 1
                    }
                    position += 1
                    line += 1
                    counted = position
                    countedColumn = 1
                default:
                    return
                }
            }
        }

        mutating func value() throws(YAMLError) -> YAMLNode {
            let start = location()
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(at: start)
            case UInt8(ascii: "["): return try array(at: start)
            case UInt8(ascii: "\""):
                return YAMLNode(.scalar(text: try string(), style: .doubleQuoted), at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return YAMLNode(.scalar(text: try number(), style: .plain), at: start)
            default:
                for word in ["true", "false", "null"] where matches(word) {
                    position += word.utf8.count
                    return YAMLNode(.scalar(text: word, style: .plain), at: start)
                }
                throw YAMLError(
                    "expected a JSON value (an object, array, string, number, true, false or null) here", at: start)
            }
        }

        func matches(_ word: String) -> Bool {
            let utf8 = word.utf8
            guard position + utf8.count <= bytes.count else { return false }
            return zip(utf8, bytes[position..<position + utf8.count]).allSatisfy { $0 == $1 }
        }

        mutating func enter(at start: SourceLocation) throws(YAMLError) {
            depth += 1
            guard depth <= limits.maxDepth else {
                throw YAMLError("the JSON text nests deeper than \(limits.maxDepth) arrays and objects", at: start)
            }
        }

        mutating func object(at start: SourceLocation) throws(YAMLError) -> YAMLNode {
            try enter(at: start)
            position += 1
            let first = openEntries.count
            defer { openEntries.removeSubrange(first...) }
            var seen: [String: SourceLocation] = [:]
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return YAMLNode(.mapping([]), at: start)
            }
            while true {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw YAMLError(
                        ending("expected an object member's name, a string in double quotes"), at: location())
                }
                let keyStart = location()
                let name = try string()
                if limits.rejectsDuplicateKeys {
                    if let first = seen[name] {
                        throw YAMLError("duplicate key '\(name)' (first defined at \(first))", at: keyStart)
                    }
                    seen[name] = keyStart
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw YAMLError(ending("expected ':' after the member's name"), at: location())
                }
                position += 1
                skipWhitespace()
                guard position < bytes.count else {
                    throw YAMLError(ending("expected the member's value"), at: location())
                }
                let member = try value()
                openEntries.append(
                    YAMLNode.Entry(
                        key: YAMLNode(.scalar(text: name, style: .doubleQuoted), at: keyStart), value: member))
                skipWhitespace()
                guard position < bytes.count else {
                    throw YAMLError(ending("expected ',' or '}' after the member"), at: location())
                }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else {
                    throw YAMLError("expected ',' or '}' after the member", at: location())
                }
                position += 1
                depth -= 1
                return YAMLNode(.mapping(Self.copy(openEntries[first...])), at: start)
            }
        }

        mutating func array(at start: SourceLocation) throws(YAMLError) -> YAMLNode {
            try enter(at: start)
            position += 1
            let first = openItems.count
            defer { openItems.removeSubrange(first...) }
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return YAMLNode(.sequence([]), at: start)
            }
            while true {
                guard position < bytes.count else { throw YAMLError(ending("expected a value"), at: location()) }
                let item = try value()
                openItems.append(item)
                skipWhitespace()
                guard position < bytes.count else {
                    throw YAMLError(ending("expected ',' or ']' after the value"), at: location())
                }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else {
                    throw YAMLError("expected ',' or ']' after the array's value", at: location())
                }
                position += 1
                depth -= 1
                return YAMLNode(.sequence(Self.copy(openItems[first...])), at: start)
            }
        }

        /// The elements in an array of their own, of their size (`Array(slice)` would share
        /// the stack's storage when the slice is all of it).
        static func copy<Element>(_ elements: ArraySlice<Element>) -> [Element] {
            var copy: [Element] = []
            copy.reserveCapacity(elements.count)
            copy.append(contentsOf: elements)
            return copy
        }

        /// `message`, or that the text ends where it was expected.
        func ending(_ message: String) -> String {
            position < bytes.count ? message : "the JSON text ends too early: \(message)"
        }

        /// A number's text as written, checked against JSON's grammar.
        mutating func number() throws(YAMLError) -> String {
            let start = position
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            func digits(_ scanner: inout Scanner) -> Int {
                let first = scanner.position
                while scanner.position < scanner.bytes.count,
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.position])
                {
                    scanner.position += 1
                }
                return scanner.position - first
            }
            let integerStart = position
            let integerDigits = digits(&self)
            guard integerDigits > 0 else {
                throw YAMLError("a JSON number has digits after its '-'", at: location())
            }
            if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
                position = integerStart
                throw YAMLError("a JSON number has no leading zero (write 0, or 10)", at: location())
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard digits(&self) > 0 else {
                    throw YAMLError("a JSON number has digits after its '.'", at: location())
                }
            }
            if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
                {
                    position += 1
                }
                guard digits(&self) > 0 else {
                    throw YAMLError("a JSON number has digits in its exponent", at: location())
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        /// A string's text, its escapes undone; `position` is at its opening quote.
        mutating func string() throws(YAMLError) -> String {
            position += 1
            let start = position
            // Most strings hold no escape: their bytes are the text.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text = try utf8Text(start..<position)
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            var scalars = Array(bytes[start..<position])
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    let text = try utf8Text(scalars, from: start)
                    position += 1
                    return text
                case UInt8(ascii: "\\"):
                    try escape(into: &scalars)
                case 0..<0x20:
                    throw YAMLError(
                        byte == 0x0A || byte == 0x0D
                            ? "a JSON string ends on its line: write a line break in it as \\n"
                            : "a JSON string holds no control character; write it escaped (\\u00XX)",
                        at: location())
                default:
                    // The run of bytes up to the next quote, escape or control character, at once.
                    let run = position
                    while position < bytes.count, bytes[position] >= 0x20, bytes[position] != UInt8(ascii: "\""),
                        bytes[position] != UInt8(ascii: "\\")
                    {
                        position += 1
                    }
                    scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                }
            }
            throw YAMLError("the JSON text ends inside a string (no closing '\"')", at: location())
        }

        /// The escape at `position` (`\n`, `\u00e9`, a surrogate pair), appended as UTF-8.
        mutating func escape(into text: inout [UInt8]) throws(YAMLError) {
            guard position + 1 < bytes.count else {
                throw YAMLError("the JSON text ends inside a string's escape", at: location())
            }
            let simple: UInt8? =
                switch bytes[position + 1] {
                case UInt8(ascii: "\""): UInt8(ascii: "\"")
                case UInt8(ascii: "\\"): UInt8(ascii: "\\")
                case UInt8(ascii: "/"): UInt8(ascii: "/")
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                default: nil
                }
            if let simple {
                text.append(simple)
                position += 2
                return
            }
            guard bytes[position + 1] == UInt8(ascii: "u") else {
                throw YAMLError(
                    "a JSON string's escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX, not this one",
                    at: location())
            }
            let first = try hexCode()
            var scalar = Unicode.Scalar(first)
            if (0xD800..<0xDC00).contains(first), matchesEscapeU() {
                let mark = position
                let second = try hexCode()
                if (0xDC00..<0xE000).contains(second) {
                    scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                } else {
                    position = mark
                }
            }
            text.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
        }

        func matchesEscapeU() -> Bool {
            position + 1 < bytes.count && bytes[position] == UInt8(ascii: "\\")
                && bytes[position + 1] == UInt8(ascii: "u")
        }

        /// The four hex digits of `\uXXXX` at `position`.
        mutating func hexCode() throws(YAMLError) -> UInt32 {
            var code: UInt32 = 0
            for offset in 2..<6 {
                guard position + offset < bytes.count, let digit = Self.hexValue(bytes[position + offset]) else {
                    throw YAMLError("a JSON string's \\u escape is four hex digits (\\u00e9)", at: location())
                }
                code = code << 4 | digit
            }
            position += 6
            return code
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// The text of `range`, which must be UTF-8; errors are at the string's opening quote.
        mutating func utf8Text(_ range: Range<Int>) throws(YAMLError) -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
            guard let text = String(validating: slice, as: UTF8.self) else {
                position = range.lowerBound - 1
                throw YAMLError("a JSON string is UTF-8 text; this one is not", at: location())
            }
            return text
        }

        /// The text of `text`, which must be UTF-8, of the string whose text starts at `start`.
        mutating func utf8Text(_ text: [UInt8], from start: Int) throws(YAMLError) -> String {
            guard let text = String(validating: text, as: UTF8.self) else {
                position = start - 1
                throw YAMLError("a JSON string is UTF-8 text; this one is not", at: location())
            }
            return text
        }
    }
}
