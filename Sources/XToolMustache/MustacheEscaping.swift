/// How interpolation tags (`{{name}}`) escape the values they write; `{{{name}}}` and `{{&name}}`
/// never escape.
package enum MustacheEscaping: Sendable {
    /// HTML escaping, as the spec wants: `&` `"` `<` `>` and `'` become entities.
    case html
    /// No escaping, for generating code.
    case none

    /// Appends `text` to `output`, escaped.
    func append(_ text: String, to output: inout String) {
        guard self == .html else {
            output += text
            return
        }
        var unwritten = text.startIndex
        for index in text.utf8.indices {
            let entity: String
            switch text.utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            output += text[unwritten..<index]
            output += entity
            unwritten = text.utf8.index(after: index)
        }
        output += text[unwritten...]
    }
}
