import Foundation
import XToolDiagnostics
import XToolSpec
import XToolYAML

/// The samples stage, between the spec and the generator (`Spec` in, `SampledSpec` out): reads the sample files a spec names
/// (relative to the spec's folder) the way it reads the spec itself, so a sample's nodes carry
/// their lines and columns; fills in each sample's body; and checks every sample against its
/// endpoint's types (`SampleLinter`). Problems reading a sample are errors; a sample that
/// reads but doesn't match the types is a warning (docs/spec-language.md#samples).
package enum SampleFiles {
    /// `spec` with every sample's body read, the diagnostics of reading and checking them, and
    /// the files read, by the path each was opened at, with their bytes (what a rerun compares).
    /// `specPath` is the spec's path as the user gave it (a file's diagnostics name it by that
    /// path's folder joined to the sample's path); `folder` is where relative sample paths are
    /// read from, nil when the spec can name no files (it came from no file). Diagnostics about
    /// the spec itself name no file: the caller's do.
    package static func load(_ spec: Spec, specPath: String, folder: URL?) -> (
        spec: SampledSpec, diagnostics: [Diagnostic], files: [(path: String, contents: [UInt8])]
    ) {
        var spec = spec
        var diagnostics: [Diagnostic] = []
        var files: [(path: String, contents: [UInt8])] = []
        let models = SampleLinter.modelsByName(of: spec)
        let dates = DateReader()
        for toolIndex in spec.tools.indices {
            for endpointIndex in spec.tools[toolIndex].endpoints.indices {
                let endpoint = spec.tools[toolIndex].endpoints[endpointIndex]
                for sampleIndex in endpoint.samples.indices {
                    var sample = endpoint.samples[sampleIndex]
                    let read = Self.read(&sample, endpoint: endpoint, specPath: specPath, folder: folder)
                    diagnostics += read.diagnostics
                    if let file = read.opened { files.append(file) }
                    if let body = read.body {
                        var checker = SampleLinter(spec: spec, file: read.file, models: models, dates: dates)
                        checker.check(body, of: sample, endpoint: endpoint)
                        diagnostics += checker.diagnostics
                        if sample.isFailure || !(200...299).contains(sample.status), case .json(let node) = body {
                            diagnostics += SampleCodes.check(
                                node, of: sample, endpoint: endpoint, spec: spec, file: read.file)
                        }
                    }
                    spec.tools[toolIndex].endpoints[endpointIndex].samples[sampleIndex] = sample
                }
            }
        }
        return (SampledSpec(spec), diagnostics, files)
    }

    /// The samples written in the spec itself (not in files) that don't read: what the importer
    /// follows to make a document's own examples read (docs/openapi.md#examples-win-over-the-schema).
    package static func inlineFindings(of spec: Spec) -> [FailingSample] {
        let checker = SampleLinter(spec: spec)
        var result: [FailingSample] = []
        for (toolIndex, tool) in spec.tools.enumerated() {
            for (endpointIndex, endpoint) in tool.endpoints.enumerated() {
                for (sampleIndex, sample) in endpoint.samples.enumerated() {
                    guard let body = SampleLinter.inlineBody(of: sample, endpoint: endpoint) else { continue }
                    let findings = checker.findings(body, of: sample, endpoint: endpoint)
                    if !findings.isEmpty {
                        result.append(
                            FailingSample(
                                tool: toolIndex, endpoint: endpointIndex, sample: sampleIndex, findings: findings))
                    }
                }
            }
        }
        return result
    }

    /// What reading one sample gave: its body to check (`.empty` for none, nil when it could not
    /// be read or is not JSON), the file its nodes are in (nil: the spec), the diagnostics, and
    /// the file read with its bytes (nil when no file was read).
    private static func read(
        _ sample: inout Sample, endpoint: Spec.Endpoint, specPath: String, folder: URL?
    ) -> (
        body: SampleLinter.Body?, file: String?, diagnostics: [Diagnostic], opened: (path: String, contents: [UInt8])?
    ) {
        if let body = SampleLinter.inlineBody(of: sample, endpoint: endpoint) { return (body, nil, [], nil) }
        let isJSON = (endpoint.response?.format ?? .json) == .json
        switch sample.source {
        case .empty, .inline:
            return (nil, nil, [], nil)
        case .file(let path, let location):
            guard let folder else {
                return (
                    nil, nil,
                    [
                        Diagnostic(
                            .error, "the file '\(path)' of \(sample.what) can't be read: this spec comes from no file",
                            at: location)
                    ],
                    nil
                )
            }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            let shown = Self.shownPath(path, besideSpec: specPath)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                let exists = FileManager.default.fileExists(atPath: url.path)
                let reason = exists ? "can't be read" : "doesn't exist (looked for \(url.standardizedFileURL.path))"
                return (
                    nil, nil, [Diagnostic(.error, "the file '\(shown)' of \(sample.what) \(reason)", at: location)], nil
                )
            }
            let opened = (path: url.path, contents: Array(data))
            guard let text = String(data: data, encoding: .utf8) else {
                return (
                    nil, shown,
                    [
                        Diagnostic(
                            .error, "a sample file is UTF-8 text; this one is not", file: shown,
                            at: SourceLocation(line: 1, column: 1))
                    ],
                    opened
                )
            }
            guard isJSON else {
                sample.body = text
                return (.text, shown, [], opened)
            }
            guard !data.isEmpty else {
                sample.body = ""
                return (.empty, shown, [], opened)
            }
            do {
                let node = try DocumentReader(maxDepth: 512).parseDocument(Array(data))
                sample.body = try SampleJSON.text(of: node)
                return (.json(node), shown, [], opened)
            } catch let error as YAMLError {
                return (
                    nil, shown,
                    [
                        Diagnostic(
                            .error, "\(error.message) (reading \(sample.what) of '\(endpoint.swiftName)')", file: shown,
                            at: error.location)
                    ],
                    opened
                )
            } catch let error as SampleJSON.Failure {
                return (nil, shown, [Diagnostic(.error, error.message, file: shown, at: error.location)], opened)
            } catch {
                return (nil, shown, [Diagnostic(.error, "\(error)", file: shown)], opened)
            }
        }
    }

    /// How diagnostics name a sample file: the spec's folder as the user gave it, joined to the
    /// sample's path (`Specs/samples/status.json` for `samples/status.json` of `Specs/Weibo.yaml`).
    static func shownPath(_ path: String, besideSpec specPath: String) -> String {
        guard !path.hasPrefix("/"), let slash = specPath.lastIndex(of: "/") else { return path }
        return String(specPath[...slash]) + path
    }
}

/// A sample written in the spec itself that doesn't read (`SampleFiles.inlineFindings`): its
/// tool's, endpoint's and own index, and what reading it found.
package struct FailingSample: Sendable {
    package var tool: Int
    package var endpoint: Int
    package var sample: Int
    package var findings: [Finding]
}
