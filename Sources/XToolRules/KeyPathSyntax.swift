/// The syntax of key-path text (`data.statuses`, `alerts.admin\.sign_up`, `weather.0.main`,
/// `data.children[].data`): what the spec reader checks, the samples' checker walks and the
/// runtime reads, written once.
package enum KeyPathSyntax {
    /// The components of key-path text, empty ones included (`a..b` is `["a", "", "b"]`; the spec
    /// reader reports those); a dot after a backslash is part of its component
    /// (`alerts.admin\.sign_up` is `["alerts", "admin.sign_up"]`), and any other backslash is
    /// kept as written.
    package static func components(of text: String) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "\\")) else {
            // Split as bytes: a dot is one byte in UTF-8 and never part of another character.
            guard text.utf8.contains(UInt8(ascii: ".")) else { return [text] }
            return text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        var components: [String] = []
        var component = ""
        var afterBackslash = false
        for character in text {
            if afterBackslash {
                afterBackslash = false
                if character == "." {
                    component.append(".")
                    continue
                }
                component.append("\\")
            }
            switch character {
            case "\\": afterBackslash = true
            case ".":
                components.append(component)
                component = ""
            default: component.append(character)
            }
        }
        components.append(afterBackslash ? component + "\\" : component)
        return components
    }

    /// The text of `components`: joined by dots, a dot inside one escaped (`components(of:)`
    /// reads it back).
    package static func text(of components: [String]) -> String {
        components.map { component in
            component.utf8.contains(UInt8(ascii: "."))
                ? component.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\.")
                : component
        }.joined(separator: ".")
    }

    /// The index a component names when it is all ASCII digits (`weather.0.description`): an
    /// element when the value there is an array (else the key `"0"` of an object).
    package static func arrayIndex(_ component: String) -> Int? {
        !component.isEmpty && component.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            ? Int(component) : nil
    }

    /// Whether `component` reads each element of an array (`children[]`, or `[]` alone).
    package static func isEach(_ component: String) -> Bool {
        component.utf8.count >= 2 && component.utf8.last == UInt8(ascii: "]") && component.hasSuffix("[]")
    }

    /// `components` split at the first component that reads each element: the path to the array
    /// (`children[]` becomes `children`), and the path read in each element; nil when no
    /// component does.
    package static func eachSplit(_ components: [String]) -> (array: [String], inEach: [String])? {
        guard let index = components.firstIndex(where: isEach) else { return nil }
        let key = String(components[index].dropLast(2))
        return (Array(components[..<index]) + (key.isEmpty ? [] : [key]), Array(components[(index + 1)...]))
    }
}
