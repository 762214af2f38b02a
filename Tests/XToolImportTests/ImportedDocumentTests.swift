import Foundation
import Testing
import XToolImport
import XToolSpec
import XToolYAML

/// A document as a whole: what makes one, JSON, the names and the base URL it gives, and text that
/// reads back as written.
@Suite struct ImportedDocumentTests {
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
        try expectImport(
            json, name: "pets.json",
            gives: """
                # Imported from pets.json (OpenAPI 3.0.0: JSON Pets 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: JSONPets
                baseURL: https://pets.example.com/
                summary: JSON Pets

                headers:
                  Accept: application/json

                models:
                  Pet:
                    fields:
                      id: Int64
                      toy: PetToy?
                  PetToy:
                    oneOf: [String, Int]

                tools:
                  Pets:
                    endpoints:
                      getPetByID:
                        get: pets/{id}
                        params:
                          id: Int64
                        response: Pet

                """)
    }

    @Test func namesComeFromTheDocument() throws {
        try expectImport(
            Snippet.document(
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
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  DataSetList:
                    fields:
                      owner: DataSetListOwner?
                      entries: "[DataSetListEntry]?"
                  DataSetListOwner:
                    fields:
                      name: String?
                  DataSetListEntry:
                    fields:
                      id: String?

                tools:
                  PetStore:
                    endpoints:
                      listPetsOfOwner:
                        get: owners/{owner_id}/pets
                        params:
                          owner_id: String
                        response: [DataSetList]

                """)
    }

    @Test func theFirstServerIsTheBaseURLWithItsVariables() throws {
        try expectImport(
            """
            openapi: 3.0.0
            info: { title: Servers, version: "1" }
            servers:
              - url: "{scheme}://{region}.example.com/api"
                variables:
                  scheme: { default: https, enum: [https, http] }
                  region: { default: eu, description: The region's host. }
              - url: https://backup.example.com/api
            paths: {}
            """,
            gives: """
                # Imported from test.yaml (OpenAPI 3.0.0: Servers 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Servers
                # other servers: https://backup.example.com/api
                baseURL: "{scheme}://{region}.example.com/api/"
                baseURLVariables:
                  scheme: { enum: [https, http] }
                  region: { summary: The region's host., default: eu }
                summary: Servers

                """)
    }

    /// Variables that can't make a base URL with every value (a space in a host) are written at
    /// their defaults, with a note; values that can't be Swift cases are any text, with a note.
    @Test func serverVariablesThatCantBeTheSpecsAreNotes() throws {
        try expectImport(
            """
            openapi: 3.0.0
            info: { title: Servers, version: "1" }
            servers:
              - url: "https://{region}.example.com/{version}"
                variables:
                  region: { default: eu, enum: [eu, "u s"] }
                  version: { default: v1 }
              - url: "https://{stage}.example.org/"
            paths: {}
            """,
            gives: """
                # Imported from test.yaml (OpenAPI 3.0.0: Servers 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Servers
                # other servers: https://{stage}.example.org/
                # server variable {region} = eu (also u s)
                # server variable {version} = v1
                baseURL: https://eu.example.com/v1/
                summary: Servers

                """)
        try expectImport(
            """
            openapi: 3.0.0
            info: { title: Servers, version: "1" }
            servers:
              - url: "https://api.example.com/{version}"
                variables:
                  version: { default: v1, enum: [v1, "1", _1] }
            paths: {}
            """,
            gives: """
                # Imported from test.yaml (OpenAPI 3.0.0: Servers 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Servers
                # the server variable {version} is one of v1, 1, _1, which can't all be Swift cases: any text is accepted
                baseURL: https://api.example.com/{version}/
                baseURLVariables:
                  version: v1
                summary: Servers

                """)
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
        let result = OpenAPIImporter.importDocument(Array(document.utf8), path: nil, documentName: "test.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let root = try YAMLParser().parseDocument(try #require(result.specText))
        let parameters = try #require(root["tools"]?["Q"]?["endpoints"]?["q"]?["params"])
        for (index, expected) in texts.enumerated() {
            let summary = parameters["p\(index)"]?["summary"]?.scalarText
            let oneLine = expected.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(summary == (oneLine.isEmpty ? nil : oneLine), "p\(index): \(expected.debugDescription)")
        }
    }

    private func jsonString(_ text: String) -> String {
        let data = try? JSONEncoder().encode(text)
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// A cause the document repeats is one warning at its first place, with how many places have it
    /// and the first three by name: a shared cookie parameter on four operations (issue 20, item
    /// 12). `additionalProperties: true` beside properties says more members may come, not what
    /// they are: a note; a schema there is the model's `others:` (issue 41, item 7).
    @Test func aRepeatedCauseIsOneWarningWithItsPlaces() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /a:
                        get:
                          operationId: getA
                          parameters: [{ $ref: '#/components/parameters/session' }]
                          responses:
                            '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } }
                      /b:
                        get:
                          operationId: getB
                          parameters: [{ $ref: '#/components/parameters/session' }]
                          responses:
                            '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/B' } } } }
                      /c:
                        get:
                          operationId: getC
                          parameters: [{ $ref: '#/components/parameters/session' }]
                          responses: { '204': { description: ok } }
                      /d:
                        get:
                          operationId: getD
                          parameters: [{ $ref: '#/components/parameters/session' }]
                          responses: { '204': { description: ok } }
                    """,
                schemas: """
                        A:
                          type: object
                          properties: { id: { type: string } }
                          additionalProperties: { type: string }
                        B:
                          type: object
                          properties: { id: { type: string } }
                          additionalProperties: true
                    """,
                components: """
                      parameters:
                        session: { name: session, in: cookie, schema: { type: string } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  A:
                    fields:
                      id: String?
                    others: String
                  B:
                    # additionalProperties: members beyond these fields are not kept
                    fields:
                      id: String?

                tools:
                  A:
                    endpoints:
                      getA:
                        get: a
                        response: A
                        # the cookie parameter 'session' is left out: the spec language sends no cookies
                  B:
                    endpoints:
                      getB:
                        get: b
                        response: B
                        # the cookie parameter 'session' is left out: the spec language sends no cookies
                  C:
                    endpoints:
                      getC:
                        get: c
                        # the cookie parameter 'session' is left out: the spec language sends no cookies
                  D:
                    endpoints:
                      getD:
                        get: d
                        # the cookie parameter 'session' is left out: the spec language sends no cookies

                """,
            diagnostics: [
                "37:7: warning: additionalProperties: true beside properties: the model 'B' keeps only the listed properties",
                "39:14: warning: the cookie 'session' can't be sent: the spec language has no cookies (in 4 places: getA, getB, getC and 1 more)",
            ])
    }

    /// The server's variables are the spec's `baseURLVariables:`, the region an enum nested in the
    /// API type, chosen by name through `RegionsAPI.baseURL(tld:basePath:)`, the initializer's
    /// default (issue 41 item 8).
    @Test(.needs(Repro.issue41)) func serverVariablesAreChosenByTheApp() throws {
        try Repro.issue41.expectImport(
            "r9-server-variables",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.1.0: Regions 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Regions
                baseURL: https://api.example.{tld}/{basePath}/
                baseURLVariables:
                  tld: { enum: [com, eu, asia, ca] }
                  basePath: v1
                summary: Regions

                headers:
                  Accept: application/json

                tools:
                  Environments:
                    endpoints:
                      environments:
                        get: environments
                        response: [String]

                """)
        try Repro.issue41.expectGenerated(
            "RegionsAPI.swift", of: "r9-server-variables",
            gives: """
                // Generated by xtoolgen from Repro.yaml. Do not edit.

                import Foundation
                @_spi(Generated) import XToolRuntime

                /// Regions
                nonisolated public struct RegionsAPI: Sendable {
                  /// The client that sends every request of this API.
                  public let client: APIClient

                  public init(
                    baseURL: URL = RegionsAPI.baseURL(), transport: any HTTPTransport = URLSessionTransport(),
                    cache: any ResponseCache = MemoryResponseCache(), options: ClientOptions = ClientOptions()
                  ) {
                    client = APIClient(
                      baseURL: baseURL, transport: transport, cache: cache, options: options,
                      headers: [.literal("Accept", "application/json")]
                    )
                  }

                  /// The base URL with the value of each of its variables: the spec's default unless given.
                  public static func baseURL(tld: Tld = .com, basePath: String = "v1") -> URL {
                    APIClient.baseURL(
                      "https://api.example.{tld}/{basePath}/",
                      variables: ["tld": tld.rawValue, "basePath": basePath]
                    )
                  }

                  /// The values of the base URL's variable "tld".
                  public enum Tld: String, Sendable, CaseIterable {
                    case com
                    case eu
                    case asia
                    case ca
                  }

                  private static let sharedInstance = SharedInstance(RegionsAPI())

                  /// The app-wide instance; replace it at start-up to configure every tool at once.
                  public static var shared: RegionsAPI {
                    get { sharedInstance.value }
                    set { sharedInstance.value = newValue }
                  }
                }

                """)
    }
}
