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
}
