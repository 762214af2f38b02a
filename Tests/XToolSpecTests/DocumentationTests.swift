import Foundation
import Testing
import XToolDiagnostics
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

        let shown = try Self.blocks("", in: "README.md").filter { $0.contains(": error: ") }
            .map { $0.trimmingCharacters(in: .newlines) }
        #expect(shown.first == misspeltResponse(in: spec, path: "Specs/Weibo.yaml", endpoint: "newStatuses"))

        // The plugin section's error is the example package's spec, misspelt the same way.
        let example = "Examples/Timeline/Sources/Timeline/Specs/Timeline.yaml"
        let timeline = try String(contentsOf: Self.repository.appendingPathComponent(example), encoding: .utf8)
        #expect(shown.last == misspeltResponse(in: timeline, path: "/path/to/" + example, endpoint: "publish"))
    }

    /// The diagnostic for `spec` with the `response:` of `endpoint` written `reponse:`.
    private func misspeltResponse(in spec: String, path: String, endpoint: String) -> String? {
        var lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "      \(endpoint):"),
            let line = lines[start...].firstIndex(where: { $0.hasPrefix("        response:") })
        else { return nil }
        lines[line] = lines[line].replacingOccurrences(of: "response:", with: "reponse:")
        let diagnostics = SpecLoader.load(Array(lines.joined(separator: "\n").utf8), fileName: "spec.yaml").diagnostics
        return diagnostics.count == 1 ? diagnostics[0].inFile(path).description : nil
    }

    /// The whole specs in docs/runtime.md (the token endpoint its refresh example calls) validate.
    @Test func theRuntimeGuidesWholeSpecsAreValid() throws {
        let specs = try Self.blocks("yaml", in: "docs/runtime.md").filter { $0.contains("xtoolgen: 1") }
        #expect(!specs.isEmpty)
        for spec in specs {
            #expect(SpecLoader.load(Array(spec.utf8), fileName: "Guide.yaml").diagnostics == [], "\(spec)")
        }
    }

    /// The blocks of docs/spec-language.md that are files of their own: a first line that names
    /// one (`# Specs/Reddit.yaml`), by that path; the other blocks are parts of one spec.
    static func referenceFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for block in try blocks("yaml", in: "docs/spec-language.md") {
            guard let path = fileName(of: block) else { continue }
            files[path] = block
        }
        return files
    }

    /// `Specs/Reddit.yaml` for a block whose first line is `# Specs/Reddit.yaml…`.
    static func fileName(of block: String) -> String? {
        let firstLine = block.prefix { $0 != "\n" }
        guard firstLine.hasPrefix("# "), let word = firstLine.dropFirst(2).split(separator: " ").first,
            word.hasSuffix(".yaml") || word.hasSuffix(".yaml:")
        else { return nil }
        return String(word.hasSuffix(":") ? word.dropLast() : word)
    }

    /// Every whole spec shown as a file of its own validates, the models files it includes read
    /// from the blocks that show them.
    @Test func theReferenceFilesOfTheirOwnAreValidSpecs() throws {
        let files = try Self.referenceFiles()
        let specs = files.filter { $0.value.contains("\nxtoolgen: 1\n") }
        #expect(!specs.isEmpty)
        for (path, text) in specs {
            let folder = (path as NSString).deletingLastPathComponent
            let result = SpecLoader.load(Array(text.utf8), fileName: path) { included in
                let includedPath = folder.isEmpty ? included : folder + "/" + included
                guard let text = files[includedPath] else {
                    return .failure(Diagnostic(.error, "no such block"))
                }
                return SpecLoader.document(Array(text.utf8)).map { $0.inFile(includedPath) }
            }
            #expect(result.diagnostics.map(\.description) == [], "\(path)")
        }
    }

    @Test func theReferenceExamplesTogetherAreOneValidSpec() throws {
        let spec = try Self.blocks("yaml", in: "docs/spec-language.md").filter { Self.fileName(of: $0) == nil }
            .joined()
        let result = SpecLoader.load(Array(spec.utf8), fileName: "Reference.yaml")
        #expect(result.diagnostics.filter { $0.severity == .error } == [])
        #expect(result.spec?.tools.first?.endpoints.count == 2)
        #expect(result.spec?.models.count == 7)
        #expect(result.spec?.refresh?.renews == ["Authorization"])
    }
}
