import Foundation
import Testing
import XToolOpenAPI
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
                models:
                  Task:
                    fields:
                      gid: String?
                  CountTasksResponse:
                    fields:
                      count: Int?
                  SummarizeTasksResponse:
                    fields:
                      data: Task?
                      meta: String?

                tools:
                  Tasks:
                    endpoints:
                      getTask:
                        get: tasks/{gid}
                        params:
                          gid: String
                        response: { path: data, type: Task }
                      searchTasks:
                        get: tasks
                        response: { path: data, type: [Task] }
                      countTasks:
                        get: tasks/count
                        response: CountTasksResponse
                      summarizeTasks:
                        get: tasks/summary
                        response: SummarizeTasksResponse

                """)
    }
}
