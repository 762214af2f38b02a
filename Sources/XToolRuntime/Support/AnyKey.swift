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

/// Splits dotted key-path text (`"data.list"`) into its keys; empty text is the document root.
/// A dot after a backslash is part of its key (`alerts.admin\.sign_up`: the key `admin.sign_up`
/// of `alerts`).
func keyPath(_ text: String) -> [String] {
    guard text.utf8.contains(UInt8(ascii: ".")) else { return text.isEmpty ? [] : [text] }
    guard text.utf8.contains(UInt8(ascii: "\\")) else {
        // Split as bytes: a dot is one byte in UTF-8 and never part of another character.
        return text.utf8.split(separator: UInt8(ascii: ".")).map { String(decoding: $0, as: UTF8.self) }
    }
    var keys: [String] = []
    var key = ""
    var afterBackslash = false
    for character in text {
        if afterBackslash {
            afterBackslash = false
            if character == "." {
                key.append(".")
                continue
            }
            key.append("\\")
        }
        switch character {
        case "\\": afterBackslash = true
        case ".":
            keys.append(key)
            key = ""
        default: key.append(character)
        }
    }
    keys.append(afterBackslash ? key + "\\" : key)
    return keys
}

/// The index a key-path component names when it is all digits (`weather.0.description`).
func arrayIndex(_ component: String) -> Int? {
    !component.isEmpty && component.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        ? Int(component) : nil
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
