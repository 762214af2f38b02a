import XToolYAML

/// An endpoint's `paginate:`: a Link header, a cursor, page numbers or offsets, and the
/// parameters they set.
extension SpecReader {
    /// `paginate: link`, or a mapping with `link:` (the next page's URL in the payload),
    /// `cursor:` (and `next:` or `lastItem:`, `hasMore:`, `end:`, `before:` with `previous:` or
    /// `firstItem:`), `page:` (`limit:`, `start:`, `hasMore:`, `end:`) or `offset:` (`limit:`,
    /// `hasMore:`, `end:`).
    mutating func readPagination(
        _ entry: MappingNode.Entry, response: Spec.Response?, parameters: [Spec.Parameter], cache: Spec.CachePolicy,
        endpoint: String
    ) -> Spec.Pagination? {
        guard let response, case .array = response.type else {
            let optional = response.map {
                if case .array = $0.type.unwrapped, $0.type.isOptional { true } else { false }
            }
            error(
                optional == true
                    ? "'paginate' needs a response that is a non-optional array (the items of a page; an empty page "
                        + "is an empty array), not \(response?.type.swiftSpelling ?? ""), in \(endpoint)"
                    : "'paginate' needs a response that is an array (the items of a page), in \(endpoint)",
                at: entry.keyNode)
            return nil
        }
        if cache == .fallback {
            error("a paginated endpoint can't use 'cache: fallback'", at: entry.keyNode)
            return nil
        }
        if let clash = parameters.first(where: { ReservedNames.pageLabels.contains($0.swiftName) }) {
            error(
                "a paginated endpoint's method takes 'from pageCursor:' for the next page; rename the parameter "
                    + "'\(clash.name)' with name:", at: entry.keyNode)
            return nil
        }
        if entry.value.scalarText != nil {
            return choice(entry.value, what: "pagination", [("link", Spec.Pagination.link)])
        }
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the pagination of \(endpoint)",
                allowedKeys: SpecKeys.pagination)
        else { return nil }
        let styles = map.entries.filter { ["link", "cursor", "page", "offset"].contains($0.key) }
        guard let style = styles.first, styles.count == 1 else {
            error(
                "the pagination of \(endpoint) names one of link, cursor, page or offset (or is 'paginate: link')",
                at: styles.dropFirst().first?.keyNode ?? entry.keyNode)
            return nil
        }
        if style.key == "link" {
            if let other = map.entries.first(where: { $0.key != "link" }) {
                error("'\(other.key)' doesn't apply to 'link' pagination", at: other.keyNode)
                return nil
            }
            return keyPath(style.value, what: "the next page's link's key path").map { .bodyLink(next: $0) }
        }
        guard let parameter = pagedParameter(style.value, in: parameters, integer: style.key != "cursor") else {
            return nil
        }
        let allowed: [String: [String]] = [
            "cursor": ["next", "lastItem", "hasMore", "end", "before", "previous", "firstItem"],
            "page": ["limit", "start", "hasMore", "end"], "offset": ["limit", "hasMore", "end"],
        ]
        for other in map.entries where other.key != style.key && !(allowed[style.key] ?? []).contains(other.key) {
            error("'\(other.key)' doesn't apply to '\(style.key)' pagination", at: other.keyNode)
            return nil
        }
        let limit = map.value("limit").flatMap { pagedParameter($0, in: parameters, integer: true) }
        let hasMore = map.value("hasMore").flatMap { keyPath($0, what: "the has-more key path") }
        let end = map.value("end").flatMap { keyPath($0, what: "the end flag's key path") }
        switch style.key {
        case "cursor":
            let next = map.value("next").flatMap { keyPath($0, what: "the next cursor's key path") }
            let lastItem = map.value("lastItem").flatMap { keyPath($0, what: "the last item's key path") }
            guard (next == nil) != (lastItem == nil) else {
                error(
                    "cursor pagination reads its token from 'next' (a key path of the payload) or 'lastItem' (one of the last item); give one",
                    at: style.keyNode)
                return nil
            }
            var previous: Spec.PreviousPage?
            if map.value("before") != nil || map.value("previous") != nil || map.value("firstItem") != nil {
                guard let page = readPreviousPage(map, style: style, parameters: parameters) else { return nil }
                previous = page
            }
            return .cursor(
                parameter: parameter, next: next, lastItem: lastItem, hasMore: hasMore, end: end, previous: previous)
        case "page":
            var start = 1
            if let node = map.value("start") {
                guard case .int(let value) = node.coreScalar else {
                    error("'start' is the first page's number, found \(Self.kind(of: node))", at: node)
                    return nil
                }
                start = Int(value)
            }
            return .page(parameter: parameter, limit: limit, start: start, hasMore: hasMore, end: end)
        default:
            return .offset(parameter: parameter, limit: limit, hasMore: hasMore, end: end)
        }
    }

    /// `before:` (the parameter of the backward cursor) with `previous:` (the key path of its
    /// token in the payload) or `firstItem:` (in the first item).
    private mutating func readPreviousPage(
        _ map: MappingNode, style: MappingNode.Entry, parameters: [Spec.Parameter]
    ) -> Spec.PreviousPage? {
        guard let beforeNode = map.value("before") else {
            error(
                "'previous' and 'firstItem' say where the page before is; name its parameter with 'before'",
                at: map.entry("previous")?.keyNode ?? map.entry("firstItem")?.keyNode ?? style.keyNode)
            return nil
        }
        guard let parameter = pagedParameter(beforeNode, in: parameters, integer: false) else { return nil }
        if parameter == style.value.scalarText {
            error("'before' names the backward cursor's parameter, another than the forward cursor's", at: beforeNode)
            return nil
        }
        let token = map.value("previous").flatMap { keyPath($0, what: "the previous cursor's key path") }
        let firstItem = map.value("firstItem").flatMap { keyPath($0, what: "the first item's key path") }
        guard (token == nil) != (firstItem == nil) else {
            error(
                "the backward cursor reads its token from 'previous' (a key path of the payload) or 'firstItem' (one "
                    + "of the first item); give one", at: beforeNode)
            return nil
        }
        return Spec.PreviousPage(parameter: parameter, token: token, firstItem: firstItem)
    }

    /// The wire name of a parameter that pagination sets, which must be one of the endpoint's
    /// query or body parameters (an integer one for page numbers, offsets and limits).
    private mutating func pagedParameter(_ node: YAMLNode, in parameters: [Spec.Parameter], integer: Bool) -> String? {
        guard let name = nonEmptyText(node, what: "a parameter's name") else { return nil }
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            error(
                "'\(name)' is not a parameter of this endpoint; declare it under params:"
                    + Suggestions.didYouMean(name, in: parameters.map(\.name)), at: node)
            return nil
        }
        guard parameter.location == .query || parameter.location == .body else {
            error(
                "pagination sets '\(name)', so it goes in the query or the body, not the \(parameter.location.rawValue)",
                at: node)
            return nil
        }
        if integer, ![Spec.TypeRef.int, .int64].contains(parameter.type.unwrapped) {
            error("'\(name)' counts pages or items, so it is an Int, not \(parameter.type.swiftSpelling)", at: node)
            return nil
        }
        return name
    }
}
