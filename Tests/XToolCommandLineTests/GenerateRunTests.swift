import Foundation
import TestSupport
import Testing
import XToolCommandLine
import XToolDiagnostics
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// `GenerateRun`, the run behind `xtoolgen generate` and `check`, in the library: the stamp's
/// decisions (skip or render) without launching the executable.
@Suite struct GenerateRunTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generation-\(UUID().uuidString)")
    var specPath: String { folder.appendingPathComponent("Specs/Notes.yaml").path }
    var output: OutputDirectory { OutputDirectory(root: folder.appendingPathComponent("Generated")) }

    private func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The spec and its sample in a fresh folder.
    private func specFolder() throws {
        try write(NotesSpec.withSample, to: "Specs/Notes.yaml")
        try write(NotesSpec.sample, to: "Specs/samples/note.json")
    }

    /// Runs a generation of the spec; what it reported, and how it ended.
    private func run(
        checkOnly: Bool = false, options: GeneratorOptions = GeneratorOptions()
    ) throws -> (outcome: GenerateRun.Outcome, reports: [GenerateRun.Report]) {
        var reports: [GenerateRun.Report] = []
        let generation = GenerateRun(
            specs: [specPath], cleansEveryFolder: false, output: output, templates: try TemplateSet(),
            options: options, checkOnly: checkOnly)
        let outcome = generation.run { reports.append($0) }
        return (outcome, reports)
    }

    @Test func aRerunWithNothingChangedSkipsAndReportsTheOutputsUnchanged() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try specFolder()
        let first = try run()
        #expect(first.outcome == GenerateRun.Outcome(succeeded: true, skipped: [], rendered: [specPath]))
        #expect(FileManager.default.fileExists(atPath: output.root.appendingPathComponent(".xtoolgen-stamp").path))
        let again = try run()
        #expect(again.outcome == GenerateRun.Outcome(succeeded: true, skipped: [specPath], rendered: []))
        #expect(again.reports == [.out("Notes: 4 files in \(output.root.relativePath)/Notes (unchanged)")])
    }

    @Test func aChangedSampleFileRendersAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try specFolder()
        _ = try run()
        try write(#"{ "id": 2, "text": "second" }"#, to: "Specs/samples/note.json")
        let again = try run()
        #expect(again.outcome.rendered == [specPath])
        let samples = try String(
            contentsOf: output.root.appendingPathComponent("Notes/NotesAPI+Samples.swift"), encoding: .utf8)
        #expect(samples.contains("second"))
    }

    @Test func changedOptionsRenderAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try specFolder()
        _ = try run()
        #expect(try run(options: GeneratorOptions(access: .internal)).outcome.rendered == [specPath])
        // The stamp now records the new options.
        #expect(try run(options: GeneratorOptions(access: .internal)).outcome.skipped == [specPath])
    }

    @Test func aHandEditedOutputRendersAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try specFolder()
        _ = try run()
        try write("// edited\n", to: "Generated/Notes/Note.swift")
        let again = try run()
        #expect(again.outcome.rendered == [specPath])
        #expect(
            again.reports.contains(.out("Notes: 4 files in \(output.root.relativePath)/Notes (1 written, 0 removed)")))
    }

    /// `check` compares contents and never trusts the stamp: an output edited after `generate`
    /// is stale, though the stamp (the inputs) says nothing changed.
    @Test func checkComparesWhateverTheStampSays() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try specFolder()
        _ = try run()
        let current = try run(checkOnly: true)
        #expect(current.outcome == GenerateRun.Outcome(succeeded: true, skipped: [], rendered: [specPath]))
        try write("// edited\n", to: "Generated/Notes/Note.swift")
        let stale = try run(checkOnly: true)
        #expect(!stale.outcome.succeeded)
        #expect(
            stale.reports.contains(
                .err("\(output.root.relativePath)/Notes/Note.swift: stale: differs from what the specs generate")))
    }

    /// The generator takes a `SampledSpec`, which only the samples stage makes: a spec loaded by
    /// `SpecLoader` alone has its sample file unread, and the front end (`SpecFiles`) reads it.
    @Test func theSpecTheGeneratorTakesHasItsSampleFilesRead() throws {
        try specFolder()
        let alone = try #require(SpecLoader.load(Array(NotesSpec.withSample.utf8), fileName: "Notes.yaml").spec)
        #expect(alone.tools.flatMap(\.endpoints).flatMap(\.samples).map(\.body) == [nil])
        let sampled = try #require(SpecFiles.load(path: specPath).sampled)
        let bodies = sampled.spec.tools.flatMap(\.endpoints).flatMap(\.samples).compactMap(\.body)
        #expect(bodies.count == 1 && bodies[0].contains("\"first\""))
        #expect(try !Generator(templates: TemplateSet()).files(for: sampled).isEmpty)
    }
}
