/// Names the OpenAPI importer gives: from a document's titles and schema names, which are often
/// type names already (their case is kept), made unique, and English plurals made singular.
extension SwiftNaming {
    /// The API's name: the file's name when it is a Swift type name (`Petstore.yaml`), else the
    /// title's words (`Swagger Petstore` -> `SwaggerPetstore`, `OpenAI API` -> `OpenAI`).
    package static func apiName(fileName: String, title: String?) -> String {
        let stem = fileName.split(separator: ".").first.map(String.init) ?? fileName
        if let first = stem.first, first.isUppercase, isIdentifier(stem), ReservedNames.canNameModel(stem) {
            return stem
        }
        var words = documentWords(title ?? "")
        if words.count > 1, words.last?.lowercased() == "api" { words.removeLast() }
        let name = typeName(words: words)
        return ReservedNames.canNameModel(name) ? name : "Imported"
    }

    /// The name of the schema a whole file holds, from the file's name: its extension
    /// (`.yaml`, `.yml`, `.json`) left out, then its last dotted part that is a name
    /// (`com.example.store.data.Pet.yaml` -> `Pet`, as Java packages name schemas), passing over
    /// versions and words that only say it is a schema (`pet.schema.json`, `Pet.v2.yaml` -> `pet`,
    /// `Pet`).
    package static func schemaName(fileName: String) -> String {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."),
            ["yaml", "yml", "json"].contains(stem[stem.index(after: dot)...].lowercased())
        {
            stem = stem[..<dot]
        }
        let part = stem.split(separator: ".").last { part in
            let word = part.lowercased()
            let isVersion = word.drop { $0 == "v" }.allSatisfy(\.isASCIIDigit)
            return !isVersion && !schemaFileWords.contains(word)
        }
        return String(part ?? stem)
    }

    /// The dotted parts of a schema file's name that say what it is rather than name it.
    private static let schemaFileWords: Set<String> = [
        "schema", "schemas", "model", "models", "definition", "definitions", "dto", "type", "types",
    ]

    /// A type name from any text, keeping the case inside words: `dataSetList` ->
    /// `DataSetList`, `query.born-since` -> `QueryBornSince`, `200 response` -> `_200Response`.
    package static func typeName(preservingCase text: String) -> String {
        typeName(words: documentWords(text))
    }

    private static func typeName(words: [String]) -> String {
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first else { return "Model" }
        return first.isNumber ? "_" + name : name
    }

    /// The letters-and-digits runs of `text`.
    private static func documentWords(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.fastIsLetter || $0.isASCIIDigit) }).map(String.init)
    }

    /// `name`, or `name2`, `name3`… : the first that `isTaken` rejects not.
    package static func unique(_ name: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(name) else { return name }
        var number = 2
        while isTaken(name + String(number)) { number += 1 }
        return name + String(number)
    }

    /// The singular of an English plural, for an array's element type: `pets` -> `pet`,
    /// `entries` -> `entry`, `statuses` -> `status`, `children` -> `child`; a word that isn't a
    /// plural stays.
    package static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        // English plurals that add no `s` (`children`, `grandchildren`, `people`).
        for (plural, singular) in [("children", "child"), ("people", "person")] where lower.hasSuffix(plural) {
            let capital = word.suffix(plural.count).first?.isUppercase == true
            return String(word.dropLast(plural.count)) + (capital ? singular.capitalized : singular)
        }
        if lower.hasSuffix("ies"), word.count > 3 {
            return word.dropLast(3) + (word.last?.isUppercase == true ? "Y" : "y")
        }
        if lower.hasSuffix("uses") || lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches")
            || lower.hasSuffix("shes")
        {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("sis"), word.count > 1
        {
            return String(word.dropLast())
        }
        return word
    }

    /// A name that starts with a single digit, that digit spelled as a word (`1-Click
    /// Applications` -> `One-Click Applications`, `0` -> `Zero`), so that the Swift name derived
    /// from it reads as a word (`OneClickApplications`, not `_1ClickApplications`); other names
    /// as they are.
    package static func spellingLeadingDigit(_ name: String) -> String {
        let words = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]
        guard let first = name.unicodeScalars.first, let digit = Int(String(first)), first.isASCII,
            name.unicodeScalars.dropFirst().first.map({ !("0"..."9").contains($0) }) ?? true
        else { return name }
        let rest = name.unicodeScalars.dropFirst()
        let separator = rest.first?.properties.isAlphabetic == true ? " " : ""
        return words[digit] + separator + String(rest)
    }
}
