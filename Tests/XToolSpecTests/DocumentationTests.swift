import Foundation
import Testing
import XToolSpec

/// The specs shown in README.md and docs/spec-language.md are the ones the validator accepts,
/// and the README's example error is what it reports.
@Suite struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fenced blocks of `language` in a Markdown file, in order.
    static func blocks(_ language: String, in file: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
        var blocks: [String] = []
        var current: (language: Substring, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let block = current {
                if line == "```" {
                    if block.language == language { blocks.append(block.lines.joined(separator: "\n") + "\n") }
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                current = (line.dropFirst(3), [])
            }
        }
        return blocks
    }

    @Test func theReadmeSpecIsValidAndItsErrorIsTheOneReported() throws {
        let spec = try #require(try Self.blocks("yaml", in: "README.md").first)
        #expect(SpecLoader.load(Array(spec.utf8), fileName: "Weibo.yaml").diagnostics == [])

        let misspelt = spec.replacingOccurrences(of: "        response:", with: "        reponse:")
        let reported = SpecLoader.load(Array(misspelt.utf8), fileName: "Weibo.yaml").diagnostics
            .map { $0.formatted(path: "Specs/Weibo.yaml") }
        let shown = try Self.blocks("", in: "README.md").filter { $0.contains(": error: ") }
        #expect(shown.map { $0.trimmingCharacters(in: .newlines) } == reported)
    }

    @Test func theReferenceExamplesTogetherAreOneValidSpec() throws {
        let spec = try Self.blocks("yaml", in: "docs/spec-language.md").joined()
        let result = SpecLoader.load(Array(spec.utf8), fileName: "Reference.yaml")
        #expect(result.diagnostics.filter { $0.severity == .error } == [])
        #expect(result.spec?.tools.first?.endpoints.count == 2)
        #expect(result.spec?.models.count == 3)
    }
}
