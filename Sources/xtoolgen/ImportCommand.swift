import Foundation
import XToolCommandLine
import XToolDiagnostics
import XToolFrontHalf
import XToolImport
import XToolSpec

/// `xtoolgen import DOCUMENT [--api Name] [--host H] [--output Specs/Name.yaml]`: an OpenAPI
/// document or a HAR capture in, a spec out (to the file, else to stdout), with the document's
/// warnings at their lines and, for a capture, what was inferred from how many calls.
enum ImportCommand {
    static let commandOptions = [
        CommandOption(
            "--api", value: "Name", help: "The API's name (default: the output file's name when it is",
            "a Swift type name, else the words of info.title)"),
        CommandOption(
            "--host", value: "HOST", help: "A capture: import the calls to HOST (default: the host",
            "most calls went to)"),
        CommandOption(
            "--output", value: "FILE", help: "Write the spec to FILE, only when its bytes changed",
            "(default: stdout);",
            "a capture into a folder (DIR/): one spec per host, each", "named from its host (DIR/Github.yaml)"),
    ]

    static let help = """
        USAGE: xtoolgen import DOCUMENT [--api Name] [--host H] [--output Specs/Name.yaml]

        Writes the spec of an OpenAPI 3.0 or 3.1 document or a Swagger 2.0 one (YAML or JSON),
        or of a HAR 1.2 capture of an app's traffic, to the file or to stdout; what the spec
        language can't say is a warning at the document's line and column, and a note in the
        spec. No value of a credential a capture holds is written.

        OPTIONS:
        \(commandOptions.helpText)
          -h, --help            Show this help

        Exit status: 0 when imported (warnings allowed), 1 on errors in the document, 2 on a
        usage error.
        """

    static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(UsageError) -> ExitCode {
        let parsed = try ParsedArguments(
            commandLine: arguments, command: "import", flags: commandOptions.flags, options: commandOptions.valued)
        guard parsed.positional.count == 1, let path = parsed.positional.first?.text else {
            throw UsageError(message: "'import' takes exactly one OpenAPI document or HAR capture")
        }
        let api = parsed.value("--api")
        if let api, !ReservedNames.canNameModel(api) {
            throw UsageError(message: "'--api' takes a Swift type name, like Petstore, not '\(api)'")
        }
        let output = parsed.value("--output")
        // The document read once; its bytes are not kept (a capture's are most of what an import
        // would hold).
        let document: Document
        do {
            document = Document(Array(try InputFile.contents(of: path)))
        } catch {
            terminal.report(error)
            return .failure
        }
        var isFolder: ObjCBool = false
        if let output,
            output.hasSuffix("/")
                || FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
                    && isFolder.boolValue,
            case .capture(let traffic) = document, parsed.value("--host") == nil
        {
            // One spec per host, each named from its host.
            var names: Set<String> = []
            var status = ExitCode.success
            for host in traffic.hosts {
                let name = SwiftNaming.unique(CaptureImporter.apiName(ofHost: host)) { names.contains($0) }
                names.insert(name)
                let file = URL(fileURLWithPath: output).appendingPathComponent("\(name).yaml").path
                let options = ImportOptions(host: host, specFile: "\(name).yaml", api: name)
                if importOne(document, path: path, options: options, output: file, terminal: terminal)
                    != .success
                {
                    status = .failure
                }
            }
            return status
        }
        let options = ImportOptions(
            host: parsed.value("--host"), specFile: output.map { URL(fileURLWithPath: $0).lastPathComponent }, api: api)
        return importOne(document, path: path, options: options, output: output, terminal: terminal)
    }

    /// One spec imported from `document` and written to `output` (nil: stdout).
    private static func importOne(
        _ document: Document, path: String, options: ImportOptions, output: String?, terminal: Terminal
    ) -> ExitCode {
        let documentName = URL(fileURLWithPath: path).lastPathComponent
        let specName = output ?? "(the imported spec)"
        let imported = ImportedSpec(
            document.imported(path: path, documentName: documentName, options: options),
            fileName: URL(fileURLWithPath: specName).lastPathComponent)
        for diagnostic in imported.result.diagnostics {
            terminal.report(diagnostic.file == nil ? diagnostic.inFile(path) : diagnostic)
        }
        for line in imported.result.summary { terminal.err("\(path): \(line)") }
        guard let text = imported.result.specText, !imported.result.hasErrors else { return .failure }
        // The spec must load; if it doesn't, that is the importer's mistake, reported as such.
        guard let spec = imported.spec else {
            for diagnostic in imported.specDiagnostics where diagnostic.severity == .error {
                var reported = diagnostic.inFile(specName)
                reported.note = "the importer wrote a spec that does not load; please report it with the document"
                terminal.report(reported)
            }
            return .failure
        }
        // What `validate` says of the spec, at its lines: its own warnings and its samples' (an
        // example that doesn't read as the imported types).
        for diagnostic in imported.specDiagnostics {
            terminal.report(diagnostic.file == nil ? diagnostic.inFile(specName) : diagnostic)
        }
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return .success
        }
        do {
            let url = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.contents(atPath: output) != Data(text.utf8) { try Data(text.utf8).write(to: url) }
        } catch {
            terminal.report(Diagnostic(.error, "can't write \(output): \(error.localizedDescription)"))
            return .failure
        }
        let endpoints = spec.tools.flatMap(\.endpoints)
        let sampled = endpoints.count { !$0.samples.isEmpty }
        let counts = [(spec.models.count, "model"), (spec.tools.count, "tool"), (endpoints.count, "endpoint")]
            .map { "\($0) \($1)\($0 == 1 ? "" : "s")" }
        terminal.out("\(output): \(spec.api) from \(path) (\(counts.joined(separator: ", ")))")
        // Said, since a newcomer looks for the samples an import usually brings.
        if sampled == 0, !endpoints.isEmpty {
            terminal.err(
                "\(path): note: the document gives no response examples, so \(output) has no samples: no preview, "
                    + "no checkSamples() (add them from the API's documentation: docs/spec-language.md#samples)")
        }
        return .success
    }
}
