/// A type as the spec writes it, before model names are resolved:
/// `Int64`, `Status?`, `[Picture]`, `[String: Int]`, `[Double]?`.
indirect enum TypeExpression: Equatable {
    case named(String)
    case optional(TypeExpression)
    case array(TypeExpression)
    case dictionary(TypeExpression)

    struct SyntaxError: Error {
        var message: String
    }

    /// Parses the string form of a type.
    static func parse(_ text: String) throws(SyntaxError) -> TypeExpression {
        var parser = Parser(characters: Array(text), index: 0)
        let type = try parser.type()
        parser.skipSpaces()
        guard parser.index == parser.characters.count else {
            if parser.characters[parser.index] == "|" {
                throw SyntaxError(
                    message: "'|' joins only 'false' to a field's type ('Date | false': a value, or false when there "
                        + "is none)")
            }
            throw SyntaxError(message: "unexpected '\(parser.characters[parser.index])' in type '\(text)'")
        }
        return type
    }

    private struct Parser {
        let characters: [Character]
        var index: Int

        mutating func skipSpaces() {
            while index < characters.count, characters[index] == " " { index += 1 }
        }

        mutating func consume(_ character: Character) -> Bool {
            skipSpaces()
            guard index < characters.count, characters[index] == character else { return false }
            index += 1
            return true
        }

        /// `atom '?'?`
        mutating func type() throws(SyntaxError) -> TypeExpression {
            let atom = try self.atom()
            guard consume("?") else { return atom }
            if consume("?") { throw SyntaxError(message: "a type can be optional only once ('??')") }
            return .optional(atom)
        }

        /// `name | '[' type ']' | '[' name ':' type ']'`
        mutating func atom() throws(SyntaxError) -> TypeExpression {
            if consume("[") {
                let first = try type()
                if consume(":") {
                    guard first == .named("String") else {
                        throw SyntaxError(message: "dictionary keys must be String")
                    }
                    let value = try type()
                    guard consume("]") else { throw SyntaxError(message: "expected ']' to close the dictionary type") }
                    return .dictionary(value)
                }
                guard consume("]") else { throw SyntaxError(message: "expected ']' to close the array type") }
                return .array(first)
            }
            skipSpaces()
            let start = index
            while index < characters.count,
                characters[index] == "_" || characters[index].fastIsLetter
                    || (index > start && characters[index].isASCIIDigit)
            {
                index += 1
            }
            guard index > start else {
                let found = index < characters.count ? "'\(characters[index])'" : "the end"
                throw SyntaxError(message: "expected a type name, found \(found)")
            }
            return .named(String(characters[start..<index]))
        }
    }
}
