import Foundation
import Testing
import XToolOpenAPI
import XToolSpec
import XToolYAML

/// The mapping, one construct at a time, on documents written here.
@Suite struct ImporterTests {
    /// Imports `document` and returns the spec's text, which must load.
    private func spec(_ document: String, name: String = "test.yaml") throws -> (text: String, diagnostics: [Diagnostic]) {
        let result = OpenAPIImporter.importDocument(Array(document.utf8), path: nil, documentName: name)
        let text = try #require(result.specText)
        let loaded = SpecLoader.load(Array(text.utf8), fileName: name)
        #expect(loaded.spec != nil, "\(loaded.diagnostics)\n\(text)")
        return (text, result.diagnostics)
    }

    /// A document with `paths` (indented by 2), `schemas` (by 4) and `components`, more of
    /// `components` (by 2), and `top`, more top-level keys.
    private func document(paths: String, schemas: String = "", components: String = "", top: String = "") -> String {
        """
        openapi: 3.0.3
        info: { title: Test API, version: "1" }
        servers: [{ url: "https://api.example.com/v1" }]
        \(top)
        paths:
        \(paths)
        components:
          schemas:
        \(schemas)
        \(components)
        """
    }

    @Test func tellsDocumentsFromSpecs() {
        #expect(OpenAPIImporter.isDocument(Array("info: {}\nopenapi: 3.1.0\n".utf8)))
        #expect(OpenAPIImporter.isDocument(Array(#"{"info": {"title": "x"}, "swagger": "2.0"}"#.utf8)))
        #expect(!OpenAPIImporter.isDocument(Array("xtoolgen: 1\napi: Weibo\nopenapi_like: {openapi: 3}\n".utf8)))
        #expect(!OpenAPIImporter.isDocument(Array("- openapi\n".utf8)))
        #expect(!OpenAPIImporter.isDocument(Array("[: x\nopenapi: 3.0.0\n".utf8)))
        // A broken document is still one: the import reports where it breaks.
        #expect(OpenAPIImporter.isDocument(Array("openapi: [\n".utf8)))
        let broken = OpenAPIImporter.importDocument(Array("openapi: [\n".utf8), path: nil, documentName: "broken.yaml")
        #expect(broken.specText == nil)
        #expect(broken.diagnostics.map(\.description).first?.hasPrefix("2:1: error: ") == true)
        #expect(!OpenAPIImporter.isDocument([]))
    }

    /// JSON goes through libyaml too, so its warnings have lines and columns.
    @Test func aJSONDocumentImportsWithLinesAndColumns() throws {
        let json = """
            {
              "openapi": "3.0.0",
              "info": {"title": "JSON Pets", "version": "1"},
              "servers": [{"url": "https://pets.example.com"}],
              "paths": {
                "/pets/{id}": {
                  "get": {
                    "operationId": "get-pet_by-id",
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                    "responses": {"200": {"description": "a pet", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}
                  }
                }
              },
              "components": {"schemas": {"Pet": {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "integer", "format": "int64"},
                "toy": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
              }}}}
            }
            """
        #expect(OpenAPIImporter.isDocument(Array(json.utf8)))
        let (text, diagnostics) = try spec(json, name: "pets.json")
        #expect(diagnostics.map(\.description) == ["16:13: warning: oneOf [string, integer] is read as JSON until the spec language has unions"])
        #expect(text.contains("api: JSONPets\nbaseURL: https://pets.example.com/\n"))
        #expect(text.contains("      getPetByID:\n        get: pets/{id}\n        params:\n          id: Int64\n        response: Pet\n"))
    }

    @Test func namesComeFromTheDocument() throws {
        let (text, _) = try spec(
            document(
                paths: """
                  /owners/{owner_id}/pets:
                    get:
                      operationId: list-pets_of-owner
                      tags: [pet store]
                      parameters:
                        - { name: owner_id, in: path, required: true, schema: { type: string } }
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: { type: array, items: { $ref: '#/components/schemas/dataSetList' } }
                """,
                schemas: """
                    dataSetList:
                      type: object
                      properties:
                        owner: { type: object, properties: { name: { type: string } } }
                        entries: { type: array, items: { type: object, properties: { id: { type: string } } } }
                """))
        #expect(text.contains("  DataSetList:\n    fields:\n      owner: DataSetListOwner?\n      entries: \"[DataSetListEntry]?\"\n"))
        #expect(text.contains("  PetStore:\n    endpoints:\n      listPetsOfOwner:\n        get: owners/{owner_id}/pets\n"))
    }

