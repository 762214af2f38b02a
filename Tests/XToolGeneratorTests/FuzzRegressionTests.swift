import Foundation
import Testing
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// Replays what the fuzzer (`scripts/fuzz`, Fuzz/FuzzSpec.swift) found: every input kept in
/// Fuzz/Regressions/ goes through the same pipeline, bytes -> spec -> every generated file, and
/// must come out as diagnostics or files, never a crash.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions")

    static var inputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 != "README.md" }.sorted()
    }

    /// What Fuzz/FuzzSpec.swift does with one input.
    static func run(_ bytes: [UInt8]) throws -> (diagnostics: Int, files: Int) {
        let loaded = SpecFiles.load(bytes, path: "Fuzz.yaml", documentPath: nil)
        _ = loaded.diagnostics.map(\.description)
        guard let spec = loaded.sampled else { return (loaded.diagnostics.count, 0) }
        var files = 0
        for options in [GeneratorOptions(), GeneratorOptions(access: .package)] {
            let generator = Generator(templates: try TemplateSet(), options: options)
            files += try generator.files(for: spec).count
            _ = try generator.singleFile(for: spec, path: "Fuzz.xtoolgen.swift")
            _ = try Generator.contextJSON(for: spec, options: options)
        }
        return (loaded.diagnostics.count, files)
    }

    @Test func theRegressionFolderExplainsItself() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("README.md").path))
    }

    @Test(arguments: inputs)
    func aFoundInputEndsInDiagnosticsOrFiles(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let outcome = try Self.run(bytes)
        #expect(outcome.diagnostics > 0 || outcome.files > 0, "\(name)")
    }
}
