extension YAMLNode {
    /// `text` as a double-quoted scalar that reads back as exactly `text`: quotes, backslashes,
    /// line breaks and tabs escaped, and what can't stand in it as written (controls and the
    /// characters of `isUnprintable`) as `\uXXXX`. Every escape it writes is JSON's too, so it is
    /// also a JSON string.
    package static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isUnprintable(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// C1 controls, line and paragraph separators, the byte-order mark and the non-characters
    /// U+FFFE and U+FFFF, which YAML escapes.
    package static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        (0x80...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value)
    }
}
