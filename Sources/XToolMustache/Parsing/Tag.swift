/// One tag of a template, with what the parser needs to know about the line it sits on.
struct Tag {
    enum Kind {
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool)
        case partial(TemplateReference)
        case parent(TemplateReference)
        case block(String)
        /// `{{/name}}`: closes the section, parent or block with the same name.
        case close
        case comment
        case setDelimiters(opening: [UInt8], closing: [UInt8])
    }

    var kind: Kind
    /// The name as written (trimmed), which a closing tag must repeat.
    var name: String
    /// The tag's bytes, delimiters included.
    var range: Range<Int>
    /// The start of the line on which the tag starts.
    var lineStart: Int
    /// Whether only blanks precede the tag on its line.
    var isBlankBefore: Bool
    /// When only blanks follow the tag on its line: the offset after the line break (or the end).
    var blankLineEnd: Int?
    /// For a tag that opens a section, parent or block: whether only blanks follow its closing tag
    /// on that tag's line. Set when the closing tag is found.
    var isClosedAtLineEnd = false

    /// Whether the tag is alone on its line, apart from blanks.
    var isAloneOnLine: Bool { isBlankBefore && blankLineEnd != nil }

    /// For a tag that opens an element: whether only blanks precede it on its line and only blanks
    /// follow its closing tag on that tag's line.
    var isStandalonePair: Bool { isBlankBefore && isClosedAtLineEnd }
}
