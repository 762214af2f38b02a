import Foundation
import Testing
import XToolDiagnostics
import XToolFrontHalf
import XToolImport
import XToolSpec

/// The front half's first stages: a file's document read once and its front end chosen, and an
/// imported document's spec loaded with its samples before anything is written.
@Suite struct DocumentTests {
    private static let openAPI = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        servers: [{ url: "https://api.example.com/" }]
        paths:
          /pets:
            get:
              operationId: pets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { type: object, required: [name], properties: { name: { type: string } } }
                      example: { name: Rex }
        """

    private static let capture = #"""
        {"log": {"entries": [{"request": {"method": "GET", "url": "https://api.example.com/pets", "headers": []},
          "response": {"status": 200, "content": {"mimeType": "application/json", "text": "{\"name\": \"Rex\"}"}}}]}}
        """#

    private func frontEnd(_ text: String) -> String {
        switch Document(Array(text.utf8)) {
        case .spec(.success): "spec"
        case .spec(.failure(let error)): "spec that can't be read: \(error)"
        case .openAPI(.success): "OpenAPI document"
        case .openAPI(.failure(let error)): "OpenAPI document that can't be read: \(error)"
        case .capture: "capture"
        }
    }

    @Test func theFrontEndIsChosenFromTheDocument() {
        #expect(frontEnd("xtoolgen: 1\napi: Pets\n") == "spec")
        #expect(frontEnd(Self.openAPI) == "OpenAPI document")
        #expect(
            frontEnd(#"{"swagger": "2.0", "info": {"title": "\ud83d\udc1e", "version": "1"}}"#) == "OpenAPI document")
        #expect(frontEnd(Self.capture) == "capture")
        #expect(
            frontEnd("openapi: 3.0.3\npaths: [\n")
                == "OpenAPI document that can't be read: 3:1: error: did not find expected node content (while parsing a flow node at 3:1)"
        )
        #expect(
            frontEnd("api: [\n")
                == "spec that can't be read: 2:1: error: did not find expected node content (while parsing a flow node at 2:1)"
        )
    }

    @Test func anImportedSpecIsLoadedWithItsSamplesBeforeItIsWritten() throws {
        for (text, name) in [(Self.openAPI, "pets.yaml"), (Self.capture, "pets.har")] {
            let bytes = Array(text.utf8)
            let imported = ImportedSpec(
                Document(bytes).imported(path: nil, documentName: name, options: ImportOptions(api: "Pets")),
                fileName: "Pets.yaml")
            #expect(imported.result.diagnostics == [], "\(name)")
            #expect(imported.specDiagnostics == [], "\(name)")
            #expect(!imported.specFailed)
            let sampled = try #require(imported.sampled, "\(name)")
            #expect(sampled.spec.api == "Pets")
            #expect(
                sampled.spec.tools.flatMap(\.endpoints).flatMap(\.samples).map(\.body) == ["{\n  \"name\": \"Rex\"\n}"])
        }
    }

    @Test func aSpecThatIsNoDocumentIsImportedAsNone() {
        let bytes = Array("xtoolgen: 1\napi: Pets\n".utf8)
        let imported = ImportedSpec(
            Document(bytes).imported(path: nil, documentName: "Pets.yaml", options: ImportOptions()),
            fileName: "Pets.yaml")
        #expect(imported.result.hasErrors)
        #expect(imported.sampled == nil)
    }
}
