import XToolDiagnostics
import XToolSpec

/// The state of the passes every front end runs over its draft once its models and endpoints
/// are made (structural duplicates merged, enums shared and named, required cycles broken,
/// unreachable models removed, the examples followed), and the warnings they and the front end
/// give, grouped by cause (`ImportWarnings.swift`). Each front end owns one: the OpenAPI
/// importer from its first schema on, the capture importer for its drafted models.
struct DraftPasses {
    /// The models made so far, in the order they were made; `modelRanks` orders them.
    var models: [ModelDraft] = []
    /// Where each model goes in the spec (lower first); the front end's order.
    var modelRanks: [Int] = []
    /// Every type name taken so far (models, tools, the API type).
    var takenTypeNames: Set<String> = []
    /// The shared enums built so far, by name: their values, for defaults.
    var sharedEnums: [String: TypeDraft] = [:]
    /// The models the front end keeps apart by name whatever their structure (an OpenAPI
    /// document's components: the document names them apart).
    var namedModels: Set<String> = []
    /// The paths of the files an `Origin` may be in, by its `document` (nil for the document
    /// being imported, whose diagnostics name no file).
    var documentPaths: [String?] = [nil]

    var diagnostics: [Diagnostic] = []
    /// Errors and warnings already given, so that a place looked at twice warns once.
    var warned: Set<String> = []
    /// The warnings of each cause: where the first was given, and every place that has one.
    var warningGroups: [String: WarningGroup] = [:]
    /// The endpoint (or path) being drafted: the place of a warning that names none.
    var currentPlace: String?

    /// Where a warning about no one place stands: the document's root.
    var documentOrigin = Origin(document: 0, location: SourceLocation(line: 1, column: 1))

    /// A diagnostic at `origin`, naming its file when it is not the document's.
    func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at origin: Origin) -> Diagnostic {
        Diagnostic(
            severity, message, file: origin.document < documentPaths.count ? documentPaths[origin.document] : nil,
            at: origin.location)
    }

    /// An error at `origin`, once per message and place.
    mutating func error(_ message: String, at origin: Origin) {
        guard warned.insert("error:\(origin.document):\(origin.location):\(message)").inserted else { return }
        diagnostics.append(diagnostic(.error, message, at: origin))
    }
}

extension DraftPasses {
    /// A type name no model, tool or the API type has taken (and that shadows nothing),
    /// recorded as taken.
    mutating func uniqueTypeName(_ wanted: String) -> String {
        let base =
            ReservedNames.canNameModel(wanted) && !Self.swiftTypesAppsWrite.contains(wanted) ? wanted : wanted + "Model"
        let name = SwiftNaming.unique(base) { takenTypeNames.contains($0) || !ReservedNames.canNameModel($0) }
        takenTypeNames.insert(name)
        return name
    }

    /// Swift's types and protocols an app's own code writes unqualified: a model named like one
    /// would shadow it in every file that imports the module (`struct LoginFailure: Error {}`
    /// no longer compiles beside a `struct Error`), so the import names it `ErrorModel`.
    static let swiftTypesAppsWrite: Set<String> = [
        "Error", "Task", "Result", "Never", "Void", "Any", "Optional", "Actor", "Array", "Dictionary", "Set",
        "Character", "Sequence", "Collection", "Range", "Duration", "Comparable",
    ]

    /// A comment listing the values of an enum that can't be an inline enum where it stands.
    static func enumComment(_ type: TypeDraft) -> [String] {
        guard let values = type.enumValues else { return [] }
        let listed = type.enumCaseNames.map { names in zip(values, names).map { "\($0) (\($1))" } } ?? values
        return ["one of: " + listed.joined(separator: ", ")]
    }

    /// `spelling` with each type name that is a key of `replacements` replaced by its value, in
    /// one pass (`[Shape]` -> `[JSON]`); a replacement is never looked up again.
    static func replacing(_ replacements: [String: String], in spelling: String) -> String {
        var result = ""
        var word = ""
        for character in spelling {
            if character.fastIsLetter || character.fastIsNumber || character == "_" {
                word.append(character)
            } else {
                result += replacements[word] ?? word
                word = ""
                result.append(character)
            }
        }
        return result + (replacements[word] ?? word)
    }
}
