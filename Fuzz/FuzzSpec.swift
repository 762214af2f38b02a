// The libFuzzer target: any bytes -> YAML -> spec (an OpenAPI document imported first) -> every
// generated file, in memory. It must never crash, hang or trip a sanitizer; diagnostics are the expected answer to bad input.
//
// Built by scripts/fuzz with `swiftc -sanitize=fuzzer,address` against the generator's modules
// (no SwiftPM target: libFuzzer brings its own `main`). Crashes it finds are kept in
// Fuzz/Regressions/, which XToolGeneratorTests.FuzzRegressionTests replays on every test run.

import Foundation
import XToolFrontHalf
import XToolGenerator
import XToolMustache
import XToolSpec
import XToolYAML

/// The default templates, parsed once.
let templates = try! TemplateSet()

/// Generator options from the input's length, so that every option is exercised.
func options(for size: Int) -> GeneratorOptions {
    let access = GeneratorOptions.AccessLevel.allCases[size % GeneratorOptions.AccessLevel.allCases.count]
    return GeneratorOptions(access: access)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // The YAML layer alone, on a whole stream (several documents, anchors, tags).
    _ = try? YAMLParser().parseStream(bytes)
    // The same bytes as a Mustache template (the engine also reads users' templates).
    _ = try? MustacheTemplate(String(decoding: bytes, as: UTF8.self), name: "Fuzz")
    // The spec language (an OpenAPI document imported first, as `generate` does with one in
    // Specs/), and when the spec is valid, everything the generator makes of it.
    let loaded = SpecFiles.load(bytes, path: "Fuzz.yaml", documentPath: nil)
    for diagnostic in loaded.diagnostics {
        _ = diagnostic.description
    }
    guard let spec = loaded.sampled else { return 0 }
    let options = options(for: size)
    let generator = Generator(templates: templates, options: options)
    _ = try? generator.files(for: spec)
    _ = try? generator.singleFile(for: spec, path: "Fuzz.xtoolgen.swift")
    _ = try? Generator.contextJSON(for: spec, options: options)
    return 0
}
