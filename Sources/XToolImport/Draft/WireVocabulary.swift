/// The wire names both importers read a meaning into, one list per meaning, each in the order
/// the names are looked for: a capture's parameters and bodies, an OpenAPI document's
/// parameters and schemas. docs/capture.md#the-wire-names-read lists them.
enum WireVocabulary {
    /// A page number, a parameter.
    static let page = ["page", "page_number", "pageNumber", "pn", "page_no", "pageNo", "page_num", "pageNum", "p"]
    /// A page's size, a parameter.
    static let limit = [
        "limit", "per_page", "perPage", "page_size", "pageSize", "max_results", "maxResults", "count", "ps", "size",
    ]
    /// How many items to skip, a parameter.
    static let offset = ["offset", "start", "skip"]
    /// Page numbers, sizes and offsets: parameters the call chooses, never a fixed value or a
    /// cursor.
    static let paging = page + limit + offset
    /// A page number or an offset that may be a token instead (OpenAI's `page`, Asana's
    /// `offset`): a cursor where it is no number (a `start` that is no number is a time).
    static let pageToken = ["page", "page_number", "pageNumber", "offset"]
    /// A cursor, a parameter: the value that asks for the page after.
    static let cursor = [
        "after", "starting_after", "cursor", "page_token", "pageToken", "PageToken", "next_token", "nextToken",
        "next_page_token", "continuation_token", "continuationToken", "marker",
    ]
    /// A cursor that asks for the page before, a parameter, or where a page says that page's
    /// cursor is.
    static let previousCursor = [
        "before", "ending_before", "prev", "previous", "prev_cursor", "previous_cursor", "prevCursor",
        "previousCursor", "before_cursor", "prev_page_token", "prevPageToken", "previous_page_token",
    ]
    /// Where a page says the next page's cursor is.
    static let nextCursor = [
        "next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "nextToken",
        "continuation_token", "continuationToken", "next_marker", "nextMarker",
    ]
    /// How many items all the pages hold (a name that is a page size's too, `count`, only where
    /// it is more than a page's items).
    static let total = [
        "total", "total_count", "totalCount", "total_number", "count_total", "total_results", "totalResults",
        "total_items", "totalItems", "count",
    ]
    /// What a list's answer holds beside its items: its links and its page's counts.
    static let pageMetadata = ["links", "_links", "meta", "_meta", "pagination", "paging", "page_info", "pageInfo"]
    /// Whether there is a page after.
    static let hasMore = ["has_more", "hasMore", "hasNextPage", "has_next_page", "has_next", "hasNext"]
    /// The last page's number: how many pages there are.
    static let lastPage = [
        "last_page", "lastPage", "total_pages", "totalPages", "page_count", "pageCount", "num_pages",
    ]
    /// Where a page says the next page's URL is.
    static let nextLink = [
        "next", "next_page_url", "nextPageUrl", "next_url", "nextUrl", "next_link", "nextLink", "next_href",
    ]
    /// The server's message, in an error body or an envelope.
    static let message = [
        "message", "msg", "error_message", "errmsg", "error_msg", "detail", "error_description", "error", "title",
    ]
    /// The server's error code, in an error body.
    static let code = ["code", "error_code", "errorCode", "errcode", "status"]
    /// An envelope's status: a code, or a flag (`successFlag`), whose value tells success.
    static let status = [
        "code", "status", "errno", "errcode", "err_code", "error_code", "ret", "retcode", "ok", "success",
    ]
    /// The statuses that are flags (`true`), not codes: no error code.
    static let successFlag = ["ok", "success"]
    /// An envelope's payload.
    static let data = ["data", "result", "results", "payload", "response", "body"]

    /// Whether a key names an identifier: `id`, `…_id`, `…Id`.
    static func isIdentifier(_ key: String) -> Bool {
        key == "id" || key.hasSuffix("_id") || key.hasSuffix("Id")
    }
}
