import XToolSpec

// `paginate:`'s one home in the context layer: what the `Pagination` partial and the `Tool`
// template receive of an endpoint's pagination, and how it is made from `Spec.Pagination`. A
// new key of `paginate:` is a member here and a line of `init`.

/// How a paginated endpoint finds its next page: `link` is true, or one of `cursor`, `page`
/// and `offset` is present. Names and key paths are string literals.
package struct PaginationContext: Encodable, Sendable {
    package var link: Bool
    /// The key path of the next page's URL in the payload (a literal), for `paginate: { link: … }`.
    package var bodyLink: String?
    /// The key path of the item count beside `bodyLink`, a literal (`paginate: { link: …, total: … }`).
    package var bodyLinkTotal: String?
    package var cursor: CursorPaginationContext?
    package var page: CountingPaginationContext?
    package var offset: CountingPaginationContext?
    /// The companion method that returns every item.
    package var itemsName: String
    /// The Swift type of one item.
    package var element: String
}

package struct CursorPaginationContext: Encodable, Sendable {
    package var parameter: String
    package var next: String?
    package var lastItem: String?
    package var hasMore: String?
    package var end: String?
    /// Where the page before is (absent when the spec doesn't say).
    package var previous: PreviousPageContext?
    /// The key path of the item count, as a string literal.
    package var total: String?
}

/// The backward cursor: its `parameter` and where its token is (`token` in the payload or
/// `firstItem` in the first item), the flag that says there is a page before (`hasPrevious`),
/// and the page size's member going forward (`limit`) and back (`last`), all string literals.
package struct PreviousPageContext: Encodable, Sendable {
    package var parameter: String
    package var token: String?
    package var firstItem: String?
    package var hasPrevious: String?
    package var limit: String?
    package var last: String?
}

package struct CountingPaginationContext: Encodable, Sendable {
    package var parameter: String
    package var limit: String?
    /// The first page's number (page numbers only).
    package var start: Int?
    /// The key paths of the flags that end the pages, as string literals.
    package var hasMore: String?
    package var end: String?
    /// The key paths of the item count and the last page's number, as string literals.
    package var total: String?
    package var lastPage: String?
}

extension PaginationContext {
    /// The context of a paginated endpoint's pagination: its style, its companion and its element.
    init(_ pagination: Spec.Pagination) {
        self.init(link: false, itemsName: pagination.itemsName, element: pagination.element.swiftSpelling)
        let literal = SwiftText.stringLiteral
        let keyPath = SwiftExpressions.keyPath
        switch pagination.style {
        case .link:
            link = true
        case .bodyLink(let next, let total):
            bodyLink = keyPath(next)
            bodyLinkTotal = total.map(keyPath)
        case .cursor(let parameter, let next, let lastItem, let hasMore, let end, let previous, let total):
            cursor = CursorPaginationContext(
                parameter: literal(parameter), next: next.map(keyPath), lastItem: lastItem.map(keyPath),
                hasMore: hasMore.map(keyPath), end: end.map(keyPath),
                previous: previous.map {
                    PreviousPageContext(
                        parameter: literal($0.parameter), token: $0.token.map(keyPath),
                        firstItem: $0.firstItem.map(keyPath), hasPrevious: $0.hasPrevious.map(keyPath),
                        limit: $0.limit.map(literal), last: $0.last.map(literal))
                }, total: total.map(keyPath))
        case .page(let parameter, let limit, let start, let hasMore, let end, let total, let lastPage):
            page = CountingPaginationContext(
                parameter: literal(parameter), limit: limit.map(literal), start: start == 1 ? nil : start,
                hasMore: hasMore.map(keyPath), end: end.map(keyPath), total: total.map(keyPath),
                lastPage: lastPage.map(keyPath))
        case .offset(let parameter, let limit, let hasMore, let end, let total):
            offset = CountingPaginationContext(
                parameter: literal(parameter), limit: limit.map(literal), hasMore: hasMore.map(keyPath),
                end: end.map(keyPath), total: total.map(keyPath))
        }
    }
}
