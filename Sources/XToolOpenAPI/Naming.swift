import XToolSpec

/// Names and texts for the spec, from the document's.
enum Naming {
    /// The API's name: the file's name when it is a Swift type name (`Petstore.yaml`), else the
    /// title's words (`Swagger Petstore` -> `SwaggerPetstore`, `OpenAI API` -> `OpenAI`).
    static func apiName(fileName: String, title: String?) -> String {
        let stem = fileName.split(separator: ".").first.map(String.init) ?? fileName
        if let first = stem.first, first.isUppercase, SwiftNaming.isIdentifier(stem), ReservedNames.canNameModel(stem) {
            return stem
        }
        var words = words(title ?? "")
        if words.count > 1, words.last?.lowercased() == "api" { words.removeLast() }
        let name = typeName(words)
        return ReservedNames.canNameModel(name) ? name : "Imported"
    }

    /// A type name from any text, keeping the case inside words: `dataSetList` ->
    /// `DataSetList`, `query.born-since` -> `QueryBornSince`, `200 response` -> `_200Response`.
    static func typeName(_ text: String) -> String {
        typeName(words(text))
    }

    private static func typeName(_ words: [String]) -> String {
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first else { return "Model" }
        return first.isNumber ? "_" + name : name
    }

    /// The letters-and-digits runs of `text`.
    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isASCII && $0.isNumber) }).map(String.init)
    }

    /// `name`, or `name2`, `name3`… : the first that `isTaken` rejects not.
    static func unique(_ name: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(name) else { return name }
        var number = 2
        while isTaken(name + String(number)) { number += 1 }
        return name + String(number)
    }

    /// The singular of an English plural, for an array's element type: `pets` -> `pet`,
    /// `entries` -> `entry`, `statuses` -> `status`; a word that isn't a plural stays.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + (word.last?.isUppercase == true ? "Y" : "y") }
        if lower.hasSuffix("uses") || lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches")
            || lower.hasSuffix("shes")
        {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("sis"), word.count > 1 {
            return String(word.dropLast())
        }
        return word
    }

    /// A description as a one-line summary: its first sentence, which ends at a period (or `!`,
    /// `?`) before a capital letter or at a line break before one, with runs of white space made
    /// one space.
    static func summary(_ description: String) -> String? {
        let paragraph = description.components(separatedBy: "\n\n").first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        var lines: [Substring] = []
        for line in paragraph.split(separator: "\n") {
            let trimmed = line.drop { $0.isWhitespace }
            if !lines.isEmpty, trimmed.first?.isUppercase == true { break }
            lines.append(line)
        }
        let text = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        var end = text.startIndex
        while let period = text[end...].firstIndex(where: { $0 == "." || $0 == "!" || $0 == "?" }) {
            let next = text.index(after: period)
            guard next != text.endIndex else { break }
            if text[next] == " ", text[text.index(after: next)...].first.map({ $0.isUppercase || $0 == "[" || $0 == "`" }) == true {
                return String(text[...period])
            }
            end = next
        }
        return text
    }
}
