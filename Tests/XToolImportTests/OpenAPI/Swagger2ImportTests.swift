import Foundation
import TestSupport
import Testing
import XToolImport
import XToolSpec
import XToolYAML

/// Swagger 2.0 documents, read as the OpenAPI 3.0 documents they say (`Swagger2.swift`): the
/// whole spec a snippet imports to, a document split into files, and every document of
/// `../shared/testdata/openapi/swagger2`.
struct Swagger2ImportTests {
    /// `host`, `basePath` and `schemes` (https first), `definitions` with `x-nullable`, a body
    /// parameter, query arrays (`csv`, the default, and `multi`), a response's `examples` of its
    /// media type, and the document's `produces` as the API's `Accept`.
    @Test func aDocumentIsReadAsOpenAPI3() throws {
        try expectImport(
            """
            swagger: "2.0"
            info: { title: Test API, version: "1" }
            host: api.example.com
            basePath: /v1
            schemes: [http, https]
            consumes: [application/json]
            produces: [application/json]
            paths:
              /pets:
                get:
                  operationId: listPets
                  tags: [pets]
                  parameters:
                    - { name: tags, in: query, type: array, items: { type: string } }
                    - { name: ids, in: query, type: array, items: { type: integer }, collectionFormat: multi }
                    - { name: limit, in: query, type: integer, format: int32, default: 20 }
                  responses:
                    '200':
                      description: the pets
                      schema: { type: array, items: { $ref: '#/definitions/Pet' } }
                      examples:
                        application/json: [{ id: 1, name: Rex, tag: null }]
                post:
                  operationId: addPet
                  tags: [pets]
                  parameters:
                    - { name: pet, in: body, required: true, schema: { $ref: '#/definitions/Pet' } }
                  responses:
                    '201': { description: added, schema: { $ref: '#/definitions/Pet' } }
                    default: { description: failed, schema: { $ref: '#/definitions/Error' } }
            definitions:
              Pet:
                type: object
                required: [id, name]
                properties:
                  id: { type: integer, format: int64 }
                  name: { type: string }
                  tag: { type: string, x-nullable: true }
              Error:
                type: object
                required: [message]
                properties:
                  message: { type: string }
                  code: { type: integer }
            """,
            gives: """
                # Imported from test.yaml (Swagger 2.0: Test API 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Test
                # other servers: http://api.example.com/v1
                baseURL: https://api.example.com/v1/
                summary: Test API

                headers:
                  Accept: application/json

                models:
                  Pet:
                    fields:
                      id: Int64
                      name: String
                      tag: { type: "String?", nullable: true }
                  ErrorModel:
                    fields:
                      message: String
                      code: Int?

                tools:
                  Pets:
                    endpoints:
                      listPets:
                        get: pets
                        params:
                          tags: { type: "[String]?", style: csv }
                          ids: "[Int]?"
                          limit: { type: "Int?", summary: "The server's default: 20." }
                        response: [Pet]
                        sample:
                          body: [
                              {
                                "id": 1,
                                "name": "Rex",
                                "tag": null
                              }
                            ]
                      addPet:
                        post: pets
                        body: Pet
                        response: Pet
                        errors: { type: ErrorModel, message: message, code: code }

                """)
    }

    /// Form parameters (a `type: file` makes the body multipart; `collectionFormat: csv` is
    /// comma-separated), the document's `parameters` and `responses` referenced, an
    /// operation's own `consumes` and `produces` (`image/png`: the response is `Data`, and the
    /// shared error response, of no JSON there, is no error model), and `securityDefinitions`
    /// with `security`, the document's and an operation's.
    @Test func formsFilesCredentialsAndSharedParts() throws {
        try expectImport(
            """
            swagger: "2.0"
            info: { title: Test API, version: "1" }
            host: api.example.com
            schemes: [https]
            basePath: /v1
            securityDefinitions:
              key: { type: apiKey, in: header, name: X-API-Key }
              login: { type: basic }
            security: [{ key: [] }]
            parameters:
              id: { name: id, in: path, required: true, type: string }
              photo: { name: photo, in: formData, required: true, type: file }
            responses:
              NotFound:
                description: no such thing
                schema: { $ref: '#/definitions/Problem' }
            paths:
              /photos/{id}:
                parameters:
                  - $ref: '#/parameters/id'
                put:
                  operationId: uploadPhoto
                  consumes: [multipart/form-data]
                  parameters:
                    - $ref: '#/parameters/photo'
                    - { name: caption, in: formData, type: string }
                  responses:
                    '204': { description: stored }
                    '404': { $ref: '#/responses/NotFound' }
                get:
                  operationId: getPhoto
                  produces: [image/png]
                  security: [{ login: [] }]
                  responses:
                    '200': { description: the photo, schema: { type: file } }
                    '404': { $ref: '#/responses/NotFound' }
              /sessions:
                post:
                  operationId: signIn
                  consumes: [application/x-www-form-urlencoded]
                  parameters:
                    - { name: user, in: formData, required: true, type: string }
                    - { name: scopes, in: formData, type: array, items: { type: string }, collectionFormat: csv }
                  responses:
                    '200': { description: signed in, schema: { type: object, properties: { token: { type: string } } } }
            definitions:
              Problem:
                type: object
                required: [title]
                properties:
                  title: { type: string }
            """,
            gives: """
                # Imported from test.yaml (Swagger 2.0: Test API 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com/v1/
                summary: Test API
                body: form

                headers:
                  Accept: application/json
                  X-API-Key: { provided: apiKey }
                  # HTTP basic authentication: provide the base64 of user:password
                  Authorization: { provided: credentials, prefix: "Basic " }

                models:
                  Problem:
                    fields:
                      title: String
                  SignInResponse:
                    fields:
                      token: String?

                tools:
                  Photos:
                    endpoints:
                      uploadPhoto:
                        put: photos/{id}
                        params:
                          id: String
                          photo: File
                          caption: String?
                        omit: [Authorization]
                        errors: { type: Problem, message: title }
                      getPhoto:
                        get: photos/{id}
                        params:
                          id: String
                        omit: [X-API-Key]
                        headers: { Accept: image/png }
                        response: Data
                  Sessions:
                    endpoints:
                      signIn:
                        post: sessions
                        params:
                          user: String
                          scopes: { type: "[String]?", style: csv }
                        omit: [Authorization]
                        response: SignInResponse

                """)
    }

