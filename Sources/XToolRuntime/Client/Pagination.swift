import Foundation
internal import XToolRules

/// How an endpoint's responses say where the next page is. A `parameter` is a parameter's name,
/// or a key path into a JSON body parameter (`variables.page`: the member `page` of the
/// parameter `variables`, or of the whole body when no parameter is called `variables`).
public enum Pagination: Sendable, Hashable {
    /// The `Link` header's `rel="next"` URL (RFC 8288), relative or absolute, followed only on
    /// the request's own origin (GitHub, Mastodon).
    case link
    /// The next page's URL at the key path `next` of the payload (Twilio's `next_page_uri`,
    /// Spotify's `next`), relative or absolute, followed only on the request's own origin; null
    /// or empty ends the pages. `total` (the key path of the number of items) is each page's
    /// `total` (a HAL collection's `count`).
    case bodyLink(next: String, total: String? = nil)
    /// A token sent back as the parameter `parameter`: read at the key path `next` of the
    /// payload, or at the key path `lastItem` of the page's last item (Stripe's
    /// `starting_after`). No token, an empty one, `hasMore` (a key path) false or `end` true ends
    /// the pages. `previous` says where the page before is (Reddit's `before`). `total` (the key
    /// path of the number of items) is each page's `total` (a GraphQL connection's `totalCount`).
    case cursor(
        parameter: String, next: String? = nil, lastItem: String? = nil, hasMore: String? = nil, end: String? = nil,
        previous: PreviousPage? = nil, total: String? = nil)
    /// A page number in `parameter`, from the call's value (or `start`) up, until a page is empty
    /// or shorter than the call's `limit` parameter says; with `hasMore` (a key path), until it
    /// is false, with `end`, until it is true, whatever the page's length (Bilibili's `no_more`).
    /// `total` (the key path of the number of items) and `lastPage` (of the last page's number)
    /// are each page's `total` and `lastPage`, and the pages end at the last page they say
    /// (AniList's `pageInfo`).
    case page(
        parameter: String, limit: String? = nil, start: Int = 1, hasMore: String? = nil, end: String? = nil,
        total: String? = nil, lastPage: String? = nil)
    /// An item offset in `parameter`, advanced by each page's length, until a page is empty or
    /// shorter than the call's `limit` parameter says, or as `hasMore` or `end` say; `total`
    /// as for page numbers (the pages end once the offset reaches it).
    case offset(
        parameter: String, limit: String? = nil, hasMore: String? = nil, end: String? = nil, total: String? = nil)
}

/// Where the page before a cursor's page is: a token sent back as the parameter `parameter`
/// (instead of the forward cursor's), read at the key path `token` of the payload or at
/// `firstItem` in the page's first item (Reddit's `before`, Mastodon's `min_id`); `hasPrevious`
/// (a key path) false says there is none. With `limit` and `last`, the call's page size at
/// `limit` goes in `last` instead going back (a Relay connection: `first` forward, `before` with
/// `last` back, `pageInfo { hasPreviousPage startCursor }`).
public struct PreviousPage: Sendable, Hashable {
    public let parameter: String
    public let token: String?
    public let firstItem: String?
    public let hasPrevious: String?
    public let limit: String?
    public let last: String?

    public init(
        parameter: String, token: String? = nil, firstItem: String? = nil, hasPrevious: String? = nil,
        limit: String? = nil, last: String? = nil
    ) {
        self.parameter = parameter
        self.token = token
        self.firstItem = firstItem
        self.hasPrevious = hasPrevious
        self.limit = limit
        self.last = last
    }
}

