import Foundation
import XToolDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `generate` made from what, kept beside the outputs (`.xtoolgen-stamp` in the output
/// folder, `.<name>.xtoolgen-stamp` beside an `--output-file`), so that a rerun recognises a spec
/// whose inputs are all unchanged and whose outputs still hold what it wrote, and skips loading,
/// rendering and comparing it (the build plugin's and `generate`'s usual case).
///
/// An entry is current only when all of these are as recorded: the spec's bytes, the bytes of
/// every other file its loading read (sample files, files an OpenAPI document refers to), the
/// `setting` (the generator's executable, every template's text, the options, the kind of
/// output), and the bytes of every output. Anything else renders again, and `check` never
/// reads the stamp: it compares contents.
package struct GenerationStamp: Codable, Sendable {
    /// One spec's last generation.
    package struct Entry: Codable, Sendable, Equatable {
        /// What the output depends on besides files (`GenerationStamp.setting`).
        package var setting: String
        package var spec: ContentDigest
        /// The other files loading the spec read, by the path each was opened at.
        package var included: [String: ContentDigest]
        /// Every output, by its path relative to the output folder.
        package var outputs: [String: ContentDigest]
        /// The spec's folder of the output folder (`Weibo`); nil for an output file.
        package var folder: String?
        /// The warnings loading the spec gave, reported again when it is skipped.
        package var warnings: [Diagnostic]

        package init(
            setting: String, spec: ContentDigest, included: [String: ContentDigest], outputs: [GeneratedFile],
            folder: String?, warnings: [Diagnostic]
        ) {
            self.setting = setting
            self.spec = spec
            self.included = included
            self.outputs = Dictionary(
                outputs.map { ($0.path, ContentDigest($0.contents)) }, uniquingKeysWith: { _, last in last })
            self.folder = folder
            self.warnings = warnings
        }

        /// Whether a run with `setting` on a spec of `spec`'s bytes would write what the entry
        /// records, and the outputs in `output` still hold it.
        package func isCurrent(setting: String, spec: ContentDigest, in output: OutputDirectory) -> Bool {
            guard setting == self.setting, spec == self.spec else { return false }
            for (path, digest) in included where Self.digest(ofFileAt: path) != digest { return false }
            for (path, digest) in outputs where output.digest(of: path) != digest { return false }
            return true
        }

        private static func digest(ofFileAt path: String) -> ContentDigest? {
            FileManager.default.contents(atPath: path).map(ContentDigest.init)
        }
    }

    /// Changes when the stamp's format does; a stamp of another format is ignored.
    private static let format = 1
    private var format = GenerationStamp.format
    /// By the spec's absolute path.
    package var entries: [String: Entry] = [:]

    package init() {}

    /// The stamp's file: in the output folder, or beside the output file named `outputFile`.
    package static func location(in output: OutputDirectory, outputFile: String?) -> URL {
        output.root.appendingPathComponent(
            outputFile.map { ".\(URL(fileURLWithPath: $0).lastPathComponent).xtoolgen-stamp" } ?? ".xtoolgen-stamp",
            isDirectory: false)
    }

    /// The key of the spec at `path` (as the user gave it): its absolute path.
    package static func key(forSpecAt path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The stamp at `url`; an empty one when it is missing, unreadable or of another format.
    package static func read(at url: URL) -> GenerationStamp {
        guard let data = FileManager.default.contents(atPath: url.path),
            let stamp = try? JSONDecoder().decode(GenerationStamp.self, from: data), stamp.format == format
        else { return GenerationStamp() }
        return stamp
    }

    /// Writes the stamp at `url` whole (a reader never sees half of it).
    package func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    /// What a spec's output depends on besides its files: the running executable (its device,
    /// inode, size, and modification and change times, which a rebuilt or replaced generator
    /// changes), the text of every template, the options, the output file's name (nil for the
    /// output folder), and `otherInputs`, files by path that every spec of the run depends on
    /// (the specs of the same module). nil when the executable can't be identified: then nothing
    /// is skipped.
    package static func setting(
        templates: TemplateSet, options: GeneratorOptions, outputFile: String?,
        otherInputs: [String: ContentDigest] = [:]
    ) -> String? {
        guard let executable = executableIdentity() else { return nil }
        var templateText = ""
        for name in templates.sources.keys.sorted() {
            let source = templates.sources[name] ?? ""
            templateText += "\(name)\n\(source.utf8.count)\n\(source)\n"
        }
        let output = outputFile.map { "file " + URL(fileURLWithPath: $0).lastPathComponent } ?? "folder"
        let parts =
            [
                "executable \(executable)", "templates \(ContentDigest(templateText))",
                "access \(options.access.rawValue)",
                "output \(output)",
            ]
            + options.parameters.sorted { $0.key < $1.key }.map { "param \($0.key)=\($0.value.utf8.count):\($0.value)" }
        return (parts + otherInputs.sorted { $0.key < $1.key }.map { "input \($0.key) \($0.value)" })
            .joined(separator: "; ")
    }

    private static func executableIdentity() -> String? {
        guard let path = Bundle.main.executablePath else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
            let changed = (Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec))
        #else
            let modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
            let changed = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
        #endif
        return "\(path) \(status.st_dev) \(status.st_ino) \(status.st_size) \(modified.0).\(modified.1) "
            + "\(changed.0).\(changed.1)"
    }
}
