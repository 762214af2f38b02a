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
    private func document(
        paths: String, schemas: String = "", components: String = "", top: String = "", version: String = "3.0.3"
    ) -> String {
        """
        openapi: \(version)
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

    /// A document whose one operation, `GET /things`, returns the schema `Thing` of `schemas`.
    private func thingsDocument(version: String = "3.0.3", schemas: String) -> String {
        document(
            paths: """
                  /things:
                    get:
                      operationId: things
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
                """,
            schemas: schemas, version: version)
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
        #expect(diagnostics.map(\.description) == [])
        #expect(text.contains("      toy: PetToy?\n  PetToy:\n    oneOf: [String, Int]\n"))
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
            thingsDocument(
                version: "3.1.0",
                schemas: """
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
                """))
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

    // MARK: - Unions

    /// A `discriminator` with a `mapping` tags each variant with its mapped value, and a schema
    /// the mapping leaves out with its own name, as OpenAPI defines.
    @Test func aDiscriminatorWithAMappingIsATaggedUnion() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /pets:
                    get:
                      operationId: listPets
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } }
                """,
                schemas: """
                    Pet:
                      oneOf:
                        - $ref: '#/components/schemas/Dog'
                        - $ref: '#/components/schemas/Cat'
                        - $ref: '#/components/schemas/Lizard'
                      discriminator:
                        propertyName: pet_type
                        mapping:
                          dog: '#/components/schemas/Dog'
                          cat: Cat
                    Dog:
                      type: object
                      required: [pet_type, bark]
                      properties: { pet_type: { type: string }, bark: { type: boolean } }
                    Cat:
                      type: object
                      required: [pet_type]
                      properties: { pet_type: { type: string }, lives: { type: integer } }
                    Lizard:
                      type: object
                      required: [pet_type]
                      properties: { pet_type: { type: string } }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(
            text.contains(
                """
                models:
                  Pet:
                    oneOf: { dog: Dog, cat: Cat, Lizard: Lizard }
                    discriminator: pet_type
                  Dog:
                    fields:
                      pet_type: String
                      bark: Bool

                """))
        #expect(text.contains("        response: [Pet]\n"))
    }

    /// Without a discriminator, a key every alternative requires with a value of its own tags
    /// the union; alternatives that differ otherwise are untagged, tried so that none takes
    /// another's values (the one that needs more keys first).
    @Test func untaggedAlternativesAreTriedSoThatNoneTakesAnothersValues() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /owners/{id}:
                    get:
                      operationId: owner
                      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { $ref: '#/components/schemas/Owner' } } }
                """,
                schemas: """
                    Owner:
                      type: object
                      required: [contact, tool]
                      properties:
                        contact:
                          oneOf:
                            - { type: object, required: [email], properties: { email: { type: string } } }
                            - { type: object, required: [email, phone], properties: { email: { type: string }, phone: { type: string } } }
                        tool:
                          oneOf:
                            - { type: object, required: [type], properties: { type: { type: string, enum: [code] } } }
                            - { type: object, required: [type, name], properties: { type: { const: function }, name: { type: string } } }
                        stop:
                          oneOf: [{ type: string }, { type: array, items: { type: string } }]
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(
            text.contains(
                """
                  OwnerContact:
                    # untagged: the first variant that decodes a value takes it, so these are tried in this order (the document lists object {email}, object {email, phone})
                    oneOf: [OwnerContactVariant2, OwnerContactVariant1]
                  OwnerContactVariant2:
                    fields:
                      email: String
                      phone: String
                  OwnerContactVariant1:
                    fields:
                      email: String
                  OwnerTool:
                    # tagged by 'type': each alternative requires a value of its own there
                    oneOf: { code: OwnerToolCode, function: OwnerToolFunction }
                    discriminator: type

                """))
        #expect(text.contains("  OwnerStop:\n    oneOf: [String, [String]]\n"))
        #expect(text.contains("      contact: OwnerContact\n      tool: OwnerTool\n      stop: OwnerStop?\n"))
    }

    /// `anyOf` with null is an optional union; with one other alternative, that type, optional.
    @Test func anyOfWithNullIsAnOptionalUnion() throws {
        let (text, diagnostics) = try spec(
            thingsDocument(
                schemas: """
                    Thing:
                      type: object
                      required: [nickname, favorite]
                      properties:
                        nickname: { anyOf: [{ type: string }, { type: integer }, { type: 'null' }] }
                        favorite: { anyOf: [{ $ref: '#/components/schemas/Kind' }, { type: 'null' }] }
                    Kind:
                      type: object
                      properties: { name: { type: string } }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(text.contains("      nickname: ThingNickname?\n      favorite: Kind?\n"))
        #expect(text.contains("  ThingNickname:\n    oneOf: [String, Int]\n"))
    }

    /// A 3.1 type array is a union of the scalar types (an integer before a number that would
    /// read it); with null, optional.
    @Test func aTypeArrayIsAUnionOfItsTypes() throws {
        let (text, diagnostics) = try spec(
            thingsDocument(
                version: "3.1.0",
                schemas: """
                    Thing:
                      type: object
                      required: [id, amount]
                      properties:
                        id: { type: [string, integer] }
                        amount: { type: [number, integer, "null"] }
                        tags: { type: [string, array], items: { type: string } }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(text.contains("      id: ThingId\n      amount: ThingAmount?\n      tags: ThingTags?\n"))
        #expect(text.contains("  ThingId:\n    oneOf: [String, Int]\n"))
        #expect(text.contains("  ThingAmount:\n    # untagged: the first variant that decodes a value takes it, so these are tried in this order (the document lists number, integer)\n    oneOf: [Int, Double]\n"))
        #expect(text.contains("  ThingTags:\n    oneOf: [String, [String]]\n"))
    }

    /// Where a value is sent as text (a query, a header), a union of scalars is a `String`.
    @Test func aUnionOfScalarsInAQueryIsText() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /things:
                    get:
                      operationId: things
                      parameters:
                        - { name: id, in: query, schema: { oneOf: [{ type: string }, { type: integer }] } }
                      responses: { '204': { description: ok } }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(text.contains("        params:\n          # oneOf [string, integer]: sent as text\n          id: String?\n"))
        #expect(!text.contains("oneOf: ["))
    }

    // MARK: - Error bodies

    /// The error body most operations share is the API's `errors:`, with its message and code;
    /// an operation with another error model has its own.
    @Test func errorBodiesBecomeTheAPIsErrorsAndAnEndpointsOwn() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /pets:
                    get:
                      operationId: listPets
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { type: string } } } }
                        default:
                          description: failure
                          content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }
                    post:
                      operationId: createPet
                      responses:
                        '201': { description: created }
                        '422':
                          description: invalid
                          content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }
                        '500': { description: failure }
                  /pets/{id}:
                    get:
                      operationId: showPet
                      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: string } } }
                        '404':
                          description: missing
                          content:
                            application/json:
                              schema:
                                type: object
                                properties:
                                  error: { type: object, properties: { message: { type: string }, code: { type: integer } } }
                """,
                schemas: """
                    Error:
                      type: object
                      required: [code, message]
                      properties:
                        code: { type: integer }
                        message: { type: string }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(text.contains("summary: Test API\n\nerrors: { type: Error, message: message, code: code }\n\nmodels:\n"))
        #expect(text.contains("      listPets:\n        get: pets\n        response: [String]\n      createPet:\n        post: pets\n      showPet:"))
        #expect(text.contains("        response: String\n        errors: { type: ShowPetError, message: error.message, code: error.code }\n"))
        #expect(text.contains("  ShowPetError:\n    fields:\n      error: ShowPetErrorError?\n"))
        #expect(!text.contains("XToolError.status"))
    }

    /// Error bodies that are no model, or two models for one endpoint, stay notes with a
    /// warning at the response; an endpoint without them has no `errors:`.
    @Test func errorBodiesTheSpecCantTypeAreNotes() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /pets:
                    get:
                      operationId: listPets
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { type: string } } } }
                        '400':
                          description: bad
                          content: { application/json: { schema: { $ref: '#/components/schemas/Invalid' } } }
                        '404':
                          description: missing
                          content: { application/json: { schema: { $ref: '#/components/schemas/Missing' } } }
                        '503':
                          description: down
                          content: { application/json: { schema: { type: string } } }
                """,
                schemas: """
                    Invalid:
                      type: object
                      properties: { fields: { type: array, items: { type: string } } }
                    Missing:
                      type: object
                      properties: { id: { type: string } }
                """))
        #expect(
            diagnostics.map(\.description) == [
                "16:9: warning: the error responses have different bodies (400 -> Invalid, 404 -> Missing): errors: names one model, so the call throws XToolError.status with these",
                "19:9: warning: the 503 error body (string) is no model: errors: decodes a model, so the call throws XToolError.status with it",
            ])
        #expect(
            text.contains(
                """
                        response: [String]
                        # the 503 error body (string) is no model: XToolError.status(code:body:) carries it
                        # errors 400 -> Invalid, 404 -> Missing: one model per endpoint in the spec; XToolError.status(code:body:) carries them

                """))
        #expect(!text.contains("errors: {"))
    }

    // MARK: - Pagination

    /// A `Link` response header over an array is `paginate: link`.
    @Test func aLinkHeaderIsLinkPagination() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /issues:
                    get:
                      operationId: listIssues
                      parameters: [{ name: per_page, in: query, schema: { type: integer } }]
                      responses:
                        '200':
                          description: ok
                          headers: { Link: { schema: { type: string } } }
                          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Issue' } } } }
                """,
                schemas: """
                    Issue:
                      type: object
                      properties: { id: { type: string } }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(
            text.contains(
                "      listIssues:\n        get: issues\n        params:\n          per_page: Int?\n        response: [Issue]\n        paginate: link\n"))
    }

    /// A cursor parameter and a list object that has the next cursor, or `has_more` and items
    /// with an `id`, is cursor pagination of the list's one array; so is a page number that says
    /// where it starts, and an offset.
    @Test func cursorsPagesAndOffsetsArePaginatedWhenTheDocumentSaysHow() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /charges:
                    get:
                      operationId: listCharges
                      parameters:
                        - { name: limit, in: query, schema: { type: integer } }
                        - { name: starting_after, in: query, schema: { type: string } }
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema:
                                type: object
                                properties:
                                  object: { type: string }
                                  data: { type: array, items: { $ref: '#/components/schemas/Issue' } }
                                  has_more: { type: boolean }
                  /events:
                    get:
                      operationId: listEvents
                      parameters: [{ name: cursor, in: query, schema: { type: string } }]
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema:
                                type: object
                                properties:
                                  data: { type: array, items: { $ref: '#/components/schemas/Issue' } }
                                  next_cursor: { type: string, nullable: true }
                  /search:
                    get:
                      operationId: search
                      parameters:
                        - { name: page, in: query, schema: { type: integer, minimum: 0 } }
                        - { name: page_size, in: query, schema: { type: integer } }
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Issue' } } } }
                  /recent:
                    get:
                      operationId: recent
                      parameters:
                        - { name: offset, in: query, schema: { type: integer } }
                        - { name: limit, in: query, schema: { type: integer } }
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Issue' } } } }
                """,
                schemas: """
                    Issue:
                      type: object
                      required: [id]
                      properties: { id: { type: string } }
                """))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(
            text.contains(
                """
                        response: { path: data, type: [Issue] }
                        paginate: { cursor: starting_after, lastItem: id, hasMore: has_more }
                        # the pages are returned, not the list's object, has_more

                """))
        #expect(
            text.contains(
                """
                        response: { path: data, type: [Issue] }
                        paginate: { cursor: cursor, next: next_cursor }
                        # the pages are returned, not the list's next_cursor

                """))
        #expect(text.contains("        response: [Issue]\n        paginate: { page: page, limit: page_size, start: 0 }\n"))
        #expect(text.contains("        response: [Issue]\n        paginate: { offset: offset, limit: limit }\n"))
        // The list objects are read through their items, so they are no models.
        #expect(!text.contains("ListChargesResponse"))
    }

    /// `paginate:` adds a method `<name>Items`; where another endpoint has that name, the
    /// endpoint is not paginated, with a note and a warning.
    @Test func pagesWhoseItemsMethodTakesAnotherEndpointsNameAreNotes() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /issues:
                    get:
                      operationId: list
                      tags: [issues]
                      parameters: [{ name: offset, in: query, schema: { type: integer } }]
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { type: string } } } }
                  /issues/items:
                    get:
                      operationId: listItems
                      tags: [issues]
                      responses: { '204': { description: ok } }
                """))
        #expect(
            diagnostics.map(\.description) == [
                "10:20: warning: 'list' pages, but its method for every item would be 'listItems', another endpoint's name; no paginate: is written"
            ])
        #expect(text.contains("        response: [String]\n        # paginate: { offset: offset } would add 'listItems', another endpoint's name\n"))
    }

    /// Where the document only suggests pages (a cursor with nothing that says the next one, a
    /// page number that doesn't say where it starts, a next-page header), the spec has a note
    /// and the import a warning at the document's line: a wrong `paginate:` is worse than none.
    @Test func pagesTheDocumentOnlySuggestsAreNotes() throws {
        let (text, diagnostics) = try spec(
            document(
                paths: """
                  /older:
                    get:
                      operationId: older
                      parameters:
                        - { name: after, in: query, schema: { type: string } }
                        - { name: limit, in: query, schema: { type: integer } }
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { type: string } } } }
                  /pages:
                    get:
                      operationId: pages
                      parameters: [{ name: page, in: query, schema: { type: integer } }]
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { type: array, items: { type: string } } } }
                  /feed:
                    get:
                      operationId: feed
                      responses:
                        '200':
                          description: ok
                          headers: { x-next: { schema: { type: string } } }
                          content: { application/json: { schema: { type: array, items: { type: string } } } }
                """))
        #expect(
            diagnostics.map(\.description) == [
                "10:11: warning: 'after' looks like a cursor, but the response doesn't say where the next one is; no paginate: is written",
                "19:20: warning: 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1 (no default or minimum); no paginate: is written",
                "30:22: warning: the response header 'x-next' looks like a link to the next page, which paginate: can't follow; the call returns one page",
            ])
        #expect(!text.contains("        paginate:"))
        #expect(
            text.contains(
                "        # 'after' looks like a cursor, but the response doesn't say where the next one is: add paginate: if the API pages\n"))
        #expect(
            text.contains(
                "        # 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1: "
                    + "add paginate: { page: page, start: … } if the API pages\n"))
        #expect(
            text.contains(
                "        # the response header 'x-next' leads to the next page: paginate: follows a Link header, a cursor, "
                    + "page numbers or offsets, not this header\n"))
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
