import Foundation
import Testing
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// docs/templates.md documents every key the templates receive: each key of the encoded
/// context of every spec in Specs/ and Tests/Fixtures/ is named there, in backticks.
@Suite struct ContextDocumentationTests {
    static let repository = SnapshotTests.repository

    /// Every key of a JSON value, at any depth.
    private static func keys(of value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(keys(of: $1.value)) }
        }
        if let array = value as? [Any] {
            return array.reduce(into: []) { $0.formUnion(keys(of: $1)) }
        }
        return []
    }

    @Test func everyContextKeyIsInTheTemplatesPage() throws {
        let paths =
            SpecFiles.defaultPaths(in: Self.repository)
            + SpecFiles.defaultPaths(in: Self.repository, folder: "Tests/Fixtures")
        var keys: Set<String> = []
        for path in paths {
            let loaded = SpecFiles.load(path: Self.repository.appendingPathComponent(path).path)
            let spec = try #require(loaded.sampled, "\(path): \(loaded.diagnostics)")
            let json = try Generator.contextJSON(for: spec, options: GeneratorOptions())
            keys.formUnion(Self.keys(of: try JSONSerialization.jsonObject(with: json)))
        }
        #expect(keys.count > 90, "the specs' contexts have \(keys.count) keys")
        let page = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        let missing = keys.filter { !page.contains("`\($0)`") && !page.contains("`\($0)[]`") }.sorted()
        #expect(missing == [], "context keys docs/templates.md does not name")
    }
}
