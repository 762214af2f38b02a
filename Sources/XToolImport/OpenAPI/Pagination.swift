import XToolDiagnostics
import XToolSpec
import XToolYAML

/// Where a page's items are: the response itself when it is an array, or the one array of a
/// list object (`{"data": […], "has_more": true}`).
struct PageItems {
    /// The key path of the array in the list object; nil when the response is the array.
    var path: Spec.KeyPath?
    /// The array's schema.
    var array: Located
    /// The list object's members.
    var list: ObjectShape?
    /// The name the list object's models are named after (its items' model, when inline).
    var listName: String
}

/// What a response says of its next page.
enum PagingDecision {
    /// What `paginate:` says, and where the items are.
    case paginate(Spec.Pagination.Style, PageItems, Origin)
    /// It looks paged, but not in a way the spec can be sure of: a note and a warning.
    case hint(note: String, warning: String, Origin)
    case none
}

/// `paginate:` where the document says unambiguously how the next page is asked for: a `Link`
/// header; a cursor parameter with the next cursor, or `has_more` and the items' `id`, in a
/// list object; a page number that says where it starts; an offset. Anything less is a note
/// and a warning: a wrong `paginate:` is worse than none.
extension Importer {
    /// Cursors that lead elsewhere than the next page, or whose next value the document can't say.
    static let otherCursors: Set<String> = ["before", "ending_before", "since_id", "max_id", "min_id", "until_id"]
    /// Keys of a list object whose value is the next page's URL.
    static let nextLinks: Set<String> = [
        "next", "next_url", "next_uri", "next_href", "next_link", "next_page_url", "next_page_uri", "nextUrl",
        "nextLink",
        "nextPageUrl", "nextPageUri",
    ]
    /// Objects of a list object that hold its links (`links.next`, HAL's `_links.next.href`).
    static let linkObjects: Set<String> = ["links", "_links", "paging", "pagination"]
    /// The names a list object gives its items' array among others.
    static let itemArrays: Set<String> = ["data", "items", "entries", "results", "records", "values", "elements"]

    /// Whether a response header leads to the next page (`Link`, `X-Next`).
    static func isPagingHeader(_ name: String) -> Bool {
        name.lowercased() == "link" || name.lowercased().contains("next")
    }

    /// How the response `schema` (with its paging headers) and the endpoint's parameters say
    /// where the next page is. Only a read (a GET) pages: the next page of a POST would send it
    /// again (a second transfer, a recurrence triggered once per page), so another method's
    /// paged answer is a note, which a person turns into `paginate:` where the call only reads.
    mutating func paging(
        schema: Located?, method: String = "get", headers: [(name: String, origin: Origin)],
        parameters: [MemberDraft], listName: String
    ) -> PagingDecision {
        var decision = readPaging(schema: schema, headers: headers, parameters: parameters, listName: listName)
        // A link's pages say how many items there are in all where the list has a total (a HAL
        // collection's `count`): each page's `total`.
        if case .paginate(.bodyLink(let next, nil), let items, let origin) = decision, let list = items.list,
            let total = totalPath(in: list)
        {
            decision = .paginate(.bodyLink(next: next, total: Spec.KeyPath(parsing: total)), items, origin)
        }
        guard method != "get", case .paginate(_, _, let origin) = decision else { return decision }
        let name = method.uppercased()
        return .hint(
            note: "the response is a page of a list, but this is a \(name): asking for the next page would send "
                + "it again; add paginate: if the call only reads",
            warning: "a \(name) whose response pages is not paginated: asking for the next page would send "
                + "the \(name) again", origin)
    }

