import Foundation
import Testing
import XToolFrontHalf
import XToolGenerator
import XToolSamples
import XToolSpec

/// What every spec fragment of these tests follows: the API `Test`, read from `Test.yaml`.
let specHeader = "xtoolgen: 1\napi: Test\nbaseURL: https://api.example.com/\n"

/// The spec `specHeader` + `yaml`, with its samples read; its diagnostics when it has errors.
func sampledSpec(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SampledSpec {
    let result = SpecFiles.load(Array((specHeader + yaml).utf8), path: "Test.yaml", documentPath: nil)
    return try #require(result.sampled, "\(result.diagnostics)", sourceLocation: sourceLocation)
}

/// The files the spec `specHeader` + `yaml` generates with `options`, in the generator's order.
func generatedFiles(
    _ yaml: String, options: GeneratorOptions = GeneratorOptions(), sourceLocation: SourceLocation = #_sourceLocation
) throws -> [GeneratedFile] {
    let spec = try sampledSpec(yaml, sourceLocation: sourceLocation)
    return try Generator(templates: TemplateSet(), options: options).files(for: spec)
}

/// The snippet reference check, as swift-openapi-generator's: the spec `specHeader` + `yaml`
/// generates `expected` as the file at `path` with `options`, byte for byte, compared whole (a
/// `contains` check sees only the lines it looks for); a difference is reported at its first line.
func expectGenerated(
    _ yaml: String, options: GeneratorOptions = GeneratorOptions(), file path: String, gives expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let files = try generatedFiles(yaml, options: options, sourceLocation: sourceLocation)
    let text = try #require(
        files.first { $0.path == path }?.contents, "no file \(path) in \(files.map(\.path))",
        sourceLocation: sourceLocation)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let differing =
        zip(lines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(lines.count, expectedLines.count)
    #expect(text == expected, "first difference at line \(differing + 1)", sourceLocation: sourceLocation)
}
