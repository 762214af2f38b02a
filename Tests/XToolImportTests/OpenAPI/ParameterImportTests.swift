import Foundation
import Testing
import XToolImport
import XToolSpec

/// Parameters: their names, their order, and defaults the server applies.
@Suite struct ParameterImportTests {
    /// A paginated endpoint's `From` header (PagerDuty's) takes another name than the method's `from
    /// pageCursor:`, and a body field named like a path parameter (Twilio's `AccountSid` beside
    /// `{AccountSid}`) is left out with a note: a spec names each parameter once.
    @Test func namesThatClashWithTheMethodOrAnotherParameterAreResolved() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /incidents:
                        get:
                          operationId: listIncidents
                          parameters:
                            - { name: From, in: header, required: true, schema: { type: string, format: email } }
                            - { name: offset, in: query, schema: { type: integer } }
                            - { name: limit, in: query, schema: { type: integer } }
                          responses:
                            '200':
                              description: a page of incidents
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      incidents: { type: array, items: { $ref: '#/components/schemas/Incident' } }
                                      more: { type: boolean }
                      /incidents/{id}:
                        put:
                          operationId: mergeIncident
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string } }
                          requestBody:
                            content:
                              application/x-www-form-urlencoded:
                                schema:
                                  type: object
                                  properties:
                                    id: { type: string, description: the incident to merge this one into }
                                    title: { type: string }
                          responses:
                            '200':
                              description: the incident
                              content: { application/json: { schema: { $ref: '#/components/schemas/Incident' } } }
                    """,
                schemas: """
                        Incident:
                          type: object
                          required: [id]
                          properties:
                            id: { type: string }
                    """),
            gives: Snippet.preamble().replacingOccurrences(
                of: "summary: Test API\n", with: "summary: Test API\nbody: form\n") + """
                    headers:
                      Accept: application/json

                    models:
                      Incident:
                        fields:
                          id: String

                    tools:
                      Incidents:
                        endpoints:
                          listIncidents:
                            get: incidents
                            params:
                              From: { type: String, name: fromValue, in: header }
                              offset: Int?
                              limit: Int?
                            response: { path: incidents, type: [Incident] }
                            paginate: { offset: offset, limit: limit }
                            # the pages are returned, not the list's more
                          mergeIncident:
                            put: incidents/{id}
                            params:
                              id: String
                              title: String?
                            response: Incident
                            # the body parameter 'id' is left out: the path parameter has its name

                    """,
            diagnostics: [
                "34:17: warning: the body parameter 'id' has the name of the path parameter; a spec names each parameter once, so it is left out"
            ])
    }

    /// A dotted query name (Asana's `assignee.any`, `due_on.before`) is named from the whole name,
    /// `assigneeAny`, not `any`, `any2`…; path parameters come first, in the path's order, wherever
    /// the document lists them (issue 20, items 7 and 13).
    @Test func dottedNamesAreWholeAndPathParametersComeFirst() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /workspaces/{workspace_gid}/projects/{project_gid}/tasks:
                        get:
                          operationId: searchTasks
                          parameters:
                            - { name: text, in: query, schema: { type: string } }
                            - { name: project_gid, in: path, required: true, schema: { type: string } }
                            - { name: assignee.any, in: query, schema: { type: string } }
                            - { name: projects.any, in: query, schema: { type: string } }
                            - { name: due_on.before, in: query, schema: { type: string, format: date } }
                            - { name: workspace_gid, in: path, required: true, schema: { type: string } }
                          responses:
                            '204': { description: none }
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Workspaces:
                    endpoints:
                      searchTasks:
                        get: workspaces/{workspace_gid}/projects/{project_gid}/tasks
                        params:
                          workspace_gid: String
                          project_gid: String
                          text: String?
                          assignee.any: String?
                          projects.any: String?
                          due_on.before: { type: "Date?", format: yyyy-MM-dd, timezone: UTC }

                """)
    }

    /// An optional parameter with a default stays optional, so that leaving it out leaves the choice
    /// to the server (a `default:` in the spec would send it with every call); its summary says the
    /// default (issue 20, item 10).
    @Test func anOptionalParameterWithADefaultStaysOptional() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /tasks:
                        get:
                          operationId: getTasks
                          parameters:
                            - { name: limit, in: query, description: Results per page., schema: { type: integer, default: 20 } }
                            - { name: opt_pretty, in: query, schema: { type: boolean, default: false } }
                          responses:
                            '204': { description: none }
                        post:
                          operationId: createTask
                          requestBody:
                            content:
                              application/json:
                                schema:
                                  type: object
                                  properties:
                                    notes: { type: string, default: "" }
                          responses:
                            '204': { description: none }
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Tasks:
                    endpoints:
                      getTasks:
                        get: tasks
                        params:
                          limit: { type: "Int?", summary: "Results per page. The server's default: 20." }
                          opt_pretty: { type: "Bool?", summary: "The server's default: false." }
                      createTask:
                        post: tasks
                        params:
                          notes: { type: "String?", summary: "The server's default: \\"\\"." }

                """)
    }

    /// A parameter the spec can't send (an array of objects in the query, Box's `mdfilters`) is left
    /// out, and so is the model made for it: no endpoint uses it (issue 20: 'the model … is not used
    /// by any endpoint' when generating).
    @Test func aParameterLeftOutLeavesNoModelBehind() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /search:
                        get:
                          operationId: search
                          parameters:
                            - { name: mdfilters, in: query, schema: { type: array, items: { $ref: '#/components/schemas/MetadataFilter' } } }
                          responses:
                            '204': { description: none }
                    """,
                schemas: """
                        MetadataFilter:
                          type: object
                          properties:
                            scope: { type: string }
                    """),
            gives: Snippet.preamble() + """
                models:
                  # Not imported, as no operation's types reach them:
                  #   MetadataFilter

                tools:
                  Search:
                    endpoints:
                      search:
                        get: search
                        # the parameter 'mdfilters' is left out: the spec language can't send it in the query

                """,
            diagnostics: [
                "10:11: warning: the spec language can't send [MetadataFilter] in the query; 'mdfilters' is left out"
            ])
    }
}
