import XToolDiagnostics
import XToolSpec
import XToolYAML

/// OpenAPI 3.0 and 3.1 documents (YAML or JSON) in, a spec in this project's language out: the
/// spec a person would have written, with a warning at the document's line and column for
/// everything the language can't say and a comment in the spec where a person should decide.
package enum OpenAPIImporter {
    /// The top-level keys that make a file an OpenAPI (or Swagger) document rather than a spec.
    package static let documentKeys: Set<String> = ["openapi", "swagger"]

    /// Whether `bytes` are an OpenAPI document: a mapping with an `openapi:` or `swagger:` key.
    package static func isDocument(_ bytes: [UInt8]) -> Bool {
        Importer.parser.yaml.rootHasKey(among: documentKeys, in: bytes)
    }

    /// Whether a document already read is an OpenAPI document.
    package static func isDocument(_ root: YAMLNode) -> Bool {
        root.entries.contains { documentKeys.contains($0.key) }
    }

    /// Imports the document in `bytes`. `path` locates the files its references name (nil: the
    /// document refers to no other file); `documentName` is its file name, for the spec's first
    /// comment. The API's name is `api`, else the name of `specFile` (the spec being written;
    /// the document itself when nil) when that is a Swift type name (`Petstore.yaml`), else
    /// the words of `info.title`.
    package static func importDocument(
        _ bytes: [UInt8], path: String?, documentName: String, specFile: String? = nil, api: String? = nil
    ) -> ImportResult {
        switch read(bytes) {
        case .success(let root):
            importDocument(root, path: path, documentName: documentName, specFile: specFile, api: api)
        case .failure(let error):
            ImportResult(unread: error)
        }
    }

    /// The document in `bytes`, or why it can't be read, at its place.
    package static func read(_ bytes: [UInt8]) -> Result<YAMLNode, Diagnostic> {
        do {
            return .success(try Importer.parser.parseDocument(bytes))
        } catch {
            return .failure(Diagnostic(.error, error.message, at: error.location))
        }
    }

    /// Imports a document already read, as `importDocument(_:path:documentName:specFile:api:)`
    /// does the document in its bytes.
    package static func importDocument(
        _ root: YAMLNode, path: String?, documentName: String, specFile: String? = nil, api: String? = nil
    ) -> ImportResult {
        var importer = Importer(documents: [SourceDocument(path: path, root: root)])
        let draft = importer.importSpec(documentName: documentName, specFile: specFile ?? documentName, api: api)
        return ImportResult(
            specText: importer.writtenText ?? draft.map(SpecWriter.text(of:)),
            diagnostics: importer.groupedDiagnostics.sortedBySource,
            files: importer.readFiles, summary: importer.summary)
    }
}

/// One import: the files read, the names given, the models made so far and the diagnostics.
struct Importer {
    var documents: [SourceDocument] {
        didSet { passes.documentPaths = [nil] + documents.dropFirst().map(\.path) }
    }
    /// Files read for references, by absolute path.
    var loadedFiles: [String: Int] = [:]
    /// Those files' bytes, in the order they were read.
    var readFiles: [(path: String, contents: [UInt8])] = []
    /// Where each reference of each file led (`#/components/schemas/Pet` of the document): a
    /// whole real document follows the same few thousand references many times.
    var followedReferences: [String: Located] = [:]
    /// How each reference's text was read when it was followed (`ReferenceReading`): the file it
    /// names and the place in it, which the name it gives what it points to comes from.
    var referenceReadings: [String: ReferenceReading] = [:]
    /// The members of the large mappings that references pass through, by document and pointer:
    /// a lookup in `components/schemas` (thousands of entries in a whole service's document) is
    /// one hash instead of a scan.
    var mappingIndexes: [String: [String: YAMLNode]] = [:]
    /// The draft's models, the names taken and the warnings, which the passes every front end
    /// runs share (`DraftPasses`). A model's rank is the document's place of the component it is
    /// (or is nested in), after every component for models of an operation's inline schemas.
    var passes = DraftPasses()
    /// The rank of the model being built, which its inline models share.
    var currentRank = Int.max
    /// The model (to be) made from each object schema, by where the schema stands.
    var modelNames: [Origin: String] = [:]
    /// The index of each schema of `components/schemas` in the document.
    var componentRanks: [Origin: Int] = [:]
    /// The schemas outside `components` that a reference names as a component's key does (a
    /// file's whole schema, `schemas.yaml#/Pet`: `namesASchema`): named by the document, so kept
    /// apart from others of their structure as components are.
    var namedSchemas: Set<Origin> = []
    /// The models built so far.
    var builtModels: Set<String> = []
    /// The components an operation reaches: they are imported.
    var usedComponents: Set<Origin> = []
    /// Schemas being resolved, to stop at a schema that is its own alias.
    var resolving: Set<Origin> = []
    /// The components that are unions (named with the models).
    var unionComponents: Set<Origin> = []
    /// The components that are enums (named with the models): shared enums.
    var enumComponents: Set<Origin> = []
    /// What each union schema became (a union model, or the one type or JSON it came down to).
    var unionTypes: [Origin: TypeDraft] = [:]
    /// The unions being built, by name, so that a variant that holds its union refers to it.
    var unionsBeingBuilt: [Origin: String] = [:]
    /// The API's credentials, once read.
    var security = SecurityPlan()
    /// Request bodies are forms unless most are JSON (`body: form`).
    var formBodies = false
    /// The spec's text, when following the examples wrote it last (`FollowExamples.swift`).
    var writtenText: String?
    /// A Swagger 2.0 document's conversion, which the other files its references name go
    /// through too (`Swagger2.swift`); nil for OpenAPI 3.
    var swagger2: Swagger2?
    /// What the import did that the user should know and no warning says (names it shortened).
    var summary: [String] = []

