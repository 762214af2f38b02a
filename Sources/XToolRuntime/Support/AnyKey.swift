internal import XToolRules

/// A coding key made from any string: the keys of dictionaries, key paths and JSON objects.
@usableFromInline
struct AnyKey: CodingKey, Hashable {
    @usableFromInline let stringValue: String
    @usableFromInline var intValue: Int? { nil }

    @inlinable
    init(_ string: String) {
        stringValue = string
    }

    @usableFromInline
    init(stringValue: String) {
        self.init(stringValue)
    }

    @usableFromInline
    init?(intValue: Int) {
        nil
    }
}

/// Splits dotted key-path text (`"data.list"`) into its keys by the spec language's rule
/// (`KeyPathSyntax`); empty text is the document root.
func keyPath(_ text: String) -> [String] {
    text.isEmpty ? [] : KeyPathSyntax.components(of: text)
}

/// The index a key-path component names when it is all digits (`weather.0.description`).
func arrayIndex(_ component: String) -> Int? {
    KeyPathSyntax.arrayIndex(component)
}

/// Writes a coding path the way error messages show it: `data.statuses[3].user.id`.
func keyPathText(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
    }
    return text
}
