import Foundation
import Testing
import XToolImport
import XToolSpec

/// Success responses: what the call returns.
@Suite struct ResponseImportTests {
    /// A response that wraps its value in an object of one key (Asana's `{ "data": { … } }`,
    /// PagerDuty's `{ "incident": { … } }`) returns what is in it; a lone scalar keeps its name, and
    /// an object of two keys is a model (issue 20, item 6).
    @Test func aWrapperOfOneValueIsUnwrapped() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /tasks/{gid}:
                        get:
                          operationId: getTask
                          parameters:
                            - { name: gid, in: path, required: true, schema: { type: string } }
                          responses:
                            '200':
                              description: the task
                              content:
                                application/json:
                                  schema: { type: object, properties: { data: { $ref: '#/components/schemas/Task' } } }
                      /tasks:
                        get:
                          operationId: searchTasks
                          responses:
                            '200':
                              description: the tasks
                              content:
                                application/json:
                                  schema: { type: object, properties: { data: { type: array, items: { $ref: '#/components/schemas/Task' } } } }
                      /tasks/count:
                        get:
                          operationId: countTasks
                          responses:
                            '200':
                              description: the count
                              content:
                                application/json:
                                  schema: { type: object, properties: { count: { type: integer } } }
                      /tasks/summary:
                        get:
                          operationId: summarizeTasks
                          responses:
                            '200':
                              description: the summary
                              content:
                                application/json:
                                  schema: { type: object, properties: { data: { $ref: '#/components/schemas/Task' }, meta: { type: string } } }
                    """,
                schemas: """
                        Task:
                          type: object
                          properties:
                            gid: { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  TaskModel:
                    fields:
                      gid: String?
                  CountTasksResponse:
                    fields:
                      count: Int?
                  SummarizeTasksResponse:
                    fields:
                      data: TaskModel?
                      meta: String?

                tools:
                  Tasks:
                    endpoints:
                      getTask:
                        get: tasks/{gid}
                        params:
                          gid: String
                        response: { path: data, type: TaskModel }
                      searchTasks:
                        get: tasks
                        response: { path: data, type: [TaskModel] }
                      countTasks:
                        get: tasks/count
                        response: CountTasksResponse
                      summarizeTasks:
                        get: tasks/summary
                        response: SummarizeTasksResponse

                """)
    }

    /// The success response's headers (Mastodon's `X-RateLimit-*` on every operation) are typed
    /// `headers:` of the response, which `…WithResponse` reads; a response without a body has nowhere
    /// to declare them (issue 20, item 11).
    @Test func responseHeadersAreTypedHeadersOfTheResponse() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /accounts:
                        get:
                          operationId: getAccounts
                          responses:
                            '200':
                              description: ok
                              headers:
                                X-RateLimit-Limit: { description: Number of requests permitted per time period, schema: { type: integer } }
                                X-RateLimit-Reset: { schema: { type: string, format: date-time } }
                                X-Request-Id: { required: true, schema: { type: string } }
                                Retry-On: { schema: { type: string, format: date } }
                                X-Meta: { schema: { type: object, properties: { a: { type: string } } } }
                              content:
                                application/json:
                                  schema: { type: array, items: { type: object, properties: { id: { type: string } } } }
                      /accounts/{id}:
                        delete:
                          operationId: deleteAccount
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string } }
                          responses:
                            '204':
                              description: gone
                              headers:
                                X-RateLimit-Limit: { schema: { type: integer } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  GetAccountsResponse:
                    fields:
                      id: String?

                tools:
                  Accounts:
                    endpoints:
                      getAccounts:
                        get: accounts
                        response:
                          type: [GetAccountsResponse]
                          headers:
                            X-RateLimit-Limit:
                              type: Int?
                              summary: Number of requests permitted per time period
                            X-RateLimit-Reset: { type: "Date?", format: iso8601 }
                            X-Request-Id: String
                            Retry-On: { type: "Date?", format: yyyy-MM-dd, timezone: UTC }
                      deleteAccount:
                        delete: accounts/{id}
                        params:
                          id: String

                """,
            diagnostics: [
                "17:13: warning: the response header 'X-Meta' is object {a}, which a header can't be read as; …WithResponse's headers hold its text",
                "30:13: warning: the response headers ('X-RateLimit-Limit') have no body to be declared beside: …WithResponse's headers hold their text",
            ])
    }

    /// The media types the responses are documented in are sent as `Accept`, API-wide
    /// where most endpoints agree (a server that needs `application/vnd.api+json` gets it).
    @Test(.needs(Repro.issue29)) func theResponsesMediaTypesAreSentAsAccept() throws {
        try Repro.issue29.expectImport(
            "r10-no-accept-header",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://demo.example.org/api/
                summary: Ledger

                headers:
                  Accept: application/vnd.api+json

                models:
                  GetAccountResponse:
                    fields:
                      type: String
                      id: String

                tools:
                  Accounts:
                    endpoints:
                      getAccount:
                        get: v1/accounts/{id}
                        params:
                          id: String
                        response: { path: data, type: GetAccountResponse }

                """)
    }
}