/// One page of a paginated endpoint: its items, and what asks for the next page (and the one
/// before it).
public struct Page<Element: Sendable>: Sendable {
    public let items: [Element]
    /// Pass it to the endpoint's method (`from:`) for the next page; nil on the last page.
    public let next: PageCursor?
    /// Pass it to the endpoint's method (`from:`) for the page before this one: a `Link`
    /// header's `rel="prev"`, a cursor's `previous`, the page number before; nil on the first
    /// page, or when the endpoint can't say.
    public let previous: PageCursor?
    /// The number of items of every page together, as the response says (`paginate:`'s
    /// `total:`); nil when the endpoint declares none or the response has none.
    public let total: Int?
    /// The last page's number, as the response says (`paginate:`'s `lastPage:`); nil when the
    /// endpoint declares none or the response has none.
    public let lastPage: Int?

    public init(
        items: [Element], next: PageCursor?, previous: PageCursor? = nil, total: Int? = nil, lastPage: Int? = nil
    ) {
        self.items = items
        self.next = next
        self.previous = previous
        self.total = total
        self.lastPage = lastPage
    }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Hashable where Element: Hashable {}

/// Where the next page is: a URL from a `Link` header, or a parameter's new value. Two cursors
/// are equal when they ask for the same page, whatever page they came from.
public struct PageCursor: Sendable, Hashable, CustomStringConvertible {
    enum Position: Sendable, Hashable {
        case url(URL)
        /// The parameter `name` gets `value`, and the other direction's parameter is not sent;
        /// the call's value of `moving.from`, if any, is sent as `moving.to` instead.
        case parameter(name: String, value: JSON, clearing: String? = nil, moving: Move? = nil)
    }

    /// A page size that changes its member with the direction (Relay's `first` and `last`).
    struct Move: Sendable, Hashable {
        let from: String
        let to: String
    }

    /// The page a cursor came from: what the guard against endless pages compares the next
    /// page with.
    struct Origin: Sendable {
        /// The endpoint's name in code (or its method and path), for the error.
        let endpoint: String
        /// The page's request: method, URL and dynamic parameters (`RequestBuilder.Call.cacheKey`).
        let request: String
        /// The checksum of the page's body.
        let body: String
        /// The page's response, whose items a page asked for with this cursor is compared with
        /// when it names the same cursor again.
        let response: HTTPResponse
    }

    let position: Position
    var origin: Origin?

    init(position: Position, origin: Origin? = nil) {
        self.position = position
        self.origin = origin
    }

    public static func == (lhs: PageCursor, rhs: PageCursor) -> Bool { lhs.position == rhs.position }
    public func hash(into hasher: inout Hasher) { hasher.combine(position) }

    /// The failure that ends the pages of `endpoint` when this cursor, a page's next one, is the
    /// one that asked for that page.
    func askedForItsOwnPage(in endpoint: String) -> XToolError {
        .invalidRequest(
            "The next cursor of \(endpoint) is the one that asked for this page ('\(self)'); stopping instead "
                + "of asking for the same page again.")
    }

    public var description: String {
        switch position {
        case .url(let url): url.absoluteString
        case .parameter(let name, let value, _, _): "\(name)=\(value.text ?? "")"
        }
    }
}

/// Every item of a paginated endpoint, fetched a page at a time as the loop asks for them.
///
/// Each page is requested with the call's own arguments and the previous page's cursor; the
/// sequence ends after the last page, at an empty page, and when the task that iterates it is
/// cancelled. It never loops: a cursor it has seen before, a next request the same as the one
/// before, or a page whose body is the one before's (a server that ignores the page asked for)
/// throws `.invalidRequest` naming the endpoint; a page whose next cursor is the one that asked
/// for it throws after its new items.
///
/// ```swift
/// for try await status in TimelineTool().homeItems(limit: 40) { show(status) }
/// ```
public struct PageSequence<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = XToolError
    public typealias Fetch = @Sendable (PageCursor?) async throws(XToolError) -> Page<Element>

    private let fetch: Fetch