    private mutating func readPaging(
        schema: Located?, headers: [(name: String, origin: Origin)], parameters: [MemberDraft], listName: String
    ) -> PagingDecision {
        let items = schema.flatMap { pageItems($0, listName: listName) }
        if let link = headers.first(where: { $0.name.lowercased() == "link" }) {
            if let items { return .paginate(.link, items, link.origin) }
            return .hint(
                note: "the response has a Link header, but its body is no list of items: paginate: link needs one",
                warning:
                    "the response has a Link header, but its body is no list of items, so the call is not paginated",
                link.origin)
        }
        if let header = headers.first {
            return .hint(
                note:
                    "the response header '\(header.name)' leads to the next page: paginate: follows a Link header, a cursor, "
                    + "page numbers or offsets, not this header",
                warning:
                    "the response header '\(header.name)' looks like a link to the next page, which paginate: can't follow; "
                    + "the call returns one page", header.origin)
        }
        let usable = parameters.filter { parameter in
            (parameter.place == "query" || parameter.place == "body")
                && !ReservedNames.pageLabels.contains(
                    parameter.swiftName ?? SwiftNaming.parameterName(parameter.key) ?? "")
        }
        let limit = usable.first { WireVocabulary.limit.contains($0.key) && Self.isInteger($0) }
        // A page or an offset that is no number is a cursor (OpenAI's `page` with `next_page`,
        // Asana's `offset` with `next_page.offset`).
        let cursor = usable.first { parameter in
            WireVocabulary.cursor.contains(parameter.key)
                || (WireVocabulary.pageToken.contains(parameter.key) && !Self.isInteger(parameter))
        }
        if let cursor {
            let origin = cursor.origin ?? Origin(document: 0, location: SourceLocation(line: 0, column: 0))
            guard let items else { return notAList(cursor, "a cursor", origin) }
            let list = items.list ?? ObjectShape()
            let hasMore = list.properties.first {
                WireVocabulary.hasMore.contains($0.key) && schemaType($0.schema) == "boolean"
            }
            let more = hasMore.map { Spec.KeyPath(parsing: $0.key) }
            let name = cursor.key
            if let next = nextCursorPath(in: list, for: cursor.key) {
                return .paginate(
                    .cursor(parameter: name, next: Spec.KeyPath(parsing: next), lastItem: nil, hasMore: more), items,
                    origin)
            }
            if hasMore != nil, ["after", "starting_after"].contains(cursor.key), itemsHaveID(items) {
                return .paginate(
                    .cursor(parameter: name, next: nil, lastItem: Spec.KeyPath(parsing: "id"), hasMore: more), items,
                    origin)
            }
            if let link = nextLinkPath(in: list, beside: cursor) {
                return .paginate(.bodyLink(next: Spec.KeyPath(parsing: link)), items, origin)
            }
            return .hint(
                note:
                    "'\(cursor.key)' looks like a cursor, but the response doesn't say where the next one is: add paginate: if the API pages",
                warning:
                    "'\(cursor.key)' looks like a cursor, but the response doesn't say where the next one is; no paginate: is written",
                origin)
        }
        // A page number or an offset is an integer (one that is no number is a cursor, above, or
        // no page at all: a `start` time).
        if let page = usable.first(where: { WireVocabulary.page.contains($0.key) && Self.isInteger($0) }) {
            let origin = page.origin ?? Origin(document: 0, location: SourceLocation(line: 0, column: 0))
            guard let items else { return notAList(page, "a page number", origin) }
            // Spring Data's `Pageable` (`page`, `size` and `sort`, as springfox writes it) counts
            // pages from 0.
            let springData =
                page.key == "page" && ["size", "sort"].allSatisfy { key in usable.contains { $0.key == key } }
            guard let start = page.firstValue ?? (springData ? 0 : nil), start == 0 || start == 1 else {
                // A link to the next page needs no page base.
                if let list = items.list, let link = nextLinkPath(in: list) {
                    return .paginate(.bodyLink(next: Spec.KeyPath(parsing: link)), items, origin)
                }
                // A response that numbers its pages (`meta.pagination`'s `current_page` of
                // `total_pages`) counts them as people do, from 1, and says where they end.
                if let list = items.list, let lastPage = lastPagePath(in: list) {
                    return .paginate(
                        .page(
                            parameter: page.key, limit: limit?.key, start: 1, lastPage: Spec.KeyPath(parsing: lastPage)),
                        items, origin)
                }
                return .hint(
                    note:
                        "'\(page.key)' looks like a page number, but the document doesn't say whether pages count from 0 or 1: "
                        + "add paginate: { page: \(page.key), start: … } if the API pages",
                    warning:
                        "'\(page.key)' looks like a page number, but the document doesn't say whether pages count from 0 "
                        + "or 1 (no default or minimum); no paginate: is written", origin)
            }
            return .paginate(.page(parameter: page.key, limit: limit?.key, start: start), items, origin)
        }
        if let offset = usable.first(where: { WireVocabulary.offset.contains($0.key) && Self.isInteger($0) }) {
            let origin = offset.origin ?? Origin(document: 0, location: SourceLocation(line: 0, column: 0))
            guard let items else { return notAList(offset, "an offset", origin) }
            return .paginate(.offset(parameter: offset.key, limit: limit?.key), items, origin)
        }
        if let items, let list = items.list, let link = nextLinkPath(in: list), let origin = schema.map(\.origin) {
            return .paginate(.bodyLink(next: Spec.KeyPath(parsing: link)), items, origin)
        }
        if let cursor = parameters.first(where: { Self.otherCursors.contains($0.key) }), let origin = cursor.origin {
            return .hint(
                note: "'\(cursor.key)' looks like a cursor: add paginate: if you know where its next value comes from",
                warning:
                    "'\(cursor.key)' looks like a cursor, but the document doesn't say where its next value comes from; "
                    + "no paginate: is written", origin)
        }
        return .none
    }

