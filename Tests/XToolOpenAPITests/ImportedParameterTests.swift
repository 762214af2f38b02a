import Foundation
import Testing
import XToolOpenAPI
import XToolSpec

/// Parameters as the spec can name them, on the documents of `Fixtures/`.
@Suite struct ImportedParameterTests {
    /// A paginated endpoint's `From` header takes another name than the method's `from
    /// pageCursor:`, and a body field named like a path parameter is left out with a note
    /// (a spec names each parameter once).
    @Test func namesThatClashWithTheMethodOrAnotherParameterAreResolved() throws {
        let text = try ImportedFixture.spec("parameter-clashes.yaml")
        #expect(text.contains("        params:\n          From: { type: String, name: fromValue, in: header }\n"))
        #expect(text.contains("        paginate: { offset: offset, limit: limit }\n"))
        #expect(
            text.contains(
                """
                        params:
                          id: String
                          From: { type: String, in: header }
                          title: String?
                        response: Incident
                        # the body parameter 'id' is left out: the path parameter has its name

                """))
    }

    /// A dotted query name is named from the whole name (`assignee.any` -> `assigneeAny`, not
    /// `any`, `any2`), and path parameters come first, in the path's order.
    @Test func dottedNamesAreWholeAndPathParametersComeFirst() throws {
        let text = try ImportedFixture.spec("parameter-names.yaml")
        #expect(
            text.contains(
                """
                        params:
                          workspace_gid: String
                          project_gid: String
                          text: String?
                          assignee.any: String?
                          projects.any: String?
                          due_on.before: { type: Date?, format: yyyy-MM-dd }
                """), "\(text)")
        let spec = try #require(SpecLoader.load(Array(text.utf8), fileName: "Names.yaml").spec)
        let parameters = try #require(spec.tools.first?.endpoints.first?.parameters)
        #expect(parameters.map(\.swiftName) == ["workspaceGid", "projectGid", "text", "assigneeAny", "projectsAny", "dueOnBefore"])
    }

    /// An optional parameter with a default stays optional, so that leaving it out leaves the
    /// choice to the server; its summary says the default.
    @Test func anOptionalParameterWithADefaultStaysOptional() throws {
        let text = try ImportedFixture.spec("one-way-fields.yaml")
        #expect(
            text.contains(
                """
                        params:
                          limit: { type: Int?, summary: "Results per page. The server's default: 20." }
                          opt_pretty: { type: Bool?, summary: "The server's default: false." }
                """), "\(text)")
        #expect(text.contains("""
                        params:
                          gid: String
                          name: String?
                          notes: { type: String?, summary: "The server's default: \\"\\"." }
                """), "a read-only property of an inline body is not sent")
    }
}
