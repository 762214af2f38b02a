import Foundation
import TestSupport
import Testing
import XToolMustache

/// One test of the mustache spec, keyed by file and index (test names repeat within a file).
struct SpecCase: Sendable, CustomTestStringConvertible {
    /// The spec file's name without `.json`, such as `partials` or `~inheritance`.
    let file: String
    let index: Int
    let name: String
    let data: MustacheValue
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file)[\(index)] \(name)" }

    /// Whether the case belongs to an optional module that the engine does not implement.
    var isSkipped: Bool { file == "~lambdas" }

    /// The template rendered with the case's data and partials, HTML-escaped as the spec wants.
    func render() throws(MustacheError) -> String {
        let library = try MustacheLibrary(templates: partials)
        return try library.render(template: MustacheTemplate(template, name: testDescription), data, escaping: .html)
    }

    /// Whether the case renders exactly (byte for byte) the expected output.
    var passes: Bool {
        guard let output = try? render() else { return false }
        return output.utf8.elementsEqual(expected.utf8)
    }
}

/// The spec's test files in the shared test data.
enum SpecSuite {
    static let directory = SharedTestData.directory("mustache-spec")

    /// Why ``SpecCase/isSkipped`` cases are not run.
    static let skipReason = "~lambdas is optional and not implemented: MustacheValue holds JSON-like data, not closures"

    /// The files that every implementation must pass.
    static let coreFiles: Set<String> = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// Every case, or none when the data is absent (for test arguments; ``loadCases()`` reports
    /// why loading fails).
    static let cases: [SpecCase] = (try? loadCases()) ?? []

    /// The cases of every `*.json` file in the directory, by file name and index.
    static func loadCases() throws -> [SpecCase] {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.flatMap { url in
            let file = url.deletingPathExtension().lastPathComponent
            let tests = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url)).tests
            return tests.enumerated().map { index, test in
                SpecCase(
                    file: file, index: index, name: test.name, data: test.data, template: test.template,
                    partials: test.partials ?? [:], expected: test.expected)
            }
        }
    }

    private struct SpecFile: Decodable {
        struct Test: Decodable {
            let name: String
            let data: MustacheValue
            let template: String
            let partials: [String: String]?
            let expected: String
        }

        let tests: [Test]
    }
}
