import Foundation
import Testing

@testable import XToolGenerator

/// The committed `EmbeddedTemplates.swift` holds exactly the bytes of `Templates/`.
@Suite struct EmbeddedTemplatesTests {
    @Test func embeddedTemplatesMatchTemplatesFolder() throws {
        let folder = SnapshotTests.repository.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }
        #expect(
            EmbeddedTemplates.sources.keys.sorted() == names.sorted(),
            "Sources/XToolGenerator/Rendering/EmbeddedTemplates.swift is stale: run scripts/embed-templates")
        for name in names {
            let file = try Data(contentsOf: folder.appendingPathComponent("\(name).mustache"))
            #expect(
                EmbeddedTemplates.sources[name].map { Data($0.utf8) } == file,
                "\(name).mustache differs from its embedded copy: run scripts/embed-templates")
        }
    }
}
