/// The rules of docs/spec-language.md "Deriving Swift names": wire names in, Swift identifiers out.
package enum SwiftNaming {
    /// Words written all upper case when they are not the first word of a member name (their
    /// plurals too, but for the `s`: `URLs`).
    static let initialisms: Set<String> = [
        "id", "url", "uri", "http", "https", "json", "html", "api", "uuid", "ui", "ip", "sdk",
    ]

    /// Words that must be back-quoted to be used as identifiers.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol", "package",
    ]

    /// A member (property, method, enum case) name: `since_id` -> `sinceID`; a dotted key path
    /// takes its name from its last component (`geo.coordinates` -> `coordinates`).
    package static func memberName(_ wireName: String) -> String? {
        memberName(words: split(lastComponent(wireName)))
    }

    /// A parameter's name: a parameter's wire name is sent as written, never a key path, so a
    /// dot is a word break like `_` (`due_on.before` -> `dueOnBefore`, `assignee.any` ->
    /// `assigneeAny`).
    package static func parameterName(_ wireName: String) -> String? {
        memberName(words: split(Substring(wireName)))
    }

    private static func memberName(words: [String]) -> String? {
        guard let first = words.first else { return nil }
        let rest = words.dropFirst().map(capitalized)
        return leadingDigitGuarded(first.lowercased() + rest.joined())
    }

    /// A type name: `visibility` -> `Visibility`, `url_kind` -> `URLKind`.
    package static func typeName(_ wireName: String) -> String? {
        let words = split(lastComponent(wireName))
        guard !words.isEmpty else { return nil }
        return leadingDigitGuarded(words.map(capitalized).joined())
    }

    /// The identifier as it must be written in code: back-quoted when it is a keyword.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A member name ready for code: keywords back-quoted, and `self`, which even back-quoted
    /// would shadow `self` in an initializer, written `_self`.
    package static func memberIdentifier(_ name: String) -> String {
        name == "self" ? "_self" : escaped(name)
    }

    /// A nested type name ready for code: `Type`, `Protocol` and `Self` can't name a member type
    /// (`Item.Type` is the metatype), so they get a trailing underscore; other keywords are
    /// back-quoted.
    package static func nestedTypeIdentifier(_ name: String) -> String {
        ["Type", "Protocol", "Self"].contains(name) ? name + "_" : escaped(name)
    }

    /// An identifier without the back-quotes a keyword needs (`` `default` `` -> `default`), for
    /// names built from it (`defaultRequest`, `_default`) and comparisons with wire names.
    package static func bare(_ identifier: String) -> String {
        identifier.filter { $0 != "`" }
    }

    /// An identifier as an argument label at a call site: keywords need no back-quotes there,
    /// except `inout` (Swift 6 warns that `var` and `let` need none).
    package static func argumentLabel(_ identifier: String) -> String {
        bare(identifier) == "inout" ? identifier : bare(identifier)
    }

    /// Whether `name` is usable as written as a Swift identifier (before back-quoting).
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || first.fastIsLetter else { return false }
        return name.allSatisfy { $0 == "_" || $0.fastIsLetter || $0.isASCIIDigit }
    }

    /// The last component of a dotted key path that is not an array index:
    /// `geo.coordinates` -> `coordinates`, `weather.0` -> `weather`, `alerts.admin\.sign_up` ->
    /// `admin.sign_up` (whose dot is then a word break).
    private static func lastComponent(_ wireName: String) -> Substring {
        guard wireName.utf8.contains(UInt8(ascii: ".")) else { return Substring(wireName) }
        let components = Spec.KeyPath.components(of: wireName)
        return Substring(
            components.last { !$0.isEmpty && !$0.allSatisfy(\.isASCIIDigit) } ?? components.last ?? wireName)
    }

    /// Splits at `_`, `-`, spaces and any other character that can't be in an identifier, and
    /// before an upper-case letter that follows a lower-case letter or a digit.
    static func split(_ name: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.fastIsLetter || character.isASCIIDigit else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            // A word starts at an uppercase letter after a lowercase one or a digit, and at the
            // last of a run of capitals before two lowercase letters (`IPActions`: `IP`,
            // `Actions`; `URLs` stays one word), or before one where the run before it is an
            // initialism and the run with it is none (`IDAs`: `ID`, `As`).
            // (Asked only of a capital after a capital: the initialisms are looked up by text.)
            let startsWord = {
                let followedByTwoLowercase =
                    index + 2 < characters.count && characters[index + 1].fastIsLowercase
                    && characters[index + 2].fastIsLowercase
                return followedByTwoLowercase
                    || index + 1 < characters.count && characters[index + 1].fastIsLowercase
                        && initialisms.contains(current.lowercased())
                        && !initialisms.contains((current + String(character)).lowercased())
            }
            if character.fastIsUppercase, let previous, !current.isEmpty,
                previous.fastIsLowercase || previous.isASCIIDigit || (previous.fastIsUppercase && startsWord())
            {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `count` -> `Count`, `id` -> `ID`, and an initialism's plural as Swift's API guidelines
    /// write it: `ids` -> `IDs`, `urls` -> `URLs`.
    private static func capitalized(_ word: String) -> String {
        let lower = word.lowercased()
        if initialisms.contains(lower) { return lower.uppercased() }
        if lower.hasSuffix("s"), initialisms.contains(String(lower.dropLast())) {
            return lower.dropLast().uppercased() + "s"
        }
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// `2fa` -> `_2fa`.
    private static func leadingDigitGuarded(_ name: String) -> String {
        name.first?.isASCIIDigit == true ? "_" + name : name
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (0x30...0x39).contains($0) } ?? false }

    // `isLetter`, `isNumber`, `isUppercase` and `isLowercase` with an answer for ASCII that skips
    // the Unicode property tables (most of `validate`'s time went there, and a fifth of an
    // import's character work).
    package var fastIsLetter: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
    }

    package var fastIsNumber: Bool {
        guard let ascii = asciiValue else { return isNumber }
        return (0x30...0x39).contains(ascii)
    }

    package var fastIsUppercase: Bool {
        guard let ascii = asciiValue else { return isUppercase }
        return (0x41...0x5A).contains(ascii)
    }

    package var fastIsLowercase: Bool {
        guard let ascii = asciiValue else { return isLowercase }
        return (0x61...0x7A).contains(ascii)
    }
}
