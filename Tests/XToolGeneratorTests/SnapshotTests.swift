import Foundation
import Testing
import XToolFrontHalf
import XToolGenerator
import XToolSamples
import XToolSpec

/// The committed specs against two snapshots: the template context (`Snapshots/<Api>.json`)
/// and the Swift output (`Generated/`), so a translation bug and a template bug fail in
/// different places. `scripts/regenerate` rewrites both (the context snapshots with
/// `XTOOLGEN_RECORD_SNAPSHOTS=1`, under which a test that writes a snapshot fails, so that
/// recording never passes for checking).
@Suite struct SnapshotTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    static let specPaths = SpecFiles.defaultPaths(in: repository)

    private func spec(_ path: String) throws -> SampledSpec {
        let loaded = SpecFiles.load(path: Self.repository.appendingPathComponent(path).path)
        return try #require(loaded.sampled, "\(path): \(loaded.diagnostics)")
    }

    @Test(arguments: specPaths)
    func contextMatchesItsSnapshot(_ path: String) throws {
        let spec = try spec(path)
        let json = try Generator.contextJSON(for: spec, options: GeneratorOptions())
        let snapshot = Self.snapshots.appendingPathComponent("\(spec.api).json")
        if ProcessInfo.processInfo.environment["XTOOLGEN_RECORD_SNAPSHOTS"] == "1",
            (try? Data(contentsOf: snapshot)) != json
        {
            // Recording is a command (scripts/regenerate), never a pass: a run that writes fails.
            try json.write(to: snapshot)
            Issue.record("recorded Snapshots/\(spec.api).json; run the tests again without XTOOLGEN_RECORD_SNAPSHOTS")
        }
        let recorded = try Data(contentsOf: snapshot)
        #expect(String(decoding: json, as: UTF8.self) == String(decoding: recorded, as: UTF8.self))
    }

    @Test func generatedEqualsWhatTheSpecsGenerate() throws {
        let generator = try Generator(templates: TemplateSet())
        let files = try Self.specPaths.flatMap { try generator.files(for: spec($0)) }
        let output = OutputDirectory(root: Self.repository.appendingPathComponent("Generated"))
        let changes = output.changes(for: files, cleaning: output.allFolders())
        #expect(changes.written == [], "stale: run `xtoolgen generate`")
        #expect(changes.removed == [], "no spec generates these any more")
        #expect(files.count > 10)
    }

    /// The fixtures' generated code is what the generator makes of them now (`scripts/regenerate`
    /// runs `xtoolgen generate` on Tests/Fixtures/Hostile.yaml with `--access package` and
    /// on Tests/Fixtures/Names.yaml and Corners.yaml, into
    /// Tests/Fixtures/Generated).
    @Test(arguments: [
        ("Hostile", GeneratorOptions(access: .package)), ("Names", GeneratorOptions()),
        ("Corners", GeneratorOptions()),
    ])
    func fixtureIsCurrent(_ name: String, _ options: GeneratorOptions) throws {
        let files = try Generator(templates: TemplateSet(), options: options)
            .files(for: spec("Tests/Fixtures/\(name).yaml"))
        let output = OutputDirectory(root: Self.repository.appendingPathComponent("Tests/Fixtures/Generated"))
        #expect(output.changes(for: files, cleaning: [name]).isEmpty)
    }

    /// Tests/Fixtures/OnePerLine/StatusTool.swift is what the custom template there makes of
    /// Specs/Weibo.yaml (`scripts/regenerate` writes it); the package compiles it as the target
    /// WeiboOnePerLine.
    @Test func aCustomTemplateLaysOutOneParameterPerLine() throws {
        let fixture = Self.repository.appendingPathComponent("Tests/Fixtures/OnePerLine")
        let files = try Generator(templates: TemplateSet(overrides: fixture.appendingPathComponent("Templates")))
            .files(for: spec("Specs/Weibo.yaml"))
        let committed = try String(contentsOf: fixture.appendingPathComponent("StatusTool.swift"), encoding: .utf8)
        let tool = try #require(files.first { $0.path == "Weibo/StatusTool.swift" }).contents
        #expect(tool == committed)
        #expect(
            tool.contains(
                """
                  public func newStatuses(
                    sinceID: String? = nil,
                    count: Int = 20,
                  ) async throws(XToolError) -> [Status] {
                    try await api.client.send(
                      Self.newStatusesRequest,
                      [
                        .query("since_id", sinceID),
                        .query("count", count),
                      ]
                    )
                  }
                """))
    }

    /// The committed output folders carry a `.swift-format` of swift-format's defaults, so that
    /// `swift format lint -r Generated` (and an editor that formats on save) finds the style the
    /// generated code follows, not the repository's own; linted with that file, they have no
    /// findings.
    @Test(arguments: ["Generated", "Tests/Fixtures/Generated"])
    func generatedCodeCarriesTheDefaultStyleAndHasNoFindings(_ folder: String) throws {
        let defaults = try swiftFormat(["dump-configuration"])
        #expect(defaults.status == 0)
        let configuration = Self.repository.appendingPathComponent(folder).appendingPathComponent(".swift-format")
        let committed = try String(contentsOf: configuration, encoding: .utf8)
        #expect(committed == defaults.output, "\(folder)/.swift-format is not `swift format dump-configuration`")
        let lint = try swiftFormat(["lint", "--strict", "--recursive", folder])
        #expect(lint.status == 0, "\(lint.output)")
        #expect(lint.output.isEmpty, "\(lint.output)")
    }

    /// `--output-file`'s single files (what the build-tool plugin compiles) pass the same lint.
    @Test func singleFilesHaveNoSwiftFormatFindings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("single-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generator = try Generator(templates: TemplateSet())
        let files = try Self.specPaths.map { path in
            try generator.singleFile(
                for: spec(path), path: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".swift")
        }
        try OutputDirectory(root: folder).write(files, cleaning: [])
        #expect(files.count == Self.specPaths.count)
        try expectNoSwiftFormatFindings(in: folder)
    }

    /// Generated code is linted in swift-format's default style, as an app's linter sees it, not
    /// in the style of the repository's own `.swift-format`.
    private func expectNoSwiftFormatFindings(in folder: URL) throws {
        let defaults = try swiftFormat(["dump-configuration"])
        #expect(defaults.status == 0)
        let configuration = FileManager.default.temporaryDirectory
            .appendingPathComponent("default-\(UUID().uuidString).swift-format")
        defer { try? FileManager.default.removeItem(at: configuration) }
        try Data(defaults.output.utf8).write(to: configuration)
        let lint = try swiftFormat(
            ["lint", "--strict", "--configuration", configuration.path, "--recursive", folder.path])
        #expect(lint.status == 0, "\(lint.output)")
    }

    /// Runs `swift format` with `arguments`: its exit status and everything it printed.
    private func swiftFormat(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "format"] + arguments
        process.currentDirectoryURL = Self.repository
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}
