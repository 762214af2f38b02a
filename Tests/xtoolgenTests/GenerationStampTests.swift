import Foundation
import TestSupport
import Testing

/// `generate`'s stamp (`.xtoolgen-stamp` beside the outputs): a rerun with nothing changed skips
/// rendering, and every change of what the output depends on renders again. A run that renders
/// rewrites the stamp; a skipped one leaves it alone, which is what these tests watch.
@Suite struct GenerationStampTests {
    static let spec = NotesSpec.withSample

    /// A folder with the spec and its sample, generated once into `Generated/`.
    private func generated() throws -> XToolGenCLI {
        let cli = try XToolGenCLI()
        try cli.write(Self.spec, to: "Specs/Notes.yaml")
        try cli.write(NotesSpec.sample, to: "Specs/samples/note.json")
        let first = try cli.run("generate", "Specs/Notes.yaml")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(cli.read("Generated/.xtoolgen-stamp") != nil)
        return cli
    }

    /// Runs `generate` with `arguments` (the spec by default) and tells whether it rendered: the
    /// stamp is rewritten by a run that renders and left alone by one that skips.
    private func rendered(_ cli: XToolGenCLI, _ arguments: String...) throws -> (
        rendered: Bool, stdout: String, stderr: String
    ) {
        try rendered(cli, arguments: arguments.isEmpty ? ["generate", "Specs/Notes.yaml"] : arguments)
    }

    private func rendered(
        _ cli: XToolGenCLI, arguments: [String], stamp: String = "Generated/.xtoolgen-stamp",
        program: URL = XToolGenCLI.executable
    ) throws -> (rendered: Bool, stdout: String, stderr: String) {
        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes(
            [.modificationDate: longAgo], ofItemAtPath: cli.folder.appendingPathComponent(stamp).path)
        let run = try cli.run(program: program.path, arguments: arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return (try cli.modified(stamp) != longAgo, run.stdout, run.stderr)
    }

    @Test func aRerunWithNothingChangedSkips() throws {
        let cli = try generated()
        defer { cli.remove() }
        let again = try rendered(cli)
        #expect(!again.rendered)
        #expect(again.stdout == "Notes: 4 files in Generated/Notes (unchanged)\n")
        #expect(try cli.run("check", "Specs/Notes.yaml").status == 0)
    }

    @Test func aChangedSpecRenders() throws {
        let cli = try generated()
        defer { cli.remove() }
        try cli.write(Self.spec.replacingOccurrences(of: "text: String", with: "body: String?"), to: "Specs/Notes.yaml")
        let again = try rendered(cli)
        #expect(again.rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.contains("body") == true)
    }

    @Test func aChangedSampleFileRenders() throws {
        let cli = try generated()
        defer { cli.remove() }
        try cli.write(#"{ "id": 1, "text": "second" }"#, to: "Specs/samples/note.json")
        let again = try rendered(cli)
        #expect(again.rendered)
        #expect(cli.read("Generated/Notes/NotesAPI+Samples.swift")?.contains("second") == true)
    }

    @Test func aChangedFileAnOpenAPIDocumentRefersToRenders() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(
            """
            openapi: 3.0.3
            info: { title: Notes, version: "1" }
            servers: [{ url: "https://notes.example.com/" }]
            paths:
              /notes/{id}:
                get:
                  operationId: note
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200':
                      description: ok
                      content: { application/json: { schema: { $ref: 'schemas.yaml#/Note' } } }

            """, to: "Specs/Notes.yaml")
        let schemas = "Note:\n  type: object\n  properties:\n    id: { type: integer }\n"
        try cli.write(schemas, to: "Specs/schemas.yaml")
        #expect(try cli.run("generate", "Specs/Notes.yaml").status == 0)
        #expect(!(try rendered(cli)).rendered)

        try cli.write(schemas + "    title: { type: string }\n", to: "Specs/schemas.yaml")
        #expect(try rendered(cli).rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.contains("title") == true)
    }

    @Test func aChangedModelsFileRenders() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(
            "xtoolgen: 1\napi: Things\nbaseURL: https://things.example.com/\ninclude: models/things.yaml\n",
            to: "Specs/Things.yaml")
        try cli.write("models:\n  Thing:\n    fields:\n      name: String\n", to: "Specs/models/things.yaml")
        #expect(try cli.run("generate", "Specs/Things.yaml").status == 0)
        #expect(!(try rendered(cli, "generate", "Specs/Things.yaml")).rendered)

        try cli.write("models:\n  Thing:\n    fields:\n      title: String\n", to: "Specs/models/things.yaml")
        #expect(try rendered(cli, "generate", "Specs/Things.yaml").rendered)
        #expect(cli.read("Generated/Things/Thing.swift")?.contains("title") == true)
    }

