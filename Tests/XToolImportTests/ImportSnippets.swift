import Foundation
import TestSupport
import Testing
import XToolGenerator
import XToolImport
import XToolSamples
import XToolSpec

/// The documents the importer's tests are written around: a snippet of paths and schemas in the
/// frame every test shares.
enum Snippet {
    /// A document with `paths` (indented by 2), `schemas` (by 4) and `components`, more of
    /// `components` (by 2), and `top`, more top-level keys.
    static func document(
        paths: String, schemas: String = "", components: String = "", top: String = "", version: String = "3.0.3"
    ) -> String {
        """
        openapi: \(version)
        info: { title: Test API, version: "1" }
        servers: [{ url: "https://api.example.com/v1" }]
        \(top)
        paths:
        \(paths)
        components:
          schemas:
        \(schemas)
        \(components)
        """
    }

    /// A document whose one operation, `GET /things`, returns the schema `Thing` of `schemas`.
    static func thingsDocument(version: String = "3.0.3", schemas: String) -> String {
        document(
            paths: """
                  /things:
                    get:
                      operationId: things
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
                """,
            schemas: schemas, version: version)
    }

    /// A new temporary folder holding `files` (path: text) and the folders `folders`.
    static func folder(files: [String: String], folders: [String] = []) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        for path in folders {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    /// The lines a spec imported from `document(…)` (as `test.yaml`) starts with.
    static func preamble(version: String = "3.0.3") -> String {
        """
        # Imported from test.yaml (OpenAPI \(version): Test API 1) by `xtoolgen import`.
        # Notes like the ones below mark what the document says and the spec language can't; decide there.
        xtoolgen: 1
        api: Test
        baseURL: https://api.example.com/v1/
        summary: Test API


        """
    }
}

/// Imports `document` (as the file `name`) and expects the spec `spec` and the diagnostics
/// `diagnostics`, each compared whole, in the style of swift-openapi-generator's snippet-based
/// reference tests: a change anywhere in the output shows, not only in the lines a test looked
/// for. The spec must load. `path` is the document's file, for the files its references name;
/// their diagnostics name them relative to `path`'s folder.
func expectImport(
    _ document: String, name: String = "test.yaml", path: String? = nil, gives spec: String,
    diagnostics: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = OpenAPIImporter.importDocument(Array(document.utf8), path: path, documentName: name)
    let folder = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path + "/" }
    let described = result.diagnostics.map { diagnostic in
        let text = diagnostic.description
        guard let folder, text.hasPrefix(folder) else { return text }
        return String(text.dropFirst(folder.count))
    }
    #expect(described == diagnostics, sourceLocation: sourceLocation)
    let text = try #require(result.specText, sourceLocation: sourceLocation)
    #expect(text == spec, "\(firstDifference(text, spec))", sourceLocation: sourceLocation)
    let loaded = SpecLoader.load(Array(text.utf8), fileName: name)
    #expect(loaded.spec != nil, "\(loaded.diagnostics)\n\(text)", sourceLocation: sourceLocation)
}

/// The minimal documents of each round of defects, one folder each (README there).
enum Repro {
    /// Issue 29's: `../shared/testdata/openapi/repros-import-2/`.
    static let issue29 = ReproDocuments(name: "openapi/repros-import-2")
    /// Issue 41's: `../shared/testdata/openapi/repros-import-3/`.
    static let issue41 = ReproDocuments(name: "openapi/repros-import-3")
    /// Issue 52's: `Fixtures/repros-import-4/` (the shared folder is read-only), always present.
    static let issue52 = ReproDocuments(
        name: "Tests/XToolImportTests/Fixtures/repros-import-4",
        folder: FixtureTests.folder.appendingPathComponent("repros-import-4"))
}

extension Trait where Self == ConditionTrait {
    /// Runs a test where the documents of `repro` are (or CI requires them), else skips it and
    /// says why.
    static func needs(_ repro: ReproDocuments) -> Self {
        .enabled(
            if: SharedTestData.shouldRun(repro.name),
            "the documents of ../shared/testdata/\(repro.name) not found; this test is not run")
    }
}

/// One folder of minimal documents, each in a folder of its own as `openapi.yaml` (with the
/// files it refers to) and `EXPECTED.md`.
struct ReproDocuments {
    /// The data set's name under `../shared/testdata/` (or, for the project's own, its path).
    let name: String
    let folder: URL

    init(name: String, folder: URL? = nil) {
        self.name = name
        self.folder = folder ?? SharedTestData.directory(name)
    }

    /// The path of `<repro>/openapi.yaml`.
    func document(_ repro: String) -> String {
        folder.appendingPathComponent(repro).appendingPathComponent("openapi.yaml").path
    }

    /// `folder/<repro>/openapi.yaml` imported, expected to give `spec` and `diagnostics`.
    func expectImport(
        _ repro: String, gives spec: String, diagnostics: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = document(repro)
        let document = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        try XToolImportTests.expectImport(
            document, name: "openapi.yaml", path: path, gives: spec, diagnostics: diagnostics,
            sourceLocation: sourceLocation)
    }

    /// The Swift file `name` generated from the spec `folder/<repro>/openapi.yaml` imports to.
    func generatedFile(_ name: String, of repro: String) throws -> String {
        let path = document(repro)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let text = try #require(
            OpenAPIImporter.importDocument(bytes, path: path, documentName: "openapi.yaml").specText)
        let spec = try #require(SpecLoader.load(Array(text.utf8), fileName: "Repro.yaml").spec)
        let files = try Generator(templates: TemplateSet())
            .files(for: SampleFiles.load(spec, specPath: "Repro.yaml", folder: nil).spec)
        return try #require(files.first { $0.path.hasSuffix("/" + name) }?.contents)
    }

    /// Expects the Swift file `name` generated from the spec `folder/<repro>/openapi.yaml`
    /// imports to to be `expected`, compared whole (the first line that differs reported).
    func expectGenerated(
        _ name: String, of repro: String, gives expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = try generatedFile(name, of: repro)
        #expect(text == expected, "\(firstDifference(text, expected))", sourceLocation: sourceLocation)
    }
}

/// Where two texts part: the first line that differs, with its number.
func firstDifference(_ actual: String, _ expected: String) -> String {
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(actualLines.count, expectedLines.count) {
        let got = index < actualLines.count ? String(actualLines[index]) : "(the end)"
        let wanted = index < expectedLines.count ? String(expectedLines[index]) : "(the end)"
        if got != wanted {
            return "line \(index + 1): got \(got.debugDescription), expected \(wanted.debugDescription)"
        }
    }
    return "the texts are equal"
}