    init(documents: [SourceDocument]) {
        self.documents = documents
        passes.documentPaths = [nil] + documents.dropFirst().map(\.path)
        passes.documentOrigin = root.origin
    }

    var models: [ModelDraft] {
        get { passes.models }
        _modify { yield &passes.models }
    }
    var modelRanks: [Int] {
        get { passes.modelRanks }
        _modify { yield &passes.modelRanks }
    }
    var takenTypeNames: Set<String> {
        get { passes.takenTypeNames }
        _modify { yield &passes.takenTypeNames }
    }
    var sharedEnums: [String: TypeDraft] {
        get { passes.sharedEnums }
        _modify { yield &passes.sharedEnums }
    }
    var diagnostics: [Diagnostic] {
        get { passes.diagnostics }
        _modify { yield &passes.diagnostics }
    }
    var warned: Set<String> {
        get { passes.warned }
        _modify { yield &passes.warned }
    }
    var currentPlace: String? {
        get { passes.currentPlace }
        _modify { yield &passes.currentPlace }
    }

    /// A type name no model, tool or the API type has taken, recorded as taken.
    mutating func uniqueTypeName(_ wanted: String) -> String {
        passes.uniqueTypeName(wanted)
    }

    var root: Located { Located(node: documents[0].root, document: 0) }

    /// An error at `origin`, once per message and place (a schema is looked at more than once).
    mutating func error(_ message: String, at origin: Origin) {
        passes.error(message, at: origin)
    }

    mutating func error(_ message: String, at located: Located) {
        error(message, at: located.origin)
    }

    func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at origin: Origin) -> Diagnostic {
        passes.diagnostic(severity, message, at: origin)
    }

    /// The whole spec, or nil when the document is not an OpenAPI 3 document.
    mutating func importSpec(documentName: String, specFile: String, api: String?) -> SpecDraft? {
        guard self.root.node.isMapping else {
            error("an OpenAPI document is a mapping with an 'openapi' key", at: self.root)
            return nil
        }
        if let swagger = self.root["swagger"] {
            guard swagger.node.scalarText == "2.0" else {
                error(
                    "this is a Swagger \(swagger.node.scalarText ?? "") document; only Swagger 2.0 and OpenAPI 3 are "
                        + "imported: convert it to OpenAPI 3 first (for example with swagger2openapi) and import that",
                    at: self.root.keyOrigin("swagger"))
                return nil
            }
            readSwagger2()
        }
        let root = self.root
        guard let version = root["openapi"]?.node.string, version.hasPrefix("3.") else {
            error("expected 'openapi: 3.0.x' or 'openapi: 3.1.x'", at: root.keyOrigin("openapi"))
            return nil
        }
        let info = root["info"]
        let title = info?["title"]?.node.string
        let apiName = api ?? SwiftNaming.apiName(fileName: specFile, title: title)
        takenTypeNames.insert(GeneratedNames.apiType(api: apiName))

        var draft = SpecDraft(api: apiName, baseURL: "")
        var about = "Imported from \(documentName) (\(swagger2 == nil ? "OpenAPI \(version)" : "Swagger 2.0")"
        if let title { about += ": \(title)" }
        if let documentVersion = info?["version"]?.node.string { about += " \(documentVersion)" }
        draft.preamble = [
            about + ") by `xtoolgen import`.",
            "Notes like the ones below mark what the document says and the spec language can't; decide there.",
        ]
        draft.summary =
            (info?["description"]?.node.string).flatMap(Importer.summary) ?? title.flatMap(Importer.summary)

        nameComponentModels()
        security = securityPlan()
        formBodies = mostBodiesAreForms()
        draft.formBodies = formBodies
        (draft.fixed, draft.headers, draft.securityComments) = (security.fixed, security.headers, security.comments)
        draft.tools = tools()
        checkPageSequenceNames(&draft.tools)
        mergeStructuralDuplicates(&draft.tools)
        // Fields read-only or write-only become optional where their model is sent or received,
        // which can make two models of one structure: merged again.
        relaxOneWayFields(draft.tools)
        mergeStructuralDuplicates(&draft.tools)
        draft.errors = sharedErrors(&draft.tools)
        draft.accept = sharedAccept(&draft.tools)
        removeUnreachableModels(draft.tools, errors: draft.errors)
        sortModels()
        spreadTaggedPayloads()
        passes.shareToolEnums(&draft.tools)
        passes.shareIdenticalEnums(&draft.tools)
        passes.finishEnums(&draft.tools)
        passes.breakRequiredCycles()
        DraftPasses.sayUndecidedReads(in: &draft.tools)
        draft.models = models
        (draft.baseURL, draft.baseURLVariables, draft.baseURLComments) = baseURL(
            takenTypeNames: Set(models.map(\.name)).union(takenTypeNames))
        draft.modelComments = unusedComponentsNote()
        writtenText = passes.followExamples(&draft)
        return draft
    }
}
