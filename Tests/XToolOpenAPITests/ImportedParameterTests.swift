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
}
