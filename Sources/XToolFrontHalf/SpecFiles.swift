import Foundation
import XToolDiagnostics
import XToolImport
import XToolSamples
import XToolSpec
import XToolYAML

/// A spec file read from disk and loaded.
package struct LoadedSpec: Sendable {
    /// The path as the user gave it (diagnostics name the spec by it).
    package var path: String
    /// The spec with its samples read; nil when it has errors (or its samples do).
    package var sampled: SampledSpec?
    package var diagnostics: [Diagnostic]
    /// The spec's YAML document, where its declarations are; nil for one imported from an OpenAPI
    /// document (its spec exists only in memory) or that could not be read.
    package var document: YAMLNode?
    /// The other files loading it read (models files it includes, sample files, files an OpenAPI
    /// document refers to), by
    /// the path each was opened at, with the bytes read: what a rerun compares (`GenerationStamp`).
    package var includedFiles: [(path: String, contents: [UInt8])] = []

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    package var spec: Spec? { sampled?.spec }
}

/// Finding and reading spec files.
package enum SpecFiles {
    /// The extensions of spec files: `.yaml` and `.yml`, `.json` for OpenAPI documents, and
    /// `.har` for captures.
    package static let extensions = ["yaml", "yml", "json", "har"]

    /// `Specs/*.yaml` (and `.yml`, `.json`, `.har`) under `directory`, sorted, as relative paths.
    package static func defaultPaths(in directory: URL, folder: String = "Specs") -> [String] {
        let specs = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        return names.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
            .map { "\(folder)/\($0)" }
    }

    /// Reads and loads one spec, or imports an OpenAPI document (a file with an `openapi:` or
    /// `swagger:` key) or a HAR capture (`log.entries`) in memory; a file that can't be read is an error diagnostic too. Every
    /// diagnostic names the file by `path`.
    package static func load(path: String) -> LoadedSpec {
        let data: Data
        do {
            data = try InputFile.contents(of: path)
        } catch {
            return LoadedSpec(path: path, diagnostics: [error])
        }
        return load(Array(data), path: path, documentPath: path)
    }

    /// Loads the spec in `bytes`, or imports it in memory when it is a HAR capture or an OpenAPI
    /// document (`Document`), whose references to other files are read relative to
    /// `documentPath` (nil: it may name none). Every diagnostic names the file by `path`.
    package static func load(_ bytes: [UInt8], path: String, documentPath: String?) -> LoadedSpec {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let document = Document(bytes)
        if case .spec(let read) = document {
            let included = IncludedFiles()
            let result = SpecLoader.load(
                read, fileName: fileName,
                includes: documentPath.map { includeReader(specPath: path, documentPath: $0, recordingIn: included) },
                timeZones: knownTimeZones)
            return withSamples(
                result.spec,
                LoadedSpec(
                    path: path, diagnostics: result.diagnostics, document: try? read.get(),
                    includedFiles: included.files),
                documentPath: documentPath)
        }
        let imported = ImportedSpec(
            document.imported(path: documentPath, documentName: fileName, options: ImportOptions(specFile: fileName)),
            fileName: fileName)
        // The spec exists only in memory, so its own diagnostics (and its samples', which the
        // import writes inline) name the document, at no line.
        let diagnostics =
            imported.result.diagnostics.map { $0.file == nil ? $0.inFile(path) : $0 }
            + imported.specDiagnostics.map {
                Diagnostic(
                    $0.severity, $0.message, file: path,
                    note: "in the spec imported from it ('xtoolgen import \(path)' writes that spec out)")
            }
        return LoadedSpec(
            path: path, sampled: imported.sampled, diagnostics: diagnostics, includedFiles: imported.files)
    }

    /// The time zone names a spec's `timezone:` may give: Foundation's, which the runtime reads.
    package static let knownTimeZones = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC", "GMT"])

    /// Reads the models files a spec includes, relative to the folder of `documentPath`: a file
    /// that can't be read fails with no place in it, YAML that can't be read at its place. Their
    /// diagnostics name them as the folder of `specPath` and the path the spec gives
    /// (`Specs/models/things.yaml`). Each file read is recorded in `included`.
    private static func includeReader(
        specPath: String, documentPath: String, recordingIn included: IncludedFiles
    ) -> SpecLoader.IncludeReader {
        let folder = URL(fileURLWithPath: documentPath).deletingLastPathComponent()
        let shownFolder = (specPath as NSString).deletingLastPathComponent
        return { path in
            let shown = shownFolder.isEmpty ? path : shownFolder + "/" + path
            do throws(Diagnostic) {
                let url = folder.appendingPathComponent(path)
                let data = try InputFile.contents(of: url.path)
                included.files.append((url.path, Array(data)))
                return SpecLoader.document(Array(data)).map { $0.inFile(shown) }.mapError { problem in
                    var located = problem
                    located.location?.file = shown
                    return located
                }
            } catch {
                return .failure(error)
            }
        }
    }

    /// `loaded` with `spec`'s samples read and checked (`SampleFiles`), files relative to the
    /// folder of `documentPath`; diagnostics without a file name the spec's.
    private static func withSamples(_ spec: Spec?, _ loaded: LoadedSpec, documentPath: String?) -> LoadedSpec {
        var loaded = loaded
        if let spec {
            let folder = documentPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            let read = SampleFiles.load(spec, specPath: loaded.path, folder: folder)
            loaded.includedFiles += read.files
            loaded.diagnostics = (loaded.diagnostics + read.diagnostics).sortedBySource
            loaded.sampled = read.diagnostics.contains { $0.severity == .error } ? nil : read.spec
        }
        loaded.diagnostics = loaded.diagnostics.map { $0.file == nil ? $0.inFile(loaded.path) : $0 }
        return loaded
    }
}

/// The files an include reader read, with their bytes (the reader is a closure the spec reader
/// keeps, so what it reads is kept in this box).
private final class IncludedFiles {
    var files: [(path: String, contents: [UInt8])] = []
}