    @Test func aChangedSpecOfTheSameModuleRenders() throws {
        let cli = try generated()
        defer { cli.remove() }
        let other =
            "xtoolgen: 1\napi: Other\nbaseURL: https://other.example.com/\nmodels:\n  Memo:\n    fields:\n      id: Int\n"
        try cli.write(other, to: "Specs/Other.yaml")
        let arguments = ["generate", "Specs/Notes.yaml", "--same-module", "Specs/Other.yaml"]
        #expect(try rendered(cli, arguments: arguments).rendered)
        #expect(!(try rendered(cli, arguments: arguments)).rendered)

        // Now the other spec declares `Note` too: a clash, which a skip must not hide.
        try cli.write(other.replacingOccurrences(of: "Memo", with: "Note"), to: "Specs/Other.yaml")
        let clash = try cli.run(program: XToolGenCLI.executable.path, arguments: arguments)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("error:"))
    }

    @Test func changedTemplatesRender() throws {
        let cli = try generated()
        defer { cli.remove() }
        let header = "// Notes, by hand-made templates.\n{{header}}\n"
        try cli.write(header, to: "Templates/Header.mustache")
        let overridden = try rendered(cli, "generate", "Specs/Notes.yaml", "--templates", "Templates")
        #expect(overridden.rendered)
        #expect(!(try rendered(cli, "generate", "Specs/Notes.yaml", "--templates", "Templates")).rendered)

        try cli.write(header.replacingOccurrences(of: "hand-made", with: "other"), to: "Templates/Header.mustache")
        #expect(try rendered(cli, "generate", "Specs/Notes.yaml", "--templates", "Templates").rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.hasPrefix("// Notes, by other templates.") == true)

        // A template added beside the others counts too.
        try cli.write("{{> Header}}\n// A model.\n", to: "Templates/Model.mustache")
        #expect(try rendered(cli, "generate", "Specs/Notes.yaml", "--templates", "Templates").rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.contains("// A model.") == true)

        // Back to the defaults.
        #expect(try rendered(cli).rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.hasPrefix("// Generated by xtoolgen") == true)
    }

    @Test func changedOptionsRender() throws {
        let cli = try generated()
        defer { cli.remove() }
        #expect(try rendered(cli, "generate", "Specs/Notes.yaml", "--access", "internal").rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.contains("public") == false)
        #expect(!(try rendered(cli, "generate", "Specs/Notes.yaml", "--access", "internal")).rendered)
        // `--nonisolated` is accepted and changes nothing: the code is nonisolated already.
        #expect(!(try rendered(cli, "generate", "Specs/Notes.yaml", "--access", "internal", "--nonisolated")).rendered)
        #expect(cli.read("Generated/Notes/Note.swift")?.contains("nonisolated struct Note") == true)
    }

    @Test func anotherGeneratorRenders() throws {
        let cli = try generated()
        defer { cli.remove() }
        // A copy of the generator is another executable (another file, another inode), as a
        // rebuilt or updated one is.
        let copy = cli.folder.appendingPathComponent("xtoolgen-copy")
        try FileManager.default.copyItem(at: XToolGenCLI.executable, to: copy)
        #expect(try rendered(cli, arguments: ["generate", "Specs/Notes.yaml"], program: copy).rendered)
        #expect(cli.read("Generated/.xtoolgen-stamp")?.contains("xtoolgen-copy") == true)
    }

    @Test func aHandEditedOrDeletedOutputRenders() throws {
        let cli = try generated()
        defer { cli.remove() }
        let original = try #require(cli.read("Generated/Notes/Note.swift"))
        try cli.write(original + "// by hand\n", to: "Generated/Notes/Note.swift")
        // check compares contents, whatever the stamp says.
        let stale = try cli.run("check", "Specs/Notes.yaml")
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("Generated/Notes/Note.swift: stale"))
        let edited = try rendered(cli)
        #expect(edited.rendered)
        #expect(edited.stdout == "Notes: 4 files in Generated/Notes (1 written, 0 removed)\n")
        #expect(cli.read("Generated/Notes/Note.swift") == original)

        try FileManager.default.removeItem(at: cli.folder.appendingPathComponent("Generated/Notes/NoteTool.swift"))
        let deleted = try rendered(cli)
        #expect(deleted.rendered)
        #expect(cli.read("Generated/Notes/NoteTool.swift") != nil)
    }

    @Test func aSkippedSpecReportsItsWarningsAgain() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        // A sample that doesn't match its type is a warning.
        try cli.write(Self.spec, to: "Specs/Notes.yaml")
        try cli.write(#"{ "id": "one", "text": "first" }"#, to: "Specs/samples/note.json")
        let first = try cli.run("generate", "Specs/Notes.yaml")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("warning:"))
        let again = try rendered(cli)
        #expect(!again.rendered)
        #expect(again.stderr == first.stderr)
    }

    @Test func theOutputFileHasAStampOfItsOwn() throws {
        let cli = try generated()
        defer { cli.remove() }
        let arguments = ["generate", "Specs/Notes.yaml", "--output-file", "out/Notes.xtoolgen.swift"]
        #expect(try cli.run(program: XToolGenCLI.executable.path, arguments: arguments).status == 0)
        let stamp = "out/.Notes.xtoolgen.swift.xtoolgen-stamp"
        let again = try rendered(cli, arguments: arguments, stamp: stamp)
        #expect(!again.rendered)
        #expect(again.stdout == "out/Notes.xtoolgen.swift (unchanged)\n")
        try cli.write("// by hand\n", to: "out/Notes.xtoolgen.swift")
        #expect(try rendered(cli, arguments: arguments, stamp: stamp).rendered)
        #expect(cli.read("out/Notes.xtoolgen.swift")?.hasPrefix("// Generated by xtoolgen") == true)
    }
}