    private func notAList(_ parameter: MemberDraft, _ what: String, _ origin: Origin) -> PagingDecision {
        .hint(
            note:
                "'\(parameter.key)' looks like \(what), but the response is no list of items the spec can page through",
            warning:
                "'\(parameter.key)' looks like \(what), but the response is no list of items; no paginate: is written",
            origin)
    }

    private static func isInteger(_ parameter: MemberDraft) -> Bool {
        parameter.type.enumValues == nil && ["Int", "Int64"].contains(parameter.type.spelling)
    }

    /// The response's array, or the one array of the list object it is.
    private mutating func pageItems(_ schema: Located, listName: String) -> PageItems? {
        guard let target = resolved(schema) else { return nil }
        if schemaType(target) == "array" {
            return PageItems(path: nil, array: schema, list: nil, listName: listName)
        }
        guard isObjectSchema(target) else { return nil }
        let list = shape(of: target)
        let arrays = list.properties.filter { schemaType($0.schema) == "array" }
        // Beside other arrays (Box's `order`), the one a list names its items by.
        let named = arrays.count == 1 ? arrays : arrays.filter { Self.itemArrays.contains($0.key) }
        let listName = modelNames[target.origin] ?? listName
        if arrays.isEmpty, let embedded = embeddedItems(of: list) {
            return PageItems(path: embedded.path, array: embedded.array, list: list, listName: listName)
        }
        guard named.count == 1, let array = named.first, !array.key.isEmpty, !array.key.contains(".") else {
            return nil
        }
        return PageItems(
            path: Spec.KeyPath(components: [array.key]), array: array.schema, list: list, listName: listName)
    }

    /// A HAL collection's items: the one array of its `_embedded` object
    /// (`_embedded.environments`), whose next page `_links.next.href` is.
    private mutating func embeddedItems(of list: ObjectShape) -> (path: Spec.KeyPath, array: Located)? {
        guard let embedded = list.properties.first(where: { $0.key == "_embedded" }),
            isObjectSchema(embedded.schema)
        else { return nil }
        let arrays = shape(of: embedded.schema).properties.filter { schemaType($0.schema) == "array" }
        guard arrays.count == 1, let array = arrays.first, !array.key.isEmpty, !array.key.contains(".") else {
            return nil
        }
        return (Spec.KeyPath(components: ["_embedded", array.key]), array.schema)
    }

    /// Where a list object holds the next value of the cursor `name`: a key of its own
    /// (`next_cursor`, `next_<name>`, or `name`), or one level down, in an object
    /// (`response_metadata.next_cursor`; `next_page.offset`, Asana's, where the object is about
    /// the next page).
    private mutating func nextCursorPath(in list: ObjectShape, for name: String) -> String? {
        let own = list.properties.first { property in
            (WireVocabulary.nextCursor.contains(property.key) || property.key == name || property.key == "next_" + name)
                && isToken(property.schema)
        }
        if let own { return own.key }
        for property in list.properties where !property.key.contains(".") && isObjectSchema(property.schema) {
            let aboutNext = property.key.lowercased().contains("next")
            let inner = shape(of: property.schema).properties.first { member in
                (WireVocabulary.nextCursor.contains(member.key)
                    || aboutNext && (member.key == name || member.key == "next_" + name))
                    && !member.key.contains(".") && isToken(member.schema)
            }
            if let inner { return property.key + "." + inner.key }
        }
        return nil
    }

    /// Where a list object holds the next page's URL: `next_page_uri` (Twilio), `next_url`…
    /// of its own, or `next` in its `links`, `_links` (`next.href`), `paging` or `pagination`
    /// object. A `next` that is no URI may be a cursor's token: it is a link only where the
    /// endpoint has no cursor (`beside` is nil).
    private mutating func nextLinkPath(in list: ObjectShape, beside cursor: MemberDraft? = nil) -> String? {
        func isLink(_ key: String, _ schema: Located) -> Bool {
            guard schemaType(schema) == "string" else { return false }
            if isURL(schema) { return Self.nextLinks.contains(key) || key.lowercased().contains("next") }
            return Self.nextLinks.contains(key) && (key != "next" || cursor == nil)
        }
        if let own = list.properties.first(where: { isLink($0.key, $0.schema) }) { return own.key }
        for property in list.properties where Self.linkObjects.contains(property.key) && isObjectSchema(property.schema)
        {
            for member in shape(of: property.schema).properties where member.key == "next" {
                if isLink(member.key, member.schema) { return property.key + ".next" }
                if isObjectSchema(member.schema),
                    shape(of: member.schema).properties.contains(where: { $0.key == "href" })
                {
                    return property.key + ".next.href"
                }
            }
        }
        return nil
    }