    @Test func typesFollowFormatsAndNullability() throws {
        let (text, _) = try spec(
            """
            openapi: 3.1.0
            info: { title: Types, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /things:
                get:
                  operationId: things
                  responses:
                    '200':
                      description: ok
                      content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
            components:
              schemas:
                Thing:
                  type: object
                  required: [id, created, day, link, size, ratio, price, on, tags, extra, nothing, maybe]
                  properties:
                    id: { type: integer, format: int64 }
                    created: { type: string, format: date-time }
                    day: { type: string, format: date }
                    link: { type: string, format: uri }
                    size: { type: integer, format: int32 }
                    ratio: { type: number }
                    price: { type: number, format: decimal }
                    on: { type: boolean }
                    tags: { type: object, additionalProperties: { type: integer } }
                    extra: { type: object }
                    nothing: {}
                    maybe: { type: [string, "null"] }
                    count: { type: integer, default: 3 }
                    mode: { type: string, enum: [fast, slow], default: slow }
                    old: { type: string, nullable: true }
            """)
        #expect(
            text.contains(
                """
                      id: Int64
                      created: Date
                      day: { type: Date, format: yyyy-MM-dd }
                      link: URL
                      size: Int
                      ratio: Double
                      price: Decimal
                      "on": Bool
                      tags: "[String: Int]"
                      extra: "[String: JSON]"
                      nothing: JSON
                      maybe: String?
                      count: { type: Int, default: 3 }
                      mode: { enum: [fast, slow], default: slow }
                      old: String?

                """))
    }

    @Test func credentialsAreProvidedValuesAndPublicOperationsOmitThem() throws {
        let (text, _) = try spec(
            document(
                paths: """
                  /me:
                    get:
                      operationId: me
                      responses: { '204': { description: ok } }
                  /status:
                    get:
                      operationId: status
                      security: []
                      responses: { '204': { description: ok } }
                """,
                components: """
                  securitySchemes:
                    bearer: { type: http, scheme: bearer, bearerFormat: JWT }
                    key: { type: apiKey, in: query, name: api_key }
                    app: { type: apiKey, in: header, name: X-App }
                    basic: { type: http, scheme: basic }
                """,
                top: "security: [{ bearer: [], key: [], app: [] }, { basic: [] }]"))
        #expect(
            text.contains(
                """
                fixed:
                  api_key: { provided: apiKey, in: query, optional: true }

                headers:
                  # a JWT bearer token
                  Authorization: { provided: token, optional: true, prefix: "Bearer " }
                  X-App: { provided: app, optional: true }
                  # security scheme basic shares 'Authorization' with another scheme; only the first is sent

                """))
        #expect(text.contains("      status:\n        get: status\n        omit: [Authorization, api_key, X-App]\n"))
        #expect(text.contains("      me:\n        get: me\n  Status:"))
    }

    @Test func theFirstServerIsTheBaseURLWithItsVariablesAtTheirDefaults() throws {
        let (text, _) = try spec(
            """
            openapi: 3.0.0
            info: { title: Servers, version: "1" }
            servers:
              - url: "{scheme}://{region}.example.com/api"
                variables:
                  scheme: { default: https, enum: [https, http] }
                  region: { default: eu }
              - url: https://backup.example.com/api
            paths: {}
            """)
        #expect(
            text.contains(
                """
                # server variable {scheme} = https (also http)
                # server variable {region} = eu
                # other servers: https://backup.example.com/api
                baseURL: https://eu.example.com/api/

                """))
    }

    @Test func bodiesBecomeArgumentsAWholeModelFormsOrMultipartFiles() throws {
        let (text, _) = try spec(
            document(
                paths: """
                  /pets:
                    post:
                      operationId: createPet
                      requestBody:
                        required: true
                        content: { application/json: { schema: { $ref: '#/components/schemas/NewPet' } } }
                      responses: { '201': { description: created } }
                    patch:
                      operationId: renamePet
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [name]
                              properties:
                                name: { type: string }
                                tag: { type: string, nullable: true }
                      responses: { '204': { description: ok } }
                  /pets/photo:
                    put:
                      operationId: uploadPhoto
                      requestBody:
                        content:
                          multipart/form-data:
                            schema:
                              type: object
                              required: [photo]
                              properties:
                                photo: { type: string, format: binary }
                                caption: { type: string }
                      responses: { '204': { description: ok } }
                """,
                schemas: """
                    NewPet:
                      type: object
                      properties:
                        name: { type: string }
                """))
        #expect(text.contains("      createPet:\n        post: pets\n        body: NewPet\n"))
        #expect(text.contains("        params:\n          name: String\n          tag: { type: String, nullable: true }\n"))
        #expect(text.contains("        params:\n          photo: File\n          caption: String?\n"))
    }

    @Test func writtenScalarsReadBackAsTheSameStrings() throws {
        let texts = [
            "[String]?", "a: b", "yes", "1.10", "#x", "", " lead", "trail ", "null", "x, y", "{a}", "- item", "it's",
            "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{2028}", "ok", "café",
        ]
        let document = """
            openapi: 3.0.0
            info: { title: Quotes, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /q:
                get:
                  operationId: q
                  parameters:
            \(texts.enumerated().map { "        - { name: p\($0.offset), in: query, description: \(jsonString($0.element)), schema: { type: string } }" }.joined(separator: "\n"))
                  responses: { '204': { description: ok } }
            """
        let (text, _) = try spec(document)
        let root = try YAMLParser().parseDocument(text)
        let parameters = try #require(root.value("tools")?.value("Q")?.value("endpoints")?.value("q")?.value("params"))
        for (index, expected) in texts.enumerated() {
            let summary = parameters.value("p\(index)")?.value("summary")?.scalarText
            let oneLine = expected.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(summary == (oneLine.isEmpty ? nil : oneLine), "p\(index): \(expected.debugDescription)")
        }
    }

    private func jsonString(_ text: String) -> String {
        let data = try? JSONEncoder().encode(text)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

extension YAMLNode {
    fileprivate func value(_ key: String) -> YAMLNode? {
        guard case .mapping(let entries) = content else { return nil }
        return entries.first { $0.key.scalarText == key }?.value
    }
}