    /// What real documents write: a `host` with its scheme and a `basePath` without its slash;
    /// form parameters of an operation that consumes multipart or a form (a form: no file);
    /// `x-nullable` beside a `$ref` (OpenAPI 3.0 reads nothing there: `allOf` of it); an example
    /// of JSON where the document produces XML (kept, so the sample reads), one of HTML left out.
    @Test func whatRealDocumentsWrite() throws {
        try expectImport(
            """
            swagger: "2.0"
            info: { title: Test API, version: "1" }
            host: "https://api.example.com/"
            basePath: v2
            produces: [application/xml]
            paths:
              /pets:
                post:
                  operationId: addPet
                  consumes: [multipart/form-data, application/x-www-form-urlencoded]
                  parameters:
                    - { name: name, in: formData, type: string, required: true }
                  responses:
                    '200':
                      description: ok
                      schema: { $ref: '#/definitions/Pet' }
                      examples:
                        application/json: { owner: null, name: Rex }
                        text/html: "<p>Rex</p>"
            definitions:
              Pet:
                type: object
                required: [name, owner]
                properties:
                  name: { type: string }
                  owner: { $ref: '#/definitions/Owner', x-nullable: true }
              Owner:
                type: object
                properties: { name: { type: string } }
            """,
            gives: """
                # Imported from test.yaml (Swagger 2.0: Test API 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com/v2/
                summary: Test API
                body: form

                headers:
                  Accept: application/xml, application/json

                models:
                  Pet:
                    fields:
                      name: String
                      owner: Owner?
                  Owner:
                    fields:
                      name: String?

                tools:
                  Pets:
                    endpoints:
                      addPet:
                        post: pets
                        params:
                          name: String
                        response: Pet
                        sample:
                          body: {
                              "owner": null,
                              "name": "Rex"
                            }

                """)
    }

    /// References into other files: a bare schema (`parts/pet.yaml`), a mapping of parameters
    /// and of responses, and a document's `definitions` (`common.yaml#/definitions/Error`, which
    /// reads `#/components/schemas/Error` in the file converted whole), each file converted
    /// once, its own references relative to it.
    @Test func referencesIntoOtherFilesAreConvertedToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swagger2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts: [String: String] = [
            "parts/params.yaml": """
            limit: { name: limit, in: query, type: integer, x-nullable: true }
            """,
            "parts/pet.yaml": """
            type: object
            required: [id]
            properties:
              id: { type: integer }
              owner: { $ref: 'common.yaml#/definitions/Owner' }
              photo: { type: string, x-nullable: true }
            """,
            "parts/responses.yaml": """
            NotFound:
              description: not found
              schema: { $ref: 'common.yaml#/definitions/Error' }
            """,
            "parts/common.yaml": """
            definitions:
              Error:
                type: object
                required: [message]
                properties: { message: { type: string } }
              Owner:
                type: object
                properties: { name: { type: string } }
            """,
        ]
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        for (name, text) in parts {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try expectImport(
            """
            swagger: "2.0"
            info: { title: Split, version: "1" }
            host: api.example.com
            schemes: [https]
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - $ref: 'parts/params.yaml#/limit'
                  responses:
                    '200': { description: ok, schema: { type: array, items: { $ref: 'parts/pet.yaml' } } }
                    '404': { $ref: 'parts/responses.yaml#/NotFound' }
                    default: { description: failed, schema: { $ref: 'parts/common.yaml#/definitions/Error' } }
            """, name: "main.yaml", path: folder.appendingPathComponent("main.yaml").path,
            gives: """
                # Imported from main.yaml (Swagger 2.0: Split 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Split
                baseURL: https://api.example.com/
                summary: Split

                headers:
                  Accept: application/json

                errors: { type: ErrorModel, message: message }

                models:
                  Pet:
                    fields:
                      id: Int
                      owner: Owner?
                      photo: String?
                  Owner:
                    fields:
                      name: String?
                  ErrorModel:
                    fields:
                      message: String

                tools:
                  Pets:
                    endpoints:
                      listPets:
                        get: pets
                        params:
                          limit: Int?
                        response: [Pet]

                """)
    }
}
