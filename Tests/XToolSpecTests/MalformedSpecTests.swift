import Foundation
import Testing
import XToolSpec

/// Every file in `MalformedSpecs/` is a broken spec that ends with the diagnostics it must
/// produce, one `# expect: line:column: severity: message` comment each, in order (a note is
/// a `# expect: line:column: note: …` line of its own after its diagnostic).
@Suite struct MalformedSpecTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("MalformedSpecs")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test func thereAreMoreThanFortyCases() {
        #expect(Self.files.count >= 40)
    }

    @Test(arguments: files)
    func reportsExactlyTheExpectedDiagnostics(_ file: String) throws {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let expected = String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("# expect: ") }
            .map { String($0.dropFirst("# expect: ".count)) }
        #expect(!expected.isEmpty, "\(file) states no expectation")

        let result = SpecLoader.load(bytes, fileName: file)
        #expect(result.diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) } == expected)
        let hasErrors = expected.contains { $0.contains(": error: ") }
        #expect((result.spec == nil) == hasErrors, "a spec is returned exactly when there is no error")
    }
}
