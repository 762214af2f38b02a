import Foundation
import TestSupport
import Testing
import XToolGenerator
import XToolImport
import XToolSamples
import XToolSpec

/// Every document in `../shared/testdata/openapi/`, its `real/` (whole documents of real
/// services) and `split/` (one a folder of files, from the root file `split/README.md` names) imports with no error into a spec that loads and generates, the same bytes each
/// time, and equal to its snapshot (`scripts/regenerate` rewrites them, with
/// `XTOOLGEN_RECORD_SNAPSHOTS=1`). The generated
/// code is compiled by `scripts/compile-imported-specs`, which CI runs.
///
/// A spec of up to 300 KB is its snapshot whole (`Snapshots/<document>.yaml`); a bigger one (Box,
/// PagerDuty, Plaid, Twilio: 0.4 to 1 MB each) is its outline (`<document>.outline.yaml`: the
/// spec without models' fields and endpoints' parameters) and its size and FNV-1a hash, so that
/// any change fails and the outline shows its shape without committing megabytes.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun("openapi"),
        "OpenAPI documents not found at ../shared/testdata/openapi; the importer is not checked against them"))
struct DocumentTests {
    static let folder = SharedTestData.directory("openapi")
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Snapshots")
    /// The biggest spec kept whole as its snapshot.
    static let wholeSnapshotLimit = 300_000

    /// The documents, relative to `folder` (`oai-petstore-3.0.yaml`, `real/box.json`), and the
    /// root files of the split documents (`split/digitalocean/DigitalOcean-public.v2.yaml`).
    static let documents: [String] = files(in: "") + files(in: "real/") + splitRoots()

    /// The root file of each split document (a folder of `split/`, many files joined by
    /// relative references), as the first two cells of a row of `split/README.md`'s table name
    /// it: the folder and the file, each in backticks.
    static func splitRoots() -> [String] {
        let readme = folder.appendingPathComponent("split/README.md")
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`"), cells[0].hasSuffix("/`"), cells[1].hasPrefix("`") else {
                return nil
            }
            return "split/" + cells[0].trimmingCharacters(in: ["`"]) + cells[1].trimmingCharacters(in: ["`"])
        }
    }

    /// The documents of a subfolder of `folder` (`real/`), relative to `folder`, by name.
    static func files(in subfolder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)) ?? [])
            .filter { ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
            .map { subfolder + $0 }
    }

    /// `real/box.json` -> `real/box`.
    static func snapshotStem(_ document: String) -> String {
        let url = URL(fileURLWithPath: document)
        let folder = document.contains("/") ? String(document.prefix { $0 != "/" }) + "/" : ""
        return folder + url.deletingPathExtension().lastPathComponent
    }

    /// The snapshot of a spec: its file name, and its text (the spec, or its outline).
    static func snapshot(of spec: String, for document: String) -> (name: String, text: String) {
        let stem = snapshotStem(document)
        guard spec.utf8.count > wholeSnapshotLimit else { return (stem + ".yaml", spec) }
        return (stem + ".outline.yaml", outline(of: spec))
    }

    /// The spec without models' fields and endpoints' parameters and notes, after its size and hash.
    static func outline(of spec: String) -> String {
        var lines = [
            "# The outline of the spec `xtoolgen import` makes (\(spec.utf8.count) bytes, FNV-1a \(fnv1a(spec))):",
            "# its models and endpoints without their fields, parameters and notes.",
        ]
        var skipping: Int?
        for line in spec.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            if let level = skipping, indent > level || text.isEmpty { continue }
            skipping = nil
            if text.hasPrefix("#") || text.hasPrefix("summary:") { continue }
            if text.hasPrefix("fields:") || text.hasPrefix("params:") || text.hasPrefix("headers:") {
                skipping = indent
                continue
            }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n")
    }

    /// The 64-bit FNV-1a hash of the text's UTF-8, in hex.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    @Test func theDocumentsAreThere() {
        #expect(Self.documents.count >= 14, "found \(Self.documents) in \(Self.folder.path)")
    }

    @Test(arguments: documents)
    func importsLoadsGeneratesAndMatchesItsSnapshot(_ document: String) throws {
        let path = Self.folder.appendingPathComponent(document).path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let name = URL(fileURLWithPath: document).lastPathComponent
        let result = OpenAPIImporter.importDocument(bytes, path: path, documentName: name)
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let text = try #require(result.specText)
        if !document.hasPrefix("real/"), !document.hasPrefix("split/") {
            // The whole real documents take seconds each; their snapshots catch a run that differs.
            let again = OpenAPIImporter.importDocument(bytes, path: path, documentName: name)
            #expect(again.specText == text, "the same document imports to the same bytes")
            #expect(again.diagnostics == result.diagnostics)
        }

        let loaded = SpecLoader.load(Array(text.utf8), fileName: Self.snapshotStem(name) + ".yaml")
        #expect(loaded.diagnostics.filter { $0.severity == .error } == [])
        let spec = try #require(loaded.spec)
        let sampled = SampleFiles.load(spec, specPath: Self.snapshotStem(name) + ".yaml", folder: nil).spec
        #expect(try !Generator(templates: TemplateSet()).files(for: sampled).isEmpty)

        let (snapshotName, snapshotText) = Self.snapshot(of: text, for: document)
        let snapshot = Self.snapshots.appendingPathComponent(snapshotName)
        if ProcessInfo.processInfo.environment["XTOOLGEN_RECORD_SNAPSHOTS"] == "1",
            (try? String(contentsOf: snapshot, encoding: .utf8)) != snapshotText
        {
            // Recording is a command (scripts/regenerate), never a pass: a run that writes fails.
            try FileManager.default.createDirectory(
                at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(snapshotText.utf8).write(to: snapshot)
            Issue.record("recorded Snapshots/\(snapshotName); run the tests again without XTOOLGEN_RECORD_SNAPSHOTS")
        }
        let recorded = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(snapshotText == recorded, "\(document) imports differently from Snapshots/\(snapshotName)")
    }

    @Test func everySnapshotHasItsDocument() throws {
        let recorded = try FileManager.default.subpathsOfDirectory(atPath: Self.snapshots.path).filter {
            $0.hasSuffix(".yaml")
        }
        let expected = Self.documents.flatMap { document in
            let stem = Self.snapshotStem(document)
            return [stem + ".yaml", stem + ".outline.yaml"].filter(recorded.contains)
        }
        #expect(recorded.sorted() == expected.sorted(), "one snapshot per document, and none without one")
        #expect(expected.count == Self.documents.count)
    }
}
