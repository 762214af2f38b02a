import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// `paginate: { link: next_page_uri }`: the next page's URL at a key path of the payload
/// (issue 20, item 5).
@Suite struct BodyLinkTests {
    private func load(_ paginate: String) -> LoadedSpec {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            tools:
              Calls:
                endpoints:
                  list:
                    get: Calls.json
                    params:
                      PageSize: Int?
                    response: { path: calls, type: [String] }
                    paginate: \(paginate)
            """
        return SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
    }

    @Test func aLinkInTheBodyGeneratesBodyLinkPagination() throws {
        let result = load("{ link: meta.next_page_uri }")
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        guard case .bodyLink(let next)? = spec.tools.first?.endpoints.first?.pagination?.style else {
            Issue.record("not a link in the body")
            return
        }
        #expect(next.components == ["meta", "next_page_uri"])
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        let tool = try #require(files.first { $0.path == "Test/CallsTool.swift" }).contents
        #expect(tool.contains(#"pagination: .bodyLink(next: "meta.next_page_uri")"#))
        #expect(tool.contains("func listItems("))
    }

    @Test func aLinkTakesNothingElse() {
        #expect(
            load("{ link: next_page_uri, limit: PageSize }").diagnostics.map(\.description) == [
                "Test.yaml:12:42: error: 'limit' doesn't apply to 'link' pagination"
            ])
        #expect(
            load("{ link: next_page_uri, offset: PageSize }").diagnostics.map(\.description) == [
                "Test.yaml:12:42: error: the pagination of the endpoint 'list' names one of link, cursor, page or offset (or is 'paginate: link')"
            ])
    }
}
