import XToolDiagnostics
import XToolImport
import XToolSamples
import XToolSpec
import XToolYAML

/// A file's document, read once, as the front end that reads it sees it: the first stage of the
/// front half (bytes → `Document` → spec → `SampledSpec`). Every command that takes a spec, an
/// OpenAPI document or a capture chooses its front end here, and nowhere else.
package enum Document: Sendable {
    /// A spec in this project's language: its tree, or why it can't be read.
    case spec(Result<YAMLNode, Diagnostic>)
    /// An OpenAPI 3.x or Swagger 2.0 document (an `openapi:` or `swagger:` key), or the
    /// importer's error when its text can't be read.
    case openAPI(Result<YAMLNode, Diagnostic>)
    /// A HAR capture of an app's traffic (`log.entries`), read into its calls.
    case capture(CapturedTraffic)

    /// The document of `bytes`: JSON or YAML read once; a file that YAML can't read is scanned
    /// for an `openapi:` key before its error, so a broken document gets the importer's error.
    /// Nothing of `bytes` is kept (a capture's are most of what an import would hold).
    package init(_ bytes: consuming [UInt8]) {
        let read = SpecLoader.document(bytes)
        if case .success(let root) = read, CaptureImporter.isCapture(root) {
            // The capture's bytes and tree are let go as its calls are read.
            _ = consume bytes
            _ = consume read
            self = .capture(CapturedTraffic(root))
            return
        }
        let root = try? read.get()
        if let root, OpenAPIImporter.isDocument(root) {
            self = .openAPI(.success(root))
        } else if root == nil, OpenAPIImporter.isDocument(bytes) {
            self = .openAPI(OpenAPIImporter.read(bytes))
        } else {
            self = .spec(read)
        }
    }

    /// The second stage for a document a spec is imported from: its front end's spec text,
    /// diagnostics and summary; a spec is imported as the OpenAPI importer imports a document
    /// that is none, which says what it lacks.
    package func imported(path: String?, documentName: String, options: ImportOptions) -> ImportResult {
        switch self {
        case .capture(let traffic):
            CaptureImporter.importCapture(
                traffic, documentName: documentName, host: options.host, specFile: options.specFile,
                api: options.api)
        case .openAPI(.success(let root)), .spec(.success(let root)):
            OpenAPIImporter.importDocument(
                root, path: path, documentName: documentName, specFile: options.specFile, api: options.api)
        case .openAPI(.failure(let error)), .spec(.failure(let error)):
            ImportResult(unread: error)
        }
    }
}

/// What an import is told besides the document (`xtoolgen import --host --output --api`).
package struct ImportOptions: Sendable {
    /// A capture's host whose calls are imported (nil: the host most calls went to).
    package var host: String?
    /// The name of the spec file being written, which names the API when it is a Swift type name.
    package var specFile: String?
    /// The API's name, over any other.
    package var api: String?

    package init(host: String? = nil, specFile: String? = nil, api: String? = nil) {
        self.host = host
        self.specFile = specFile
        self.api = api
    }
}

/// The third stage for an imported document: the spec text loaded as `validate` loads the
/// file it is written to, and its samples read, so every diagnostic of the spec an import
/// writes is known before it is written.
package struct ImportedSpec: Sendable {
    /// The front end's result: spec text, its diagnostics about the document, its summary.
    package var result: ImportResult
    /// The spec; nil when the import had errors or the spec text did not load.
    package var spec: Spec?
    /// The spec with its samples read; nil when anything has an error.
    package var sampled: SampledSpec?
    /// The spec's diagnostics and its samples', at the spec's lines (in no file: the caller
    /// names the spec); empty when the import had errors.
    package var specDiagnostics: [Diagnostic] = []
    /// The spec text did not load: the importer's mistake, not the document's.
    package var specFailed = false
    /// The files loading read: the document's references and the samples' files.
    package var files: [(path: String, contents: [UInt8])] = []

    /// `result`'s spec loaded (as `fileName`) and its samples read.
    package init(_ result: ImportResult, fileName: String) {
        self.result = result
        files = result.files
        guard let text = result.specText, !result.hasErrors else { return }
        let loaded = SpecLoader.load(Array(text.utf8), fileName: fileName, timeZones: SpecFiles.knownTimeZones)
        guard let spec = loaded.spec else {
            specDiagnostics = loaded.diagnostics
            specFailed = true
            return
        }
        self.spec = spec
        let samples = SampleFiles.load(spec, specPath: fileName, folder: nil)
        specDiagnostics = (loaded.diagnostics + samples.diagnostics).sortedBySource
        files += samples.files
        if !specDiagnostics.contains(where: { $0.severity == .error }) { sampled = samples.spec }
    }
}
