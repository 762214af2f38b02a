import Foundation
import Testing
import XToolOpenAPI
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
}
