import Foundation
import Testing
import XToolOpenAPI
import XToolSpec

/// The documents of `Fixtures/`, imported as `xtoolgen import` does.
enum ImportedFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The spec imported from `Fixtures/<name>`, checked to load.
    static func spec(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let result = OpenAPIImporter.importDocument(
            try Array(Data(contentsOf: URL(fileURLWithPath: path))), path: path, documentName: name)
        let text = try #require(result.specText)
        let loaded = SpecLoader.load(Array(text.utf8), fileName: name)
        #expect(loaded.spec != nil, "\(loaded.diagnostics)\n\(text)")
        return text
    }
}
