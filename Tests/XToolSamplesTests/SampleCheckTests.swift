import Foundation
import Testing
import XToolDiagnostics
import XToolSamples
import XToolSpec

/// Every spec in `Mismatches/` names samples (inline, or files in `Mismatches/samples/`) that
/// don't read as their endpoints read responses, and ends with the diagnostics it must produce,
/// one `# expect: place: severity: message` comment each, in order: the place is `line:column`
/// in the spec, or `samples/<file>:line:column` in a sample file; `<folder>` stands for the
/// folder's absolute path.
@Suite struct SampleCheckTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Mismatches")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test func everyKindOfMismatchHasACase() {
        #expect(Self.files.count >= 8)
    }

    @Test(arguments: files)
    func reportsExactlyTheExpectedDiagnostics(_ file: String) throws {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let expected = String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("# expect: ") }
            .map { String($0.dropFirst("# expect: ".count)) }
        #expect(!expected.isEmpty, "\(file) states no expectation")

        let diagnostics = Self.diagnostics(of: bytes, named: file)
        let lines = diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) }
        #expect(
            lines.map { $0.replacingOccurrences(of: Self.folder.standardizedFileURL.path, with: "<folder>") }
                == expected)
    }

    /// The spec's diagnostics, then, when it loaded, those of reading and checking its samples.
    static func diagnostics(of bytes: [UInt8], named file: String) -> [Diagnostic] {
        let loaded = SpecLoader.load(bytes, fileName: file)
        guard let spec = loaded.spec else { return loaded.diagnostics }
        let samples = SampleFiles.load(spec, specPath: file, folder: folder)
        return (loaded.diagnostics + samples.diagnostics).sortedBySource
    }
}
