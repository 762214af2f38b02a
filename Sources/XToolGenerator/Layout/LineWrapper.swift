/// Lays out the comma-separated lists that templates mark, the way `swift format` accepts them.
///
/// A template writes each element of a list as `⟦element⟧` (`GeneratedFileMarks`), with no comma: adjacent elements
/// form one list. On a line that fits in the limit the elements are joined with `, `. On a
/// longer line the first list with several elements (else the first list) is broken, a list of
/// generic arguments (opened by `<`) only when the line has no other: the text before it ends
/// the line, its elements fill the following lines one indentation step deeper (each followed
/// by a comma but the last; in a collection literal, opened by `[`, the last too, unless it is
/// the only one and breaks itself), and the text
/// after it starts a new line at the original indentation. An element too long for its line
/// alone, with no list inside, breaks after its label (`completion:`), the rest one step
/// deeper. The new lines are laid out again, so nested lists break where they must. The markers
/// never reach the output; lines without them are left as they are, and nothing else of the
/// text is read.
///
/// It works on the UTF-8 bytes: `⟦` is E2 9F A6 and `⟧` E2 9F A7, and UTF-8 never starts a
/// character inside another one, so finding these bytes finds the characters. Widths are
/// counted in characters, as before (bytes for an ASCII line, which is the same number).
package struct LineWrapper {
    /// One under `swift format`'s default line length, which it also enforces on a line that a
    /// closing bracket could have joined.
    var limit = 99
    var indentStep = 2

    package init(limit: Int = 99, indentStep: Int = 2) {
        self.limit = limit
        self.indentStep = indentStep
    }

    /// `source` with its marked lists laid out and its markers gone.
    package func wrap(_ source: String) -> String {
        let bytes = Array(source.utf8)
        var output = Output()
        output.bytes.reserveCapacity(bytes.count)
        var lineStart = bytes.startIndex
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = bytes[lineStart..<lineEnd]
            if Self.opensElement(line) {
                layOut(line, into: &output)
            } else {
                output.line(line)
            }
            guard lineEnd < bytes.endIndex else { break }
            lineStart = lineEnd + 1
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The lines of the text, each but the first after a line break.
    private struct Output {
        var bytes: [UInt8] = []
        var isEmpty = true

        mutating func line(_ line: some Collection<UInt8>) {
            if !isEmpty { bytes.append(UInt8(ascii: "\n")) }
            isEmpty = false
            bytes.append(contentsOf: line)
        }
    }

    private func layOut(_ line: ArraySlice<UInt8>, into output: inout Output) {
        let flat = Self.flat(line)
        guard Self.width(flat) > limit, let list = Self.breakableList(line) else {
            output.line(flat)
            return
        }
        let indent = line.prefix { $0 == UInt8(ascii: " ") }
        let inner = Array(indent) + Array(repeating: UInt8(ascii: " "), count: indentStep)
        let isCollection = line[..<list.start].last == UInt8(ascii: "[")
        var lines = [line[..<list.start]]
        var current: [UInt8] = []
        // The width of `current` laid out flat: its items' flat widths and the spaces between
        // them (an item ends in a comma or is the last, so no two items' markers touch).
        var currentWidth = 0
        var itemsInCurrent = 0
        func endLine() {
            if itemsInCurrent == 1, !Self.opensElement(current[...]),
                inner.count + Self.width(current[...]) > limit + 1, let colon = Self.labelEnd(current[...])
            {
                // An element alone on its line, with no list of its own to break, and still
                // longer than `swift format`'s limit itself (which it keeps for such a line):
                // its label ends the line.
                lines.append((inner + current[...colon])[...])
                current = Array(repeating: UInt8(ascii: " "), count: indentStep) + current[(colon + 2)...]
            }
            lines.append((inner + current)[...])
            current = []
            currentWidth = 0
            itemsInCurrent = 0
        }
        // A collection's only element that breaks over lines itself takes no trailing comma
        // (`swift format` reads such a literal as a single line).
        let onlyElementBreaks =
            list.elements.count == 1
            && inner.count + Self.width(Self.flat(list.elements[0])) + 1 > limit
        for (index, element) in list.elements.enumerated() {
            let isLast = index == list.elements.count - 1
            let comma = !isLast || (isCollection && !onlyElementBreaks)
            let item = Array(element) + (comma ? [UInt8(ascii: ",")] : [])
            let itemWidth = Self.width(Self.flat(item[...]))
            if !current.isEmpty, inner.count + currentWidth + 1 + itemWidth > limit {
                endLine()
            }
            if !current.isEmpty {
                current.append(UInt8(ascii: " "))
                currentWidth += 1
            }
            current += item
            currentWidth += itemWidth
            itemsInCurrent += 1
        }
        endLine()
        lines.append((Array(indent) + line[list.end...])[...])
        for line in lines { layOut(line, into: &output) }
    }

    // MARK: The bytes of one line

    /// The bytes of `GeneratedFileMarks.listElementOpen` and `.listElementClose`: the first two
    /// are the same, the last tells them apart.
    private static let openBytes = Array(String(GeneratedFileMarks.listElementOpen).utf8)
    private static let markerLead = (openBytes[0], openBytes[1])
    private static let openByte = openBytes[2]
    private static let closeByte = Array(String(GeneratedFileMarks.listElementClose).utf8)[2]

    /// The marker (its last byte) that starts at `index`, if any.
    private static func marker(in line: ArraySlice<UInt8>, at index: Int) -> UInt8? {
        guard line[index] == markerLead.0, index + 2 < line.endIndex, line[index + 1] == markerLead.1 else {
            return nil
        }
        let byte = line[index + 2]
        return byte == openByte || byte == closeByte ? byte : nil
    }

    /// Whether the line opens a list element (a line without `⟦` is written as it is).
    private static func opensElement(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while let lead = line[index...].firstIndex(of: markerLead.0) {
            if marker(in: line, at: lead) == openByte { return true }
            index = lead + 1
        }
        return false
    }

    /// The line as it is written when nothing is broken: adjacent elements joined with `, `.
    private static func flat(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard opensElement(line) else { return line }
        var result: [UInt8] = []
        result.reserveCapacity(line.count)
        var afterClose = false
        var index = line.startIndex
        while index < line.endIndex {
            if let marker = marker(in: line, at: index) {
                if marker == openByte, afterClose { result += [UInt8(ascii: ","), UInt8(ascii: " ")] }
                afterClose = marker == closeByte
                index += 3
            } else {
                result.append(line[index])
                afterClose = false
                index += 1
            }
        }
        return result[...]
    }

    /// The width of a line in characters.
    private static func width(_ line: ArraySlice<UInt8>) -> Int {
        line.allSatisfy { $0 < 0x80 } ? line.count : String(decoding: line, as: UTF8.self).count
    }

    /// The elements of one list (without their markers) and where the list starts and ends.
    private struct List {
        var start: Int
        var end: Int
        var elements: [ArraySlice<UInt8>]
    }

    /// The first list with several elements at the top level of the line, else the first list;
    /// generic arguments only when there is no other list.
    private static func breakableList(_ line: ArraySlice<UInt8>) -> List? {
        let all = topLevelLists(line)
        let lists = all.filter { line[..<$0.start].last != UInt8(ascii: "<") }
        return lists.first { $0.elements.count > 1 } ?? lists.first ?? all.first
    }

    /// Where the label of an element ends (its colon, followed by a space), when the element
    /// starts with one: words of letters, digits, `_` and back-quotes (`from pageCursor:`).
    private static func labelEnd(_ element: ArraySlice<UInt8>) -> Int? {
        guard let colon = element.firstIndex(of: UInt8(ascii: ":")), colon > element.startIndex,
            colon + 1 < element.endIndex, element[colon + 1] == UInt8(ascii: " ")
        else { return nil }
        let isLabel = element[..<colon].allSatisfy { byte in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: " ")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return isLabel ? colon : nil
    }

    /// The runs of adjacent top-level elements.
    private static func topLevelLists(_ line: ArraySlice<UInt8>) -> [List] {
        var lists: [List] = []
        var depth = 0
        var elementStart = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            guard let marker = marker(in: line, at: index) else {
                index += 1
                continue
            }
            let end = index + 3
            if marker == openByte {
                if depth == 0 { elementStart = end }
                depth += 1
            } else {
                depth -= 1
                if depth == 0 {
                    let element = line[elementStart..<index]
                    let listStart = elementStart - 3
                    if let last = lists.last, last.end == listStart {
                        lists[lists.count - 1].elements.append(element)
                        lists[lists.count - 1].end = end
                    } else {
                        lists.append(List(start: listStart, end: end, elements: [element]))
                    }
                }
            }
            index = end
        }
        return lists
    }
}
