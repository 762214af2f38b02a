import Foundation
import Testing
import XToolImport
import XToolSamples
import XToolSpec

/// The passes over a whole draft are every front end's: an OpenAPI document and a capture of the
/// same answers give the same models after them (`DraftPasses`), whatever each front end names.
@Suite struct SharedPassesTests {
    /// A model's shape with the models it holds spelled as their shapes in turn: what stays the
    /// same between front ends that name models differently.
    private static func shapes(_ spec: Spec) -> [String] {
        let byName = Dictionary(spec.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func shape(_ name: String, depth: Int = 0) -> String {
            guard depth < 4, let model = byName[name] else { return name }
            let fields = model.fields.map { field -> String in
                let type = field.type.swiftSpelling
                let named = type.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
                let key = field.keyPath.components.joined(separator: ".")
                return key + ":" + type.replacingOccurrences(of: named, with: shape(named, depth: depth + 1))
            }
            return "{" + fields.sorted().joined(separator: ",") + "}"
        }
        return spec.models.map { shape($0.name) }.sorted()
    }

    private static let answer = #"{"id": 1, "owner": {"id": 7, "name": "ann"}, "editor": {"id": 8, "name": "bob"}}"#

    @Test func aCaptureAndADocumentOfOneShapeGiveTheSameModels() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Things, version: "1" }
            servers: [{ url: "https://api.example.com/v1" }]
            paths:
              /things/{id}:
                get:
                  operationId: thing
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [id, owner, editor]
                            properties:
                              id: { type: integer }
                              owner:
                                { type: object, required: [id, name], properties: { id: { type: integer }, name: { type: string } } }
                              editor:
                                { type: object, required: [id, name], properties: { id: { type: integer }, name: { type: string } } }
                          example: \(Self.answer)
            """
        let imported = OpenAPIImporter.importDocument(Array(document.utf8), path: nil, documentName: "things.yaml")
        let text = try #require(imported.specText)
        let fromDocument = try #require(SpecLoader.load(Array(text.utf8), fileName: "Things.yaml").spec)

        let entries = (1...2).map { id in
            CaptureImportTests.entry("GET", "https://api.example.com/v1/things/\(id)", body: nil).merging(
                ["response": ["status": 200, "content": ["mimeType": "application/json", "text": Self.answer]]]
            ) { $1 }
        }
        let (_, fromCapture, _) = try CaptureImportTests.imported(CaptureImportTests.capture(entries))

        let expected = ["{editor:{id:Int,name:String},id:Int,owner:{id:Int,name:String}}", "{id:Int,name:String}"]
        #expect(Self.shapes(fromDocument) == expected)
        #expect(Self.shapes(fromCapture.spec) == expected)
    }
}
