import Foundation
import Testing
import XToolImport
import XToolSpec

/// Request bodies: arguments, a whole model, forms and multipart files.
@Suite struct BodyImportTests {
    @Test func bodiesBecomeArgumentsAWholeModelFormsOrMultipartFiles() throws {
        try expectImport(
            Snippet.document(
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
                    """),
            gives: Snippet.preamble() + """
                models:
                  NewPet:
                    fields:
                      name: String?

                tools:
                  Pets:
                    endpoints:
                      createPet:
                        post: pets
                        body: NewPet
                      renamePet:
                        patch: pets
                        params:
                          name: String
                          tag: { type: String, nullable: true }
                      uploadPhoto:
                        put: pets/photo
                        params:
                          photo: File
                          caption: String?

                """)
    }

    /// A response that is no JSON is text (`text/csv`, `text/event-stream`) or the bytes as they came
    /// (`image/png`), and a request body that is no JSON, form or multipart (`image/jpeg`) is a file
    /// sent as the whole body (issue 20, item 9).
    @Test func bodiesThatAreNoJSONAreTextBytesOrAFile() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /avatar:
                        get:
                          operationId: getAvatar
                          responses:
                            '200': { description: the image, content: { image/png: { schema: { type: string, format: binary } } } }
                        put:
                          operationId: putAvatar
                          requestBody:
                            required: true
                            content: { image/jpeg: { schema: { type: string, format: binary } } }
                          responses:
                            '204': { description: stored }
                      /report:
                        get:
                          operationId: getReport
                          responses:
                            '200': { description: the report, content: { text/csv: { schema: { type: string } } } }
                      /events:
                        get:
                          operationId: streamEvents
                          responses:
                            '200': { description: the events, content: { text/event-stream: { schema: { type: string } } } }
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Avatar:
                    endpoints:
                      getAvatar:
                        get: avatar
                        headers: { Accept: image/png }
                        response: Data
                      putAvatar:
                        put: avatar
                        body: File
                        # the body is image/jpeg: the file's bytes, sent with its content type
                  Report:
                    endpoints:
                      getReport:
                        get: report
                        headers: { Accept: text/csv }
                        response: String
                  Events:
                    endpoints:
                      streamEvents:
                        get: events
                        headers: { Accept: text/event-stream }
                        response: String
                        # text/event-stream: the call returns the events as text once the server ends the stream

                """)
    }

    /// URLSession refuses to send a GET with a body, and the spec language refuses one: a GET's
    /// request body is left out, with a warning at it and a note where a person decides (issue 22;
    /// Discourse's document has one).
    /// A model a request sends: an optional member that admits null (`nullable: true` in 3.0,
    /// `type: [string, "null"]` in 3.1) is `nullable: true`, so the call can send `null` as well
    /// as leave it out (issue 31); a required one stays `T?`, and so does one in a model only a
    /// response holds.
    @Test(arguments: [("3.0.3", "{ type: string, nullable: true }"), ("3.1.0", "{ type: [string, 'null'] }")])
    func anOptionalMemberThatAdmitsNullIsNullableInARequest(version: String, nullableString: String) throws {
        let result = OpenAPIImporter.importDocument(
            Array(
                Snippet.document(
                    paths: """
                          /things:
                            post:
                              operationId: createThing
                              requestBody:
                                content: { application/json: { schema: { $ref: '#/components/schemas/Draft' } } }
                              responses:
                                '200':
                                  description: ok
                                  content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
                        """,
                    schemas: """
                            Draft:
                              type: object
                              required: [name, tag]
                              properties:
                                name: { type: string }
                                note: \(nullableString)
                                tag: \(nullableString)
                            Thing:
                              type: object
                              properties:
                                note: \(nullableString)
                        """, version: version
                ).utf8), path: nil, documentName: "test.yaml")
        let text = try #require(result.specText)
        let expected =
            Snippet.preamble(version: version) + """
                headers:
                  Accept: application/json

                models:
                  Draft:
                    fields:
                      name: String
                      note: { type: "String?", nullable: true }
                      tag: String?
                  Thing:
                    fields:
                      note: String?

                tools:
                  Things:
                    endpoints:
                      createThing:
                        post: things
                        body: Draft?
                        response: Thing

                """
        #expect(text == expected, "\(firstDifference(text, expected))")
        let loaded = SpecLoader.load(Array(text.utf8), fileName: "test.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let draft = loaded.spec?.models.first { $0.name == "Draft" }
        #expect(draft?.fields.map(\.nullable) == [false, true, false])
    }

    @Test func aGETsRequestBodyIsLeftOut() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /posts:
                        get:
                          operationId: getPosts
                          requestBody:
                            content:
                              application/json:
                                schema: { type: object, properties: { post_ids: { type: array, items: { type: integer } } } }
                          responses: { '204': { description: ok } }
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Posts:
                    endpoints:
                      getPosts:
                        get: posts
                        # the document gives this GET a request body, which URLSession can't send

                """,
            diagnostics: [
                "9:7: warning: a GET request can't have a body (URLSession refuses to send one); this request body is left out"
            ])
    }

    /// A JSON body is sent as a media type the document lists when the server takes no
    /// `application/json` (`Content-Type` in the endpoint's headers, issue 41 item 4); a range
    /// (`application/*+json`) names none to send.
    @Test func aJSONBodyIsSentAsItsDocumentedMediaType() throws {
        let object = "{ schema: { type: object, properties: { name: { type: string } } } }"
        try expectImport(
            Snippet.document(
                paths: """
                      /pets/{id}:
                        parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                        patch:
                          operationId: patchPet
                          requestBody: { content: { application/merge-patch+json: \(object) } }
                          responses: { '204': { description: ok } }
                        put:
                          operationId: replacePet
                          requestBody: { content: { application/vnd.example.pet+json: \(object), application/json: \(object) } }
                          responses: { '204': { description: ok } }
                        post:
                          operationId: renamePet
                          requestBody: { content: { application/*+json: \(object) } }
                          responses: { '204': { description: ok } }
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Pets:
                    endpoints:
                      patchPet:
                        patch: pets/{id}
                        params:
                          id: String
                          name: String?
                        headers: { Content-Type: application/merge-patch+json }
                      replacePet:
                        put: pets/{id}
                        params:
                          id: String
                          name: String?
                      renamePet:
                        post: pets/{id}
                        params:
                          id: String
                          name: String?

                """)
    }

    /// A member of a request body with a `default:`, not required, is optional with the
    /// server's default in its summary: nil leaves it out, so a rename doesn't re-activate.
    @Test(.needs(Repro.issue29)) func aRequestBodySendsNoDefaultTheCallerDidntGive() throws {
        try Repro.issue29.expectImport(
            "r11-update-sends-defaults",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://demo.example.org/api/
                summary: Ledger

                models:
                  AccountUpdate:
                    fields:
                      name: String
                      active:
                        type: Bool?
                        summary: "If omitted, defaults to true. The server's default: true."
                      notes: { type: "String?", nullable: true }

                tools:
                  Accounts:
                    endpoints:
                      updateAccount:
                        summary: Update existing account (only the fields sent change)
                        put: v1/accounts/{id}
                        params:
                          id: String
                        body: AccountUpdate

                """)
    }

    /// A JSON body documented as a vendor media type is sent as that type, and the response's type
    /// is the `Accept` header (issue 41 item 4).
    @Test(.needs(Repro.issue41)) func aVendorMediaTypeIsTheBodysContentType() throws {
        try Repro.issue41.expectImport(
            "r4-vendor-media-types",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Keys 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Keys
                baseURL: https://api.example.com/
                summary: Keys

                headers:
                  Accept: application/vnd.example.app+json

                models:
                  RotateKeyResponse:
                    fields:
                      id: String

                tools:
                  Apps:
                    endpoints:
                      rotateKey:
                        post: apps/{id}
                        params:
                          id: String
                          reason: String?
                        headers: { Content-Type: application/vnd.example.app.rotateKey+json }
                        response: RotateKeyResponse

                """)
    }

    /// A body's vendor media type reaches the generated request's description, whose headers the
    /// runtime sends instead of its JSON default (`RequestEncodingTests` in XToolRuntimeTests;
    /// issue 41 item 4).
    @Test(.needs(Repro.issue41)) func theVendorMediaTypeReachesTheGeneratedRequest() throws {
        try Repro.issue41.expectGenerated(
            "AppsTool.swift", of: "r4-vendor-media-types",
            gives: """
                // Generated by xtoolgen from Repro.yaml. Do not edit.

                import Foundation
                @_spi(Generated) import XToolRuntime

                nonisolated public struct AppsTool: Sendable {
                  public let api: KeysAPI

                  public init(api: KeysAPI = .shared) {
                    self.api = api
                  }

                  static var rotateKeyRequest: RequestDescription {
                    RequestDescription(
                      .post, "apps/{id}", name: "AppsTool.rotateKey",
                      headers: [.literal("Content-Type", "application/vnd.example.app.rotateKey+json")]
                    )
                  }

                  public func rotateKey(
                    id: String, reason: String? = nil
                  ) async throws(XToolError) -> RotateKeyResponse {
                    try await api.client.send(Self.rotateKeyRequest, [.path("id", id), .body("reason", reason)])
                  }

                  /// As `rotateKey`, with the result handed to `completion` instead of returned.
                  @discardableResult
                  public func rotateKey(
                    id: String, reason: String? = nil, progress: TransferProgress.Handler? = nil,
                    completion: @escaping @Sendable (Swift.Result<RotateKeyResponse, XToolError>) -> Swift.Void
                  ) -> XToolTask {
                    api.client.task(
                      Self.rotateKeyRequest, [.path("id", id), .body("reason", reason)], progress: progress,
                      completion
                    )
                  }
                }

                """)
    }
}
