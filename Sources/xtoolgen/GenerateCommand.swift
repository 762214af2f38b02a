import Foundation
import XToolCommandLine
import XToolDiagnostics
import XToolGenerator
import XToolSpec

/// `xtoolgen generate` and `xtoolgen check`: specs in, `Generated/<Api>/` out (or compared).
enum GenerateCommand {
    static let flags = GeneratorOptions.flags
    static let options = GeneratorOptions.options.union([
        "--output", "--output-file", "--options-file", "--templates", "--same-module",
    ])

    static let generateHelp = """
        USAGE: xtoolgen generate [SPEC...] [options]

        Writes Generated/<Api>/ from the specs, one file per type: only files whose bytes
        changed are written, and generated files whose spec is gone are removed.

        \(sharedHelp)

        Exit status: 0 when generated (warnings allowed), 1 on errors in a spec, an options
        file or a template, 2 on a usage error.
        """

    static let checkHelp = """
        USAGE: xtoolgen check [SPEC...] [options]

        Compares the output folder with what generate would write, and names each stale file
        (for CI). Takes the options of generate.

        \(sharedHelp)

        Exit status: 0 when up to date (warnings allowed), 1 when a file is stale or a spec has
        errors, 2 on a usage error.
        """

    /// What generate and check share: the specs and the options.
    private static let sharedHelp = """
        SPEC... defaults to every Specs/*.yaml (.yml, .json) of the current folder; an OpenAPI
        document among them is imported in memory.

        OPTIONS:
        \(optionsHelp)
          -h, --help            Show this help
        """

    /// The options of generate and check, one to a line (the general help lists them too).
    static let optionsHelp = """
          --output DIR          Where generated files go (default: Generated)
          --output-file FILE    Write one spec's whole data layer into the single file FILE
                                (what the build-tool plugin compiles)
          --options-file FILE   Read --access and --nonisolated from FILE (# comments);
                                options on the command line win
          --templates DIR       Templates that replace the defaults of the same name
          --same-module SPEC    Another spec compiled into the same module (repeatable): a
                                type both declare is an error naming both (the build-tool
                                plugin passes the target's other specs)
          --access LEVEL        public (default), package or internal
          --nonisolated         Accepted and ignored: generated types are always nonisolated,
                                so they work where the default isolation is the main actor
        """

