import Foundation
import Testing
import XToolImport
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
                headers:
                  Accept: application/json

                errors: { type: ErrorModel, message: message, code: code }

                models:
                  ErrorModel:
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

    /// Error bodies of one structure are one model whatever the document calls them (`Unauthorized`,
    /// `TooManyRequests`, both `{ error: ErrorObject }`); bodies that differ by status are the body of
    /// `default` (else of the most statuses) with `status:` for the others (Discord's `4XX ->
    /// ErrorResponse`, `429 -> RatelimitedResponse`); a body that is no model stays a note (issue 20,
    /// item 4).
    @Test func errorBodiesThatDifferByStatusAreStatusBodies() throws {
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
                            '401': { $ref: '#/components/responses/Unauthorized' }
                            '429': { $ref: '#/components/responses/TooManyRequests' }
                            '503':
                              description: down
                              content: { application/json: { schema: { type: string } } }
                      /channels/{id}:
                        get:
                          operationId: getChannel
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string } }
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
                            '429':
                              description: slow down
                              content: { application/json: { schema: { $ref: '#/components/schemas/RatelimitedResponse' } } }
                            4XX:
                              description: client error
                              content: { application/json: { schema: { $ref: '#/components/schemas/ErrorResponse' } } }
                    """,
                schemas: """
                        ErrorObject:
                          type: object
                          required: [message]
                          properties:
                            message: { type: string }
                            help: { type: string }
                        ErrorResponse:
                          type: object
                          required: [code, message]
                          properties:
                            code: { type: integer }
                            message: { type: string }
                        RatelimitedResponse:
                          type: object
                          required: [message, retry_after]
                          properties:
                            message: { type: string }
                            retry_after: { type: number }
                    """,
                components: """
                      responses:
                        Unauthorized:
                          description: unauthorized
                          content: { application/json: { schema: { type: object, properties: { error: { $ref: '#/components/schemas/ErrorObject' } } } } }
                        TooManyRequests:
                          description: too many requests
                          content: { application/json: { schema: { type: object, properties: { error: { $ref: '#/components/schemas/ErrorObject' } } } } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  ErrorObject:
                    fields:
                      message: String
                      help: String?
                  ErrorResponse:
                    fields:
                      code: Int
                      message: String
                  RatelimitedResponse:
                    fields:
                      message: String
                      retry_after: Double
                  Unauthorized:
                    fields:
                      error: ErrorObject?
                  GetChannelResponse:
                    fields:
                      id: String?

                tools:
                  Pets:
                    endpoints:
                      listPets:
                        get: pets
                        response: [String]
                        errors: { type: Unauthorized, message: error.message }
                        # the 503 error body (string) is no model: XToolError.status(code:body:) carries it
                  Channels:
                    endpoints:
                      getChannel:
                        get: channels/{id}
                        params:
                          id: String
                        response: GetChannelResponse
                        errors:
                          type: ErrorResponse
                          message: message
                          code: code
                          status:
                            429: { type: RatelimitedResponse, message: message }

                """,
            diagnostics: [
                "15:9: warning: the 503 error body (string) is no model: errors: decodes a model, so the call throws XToolError.status with it"
            ])
    }

    /// An API-wide `status:` body only where the endpoints that document the status agree:
    /// three answer 400 with `Error` and one with `NfsError`, so 400 is `Error` API-wide and
    /// `NfsError` on that one endpoint.
    @Test(.needs(Repro.issue29)) func anAPIWideStatusBodyNeedsTheEndpointsToAgree() throws {
        try Repro.issue29.expectImport(
            "r4-error-status-minority",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Cloud 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Cloud
                baseURL: https://api.example.com/v2/
                summary: Cloud

                headers:
                  Accept: application/json

                errors: { type: ErrorModel, message: message }

                models:
                  ErrorModel:
                    fields:
                      id: String
                      message: String
                  NfsError:
                    fields:
                      code: String
                      message: String

                tools:
                  Firewalls:
                    endpoints:
                      createFirewall:
                        post: firewalls
                        samples:
                          "400":
                            status: 400
                            body: {
                                "id": "bad_request",
                                "message": "error parsing request body"
                              }
                  Droplets:
                    endpoints:
                      createDroplet:
                        post: droplets
                        samples:
                          "400":
                            status: 400
                            body: {
                                "id": "bad_request",
                                "message": "error parsing request body"
                              }
                  Volumes:
                    endpoints:
                      createVolume:
                        post: volumes
                        samples:
                          "400":
                            status: 400
                            body: {
                                "id": "bad_request",
                                "message": "error parsing request body"
                              }
                  Nfs:
                    endpoints:
                      createShare:
                        post: nfs
                        errors:
                          type: ErrorModel
                          message: message
                          status:
                            400: { type: NfsError, message: message, code: code }

                """)
    }

    /// Error bodies of one structure that the document names apart stay apart: a 404 reads
    /// as `NotFoundResponse`, not `UnauthenticatedResponse`.
    @Test(.needs(Repro.issue29)) func errorBodiesTheDocumentNamesApartStayApart() throws {
        try Repro.issue29.expectImport(
            "r7-merged-error-names",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Finance 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Finance
                baseURL: https://api.example.com/api/
                summary: Finance

                headers:
                  Accept: application/json

                errors:
                  type: UnauthenticatedResponse
                  message: message
                  status:
                    404: { type: NotFoundResponse, message: message }

                models:
                  UnauthenticatedResponse:
                    fields:
                      message: String?
                      exception: String?
                  NotFoundResponse:
                    fields:
                      message: String?
                      exception: String?
                  GetAccountResponse:
                    fields:
                      name: String?

                tools:
                  Accounts:
                    endpoints:
                      getAccount:
                        get: v1/accounts/{id}
                        params:
                          id: String
                        response: GetAccountResponse

                """)
    }
}
