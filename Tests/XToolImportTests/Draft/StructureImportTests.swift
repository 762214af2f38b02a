import Foundation
import Testing
import XToolImport
import XToolSpec

/// Models of one structure, whatever the document's places call them, are one model.
@Suite struct StructureImportTests {
    /// Inline objects of one shape in two places (`Folder.created_by`, `Workflow.created_by`) are
    /// one model named by the words their names end in, `CreatedBy`; one with a required
    /// read-only field that a request sends (so optional there) is of one structure with one
    /// whose field was optional all along, and is merged too (PagerDuty's `RulesetTeam` and
    /// `BusinessServiceTeam`, issue 20's table).
    @Test func inlineModelsOfOneStructureAreOne() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /folders:
                        post:
                          operationId: createFolder
                          requestBody:
                            required: true
                            content: { application/json: { schema: { $ref: '#/components/schemas/Folder' } } }
                          responses:
                            '204': { description: created }
                      /workflows:
                        get:
                          operationId: workflows
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { $ref: '#/components/schemas/Workflow' } } }
                    """,
                schemas: """
                        Folder:
                          type: object
                          properties:
                            created_by:
                              type: object
                              required: [id, type]
                              properties:
                                id: { type: string }
                                type: { type: string, readOnly: true }
                        Workflow:
                          type: object
                          properties:
                            name: { type: string }
                            created_by:
                              type: object
                              required: [id]
                              properties:
                                id: { type: string }
                                type: { type: string, readOnly: true }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Folder:
                    fields:
                      created_by: CreatedBy?
                  CreatedBy:
                    fields:
                      id: String
                      # read-only: set by the server, so a request leaves it out
                      type: String?
                  Workflow:
                    fields:
                      name: String?
                      created_by: CreatedBy?

                tools:
                  Folders:
                    endpoints:
                      createFolder:
                        post: folders
                        body: Folder
                  Workflows:
                    endpoints:
                      workflows:
                        get: workflows
                        response: Workflow

                """)
    }
}
