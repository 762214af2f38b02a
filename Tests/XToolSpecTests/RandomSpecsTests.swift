import Foundation
import Testing
import XToolDiagnostics
import XToolSpec
import XToolYAML

/// `Fuzz/random_specs.py` (what `scripts/random-specs` and `scripts/fuzz` generate and compile)
/// writes every key of the spec language (across 60 specs, so that a key written at some odds is
/// there whatever else changed the draws): a key added to `SpecKeys` fails here until the script
/// writes it too, and every spec it writes loads without errors.
@Suite struct RandomSpecsTests {
    /// The mappings whose keys the spec chooses (names, not the language's keys): models, tools,
    /// endpoints, fields, parameters, fixed values, headers, servers, samples, a union's tags,
    /// an enum's cases, an error body's statuses.
    static let namedKeys: Set<String> = [
        "models", "tools", "endpoints", "fields", "params", "fixed", "headers", "servers", "samples", "oneOf", "enum",
        "status",
    ]

    /// Writes `count` specs with `seed` into a new folder (removed by the caller).
    static func randomSpecs(seed: Int, count: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("random-specs-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", DocumentationTests.repository.appendingPathComponent("Fuzz/random_specs.py").path,
            "--seed", "\(seed)", "--count", "\(count)", "--output", folder.path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return folder
    }

    /// The language's keys in `node`: every mapping key but those of `namedKeys`' mappings, and
    /// nothing inside a sample's `body:` (the body as the server sends it).
    static func languageKeys(_ node: YAMLNode, keysAreNames: Bool = false, isSample: Bool = false) -> Set<String> {
        var keys: Set<String> = []
        switch node.content {
        case .scalar: break
        case .sequence(let items):
            for item in items { keys.formUnion(languageKeys(item)) }
        case .mapping:
            for (key, _, value) in node.entries {
                if keysAreNames {
                    // The value of a name: under `samples:`, each is a sample.
                    keys.formUnion(languageKeys(value, isSample: isSample))
                    continue
                }
                keys.insert(key)
                if isSample && key == "body" { continue }
                keys.formUnion(
                    languageKeys(
                        value, keysAreNames: namedKeys.contains(key), isSample: key == "sample" || key == "samples"))
            }
        }
        return keys
    }

    @Test func theRandomSpecsWriteEveryKeyOfTheLanguage() throws {
        let folder = try Self.randomSpecs(seed: 1, count: 60)
        defer { try? FileManager.default.removeItem(at: folder) }
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" }
        #expect(files.count > 60)  // the specs and the models files they include
        var written: Set<String> = []
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            written.formUnion(Self.languageKeys(try SpecLoader.document(bytes).get()))
        }
        for (definition, keys) in SpecKeys.byDefinition.sorted(by: { $0.key < $1.key }) {
            let missing = keys.filter { !written.contains($0) }
            #expect(missing == [], "Fuzz/random_specs.py never writes these keys of '\(definition)'")
        }
    }

    /// Every spec it writes loads (its includes and samples are read by `xtoolgen validate` in
    /// scripts/random-specs; here, the spec itself).
    @Test func theRandomSpecsLoadWithoutErrors() throws {
        let folder = try Self.randomSpecs(seed: 2, count: 10)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<10 {
            let file = folder.appendingPathComponent("Random\(index).yaml")
            let result = SpecLoader.load(Array(try Data(contentsOf: file)), fileName: file.lastPathComponent) { path in
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                    return .failure(Diagnostic(.error, "no file \(path)"))
                }
                return SpecLoader.document(Array(data))
            }
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(errors == [], "Random\(index).yaml")
        }
    }

    @Test func keysUnderNamesAndInSampleBodiesAreNotTheLanguages() throws {
        let spec = """
            tools:
              Thing:
                endpoints:
                  show:
                    get: x
                    params: { page: Int }
                    sample: { body: { cursor: 1 }, status: 200 }
            """
        let keys = Self.languageKeys(try SpecLoader.document(Array(spec.utf8)).get())
        #expect(keys == ["tools", "endpoints", "get", "params", "sample", "body", "status"])
    }
}
