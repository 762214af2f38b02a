import Foundation
import Testing
import XToolOpenAPI
import XToolSpec

/// Error responses: the API's `errors:`, an endpoint's own, and notes where the spec can't type them.
@Suite struct ErrorBodyImportTests {
    /// The error body most operations share is the API's `errors:`, with its message and code;
    /// an operation with another error model has its own.
    @Test func errorBodiesBecomeTheAPIsErrorsAndAnEndpointsOwn() throws {
        try expectImport(
            Snippet.document(
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
                    """),
            gives: Snippet.preamble() + """
                errors: { type: Error, message: message, code: code }

                models:
                  Error:
                    fields:
                      code: Int
                      message: String
                  ShowPetError:
                    fields:
                      error: ShowPetErrorError?
                  ShowPetErrorError:
                    fields:
                      message: String?
                      code: Int?

                tools:
                  Pets:
                    endpoints:
                      listPets:
                        get: pets
                        response: [String]
                      createPet:
                        post: pets
                      showPet:
                        get: pets/{id}
                        params:
                          id: String
                        response: String
                        errors: { type: ShowPetError, message: error.message, code: error.code }

                """)
    }

    /// Error bodies that are no model, or two models for one endpoint, stay notes with a
    /// warning at the response; an endpoint without them has no `errors:`.
    @Test func errorBodiesTheSpecCantTypeAreNotes() throws {
        try expectImport(
            Snippet.document(
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
                    """),
            gives: Snippet.preamble() + """
                models:
                  Invalid:
                    fields:
                      fields: "[String]?"
                  Missing:
                    fields:
                      id: String?

                tools:
                  Pets:
                    endpoints:
                      listPets:
                        get: pets
                        response: [String]
                        # the 503 error body (string) is no model: XToolError.status(code:body:) carries it
                        # errors 400 -> Invalid, 404 -> Missing: one model per endpoint in the spec; XToolError.status(code:body:) carries them

                """,
            diagnostics: [
                "16:9: warning: the error responses have different bodies (400 -> Invalid, 404 -> Missing): errors: names one model, so the call throws XToolError.status with these",
                "19:9: warning: the 503 error body (string) is no model: errors: decodes a model, so the call throws XToolError.status with it",
            ])
    }
}