    /// Where a list object says how many items there are in all: an integer of its own named
    /// like a total (HAL's `count`, `total`, `total_count`…), or one in an object of it
    /// (`meta.total`).
    private mutating func totalPath(in list: ObjectShape) -> String? {
        for property in list.properties where isTotal(property.key, property.schema) { return property.key }
        for property in list.properties where !property.key.contains(".") && isObjectSchema(property.schema) {
            for member in shape(of: property.schema).properties where isTotal(member.key, member.schema) {
                return property.key + "." + member.key
            }
        }
        return nil
    }

    /// Whether a member of a list object is its total: an integer named like one.
    private mutating func isTotal(_ key: String, _ schema: Located) -> Bool {
        WireVocabulary.total.contains(key) && !key.contains(".") && schemaType(schema) == "integer"
    }

    /// The keys of a page's own number and of the last page's.
    static let currentPages: Set<String> = ["current_page", "currentPage", "page"]
    static let lastPages: Set<String> = [
        "total_pages", "totalPages", "last_page", "lastPage", "page_count", "pageCount", "pages",
    ]

    /// Where a list object that numbers its pages (an integer current page and an integer last
    /// page, of its own or in an object of it or of an object in that) says the last page's
    /// number: `meta.pagination.total_pages`.
    private mutating func lastPagePath(in list: ObjectShape, depth: Int = 0) -> String? {
        let integers = list.properties.filter { schemaType($0.schema) == "integer" && !$0.key.contains(".") }
        if integers.contains(where: { Self.currentPages.contains($0.key) }),
            let last = integers.first(where: { Self.lastPages.contains($0.key) })
        {
            return last.key
        }
        guard depth < 2 else { return nil }
        for property in list.properties where !property.key.contains(".") && isObjectSchema(property.schema) {
            if let inner = lastPagePath(in: shape(of: property.schema), depth: depth + 1) {
                return property.key + "." + inner
            }
        }
        return nil
    }

    /// Whether a schema is a cursor's value: a string or an integer that is no URL.
    private mutating func isToken(_ schema: Located) -> Bool {
        ["string", "integer"].contains(schemaType(schema)) && !isURL(schema)
    }

    /// Whether a schema is a URL (a next page's link, not its cursor).
    private mutating func isURL(_ located: Located) -> Bool {
        ["uri", "url", "uri-reference"].contains(resolved(located)?.node["format"]?.string ?? "")
    }

    /// Whether the items are objects with an `id`.
    private mutating func itemsHaveID(_ items: PageItems) -> Bool {
        guard let array = resolved(items.array), let element = array["items"], isObjectSchema(element) else {
            return false
        }
        return shape(of: element).properties.contains { $0.key == "id" }
    }

    /// The one type a schema names (`type: [string, "null"]` is a string).
    private mutating func schemaType(_ located: Located) -> String? {
        guard let schema = resolved(located), let type = schema.node["type"] else { return nil }
        let types =
            type.items.isEmpty ? [type.string ?? ""] : type.items.compactMap(\.scalarText).filter { $0 != "null" }
        return types.count == 1 ? types[0] : nil
    }

    /// Takes `paginate:` back where the method that lists every item (`listItems`) would take
    /// another endpoint's name.
    mutating func checkPageSequenceNames(_ tools: inout [ToolDraft]) {
        for tool in tools.indices {
            let methods = Dictionary(
                tools[tool].endpoints.flatMap { EndpointNames(memberName: $0.name).methods.map { ($0, ()) } },
                uniquingKeysWith: { first, _ in first })
            for index in tools[tool].endpoints.indices {
                let endpoint = tools[tool].endpoints[index]
                guard let paginate = endpoint.paginate,
                    let (items, _) = Spec.Pagination.companionClash(
                        method: EndpointNames(memberName: endpoint.name).method, among: methods)
                else { continue }
                if let origin = endpoint.paginateOrigin {
                    warning(
                        "'\(endpoint.name)' pages, but its method for every item would be '\(items)', another "
                            + "endpoint's name; no paginate: is written", at: origin)
                }
                tools[tool].endpoints[index].comments.append(
                    "paginate: \(SpecWriter.paginate(paginate)) would add '\(items)', another endpoint's name")
                tools[tool].endpoints[index].paginate = nil
            }
        }
    }
}
