import XToolDiagnostics
import XToolYAML

/// A sample's YAML (JSON is YAML) written as the JSON text generated code embeds: keys in the
/// order written, two spaces of indentation, numbers as written when JSON can hold them so.
package enum SampleJSON {
    /// A value JSON can't hold, at its place.
    package struct Failure: Error, Sendable, Hashable {
        package var message: String
        package var location: SourceLocation
    }

    /// The JSON text of `node`.
    package static func text(of node: YAMLNode) throws(Failure) -> String {
        var writer = Writer()
        try writer.write(node, indent: "")
        return writer.text
    }

    private struct Writer {
        var text = ""

        mutating func write(_ node: YAMLNode, indent: String) throws(Failure) {
            switch node.content {
            case .mapping(let pairs):
                guard !pairs.isEmpty else {
                    text += "{}"
                    return
                }
                text += "{\n"
                for (index, pair) in pairs.enumerated() {
                    guard let key = pair.key.scalarText else {
                        throw Failure(
                            message: "a JSON object's key is text, not a sequence or a mapping",
                            location: pair.key.location)
                    }
                    text += indent + "  " + SampleJSON.quoted(key) + ": "
                    try write(pair.value, indent: indent + "  ")
                    text += index == pairs.count - 1 ? "\n" : ",\n"
                }
                text += indent + "}"
            case .sequence(let items):
                guard !items.isEmpty else {
                    text += "[]"
                    return
                }
                text += "[\n"
                for (index, item) in items.enumerated() {
                    text += indent + "  "
                    try write(item, indent: indent + "  ")
                    text += index == items.count - 1 ? "\n" : ",\n"
                }
                text += indent + "]"
            case .scalar(let raw, _):
                text += try SampleJSON.scalar(node, raw: raw)
            }
        }
    }

    /// A scalar as JSON: what the core schema makes of it.
    private static func scalar(_ node: YAMLNode, raw: String) throws(Failure) -> String {
        switch node.coreScalar {
        case .null?: return "null"
        case .bool(let value)?: return value ? "true" : "false"
        case .int(let value)?: return isJSONNumber(raw) ? raw : String(value)
        case .float(let value)?:
            if isJSONNumber(raw) { return raw }
            guard value.isFinite else {
                throw Failure(
                    message: "JSON has no number '\(raw)'; a sample's numbers are finite", location: node.location)
            }
            return "\(value)"
        case .string(let value)?: return quoted(value)
        case nil: return quoted(raw)
        }
    }

    /// Whether `text` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`.
    package static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A JSON string literal of `text` (YAML's double-quoted form, whose escapes are JSON's).
    package static func quoted(_ text: String) -> String {
        YAMLNode.doubleQuoted(text)
    }
}
