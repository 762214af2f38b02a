import XToolYAML

// `paginate:`, the one home of the concept in XToolSpec: its keys (which `SpecKeys`, the reader
// and the JSON Schema's check take from here), its value, what follows from it (the page's
// element type, the companion's name, the rule that keeps that name free), how the value is
// written (which the importer's `SpecWriter` prints) and how it is read. A new key of
// `paginate:` is a case of `Key`, a member of a `Style`, a line of `value(of:)` and its
// reading, all here.
extension Spec {
    /// An endpoint's `paginate:`: how its response says where the next page is (`style`, as the
    /// spec says it), and the facts the generated code takes from it, derived once by the reader.
    package struct Pagination: Sendable, Hashable {
        /// The keys of `paginate:`'s long form.
        package enum Key: String, CaseIterable, Sendable {
            case link, cursor, next, lastItem, hasMore, end, before, previous, firstItem, page, offset, limit, start
            case total, lastPage, hasPrevious, last

            /// The keys that name a style: the long form has exactly one of them.
            package static let styles: [Key] = [.link, .cursor, .page, .offset]

            /// The keys that may go with a style's key, in the order a spec is written in.
            package var companions: [Key] {
                switch self {
                case .cursor:
                    [
                        .next, .lastItem, .hasMore, .end, .before, .previous, .firstItem, .hasPrevious, .limit, .last,
                        .total,
                    ]
                case .page: [.limit, .start, .hasMore, .end, .total, .lastPage]
                case .offset: [.limit, .hasMore, .end, .total]
                case .link: [.total]
                default: []
                }
            }
        }

        /// How the response says where the next page is; names are wire names of the
        /// endpoint's parameters, paths are key paths of the payload.
        package enum Style: Sendable, Hashable {
            /// The `Link` header's `rel="next"` (`paginate: link`).
            case link
            /// The next page's URL at `next` in the payload.
            case bodyLink(next: KeyPath, total: KeyPath? = nil)
            /// A token sent back in `parameter`, read at `next` in the payload or at `lastItem` in
            /// the page's last item; `hasMore` false or `end` true ends the pages; `previous` says
            /// where the page before is; `total` (the number of items) is each page's.
            case cursor(
                parameter: String, next: KeyPath?, lastItem: KeyPath?, hasMore: KeyPath?, end: KeyPath? = nil,
                previous: PreviousPage? = nil, total: KeyPath? = nil)
            /// A page number in `parameter`, from `start`; a page shorter than `limit` ends the
            /// pages, unless `hasMore` (false ends them) or `end` (true ends them) say. `total`
            /// (the number of items) and `lastPage` (the last page's number) describe the whole:
            /// each page carries them, and the pages end where they say.
            case page(
                parameter: String, limit: String?, start: Int, hasMore: KeyPath? = nil, end: KeyPath? = nil,
                total: KeyPath? = nil, lastPage: KeyPath? = nil)
            /// An item offset in `parameter`; a page shorter than `limit` ends the pages, unless
            /// `hasMore` or `end` say; `total` as for page numbers.
            case offset(
                parameter: String, limit: String?, hasMore: KeyPath? = nil, end: KeyPath? = nil, total: KeyPath? = nil)
        }

        /// Where the page before a cursor's page is: a token sent back in `parameter`, read at
        /// `token` in the payload or at `firstItem` in the page's first item; `hasPrevious` false
        /// says there is none. Going back, the call's page size at `limit` goes in `last` instead
        /// (a Relay connection's `first` and `last`).
        package struct PreviousPage: Sendable, Hashable {
            package var parameter: String
            package var token: KeyPath?
            package var firstItem: KeyPath?
            package var hasPrevious: KeyPath?
            package var limit: String?
            package var last: String?

            package init(
                parameter: String, token: KeyPath?, firstItem: KeyPath?, hasPrevious: KeyPath? = nil,
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

        package var style: Style
        /// The Swift type of one item: the element of the response's array.
        package var element: TypeRef
        /// The companion method that lists every item (`newStatusesItems`).
        package var itemsName: String

        /// The companion of the endpoint whose method is `method` (without back-quotes), and the
        /// endpoint among `methods` (each method name a tool's endpoints declare,
        /// `EndpointNames.methods`, with what names the endpoint) whose method already has that
        /// name, if one does: the reader reports it, the importer writes no `paginate:`.
        package static func companionClash<Owner>(
            method: String, among methods: [String: Owner]
        ) -> (name: String, owner: Owner)? {
            let name = GeneratedNames.itemsMethod(method)
            return methods[name].map { (name, $0) }
        }
    }
}

extension Spec.Pagination.Style {
    /// The key of the long form that names the style (`link` for both kinds of links).
    package var key: Spec.Pagination.Key {
        switch self {
        case .link, .bodyLink: .link
        case .cursor: .cursor
        case .page: .page
        case .offset: .offset
        }
    }

    /// `paginate: link`'s short form, for the style that has one.
    package var shortForm: String? {
        if case .link = self { Spec.Pagination.Key.link.rawValue } else { nil }
    }

    /// The long form's keys and values, the style's key first, then its companions in their
    /// order: what a spec says, key by key (empty for the short form).
    package var entries: [(key: Spec.Pagination.Key, value: Spec.Literal)] {
        guard shortForm == nil else { return [] }
        return ([key] + key.companions).compactMap { key in value(of: key).map { (key, $0) } }
    }

    /// The value of one key of the long form; nil where the style has none.
    private func value(of key: Spec.Pagination.Key) -> Spec.Literal? {
        let path = { (path: Spec.KeyPath?) in path.map { Spec.Literal.string($0.description) } }
        switch (self, key) {
        case (.bodyLink(let next, _), .link): return path(next)
        case (.cursor(let parameter, _, _, _, _, _, _), .cursor), (.page(let parameter, _, _, _, _, _, _), .page),
            (.offset(let parameter, _, _, _, _), .offset):
            return .string(parameter)
        case (.cursor(_, let next, _, _, _, _, _), .next): return path(next)
        case (.cursor(_, _, let lastItem, _, _, _, _), .lastItem): return path(lastItem)
        case (.cursor(_, _, _, let hasMore, _, _, _), .hasMore), (.page(_, _, _, let hasMore, _, _, _), .hasMore),
            (.offset(_, _, let hasMore, _, _), .hasMore):
            return path(hasMore)
        case (.cursor(_, _, _, _, let end, _, _), .end), (.page(_, _, _, _, let end, _, _), .end),
            (.offset(_, _, _, let end, _), .end):
            return path(end)
        case (.cursor(_, _, _, _, _, let previous?, _), .before): return .string(previous.parameter)
        case (.cursor(_, _, _, _, _, let previous?, _), .previous): return path(previous.token)
        case (.cursor(_, _, _, _, _, let previous?, _), .firstItem): return path(previous.firstItem)
        case (.cursor(_, _, _, _, _, let previous?, _), .hasPrevious): return path(previous.hasPrevious)
        case (.cursor(_, _, _, _, _, let previous?, _), .limit): return previous.limit.map { .string($0) }
        case (.cursor(_, _, _, _, _, let previous?, _), .last): return previous.last.map { .string($0) }
        case (.page(_, let limit, _, _, _, _, _), .limit), (.offset(_, let limit, _, _, _), .limit):
            return limit.map { .string($0) }
        case (.page(_, _, let start, _, _, _, _), .start): return start == 1 ? nil : .int(Int64(start))
        case (.page(_, _, _, _, _, let total, _), .total), (.offset(_, _, _, _, let total), .total),
            (.cursor(_, _, _, _, _, _, let total), .total), (.bodyLink(_, let total), .total):
            return path(total)
        case (.page(_, _, _, _, _, _, let lastPage), .lastPage): return path(lastPage)
        default: return nil
        }
    }
}

/// An endpoint's `paginate:`: a Link header, a cursor, page numbers or offsets, and the
/// parameters they set.
extension SpecReader {
    /// `paginate: link`, or a mapping with `link:` (the next page's URL in the payload),
    /// `cursor:` (and `next:` or `lastItem:`, `hasMore:`, `end:`, `before:` with `previous:` or
    /// `firstItem:`, `hasPrevious:`, `limit:` with `last:`, `total:`), `page:` (`limit:`,
    /// `start:`, `hasMore:`, `end:`, `total:`, `lastPage:`) or `offset:` (`limit:`, `hasMore:`,
    /// `end:`, `total:`).
    mutating func readPagination(
        _ entry: MappingNode.Entry, response: Spec.Response?, parameters: [Spec.Parameter], cache: Spec.CachePolicy,
        names: EndpointNames, endpoint: String
    ) -> Spec.Pagination? {
        guard let response, case .array(let element) = response.type else {
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
        let labels = parameters.map(\.swiftName) + parameters.flatMap(spreadLabels)
        if let clash = labels.first(where: ReservedNames.pageLabels.contains) {
            error(
                "a paginated endpoint's method takes 'from pageCursor:' for the next page; rename the argument "
                    + "'\(clash)' with name:", at: entry.keyNode)
            return nil
        }
        return readStyle(entry, parameters: parameters, endpoint: endpoint).map {
            Spec.Pagination(style: $0, element: element, itemsName: GeneratedNames.itemsMethod(names.method))
        }
    }

    /// What `paginate:` says: its short form, or the one style its long form names and the
    /// keys that go with it.
    private mutating func readStyle(
        _ entry: MappingNode.Entry, parameters: [Spec.Parameter], endpoint: String
    ) -> Spec.Pagination.Style? {
        typealias Key = Spec.Pagination.Key
        if entry.value.scalarText != nil {
            return choice(entry.value, what: "pagination", [(Key.link.rawValue, Spec.Pagination.Style.link)])
        }
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the pagination of \(endpoint)",
                allowedKeys: SpecKeys.pagination)
        else { return nil }
        let styles = map.entries.filter { Key(rawValue: $0.key).map(Key.styles.contains) ?? false }
        guard let style = styles.first, styles.count == 1 else {
            error(
                "the pagination of \(endpoint) names one of link, cursor, page or offset (or is 'paginate: link')",
                at: styles.dropFirst().first?.keyNode ?? entry.keyNode)
            return nil
        }
        let styleKey = Key(rawValue: style.key) ?? .link
        let companions = styleKey.companions.map(\.rawValue)
        for other in map.entries where other.key != style.key && !companions.contains(other.key) {
            error("'\(other.key)' doesn't apply to '\(style.key)' pagination", at: other.keyNode)
            return nil
        }
        let total = map.value(.total).flatMap { keyPath($0, what: "the total's key path") }
        if styleKey == .link {
            return keyPath(style.value, what: "the next page's link's key path").map {
                .bodyLink(next: $0, total: total)
            }
        }
        guard let parameter = pagedParameter(style.value, in: parameters, integer: styleKey != .cursor) else {
            return nil
        }
        let limit = map.value(.limit).flatMap { pagedParameter($0, in: parameters, integer: true) }
        let hasMore = map.value(.hasMore).flatMap { keyPath($0, what: "the has-more key path") }
        let end = map.value(.end).flatMap { keyPath($0, what: "the end flag's key path") }
        let lastPage = map.value(.lastPage).flatMap { keyPath($0, what: "the last page's key path") }
        switch styleKey {
        case .cursor:
            let next = map.value(.next).flatMap { keyPath($0, what: "the next cursor's key path") }
            let lastItem = map.value(.lastItem).flatMap { keyPath($0, what: "the last item's key path") }
            guard (next == nil) != (lastItem == nil) else {
                error(
                    "cursor pagination reads its token from 'next' (a key path of the payload) or 'lastItem' (one of the last item); give one",
                    at: style.keyNode)
                return nil
            }
            var previous: Spec.Pagination.PreviousPage?
            let backward: [Key] = [.before, .previous, .firstItem, .hasPrevious, .limit, .last]
            if backward.contains(where: { map.value($0) != nil }) {
                guard var page = readPreviousPage(map, style: style, parameters: parameters) else { return nil }
                page.hasPrevious = map.value(.hasPrevious).flatMap {
                    keyPath($0, what: "the has-previous key path")
                }
                guard let sizes = readBackwardLimit(map, limit: limit, parameters: parameters) else { return nil }
                (page.limit, page.last) = sizes
                previous = page
            }
            return .cursor(
                parameter: parameter, next: next, lastItem: lastItem, hasMore: hasMore, end: end, previous: previous,
                total: total)
        case .page:
            var start = 1
            if let node = map.value(.start) {
                guard case .int(let value) = node.coreScalar else {
                    error("'start' is the first page's number, found \(Self.kind(of: node))", at: node)
                    return nil
                }
                start = Int(value)
            }
            return .page(
                parameter: parameter, limit: limit, start: start, hasMore: hasMore, end: end, total: total,
                lastPage: lastPage)
        default:
            return .offset(parameter: parameter, limit: limit, hasMore: hasMore, end: end, total: total)
        }
    }

    /// `before:` (the parameter of the backward cursor) with `previous:` (the key path of its
    /// token in the payload) or `firstItem:` (in the first item).
    private mutating func readPreviousPage(
        _ map: MappingNode, style: MappingNode.Entry, parameters: [Spec.Parameter]
    ) -> Spec.Pagination.PreviousPage? {
        guard let beforeNode = map.value(.before) else {
            let key = [Spec.Pagination.Key.previous, .firstItem, .hasPrevious, .last, .limit].lazy.compactMap {
                map.entry($0)
            }.first
            error(
                key.map { "'\($0.key)' says how the page before is asked for; name its parameter with 'before'" }
                    ?? "name the backward cursor's parameter with 'before'",
                at: key?.keyNode ?? style.keyNode)
            return nil
        }
        guard let parameter = pagedParameter(beforeNode, in: parameters, integer: false) else { return nil }
        if parameter == style.value.scalarText {
            error("'before' names the backward cursor's parameter, another than the forward cursor's", at: beforeNode)
            return nil
        }
        let token = map.value(.previous).flatMap { keyPath($0, what: "the previous cursor's key path") }
        let firstItem = map.value(.firstItem).flatMap { keyPath($0, what: "the first item's key path") }
        guard (token == nil) != (firstItem == nil) else {
            error(
                "the backward cursor reads its token from 'previous' (a key path of the payload) or 'firstItem' (one "
                    + "of the first item); give one", at: beforeNode)
            return nil
        }
        return Spec.Pagination.PreviousPage(parameter: parameter, token: token, firstItem: firstItem)
    }

    /// `limit:` and `last:` of a cursor that goes both ways: the call's page size, and where it
    /// goes instead going back (Relay's `first` and `last`); both or neither. Nil after an error.
    private mutating func readBackwardLimit(
        _ map: MappingNode, limit: String?, parameters: [Spec.Parameter]
    ) -> (limit: String?, last: String?)? {
        let lastNode = map.value(.last)
        switch (map.entry(.limit), lastNode) {
        case (nil, nil): return (nil, nil)
        case (let limitEntry?, nil):
            error(
                "'limit' on cursor pagination names the page size that 'last' takes going back; give 'last' "
                    + "(a Relay connection's `last`)", at: limitEntry.keyNode)
            return nil
        case (nil, let lastNode?):
            error(
                "'last' takes the call's page size going back; name the page size with 'limit' (a Relay "
                    + "connection's `first`)", at: lastNode)
            return nil
        case (_?, let lastNode?):
            guard let limit, let last = pagedParameter(lastNode, in: parameters, integer: true) else { return nil }
            if last == limit {
                error("'last' names another member than 'limit'", at: lastNode)
                return nil
            }
            return (limit, last)
        }
    }

    /// The wire name of a parameter that pagination sets, which must be one of the endpoint's
    /// query or body parameters, or the key path of a member of a JSON body parameter's model
    /// (`variables.page`, or `variables.after` in the whole body's model): an integer one for page
    /// numbers, offsets and limits.
    private mutating func pagedParameter(_ node: YAMLNode, in parameters: [Spec.Parameter], integer: Bool) -> String? {
        guard let name = nonEmptyText(node, what: "a parameter's name") else { return nil }
        let type: Spec.TypeRef
        if let parameter = parameters.first(where: { $0.name == name }) {
            guard parameter.location == .query || parameter.location == .body else {
                error(
                    "pagination sets '\(name)', so it goes in the query or the body, not the "
                        + parameter.location.rawValue, at: node)
                return nil
            }
            if let nested = parameters.compactMap({ member(named: name, in: $0) }).first {
                warning(
                    "pagination sets '\(name)' at the top of the \(parameter.location == .query ? "query" : "body"), "
                        + "but the body has '\(nested)' too: a server that reads that one answers every page alike, "
                        + "and the pages stop with an error at the second; say 'paginate: { …: \(nested) }'", at: node)
            }
            type = parameter.type
        } else if name.contains("."), let member = bodyMember(at: name, in: parameters) {
            type = member
        } else {
            error(
                name.contains(".")
                    ? "'\(name)' is no member of the endpoint's JSON body: its first key names a body parameter "
                        + "(or a member of the whole body) whose model has the rest"
                    : "'\(name)' is not a parameter of this endpoint; declare it under params:"
                        + Suggestions.didYouMean(name, in: parameters.map(\.name)), at: node)
            return nil
        }
        if integer, ![Spec.TypeRef.int, .int64, .json].contains(type.unwrapped) {
            error("'\(name)' counts pages or items, so it is an Int, not \(type.swiftSpelling)", at: node)
            return nil
        }
        return name
    }

    /// The type of the member at the key path `path` of a JSON body parameter: the body
    /// parameter its first key names, else the whole body (`JSON` wherever a `JSON` value holds it).
    private func bodyMember(at path: String, in parameters: [Spec.Parameter]) -> Spec.TypeRef? {
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let start: (type: Spec.TypeRef, keys: ArraySlice<String>)? =
            if let parameter = parameters.first(where: { $0.location == .body && $0.name == keys[0] }) {
                (parameter.type, keys.dropFirst())
            } else if let body = parameters.first(where: { $0.location == .wholeBody }) {
                (body.type, keys[...])
            } else {
                nil
            }
        guard var (type, rest) = start else { return nil }
        while let key = rest.popFirst() {
            if type.unwrapped == .json { return .json }
            guard case .model(let name) = type.unwrapped,
                let field = models[name]?.fields.first(where: { $0.keyPath.description == key })
            else { return nil }
            type = field.type
        }
        return type
    }

    /// The key path, from the body's root, of a member called `name` inside a body parameter's
    /// model (`variables.page` for a parameter `variables` whose model has `page`), if there is one.
    private func member(named name: String, in parameter: Spec.Parameter) -> String? {
        guard parameter.location == .body || parameter.location == .wholeBody else { return nil }
        var visited: Set<String> = []
        func search(_ type: Spec.TypeRef, under prefix: String) -> String? {
            guard case .model(let modelName) = type.unwrapped, visited.insert(modelName).inserted,
                let model = models[modelName]
            else { return nil }
            for field in model.fields {
                let path = prefix.isEmpty ? field.keyPath.description : "\(prefix).\(field.keyPath)"
                if field.keyPath.description == name { return path }
                if let found = search(field.type, under: path) { return found }
            }
            return nil
        }
        return search(parameter.type, under: parameter.location == .body ? parameter.name : "")
    }
}

extension MappingNode {
    /// The value of a key of `paginate:`'s long form.
    fileprivate func value(_ key: Spec.Pagination.Key) -> YAMLNode? { value(key.rawValue) }
    fileprivate func entry(_ key: Spec.Pagination.Key) -> Entry? { entry(key.rawValue) }
}
