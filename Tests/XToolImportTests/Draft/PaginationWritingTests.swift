import Testing
import XToolSpec

@testable import XToolImport

/// `paginate:` is one value, `Spec.Pagination.Style`, that the importer decides and `SpecWriter`
/// prints from its `entries`: each style reads back as itself, and together the styles below
/// use every key of the language, so a key the writer leaves out fails here.
@Suite struct PaginationWritingTests {
    static let styles: [Spec.Pagination.Style] = [
        .link,
        .bodyLink(next: Spec.KeyPath(parsing: "links.next")),
        .cursor(
            parameter: "after", next: Spec.KeyPath(parsing: #"meta.next\.cursor"#), lastItem: nil,
            hasMore: Spec.KeyPath(parsing: "has_more"), end: Spec.KeyPath(parsing: "meta.done"),
            previous: Spec.Pagination.PreviousPage(
                parameter: "before", token: Spec.KeyPath(parsing: "meta.previous"), firstItem: nil,
                hasPrevious: Spec.KeyPath(parsing: "meta.has_previous"), limit: "limit", last: "last"),
            total: Spec.KeyPath(parsing: "meta.total_count")),
        .cursor(
            parameter: "after", next: nil, lastItem: Spec.KeyPath(parsing: "id"), hasMore: nil,
            previous: Spec.Pagination.PreviousPage(
                parameter: "before", token: nil, firstItem: Spec.KeyPath(parsing: "id"))),
        .page(parameter: "page", limit: "limit", start: 0, hasMore: Spec.KeyPath(parsing: "more")),
        .page(
            parameter: "page", limit: nil, start: 1, end: Spec.KeyPath(parsing: "last"),
            total: Spec.KeyPath(parsing: "pageInfo.total"), lastPage: Spec.KeyPath(parsing: "pageInfo.lastPage")),
        .offset(
            parameter: "offset", limit: "limit", hasMore: nil, end: Spec.KeyPath(parsing: "done"),
            total: Spec.KeyPath(parsing: "count")),
    ]

    private func readBack(_ paginate: String) -> Spec.Pagination? {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            tools:
              Items:
                endpoints:
                  list:
                    get: items
                    params: { after: String?, before: String?, page: Int?, offset: Int?, limit: Int?, last: Int? }
                    response: [String]
                    paginate: \(paginate)
            """
        let result = SpecLoader.load(Array(yaml.utf8), fileName: "Test.yaml")
        #expect(result.diagnostics.isEmpty, "\(paginate): \(result.diagnostics)")
        return result.spec?.tools.first?.endpoints.first?.pagination
    }

    @Test func eachStyleReadsBackAsWritten() {
        for style in Self.styles {
            let text = SpecWriter.paginate(style)
            let pagination = readBack(text)
            #expect(pagination?.style == style, "\(text)")
            #expect(pagination?.element == .string)
            #expect(pagination?.itemsName == "listItems")
        }
    }

    @Test func theStylesUseEveryKey() {
        let used = Set(Self.styles.flatMap { $0.entries.map(\.key) })
        #expect(used == Set(Spec.Pagination.Key.allCases))
        #expect(SpecWriter.paginate(.link) == "link")
        #expect(
            SpecWriter.paginate(Self.styles[4]) == "{ page: page, limit: limit, start: 0, hasMore: more }")
    }
}
