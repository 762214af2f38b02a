import Foundation
import XToolDiagnostics
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// One run of `xtoolgen generate` or `xtoolgen check` once its arguments are read: the specs are
/// loaded (with their includes and samples, `SpecFiles`), checked against the specs of the same
/// module, generated, and written to the output (or compared with it). `generate` skips a spec
/// whose stamp says nothing changed (`GenerationStamp`) and records what it rendered; `check`
/// never reads the stamp. What the run says is handed to `report` in order; the executable
/// prints it.
package struct GenerateRun {
    /// What a run says, in order: a diagnostic, or a line for stdout or stderr.
    package enum Report: Sendable, Hashable {
        case diagnostic(Diagnostic)
        case out(String)
        case err(String)
    }

    /// How a run ended: whether it succeeded, and which specs it skipped (their stamp was
    /// current) and rendered, by the path given.
    package struct Outcome: Sendable, Hashable {
        package var succeeded: Bool
        package var skipped: [String] = []
        package var rendered: [String] = []

        package init(succeeded: Bool, skipped: [String] = [], rendered: [String] = []) {
            self.succeeded = succeeded
            self.skipped = skipped
            self.rendered = rendered
        }
    }

    /// The specs, by the paths the user gave.
    package var specs: [String]
    /// Every spec of the folder is generated (no spec was named): the files of specs that are
    /// gone are stale too.
    package var cleansEveryFolder: Bool
    package var output: OutputDirectory
    /// `--output-file`: the one spec's whole data layer in this file (its folder is `output`).
    package var outputFile: String?
    package var templates: TemplateSet
    package var options: GeneratorOptions
    /// `--same-module`: the other specs compiled into the same module.
    package var sameModule: [String]
    /// `check`: compare, write nothing.
    package var checkOnly: Bool

    package init(
        specs: [String], cleansEveryFolder: Bool, output: OutputDirectory, outputFile: String? = nil,
        templates: TemplateSet, options: GeneratorOptions = GeneratorOptions(), sameModule: [String] = [],
        checkOnly: Bool = false
    ) {
        self.specs = specs
        self.cleansEveryFolder = cleansEveryFolder
        self.output = output
        self.outputFile = outputFile
        self.templates = templates
        self.options = options
        self.sameModule = sameModule
        self.checkOnly = checkOnly
    }

    /// The specs of the same module, loaded, and the digests of every file they were read from
    /// (nil when one can't be read: then nothing is skipped).
    private func loadSameModule() -> (specs: [LoadedSpec], inputs: [String: ContentDigest]?) {
        var inputs: [String: ContentDigest]? = [:]
        let specs = sameModule.map { path -> LoadedSpec in
            guard let data = try? InputFile.contents(of: path) else {
                inputs = nil
                return SpecFiles.load(path: path)
            }
            let loaded = SpecFiles.load(Array(data), path: path, documentPath: path)
            inputs?[GenerationStamp.key(forSpecAt: path)] = ContentDigest(data)
            for file in loaded.includedFiles { inputs?[file.path] = ContentDigest(file.contents) }
            return loaded
        }
        return (specs, inputs)
    }

    /// Generates (or compares) every spec; fails when a spec has errors, an output can't be
    /// written or, for `check`, a file is stale.
    package func run(report: (Report) -> Void) -> Outcome {
        let generator = Generator(templates: templates, options: options)
        let stampLocation = GenerationStamp.location(in: output, outputFile: outputFile)
        var stamp = checkOnly ? GenerationStamp() : GenerationStamp.read(at: stampLocation)
        // The specs of the same module decide whether a spec's names clash: their bytes and the
        // files they include are inputs too.
        let (sameModule, sameModuleInputs) = loadSameModule()
        let setting =
            checkOnly
            ? nil
            : sameModuleInputs.flatMap { inputs in
                GenerationStamp.setting(
                    templates: templates, options: options, outputFile: outputFile, otherInputs: inputs)
            }

        var outcome = Outcome(succeeded: true)
        var files: [GeneratedFile] = []
        var unchanged: [String] = []
        var folders: [String] = []
        var generated: [String: GenerationStamp.Entry] = [:]
        for path in specs {
            let bytes: [UInt8]
            do {
                bytes = Array(try InputFile.contents(of: path))
            } catch {
                report(.diagnostic(error))
                outcome.succeeded = false
                continue
            }
            let key = GenerationStamp.key(forSpecAt: path)
            let specDigest = ContentDigest(bytes)
            if let setting, let entry = stamp.entries[key],
                entry.isCurrent(setting: setting, spec: specDigest, in: output)
            {
                for warning in entry.warnings { report(.diagnostic(warning)) }
                unchanged += entry.outputs.keys.sorted()
                if let folder = entry.folder { folders.append(folder) }
                outcome.skipped.append(path)
                continue
            }
            var loaded = SpecFiles.load(bytes, path: path, documentPath: path)
            let clashes = ModuleClashes.diagnostics(for: loaded, against: sameModule)
            loaded.document = nil  // its YAML tree is not needed past here: free it before rendering
            for diagnostic in loaded.diagnostics + clashes { report(.diagnostic(diagnostic)) }
            guard let spec = loaded.sampled, clashes.isEmpty else {
                outcome.succeeded = false
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
                outcome.rendered.append(path)
                if let setting {
                    generated[key] = GenerationStamp.Entry(
                        setting: setting, spec: specDigest,
                        included: Dictionary(
                            loaded.includedFiles.map { ($0.path, ContentDigest($0.contents)) },
                            uniquingKeysWith: { _, last in last }),
                        outputs: made, folder: outputFile == nil ? spec.api : nil, warnings: loaded.diagnostics)
                }
            } catch {
                report(.diagnostic(error))
                outcome.succeeded = false
            }
        }
        guard outcome.succeeded else { return outcome }
        if let outputFile {
            outcome.succeeded =
                checkOnly
                ? checkFile(files, at: outputFile, report: report) : writeFile(files, at: outputFile, report: report)
        } else {
            let cleaned = cleansEveryFolder ? Array(Set(folders + output.allFolders())).sorted() : folders
            outcome.succeeded =
                checkOnly
                ? check(files, cleaning: cleaned, report: report)
                : write(files, unchanged: unchanged, cleaning: cleaned, folders: folders, report: report)
        }
        // A stamp that can't be written costs the next run its shortcut, nothing else.
        if outcome.succeeded, !generated.isEmpty {
            stamp.entries.merge(generated) { _, new in new }
            try? stamp.write(to: stampLocation)
        }
        return outcome
    }

    /// Writes `files` beside the `unchanged` outputs of skipped specs, which are kept as they are.
    private func write(
        _ files: [GeneratedFile], unchanged: [String], cleaning cleaned: [String], folders: [String],
        report: (Report) -> Void
    ) -> Bool {
        let changes: OutputDirectory.Changes
        do {
            changes = try output.write(files, unchanged: unchanged, cleaning: cleaned)
        } catch {
            report(.diagnostic(Diagnostic(.error, "can't write to \(output.root.path): \(error.localizedDescription)")))
            return false
        }
        for folder in folders {
            let generated = (files.map(\.path) + unchanged).filter { $0.hasPrefix(folder + "/") }.count
            let written = changes.written.filter { $0.hasPrefix(folder + "/") }.count
            let removed = changes.removed.filter { $0.hasPrefix(folder + "/") }.count
            let change = written + removed == 0 ? "unchanged" : "\(written) written, \(removed) removed"
            report(.out("\(folder): \(generated) files in \(output.root.relativePath)/\(folder) (\(change))"))
        }
        let elsewhere = changes.removed.filter { path in !folders.contains { path.hasPrefix($0 + "/") } }
        for path in elsewhere { report(.out("removed \(output.root.relativePath)/\(path) (its spec is gone)")) }
        return true
    }

    /// `--output-file`: the one combined file, written only when its bytes changed (none when
    /// the stamp said it is current).
    private func writeFile(_ files: [GeneratedFile], at path: String, report: (Report) -> Void) -> Bool {
        guard !files.isEmpty else {
            report(.out("\(path) (unchanged)"))
            return true
        }
        do {
            let changes = try output.write(files, cleaning: [])
            report(.out("\(path) (\(changes.isEmpty ? "unchanged" : "written"))"))
            return true
        } catch {
            report(.diagnostic(Diagnostic(.error, "can't write \(path): \(error.localizedDescription)")))
            return false
        }
    }

    private func checkFile(_ files: [GeneratedFile], at path: String, report: (Report) -> Void) -> Bool {
        guard output.changes(for: files, cleaning: []).isEmpty else {
            report(.err("\(path): stale: differs from what the spec generates"))
            report(.diagnostic(Diagnostic(.error, "\(path) is out of date; run 'xtoolgen generate'")))
            return false
        }
        report(.out("\(path) is up to date"))
        return true
    }

    /// `check`: names each stale file (one that differs, or that no spec generates any more).
    private func check(_ files: [GeneratedFile], cleaning cleaned: [String], report: (Report) -> Void) -> Bool {
        let changes = output.changes(for: files, cleaning: cleaned)
        guard !changes.isEmpty else {
            report(.out("\(output.root.relativePath) is up to date (\(files.count) files)"))
            return true
        }
        for path in changes.written {
            report(.err("\(output.root.relativePath)/\(path): stale: differs from what the specs generate"))
        }
        for path in changes.removed {
            report(.err("\(output.root.relativePath)/\(path): stale: no spec generates it any more"))
        }
        report(
            .diagnostic(Diagnostic(.error, "\(output.root.relativePath) is out of date; run 'xtoolgen generate'")))
        return false
    }
}
