import Foundation
import TestSupport
import Testing
import XToolGenerator
import XToolOpenAPI
import XToolSpec

/// Every real document in `../shared/testdata/openapi/` imports with no error into a spec that
/// loads and generates, the same bytes each time, and equal to its snapshot
/// (`Snapshots/<document>.yaml`; `scripts/regenerate` rewrites them, with
/// `XTOOLGEN_RECORD_SNAPSHOTS=1`). The generated
/// code is compiled by `scripts/compile-imported-specs`, which CI runs.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun("openapi"),
        "OpenAPI documents not found at ../shared/testdata/openapi; the importer is not checked against them"))
struct DocumentTests {
    static let folder = SharedTestData.directory("openapi")
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Snapshots")

    static let documents: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()

    static func snapshotName(_ document: String) -> String {
        URL(fileURLWithPath: document).deletingPathExtension().lastPathComponent + ".yaml"
    }

    @Test func theDocumentsAreThere() {
        #expect(Self.documents.count >= 7, "found \(Self.documents) in \(Self.folder.path)")
    }

    @Test(arguments: documents)
    func importsLoadsGeneratesAndMatchesItsSnapshot(_ document: String) throws {
        let path = Self.folder.appendingPathComponent(document).path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let result = OpenAPIImporter.importDocument(bytes, path: path, documentName: document)
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let text = try #require(result.specText)
        let again = OpenAPIImporter.importDocument(bytes, path: path, documentName: document)
        #expect(again.specText == text, "the same document imports to the same bytes")
        #expect(again.diagnostics == result.diagnostics)

        let loaded = SpecLoader.load(Array(text.utf8), fileName: Self.snapshotName(document))
        #expect(loaded.diagnostics.filter { $0.severity == .error } == [])
        let spec = try #require(loaded.spec)
        #expect(try !Generator(templates: TemplateSet()).files(for: spec).isEmpty)

        let snapshot = Self.snapshots.appendingPathComponent(Self.snapshotName(document))
        if ProcessInfo.processInfo.environment["XTOOLGEN_RECORD_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: snapshot)
        }
        let recorded = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(text == recorded, "\(document) imports differently from Snapshots/\(snapshot.lastPathComponent)")
    }

    @Test func everySnapshotHasItsDocument() throws {
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: Self.snapshots.path).filter {
            $0.hasSuffix(".yaml")
        }
        #expect(snapshots.sorted() == Self.documents.map(Self.snapshotName).sorted())
    }
}