    /// Generates (or, with `checkOnly`, compares) every spec; 1 when a spec has errors or, for
    /// `check`, when a file is stale.
    static func run(_ arguments: ArraySlice<String>, checkOnly: Bool, terminal: Terminal) throws(UsageError) -> ExitCode
    {
        let command = checkOnly ? "check" : "generate"
        let parsed = try ParsedArguments(commandLine: arguments, command: command, flags: flags, options: options)
        var baseOptions = GeneratorOptions()
        if let optionsFile = parsed.value("--options-file") {
            let read = OptionsFile.apply(path: optionsFile, to: baseOptions)
            for diagnostic in read.diagnostics { terminal.report(diagnostic) }
            guard read.diagnostics.isEmpty else { return .failure }
            baseOptions = read.options
        }
        let generatorOptions = try generatorOptions(parsed, over: baseOptions)
        let paths = try XToolGenCommand.specPaths(parsed.positional)
        let outputFile = parsed.value("--output-file")
        if outputFile != nil {
            guard parsed.value("--output") == nil else {
                throw UsageError(message: "'--output' and '--output-file' can't be used together")
            }
            guard paths.count == 1 else {
                throw UsageError(message: "'--output-file' takes exactly one spec, not \(paths.count)")
            }
        }
        let output = OutputDirectory(
            root: outputFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
                ?? URL(fileURLWithPath: parsed.value("--output") ?? "Generated"))
        let templates: TemplateSet
        do {
            templates = try TemplateSet(overrides: parsed.value("--templates").map { URL(fileURLWithPath: $0) })
        } catch {
            terminal.report(error)
            return .failure
        }
        let generator = Generator(templates: templates, options: generatorOptions)
        // `generate` skips a spec whose stamp says nothing changed; `check` compares contents.
        let stampLocation = GenerationStamp.location(in: output, outputFile: outputFile)
        var stamp = checkOnly ? GenerationStamp() : GenerationStamp.read(at: stampLocation)
        // The specs of the same module decide whether a spec's names clash: their bytes and the
        // files they include are inputs too (a spec of them that can't be read: nothing is skipped).
        var sameModuleInputs: [String: ContentDigest]? = [:]
        let sameModule = (parsed.values["--same-module"] ?? []).map { value -> LoadedSpec in
            guard let data = try? InputFile.contents(of: value.text) else {
                sameModuleInputs = nil
                return SpecFiles.load(path: value.text)
            }
            let loaded = SpecFiles.load(Array(data), path: value.text, documentPath: value.text)
            sameModuleInputs?[GenerationStamp.key(forSpecAt: value.text)] = ContentDigest(data)
            for file in loaded.includedFiles { sameModuleInputs?[file.path] = ContentDigest(file.contents) }
            return loaded
        }
        let setting =
            checkOnly
            ? nil
            : sameModuleInputs.flatMap { inputs in
                GenerationStamp.setting(
                    templates: templates, options: generatorOptions, outputFile: outputFile, otherInputs: inputs)
            }

        var failed = false
        var files: [GeneratedFile] = []
        var unchanged: [String] = []
        var folders: [String] = []
        var generated: [String: GenerationStamp.Entry] = [:]
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = Array(try InputFile.contents(of: path))
            } catch {
                terminal.report(error)
                failed = true
                continue
            }
            let key = GenerationStamp.key(forSpecAt: path)
            let specDigest = ContentDigest(bytes)
            if let setting, let entry = stamp.entries[key],
                entry.isCurrent(setting: setting, spec: specDigest, in: output)
            {
                for warning in entry.warnings { terminal.report(warning) }
                unchanged += entry.outputs.keys.sorted()
                if let folder = entry.folder { folders.append(folder) }
                continue
            }
            var loaded = SpecFiles.load(bytes, path: path, documentPath: path)
            let clashes = ModuleClashes.diagnostics(for: loaded, against: sameModule)
            loaded.document = nil  // its YAML tree is not needed past here: free it before rendering
            for diagnostic in loaded.diagnostics + clashes { terminal.report(diagnostic) }
            guard let spec = loaded.spec, clashes.isEmpty else {
                failed = true
                continue
            }
            do {
                let made: [GeneratedFile]
                if let outputFile {
                    made = [
                        try generator.singleFile(for: spec, path: URL(fileURLWithPath: outputFile).lastPathComponent)
                    ]
                } else {
                    made = try generator.files(for: spec)
                    folders.append(spec.api)
                }
                files += made
                if let setting {
                    generated[key] = GenerationStamp.Entry(
                        setting: setting, spec: specDigest,
                        included: Dictionary(
                            loaded.includedFiles.map { ($0.path, ContentDigest($0.contents)) },
                            uniquingKeysWith: { _, last in last }),
                        outputs: made, folder: outputFile == nil ? spec.api : nil, warnings: loaded.diagnostics)
                }
            } catch {
                terminal.report(error)
                failed = true
            }
        }
        guard !failed else { return .failure }
        let exit: ExitCode
        if let outputFile {
            exit =
                checkOnly
                ? checkFile(files, at: outputFile, in: output, terminal: terminal)
                : writeFile(files, at: outputFile, in: output, terminal: terminal)
        } else {
            // With every spec of Specs/, files of specs that are gone are stale too.
            let cleaned = parsed.positional.isEmpty ? Array(Set(folders + output.allFolders())).sorted() : folders
            exit =
                checkOnly
                ? check(files, cleaning: cleaned, in: output, terminal: terminal)
                : write(
                    files, unchanged: unchanged, cleaning: cleaned, folders: folders, in: output, terminal: terminal)
        }
        // A stamp that can't be written costs the next run its shortcut, nothing else.
        if exit == .success, !generated.isEmpty {
            stamp.entries.merge(generated) { _, new in new }
            try? stamp.write(to: stampLocation)
        }
        return exit
    }

    /// `--access` (and the ignored `--nonisolated`), over those of an options file; a bad level is
    /// a usage error.
    static func generatorOptions(
        _ parsed: ParsedArguments, over base: GeneratorOptions = GeneratorOptions()
    ) throws(UsageError) -> GeneratorOptions {
        let applied = base.applying(parsed)
        guard applied.diagnostics.isEmpty else { throw UsageError(applied.diagnostics) }
        return applied.options
    }

    /// Writes `files` beside the `unchanged` outputs of skipped specs, which are kept as they are.
    private static func write(
        _ files: [GeneratedFile], unchanged: [String], cleaning cleaned: [String], folders: [String],
        in output: OutputDirectory, terminal: Terminal
    ) -> ExitCode {
        let changes: OutputDirectory.Changes
        do {
            changes = try output.write(files, unchanged: unchanged, cleaning: cleaned)
        } catch {
            terminal.report(Diagnostic(.error, "can't write to \(output.root.path): \(error.localizedDescription)"))
            return .failure
        }
        for folder in folders {
            let generated = (files.map(\.path) + unchanged).filter { $0.hasPrefix(folder + "/") }.count
            let written = changes.written.filter { $0.hasPrefix(folder + "/") }.count
            let removed = changes.removed.filter { $0.hasPrefix(folder + "/") }.count
            let change = written + removed == 0 ? "unchanged" : "\(written) written, \(removed) removed"
            terminal.out("\(folder): \(generated) files in \(output.root.relativePath)/\(folder) (\(change))")
        }
        let elsewhere = changes.removed.filter { path in !folders.contains { path.hasPrefix($0 + "/") } }
        for path in elsewhere { terminal.out("removed \(output.root.relativePath)/\(path) (its spec is gone)") }
        return .success
    }

    /// `--output-file`: the one combined file, written only when its bytes changed (none when
    /// the stamp said it is current).
    private static func writeFile(
        _ files: [GeneratedFile], at path: String, in output: OutputDirectory, terminal: Terminal
    ) -> ExitCode {
        guard !files.isEmpty else {
            terminal.out("\(path) (unchanged)")
            return .success
        }
        do {
            let changes = try output.write(files, cleaning: [])
            terminal.out("\(path) (\(changes.isEmpty ? "unchanged" : "written"))")
            return .success
        } catch {
            terminal.report(Diagnostic(.error, "can't write \(path): \(error.localizedDescription)"))
            return .failure
        }
    }

    private static func checkFile(
        _ files: [GeneratedFile], at path: String, in output: OutputDirectory, terminal: Terminal
    ) -> ExitCode {
        guard output.changes(for: files, cleaning: []).isEmpty else {
            terminal.err("\(path): stale: differs from what the spec generates")
            terminal.report(Diagnostic(.error, "\(path) is out of date; run 'xtoolgen generate'"))
            return .failure
        }
        terminal.out("\(path) is up to date")
        return .success
    }

    private static func check(
        _ files: [GeneratedFile], cleaning cleaned: [String], in output: OutputDirectory, terminal: Terminal
    ) -> ExitCode {
        let changes = output.changes(for: files, cleaning: cleaned)
        guard !changes.isEmpty else {
            terminal.out("\(output.root.relativePath) is up to date (\(files.count) files)")
            return .success
        }
        for path in changes.written {
            terminal.err("\(output.root.relativePath)/\(path): stale: differs from what the specs generate")
        }
        for path in changes.removed {
            terminal.err("\(output.root.relativePath)/\(path): stale: no spec generates it any more")
        }
        terminal.report(Diagnostic(.error, "\(output.root.relativePath) is out of date; run 'xtoolgen generate'"))
        return .failure
    }
}