    /// A sequence whose pages `fetch` returns (nil: the first page).
    public init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(fetch: fetch)
    }

    public struct Iterator: AsyncIteratorProtocol {
        private let fetch: Fetch
        private var buffer: [Element] = []
        private var index = 0
        private var cursor: PageCursor?
        private var seen: Set<PageCursor> = []
        private var finished = false
        /// What ends the sequence once the items fetched before it are handed out.
        private var failure: XToolError?

        init(fetch: @escaping Fetch) {
            self.fetch = fetch
        }

        public mutating func next() async throws(XToolError) -> Element? {
            while index == buffer.count {
                if let failure {
                    self.failure = nil
                    throw failure
                }
                guard !finished, !Task.isCancelled else { return nil }
                let page: Page<Element>
                do {
                    page = try await fetch(cursor)
                } catch .cancelled {
                    finished = true
                    return nil
                }
                buffer = page.items
                index = 0
                if page.items.isEmpty { return nil }
                if let next = page.next {
                    if next == cursor {
                        // The page's new items come first, then the failure.
                        finished = true
                        failure = next.askedForItsOwnPage(in: next.origin?.endpoint ?? "the endpoint")
                        break
                    }
                    guard seen.insert(next).inserted else {
                        finished = true
                        throw .invalidRequest(
                            "The pages of \(next.origin?.endpoint ?? "the endpoint") go round in a circle: the cursor "
                                + "'\(next)' came back after other pages; stopping instead of asking for them again.")
                    }
                    cursor = next
                } else {
                    finished = true
                }
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}

extension APIClient {
    /// Sends one page's request (the first without a cursor) and decodes its items, with the
    /// cursor of the next page as the endpoint's `pagination` finds it.
    public func page<Element: Decodable & Sendable>(
        _ request: RequestDescription, _ parameters: [Parameter] = [], from cursor: PageCursor?
    ) async throws(XToolError) -> Page<Element> {
        guard let pagination = request.pagination else {
            throw .invalidRequest("The endpoint '\(request.path)' has no pagination.")
        }
        var parameters = parameters
        var url: URL?
        switch cursor?.position {
        case .url(let next)?: url = next
        case .parameter(let name, let value, let clearing, let moving)?:
            if let clearing { parameters = Self.replacing(clearing, with: nil, in: parameters, dates: builder.dates) }
            if let moving {
                let size = Self.value(moving.from, in: parameters)
                parameters = Self.replacing(moving.from, with: nil, in: parameters, dates: builder.dates)
                parameters = Self.replacing(moving.to, with: size, in: parameters, dates: builder.dates)
            }
            parameters = Self.replacing(name, with: value, in: parameters, dates: builder.dates)
        case nil: break
        }
        var call = try builder.encode(request, parameters)
        if let url { call = try builder.call(call, at: url) }
        call.followsCursor = cursor != nil
        let endpoint = PageGuard(request: request, call: call, cursor: cursor)
        try endpoint.checkRequest()
        return try await fetch(
            call,
            pageReader(request, pagination, parameters: parameters, at: URL(string: call.url), guard: endpoint))
    }

    /// How a good response of one page is read: its items, and the cursors of the next page and
    /// the one before. `pageGuard`, for a page fetched by `page(_:_:from:)`, refuses a page that
    /// repeats the one before and marks the cursors with the page they came from.
    func pageReader<Element: Decodable & Sendable>(
        _ request: RequestDescription, _ pagination: Pagination, parameters: [Parameter], at requestURL: URL?,
        guard pageGuard: PageGuard? = nil
    ) -> (HTTPResponse) throws(XToolError) -> Page<Element> {
        let reader = reader.reading(request)
        return { [errors] response throws(XToolError) in
            let errors = request.errors ?? errors
            var items = try Self.items([Element].self, request, reader: reader, errors: errors, from: response)
            let totals = try Self.totals(pagination, of: response, reader: reader)
            var next = try Self.nextCursor(
                pagination, of: response, at: requestURL, items: items.count, parameters: parameters,
                reader: reader, itemsPath: request.response, totals: totals)
            var previous = try Self.previousCursor(
                pagination, of: response, at: requestURL, parameters: parameters, reader: reader,
                itemsPath: request.response)
            if let pageGuard, !items.isEmpty {
                let origin = try pageGuard.checkResponse(response, next: next)
                if let before = pageGuard.cursor?.origin?.response, next == pageGuard.cursor {
                    items = try Self.new(items, of: response, notIn: before, request, reader: reader, errors: errors)
                    if let next, items.isEmpty { throw next.askedForItsOwnPage(in: pageGuard.endpoint) }
                }
                next?.origin = origin
                previous?.origin = origin
            }
            return Page(items: items, next: next, previous: previous, total: totals.total, lastPage: totals.lastPage)
        }
    }

    /// A page's items: the array at the response's key path, or none where the object that
    /// holds it is there without it (a gateway answers `"result_list": {}` when a search finds
    /// nothing) or holds null there. A missing wrapper, or a path of one key, is still an error:
    /// a path the server doesn't send must not read as pages of nothing.
    private static func items<Element: Decodable & Sendable>(
        _ type: [Element].Type, _ request: RequestDescription, reader: ResponseReader, errors: ErrorBody?,
        from response: HTTPResponse
    ) throws(XToolError) -> [Element] {
        func read<T: Decodable>(_ type: T.Type, at path: String?) throws(XToolError) -> T {
            try reader.value(type, at: path, format: request.format, errors: errors, from: response)
        }
        if let items = try read([Element]?.self, at: request.response) { return items }
        let path = request.response.map(keyPath) ?? []
        if path.count > 1, case .object? = try read(JSON?.self, at: KeyPathSyntax.text(of: path.dropLast())) {
            return []
        }
        return try read([Element].self, at: request.response)
    }

    /// The items of a page that the page before (`before`) doesn't hold: what a page whose next
    /// cursor is the one that asked for it still adds (a `Link` header's `next` that points back
    /// at its own page).
    private static func new<Element: Decodable & Sendable>(
        _ items: [Element], of response: HTTPResponse, notIn before: HTTPResponse, _ request: RequestDescription,
        reader: ResponseReader, errors: ErrorBody?
    ) throws(XToolError) -> [Element] {
        let seen = Set(try Self.items([JSON].self, request, reader: reader, errors: errors, from: before))
        let values = try Self.items([JSON].self, request, reader: reader, errors: errors, from: response)
        return zip(items, values).filter { !seen.contains($0.1) }.map(\.0)
    }

    /// The totals a page-number, offset, cursor or link endpoint declares, read from the payload.
    private static func totals(
        _ pagination: Pagination, of response: HTTPResponse, reader: ResponseReader
    ) throws(XToolError) -> (total: Int?, lastPage: Int?) {
        let paths: (total: String?, lastPage: String?) =
            switch pagination {
            case .page(_, _, _, _, _, let total, let lastPage): (total, lastPage)
            case .offset(_, _, _, _, let total), .cursor(_, _, _, _, _, _, let total), .bodyLink(_, let total):
                (total, nil)
            default: (nil, nil)
            }
        guard paths.total != nil || paths.lastPage != nil else { return (nil, nil) }
        let payload = try reader.value(JSON.self, at: nil, format: .json, errors: nil, from: response)
        // A total the API writes as text (`"count": "4"`) is a total too.
        let integer = { (path: String?) in
            path.flatMap { payload.value(at: $0) }.flatMap { $0.int64Value ?? $0.stringValue.flatMap(Int64.init) }
                .map { Int($0) }
        }
        return (integer(paths.total), integer(paths.lastPage))
    }

    /// `parameters` with the one called `name` given `value` (nil: left out), or, when `name` is
    /// a key path into a JSON body parameter (`variables.page`), with that member set (a GraphQL
    /// query's variables); added to the query if there is neither.
    private static func replacing(
        _ name: String, with value: JSON?, in parameters: [Parameter], dates: DateStyle
    ) -> [Parameter] {
        var replaced = parameters
        if let index = parameters.firstIndex(where: { $0.name == name }) {
            let old = parameters[index]
            guard let value else {
                replaced.remove(at: index)
                return replaced
            }
            replaced[index] = Parameter(name: name, location: old.location, value: .encodable(value), style: old.style)
            return replaced
        }
        if let (index, path) = member(name, in: parameters) {
            let old = parameters[index]
            let body = json(of: old, dates: dates) ?? .object([:])
            replaced[index] = Parameter(
                name: old.name, location: old.location, value: .encodable(body.setting(value, at: path[...])),
                style: old.style, dates: old.dates)
            return replaced
        }
        return value.map { parameters + [.query(name, $0)] } ?? parameters
    }

    /// The JSON body parameter that holds the key path `name`, and the path inside it: the
    /// parameter named by its first component, or else the whole body.
    private static func member(_ name: String, in parameters: [Parameter]) -> (index: Int, path: [String])? {
        let keys = keyPath(name)
        guard keys.count > 1 else { return nil }
        if let index = parameters.firstIndex(where: { $0.location == .body && $0.name == keys[0] }) {
            return (index, Array(keys.dropFirst()))
        }
        return parameters.firstIndex { $0.location == .wholeBody }.map { ($0, keys) }
    }

    /// A parameter's value as JSON, its dates as the parameter (or the client) writes them.
    private static func json(of parameter: Parameter, dates: DateStyle) -> JSON? {
        guard case .encodable(let value) = parameter.value else { return nil }
        return try? JSON(encoding: value, dates: parameter.dates ?? dates)
    }

    private static func nextCursor(
        _ pagination: Pagination, of response: HTTPResponse, at requestURL: URL?, items count: Int,
        parameters: [Parameter],
        reader: ResponseReader, itemsPath: String?, totals: (total: Int?, lastPage: Int?)
    ) throws(XToolError) -> PageCursor? {
        switch pagination {
        case .link:
            return response.headers["Link"].flatMap { LinkHeader.next(in: $0, relativeTo: requestURL) }
                .map { PageCursor(position: .url($0)) }
        case .bodyLink(let next, _):
            let payload = try reader.value(JSON.self, at: nil, format: .json, errors: nil, from: response)
            guard let target = payload.value(at: next)?.text, !target.isEmpty else { return nil }
            return LinkHeader.sameOrigin(target, relativeTo: requestURL).map { PageCursor(position: .url($0)) }
        case .cursor(let parameter, let next, let lastItem, let hasMore, let end, let previous, _):
            let payload = try reader.value(JSON.self, at: nil, format: .json, errors: nil, from: response)
            if Self.ends(payload, hasMore: hasMore, end: end) == true { return nil }
            let token = Self.token(in: payload, at: next, orItem: lastItem, of: itemsPath, last: true)
            return token.map {
                PageCursor(position: .parameter(name: parameter, value: $0, clearing: previous?.parameter))
            }
        case .page(let parameter, let limit, let start, let hasMore, let end, _, _):
            guard count > 0,
                try !ends(
                    response, hasMore: hasMore, end: end, reader: reader, count: count, limit: limit, in: parameters)
            else { return nil }
            let current = integer(parameter, in: parameters) ?? start
            if let lastPage = totals.lastPage, current >= lastPage { return nil }
            if let total = totals.total, let size = limit.flatMap({ integer($0, in: parameters) }) ?? Optional(count),
                (current - start + 1) * size >= total
            {
                return nil
            }
            return PageCursor(position: .parameter(name: parameter, value: .int(Int64(current + 1))))
        case .offset(let parameter, let limit, let hasMore, let end, _):
            guard count > 0,
                try !ends(
                    response, hasMore: hasMore, end: end, reader: reader, count: count, limit: limit, in: parameters)
            else { return nil }
            let current = integer(parameter, in: parameters) ?? 0
            if let total = totals.total, current + count >= total { return nil }
            return PageCursor(position: .parameter(name: parameter, value: .int(Int64(current + count))))
        }
    }

    /// The cursor of the page before a page: a `Link` header's `rel="prev"`, a cursor's
    /// `previous` token, or the page number before the call's (nil on the first page).
    private static func previousCursor(
        _ pagination: Pagination, of response: HTTPResponse, at requestURL: URL?, parameters: [Parameter],
        reader: ResponseReader, itemsPath: String?
    ) throws(XToolError) -> PageCursor? {
        switch pagination {
        case .link:
            return response.headers["Link"].flatMap { header in
                LinkHeader.target(of: "prev", in: header, relativeTo: requestURL)
                    ?? LinkHeader.target(of: "previous", in: header, relativeTo: requestURL)
            }.map { PageCursor(position: .url($0)) }
        case .cursor(let forward, _, _, _, _, let previous?, _):
            let payload = try reader.value(JSON.self, at: nil, format: .json, errors: nil, from: response)
            if let hasPrevious = previous.hasPrevious, payload.value(at: hasPrevious)?.boolValue == false { return nil }
            let token = Self.token(
                in: payload, at: previous.token, orItem: previous.firstItem, of: itemsPath, last: false)
            let moving = previous.limit.flatMap { from in previous.last.map { PageCursor.Move(from: from, to: $0) } }
            return token.map {
                PageCursor(position: .parameter(name: previous.parameter, value: $0, clearing: forward, moving: moving))
            }
        case .page(let parameter, _, let start, _, _, _, _):
            guard let current = integer(parameter, in: parameters), current > start else { return nil }
            return PageCursor(position: .parameter(name: parameter, value: .int(Int64(current - 1))))
        default:
            return nil
        }
    }

    /// A cursor's token: at `path` of the payload, or at `item` of the page's last (or first)
    /// item; nil when there is none or it is empty.
    private static func token(
        in payload: JSON, at path: String?, orItem item: String?, of itemsPath: String?, last: Bool
    ) -> JSON? {
        var token: JSON?
        if let path { token = payload.value(at: path) }
        if let item {
            guard case .array(let items)? = payload.value(at: itemsPath ?? "") else { return nil }
            token = (last ? items.last : items.first)?.value(at: item)
        }
        guard let token, let text = token.text, !text.isEmpty else { return nil }
        return token
    }

    /// Whether the payload's flags end the pages: `hasMore` false or `end` true; nil when the
    /// endpoint has neither flag.
    private static func ends(_ payload: JSON, hasMore: String?, end: String?) -> Bool? {
        guard hasMore != nil || end != nil else { return nil }
        if let hasMore, payload.value(at: hasMore)?.boolValue == false { return true }
        if let end, payload.value(at: end)?.boolValue == true { return true }
        return false
    }

    /// Whether a page number's or an offset's page is the last: as its flags say, else when it
    /// is shorter than the call's `limit` asked for.
    private static func ends(
        _ response: HTTPResponse, hasMore: String?, end: String?, reader: ResponseReader, count: Int, limit: String?,
        in parameters: [Parameter]
    ) throws(XToolError) -> Bool {
        guard hasMore != nil || end != nil else { return isShort(count, limit: limit, in: parameters) }
        let payload = try reader.value(JSON.self, at: nil, format: .json, errors: nil, from: response)
        return ends(payload, hasMore: hasMore, end: end) ?? false
    }

    /// Whether a page has fewer items than the call's `limit` parameter asked for.
    private static func isShort(_ count: Int, limit: String?, in parameters: [Parameter]) -> Bool {
        guard let limit, let asked = integer(limit, in: parameters) else { return false }
        return count < asked
    }

    /// The call's value of an integer parameter, or of an integer member at a key path of a
    /// JSON body parameter (`variables.page`).
    private static func integer(_ name: String, in parameters: [Parameter]) -> Int? {
        value(name, in: parameters)?.int64Value.map { Int($0) }
    }

    /// The call's value of a parameter, or of a member at a key path of a JSON body parameter
    /// (`variables.first`); nil when the call gives none.
    private static func value(_ name: String, in parameters: [Parameter]) -> JSON? {
        let value: JSON? =
            if let parameter = parameters.first(where: { $0.name == name }) {
                json(of: parameter, dates: .iso8601)
            } else if let (index, path) = member(name, in: parameters) {
                json(of: parameters[index], dates: .iso8601)?.value(at: path)
            } else {
                nil
            }
        return value == .null ? nil : value
    }
}

/// The guard against endless pages, for one page's call: its request must not be the page
/// before's, its body not the page before's body.
struct PageGuard: Sendable {
    let endpoint: String
    let request: String
    let cursor: PageCursor?

    init(request description: RequestDescription, call: RequestBuilder.Call, cursor: PageCursor?) {
        endpoint = description.name ?? "\(description.method) \(description.path)"
        request = call.cacheKey
        self.cursor = cursor
    }

    /// Throws when the request is the one of the page the cursor came from.
    func checkRequest() throws(XToolError) {
        guard let cursor, cursor.origin?.request == request else { return }
        throw .invalidRequest(
            "The next page of \(endpoint) would repeat the request of the page before it ('\(cursor)' "
                + "changes nothing that is sent); stopping instead of asking for it again.")
    }

    /// Throws when the body is the page before's; else the origin to mark this page's cursors
    /// with.
    func checkResponse(_ response: HTTPResponse, next: PageCursor?) throws(XToolError) -> PageCursor.Origin {
        let body = CacheEntry.checksum(response.body)
        if let cursor, cursor.origin?.body == body {
            throw .invalidRequest(
                "The server answered the next page of \(endpoint) ('\(cursor)') with the page before it: it "
                    + "ignores where the spec's paginate: puts the page; stopping instead of repeating it.")
        }
        return PageCursor.Origin(endpoint: endpoint, request: request, body: body, response: response)
    }
}

/// The `rel="next"` target of a `Link` header (RFC 8288).
enum LinkHeader {
    /// The next page's URL, resolved against the request's URL; nil when there is none or it
    /// leaves the request's origin (scheme, host and port).
    static func next(in header: String, relativeTo requestURL: URL?) -> URL? {
        target(of: "next", in: header, relativeTo: requestURL)
    }

    /// The target of the link whose `rel` is `relation` (`next`, `prev`), on the request's origin.
    static func target(of relation: String, in header: String, relativeTo requestURL: URL?) -> URL? {
        LinkHeaderSyntax.target(of: relation, in: header).flatMap { sameOrigin($0, relativeTo: requestURL) }
    }

    /// `target` resolved against the request's URL; nil when it is no URL or leaves the
    /// request's origin.
    static func sameOrigin(_ target: String, relativeTo requestURL: URL?) -> URL? {
        guard let url = URL(string: target, relativeTo: requestURL)?.absoluteURL else { return nil }
        guard let requestURL, url.hasSameOrigin(as: requestURL) else { return nil }
        return url
    }
}

extension JSON {
    /// This value with `value` at the key path `path` (objects made where missing; nil removes
    /// the member).
    func setting(_ value: JSON?, at path: ArraySlice<String>) -> JSON {
        guard let key = path.first else { return value ?? .null }
        var object: [String: JSON] = [:]
        if case .object(let members) = self { object = members }
        if path.count == 1, value == nil {
            object[key] = nil
        } else {
            object[key] = (object[key] ?? .null).setting(value, at: path.dropFirst())
        }
        return .object(object)
    }

    /// The value at a dotted key path (`data.cursor`, `errors.0.wait`: digits index an array; an
    /// empty path is the value itself).
    func value(at path: String) -> JSON? {
        value(at: keyPath(path))
    }
}
