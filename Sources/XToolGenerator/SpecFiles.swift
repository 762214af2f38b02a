import Foundation
import XToolSpec

/// A spec file read from disk and loaded.
public struct LoadedSpec: Sendable {
    /// The path as the user gave it (diagnostics name the spec by it).
    public var path: String
    public var spec: Spec?
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Finding and reading spec files.
public enum SpecFiles {
    /// `Specs/*.yaml` (and `.yml`) under `directory`, sorted, as relative paths.
    public static func defaultPaths(in directory: URL, folder: String = "Specs") -> [String] {
        let specs = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { "\(folder)/\($0)" }
    }

    /// Reads and loads one spec; a file that can't be read is an error diagnostic too. Every
    /// diagnostic names the spec by `path`.
    public static func load(path: String) -> LoadedSpec {
        let data: Data
        do {
            data = try InputFile.contents(of: path)
        } catch {
            return LoadedSpec(path: path, spec: nil, diagnostics: [error])
        }
        let result = SpecLoader.load(Array(data), fileName: URL(fileURLWithPath: path).lastPathComponent)
        return LoadedSpec(path: path, spec: result.spec, diagnostics: result.diagnostics.map { $0.inFile(path) })
    }
}
