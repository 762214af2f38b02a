import XToolSpec
import XToolYAML

/// Pages, from what consecutive calls of an endpoint sent: a parameter whose value the response
/// before gave (a cursor, or a member of its last item), or a page number or an offset seen
/// moving; else the response's `Link` header, or a parameter named as a page or an offset. The
/// response becomes the page's items, at the one key of the payload that holds an array of
/// objects (or of the one object it holds, where it holds none), and
/// the payload's total, has-more flag and last page, at any depth to three, go with it.
extension CaptureDrafting {
    mutating func paginate(_ group: PathTemplates.Group, into endpoint: inout EndpointDraft) {
        let calls = group.exchanges.compactMap { exchange -> CapturedPage? in
            guard (200...299).contains(exchange.status), let body = exchange.responseJSON,
                envelope?.succeeds(body) ?? true,
                let payload = envelope.map({ $0.payload(of: body) }) ?? body, payload.scalarText == nil
            else { return nil }
            return CapturedPage(exchange: exchange, payload: payload)
        }
        guard !calls.isEmpty, let (items, element) = itemsPath(of: endpoint) else { return }
        var pages = calls
        for index in pages.indices {
            pages[index].items = items.reduce(Optional(pages[index].payload)) { $0?[$1] }?.items.count
        }
        let parameters = Set(endpoint.params.map(\.key))
        let path = { (components: [String]) in Spec.KeyPath(components: components) }
        let total = Self.total(in: pages).map(path)
        let hasMore = Self.flag(WireVocabulary.hasMore, in: pages).map(path)
        let style: Spec.Pagination.Style
        if let (next, previous) = Self.cursor(in: pages, among: parameters) {
            style = .cursor(
                parameter: next.0, next: path(next.1), lastItem: nil, hasMore: hasMore,
                previous: previous.map { .init(parameter: $0.0, token: path($0.1), firstItem: nil) }, total: total)
        } else if let (cursor, key, lessOne) = Self.itemCursor(in: pages, items: items, among: parameters) {
            if lessOne {
                endpoint.comments.append(
                    "the calls sent the last item's `\(key)` less one as `\(cursor)`; `lastItem:` sends it as it is, "
                        + "so a page may start with the item the page before ended with")
            }
            // Newer items than a page's first, asked for by its identifier (`since_id`), are the
            // page before.
            let newer = Self.firstItemCursor(in: pages, items: items, among: parameters, besides: cursor).map {
                Spec.Pagination.PreviousPage(parameter: $0.0, token: nil, firstItem: path([$0.1]))
            }
            style = .cursor(
                parameter: cursor, next: nil, lastItem: path([key]), hasMore: hasMore, previous: newer, total: total)
        } else if let moving = Self.moving(in: pages, among: parameters) {
            switch moving.kind {
            case .page(let start):
                style = .page(
                    parameter: moving.parameter, limit: moving.limit, start: start, hasMore: hasMore, total: total,
                    lastPage: Self.lastPage(in: pages, total: total).map(path))
            case .offset:
                style = .offset(parameter: moving.parameter, limit: moving.limit, hasMore: hasMore, total: total)
            }
        } else if pages.contains(where: { $0.exchange.nextPageLink != nil }) {
            style = .link
        } else if let page = WireVocabulary.page.first(where: { Self.counts($0, in: pages, among: parameters) }) {
            style = .page(
                parameter: page, limit: Self.limit(in: pages, among: parameters, besides: page), start: 1,
                hasMore: hasMore, total: total, lastPage: Self.lastPage(in: pages, total: total).map(path))
        } else if let offset = WireVocabulary.offset.first(where: { Self.counts($0, in: pages, among: parameters) }) {
            style = .offset(
                parameter: offset, limit: Self.limit(in: pages, among: parameters, besides: offset), hasMore: hasMore,
                total: total)
        } else if let next = Self.nextLink(in: pages) {
            style = .bodyLink(next: path(next), total: total)
        } else {
            return
        }
        endpoint.paginate = style
        if let element { endpoint.response = CapturedModels.type(of: .array(element)) }
        if !items.isEmpty { endpoint.responsePath = Spec.KeyPath(components: items) }
    }

    /// Whether `name` is one of the endpoint's parameters and every value a page's call sent it
    /// with is an integer (a `start` that is a day counts nothing).
    private static func counts(_ name: String, in pages: [CapturedPage], among parameters: Set<String>) -> Bool {
        parameters.contains(name) && pages.allSatisfy { page in page.sent(name).map { Int($0) != nil } ?? true }
    }

    /// The key path of a page's items (none: the payload is the list), and their shape where the
    /// response is a model (nil where `PayloadKey` already made the response the list at its
    /// path); a model read at a path (`tracks`) has its items under it (`tracks.items`).
    private func itemsPath(of endpoint: EndpointDraft) -> ([String], CapturedShape?)? {
        guard let response = endpoint.response else { return nil }
        let path = endpoint.responsePath?.components ?? []
        if response.spelling.hasPrefix("[") { return (path, nil) }
        guard let model = models.models.first(where: { $0.name == response.spelling }) else { return nil }
        return itemsPath(in: model).map { (path + $0.0, $0.1) }
    }

    /// The key path of a page's items in the payload's `model`, and their shape: its one key
    /// that holds an array of objects (`data`), or where it has none, the one of the one object
    /// it holds (`tracks.items`).
    private func itemsPath(in model: CapturedModels.Model) -> ([String], CapturedShape)? {
        let arrays = { (model: CapturedModels.Model) in
            model.keys.compactMap { key -> (String, CapturedShape)? in
                guard case .array(let element) = model.fields[key]?.shape, case .model = element else { return nil }
                return (key, element)
            }
        }
        let top = arrays(model)
        if top.count == 1 { return ([top[0].0], top[0].1) }
        let objects = model.keys.filter { key in
            if case .model = model.fields[key]?.shape { return true }
            return false
        }
        guard top.isEmpty, objects.count == 1, case .model(let name)? = model.fields[objects[0]]?.shape,
            let inner = models.models.first(where: { $0.name == name })
        else { return nil }
        let nested = arrays(inner)
        guard nested.count == 1 else { return nil }
        return ([objects[0], nested[0].0], nested[0].1)
    }

    /// The parameters of the capture's endpoints that page, seen moving (`moving`) before
    /// the models are drafted: the page number or offset and the page size beside it, of the
    /// calls whose payload (in the envelope the bodies share) holds one array of objects. The
    /// parameters the API sends by itself but its constants don't count.
    static func pagingParameters(
        in groups: [PathTemplates.Group], envelope: EnvelopeDraft?, besides sent: SentByTheAPI
    ) -> Set<String> {
        let own = sent.names.subtracting(sent.constants.keys)
        var names: Set<String> = []
        for group in groups {
            let pages = group.exchanges.compactMap { exchange -> CapturedPage? in
                guard (200...299).contains(exchange.status), let body = exchange.responseJSON,
                    envelope?.succeeds(body) ?? true,
                    let payload = envelope.map({ $0.payload(of: body) }) ?? body
                else { return nil }
                let arrays = { (node: YAMLNode) in
                    node.entries.filter { entry in
                        !entry.value.items.isEmpty && entry.value.items.allSatisfy(\.isMapping)
                    }
                }
                let lists = arrays(payload)
                let objects = lists.isEmpty ? payload.entries.filter { $0.value.isMapping } : []
                let items = lists.count == 1 ? lists : objects.count == 1 ? arrays(objects[0].value) : []
                guard items.count == 1 else { return nil }
                return CapturedPage(exchange: exchange, payload: payload, items: items[0].value.items.count)
            }
            let parameters = Set(group.exchanges.flatMap { $0.parameters.map(\.name) }).subtracting(own)
                .subtracting(CapturedExchange.arrayNames(in: group.exchanges))
            guard let moving = moving(in: pages, among: parameters) else { continue }
            names.insert(moving.parameter)
            if let limit = moving.limit { names.insert(limit) }
        }
        return names
    }

    /// A call that answered a page: what it sent, its payload, and how many items the page held.
    struct CapturedPage {
        var exchange: CapturedExchange
        var payload: YAMLNode
        var items: Int?

        /// The value the call sent for `name`.
        func sent(_ name: String) -> String? { exchange.parameters.first { $0.name == name }?.value }
    }

    /// A page number or an offset seen moving, with the page size beside it.
    struct MovingPage: Equatable {
        enum Kind: Equatable {
            /// A page number, counting from `start` (0 or 1, as the calls show).
            case page(start: Int)
            case offset
        }

        var parameter: String
        var kind: Kind
        var limit: String?
    }

    /// The parameter whose value moves between consecutive calls that otherwise send the same:
    /// by one (a page number; a first call that leaves it out sent the first page), or by the
    /// page size (an offset: the value of a parameter that stays, or the items the page before
    /// held). The page size is the parameter that stays whose value is the items of a full page
    /// (else one named so, `WireVocabulary.limit`); an offset's, the one its moves are.
    static func moving(in pages: [CapturedPage], among parameters: Set<String>) -> MovingPage? {
        var found: [MovingPage] = []
        for (before, after) in zip(pages, pages.dropFirst()) {
            let names = parameters.filter { before.sent($0) != nil || after.sent($0) != nil }
            let moved = names.filter { before.sent($0) != after.sent($0) }
            guard moved.count == 1, let name = moved.first, let to = after.sent(name).flatMap({ Int($0) }) else {
                continue
            }
            let from = before.sent(name).map { Int($0) }
            guard from != .some(nil) else { continue }
            let staying = names.filter { $0 != name }.compactMap { other in
                after.sent(other).flatMap { Int($0) }.map { (other, $0) }
            }
            let step = to - (from.flatMap { $0 } ?? 0)
            if let from = from.flatMap({ $0 }), step == 1 {
                let start = pages.compactMap { $0.sent(name).flatMap { Int($0) } }.min() ?? from
                found.append(
                    MovingPage(
                        parameter: name, kind: .page(start: start == 0 ? 0 : 1),
                        limit: limit(staying, items: before.items)))
            } else if from == nil, to == 1 || to == 2,
                !WireVocabulary.offset.contains(name) || !staying.contains(where: { $0.1 == to })
            {
                // A first page left out, then 2: the second page, unless an offset's name says
                // it went on by a page of 2.
                found.append(
                    MovingPage(parameter: name, kind: .page(start: to - 1), limit: limit(staying, items: before.items)))
            } else if step > 1, let size = staying.first(where: { $0.1 == step })?.0 {
                found.append(MovingPage(parameter: name, kind: .offset, limit: size))
            } else if step > 1, step == before.items {
                found.append(MovingPage(parameter: name, kind: .offset, limit: nil))
            }
        }
        // The most seen, the first seen of those.
        return found.max { a, b in
            (found.filter { $0 == a }.count, found.firstIndex(of: b)!) < (
                found.filter { $0 == b }.count, found.firstIndex(of: a)!
            )
        }
    }

    /// Of the integer parameters a page's call sent beside its page number, the one whose value is
    /// the page's items (a full page), else one named as a page size.
    private static func limit(_ staying: [(String, Int)], items: Int?) -> String? {
        staying.first { $0.1 == items && items != 0 }?.0
            ?? WireVocabulary.limit.first { name in staying.contains { $0.0 == name } }
    }

    /// The page size of pages whose page number or offset is `parameter`, found by name: the
    /// integer parameter whose value is a page's items, else one named as a page size.
    private static func limit(in pages: [CapturedPage], among parameters: Set<String>, besides parameter: String)
        -> String?
    {
        for page in pages {
            let staying = parameters.filter { $0 != parameter }.sorted().compactMap { name in
                page.sent(name).flatMap { Int($0) }.map { (name, $0) }
            }
            if let full = staying.first(where: { $0.1 == page.items && page.items != 0 }) { return full.0 }
        }
        return WireVocabulary.limit.first { parameters.contains($0) }
    }

    /// The key path (outside arrays, to depth 3) of the number of items of all pages: a key named
    /// as a total (`WireVocabulary.total`) whose value, a number or digits as text, is in every
    /// page at least the page's items; one named as a page size too (`count`) must be more than
    /// some page's. The first named, the shallowest of those.
    static func total(in pages: [CapturedPage]) -> [String]? {
        let paths = keyPaths(in: pages[0].payload, depth: 3) { name, value in
            WireVocabulary.total.contains(name) && value.scalarText.flatMap { Int($0) } != nil
        }
        let ranked = paths.sorted {
            (WireVocabulary.total.firstIndex(of: $0.last!)!, $0.count) < (
                WireVocabulary.total.firstIndex(of: $1.last!)!, $1.count
            )
        }
        return ranked.first { path in
            let counts = pages.map { page in (value(at: path, in: page.payload).flatMap { Int($0) }, page.items ?? 0) }
            let everyPage = counts.allSatisfy { total, items in total.map { $0 >= items } ?? true }
            let ambiguous = WireVocabulary.limit.contains(path.last!)
            return everyPage && (!ambiguous || counts.contains { total, items in total.map { $0 > items } ?? false })
        }
    }

    /// The key path (outside arrays, to depth 3) of a flag named one of `names` that is `true` or
    /// `false` in every page that holds it.
    static func flag(_ names: [String], in pages: [CapturedPage]) -> [String]? {
        let paths = pages.flatMap { page in
            keyPaths(in: page.payload, depth: 3) { name, value in
                names.contains(name) && (value.scalarText == "true" || value.scalarText == "false")
            }
        }
        return paths.min { (names.firstIndex(of: $0.last!)!, $0.count) < (names.firstIndex(of: $1.last!)!, $1.count) }
    }

    /// The key path of the last page's number, beside the total where there is one
    /// (`meta.pagination.total_pages`): a key named so (`WireVocabulary.lastPage`) holding an
    /// integer in every page that holds it.
    static func lastPage(in pages: [CapturedPage], total: Spec.KeyPath?) -> [String]? {
        let paths = pages.flatMap { page in
            keyPaths(in: page.payload, depth: 3) { name, value in
                WireVocabulary.lastPage.contains(name) && value.scalarText.flatMap { Int($0) } != nil
            }
        }
        let near = { (path: [String]) in total.map { Array($0.components.dropLast()) == path.dropLast() } ?? false }
        return paths.min { a, b in
            (near(a) ? 0 : 1, WireVocabulary.lastPage.firstIndex(of: a.last!)!, a.count)
                < (near(b) ? 0 : 1, WireVocabulary.lastPage.firstIndex(of: b.last!)!, b.count)
        }
    }

    /// The key path of the next page's URL: a key named so (`WireVocabulary.nextLink`) that holds
    /// an `http(s)://` URL or a path in some page, and is missing, null or empty in no page but
    /// the last.
    static func nextLink(in pages: [CapturedPage]) -> [String]? {
        let paths = pages.flatMap { page in
            keyPaths(in: page.payload, depth: 3) { name, value in
                guard WireVocabulary.nextLink.contains(name), let text = value.string else { return false }
                return text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("/")
            }
        }
        return paths.min {
            (WireVocabulary.nextLink.firstIndex(of: $0.last!)!, $0.count) < (
                WireVocabulary.nextLink.firstIndex(of: $1.last!)!, $1.count
            )
        }
    }

    /// The key paths (outside arrays, to `depth` keys) of the scalars that `matches` takes, by
    /// their last key and value.
    static func keyPaths(in node: YAMLNode, depth: Int, _ matches: (String, YAMLNode) -> Bool) -> [[String]] {
        guard depth > 0 else { return [] }
        var paths: [[String]] = []
        for entry in node.entries {
            if entry.value.scalarText != nil, matches(entry.key, entry.value) { paths.append([entry.key]) }
            if entry.value.isMapping {
                paths += keyPaths(in: entry.value, depth: depth - 1, matches).map { [entry.key] + $0 }
            }
        }
        return paths
    }

    /// The scalar's text at `path`.
    private static func value(at path: [String], in node: YAMLNode) -> String? {
        path.reduce(Optional(node)) { node, key in node?[key] }?.scalarText
    }

    /// The parameter each call sent with a value that the payload before it held at one key
    /// path, and that key path: a cursor; with a second one named as a way back
    /// (`WireVocabulary.previousCursor`: `before` from `data.before` beside `after` from
    /// `data.after`), the page before's. A page size, page number or offset is none, nor is a
    /// value of under three characters (a count that happens to match), nor one the call before
    /// sent too.
    private static func cursor(
        in calls: [CapturedPage], among parameters: Set<String>
    ) -> (next: (String, [String]), previous: (String, [String])?)? {
        var found: [(name: String, path: [String])] = []
        for (before, after) in zip(calls, calls.dropFirst()) {
            for (name, value) in after.exchange.parameters
            where parameters.contains(name) && value.count >= 3
                && !WireVocabulary.paging.contains(name)
                && !before.exchange.parameters.contains(where: { $0.name == name && $0.value == value })
            {
                guard let path = keyPath(of: value, in: before.payload, depth: 3),
                    !found.contains(where: { $0.name == name && $0.path == path })
                else { continue }
                found.append((name, path))
            }
        }
        guard found.count <= 2, Set(found.map(\.name)).count == found.count, let first = found.first else { return nil }
        guard found.count == 2 else { return ((first.name, first.path), nil) }
        let backward = found.filter {
            WireVocabulary.previousCursor.contains($0.name) || WireVocabulary.previousCursor.contains($0.path.last!)
        }
        guard backward.count == 1, let next = found.first(where: { $0.name != backward[0].name }) else { return nil }
        return ((next.name, next.path), (backward[0].name, backward[0].path))
    }

    /// The parameter whose value in a call is the identifier of the last item the call before
    /// got (`starting_after=ch_2` after a page ending with `{"id": "ch_2"}`; or one less, as
    /// Twitter's `max_id` is sent), the two calls sending the same but for it and the page size,
    /// and that identifier's key: the same for every pair of calls that shows one; and whether it
    /// was sent less one.
    private static func itemCursor(
        in calls: [CapturedPage], items: [String], among parameters: Set<String>
    ) -> (name: String, key: String, lessOne: Bool)? {
        var found: (String, String)?
        var lessOne = false
        for (before, after) in zip(calls, calls.dropFirst()) {
            guard let last = items.reduce(Optional(before.payload), { $0?[$1] })?.items.last else { continue }
            for (name, value) in after.exchange.parameters
            where parameters.contains(name) && value.count >= 3 && !WireVocabulary.paging.contains(name)
                && !before.exchange.parameters.contains(where: { $0.name == name && $0.value == value })
            {
                guard sendTheSame(before, after, besides: [name]),
                    let key = identifierKey(in: last, holding: value, orOneMore: true)
                else { continue }
                if let found, found != (name, key) { return nil }
                found = (name, key)
                lessOne = lessOne || last[key]?.scalarText != value
            }
        }
        return found.map { ($0.0, $0.1, lessOne) }
    }

    /// The parameter whose value in a call is the identifier of the first item an earlier call
    /// got (`since_id=105` after a page starting with `{"id": 105}`: the items newer than those
    /// seen), the two calls sending the same but for it, `cursor` and the page size; and that
    /// identifier's key: the page before a cursor's page (`before:` with `firstItem:`).
    static func firstItemCursor(
        in calls: [CapturedPage], items: [String], among parameters: Set<String>, besides cursor: String
    ) -> (String, String)? {
        var found: (String, String)?
        for (index, after) in calls.enumerated() {
            for (name, value) in after.exchange.parameters
            where name != cursor && parameters.contains(name) && value.count >= 3
                && !WireVocabulary.paging.contains(name)
            {
                for before in calls[..<index] {
                    guard !before.exchange.parameters.contains(where: { $0.name == name && $0.value == value }),
                        sendTheSame(before, after, besides: [name, cursor]),
                        let first = items.reduce(Optional(before.payload), { $0?[$1] })?.items.first,
                        let key = identifierKey(in: first, holding: value, orOneMore: false)
                    else { continue }
                    if let found, found != (name, key) { return nil }
                    found = (name, key)
                }
            }
        }
        return found
    }

    /// Whether two calls send the same but for `names` and their page sizes.
    private static func sendTheSame(_ a: CapturedPage, _ b: CapturedPage, besides names: Set<String>) -> Bool {
        let rest = { (page: CapturedPage) in
            Set(
                page.exchange.parameters.filter { !names.contains($0.name) && !WireVocabulary.paging.contains($0.name) }
                    .map { $0.name + "=" + $0.value })
        }
        return rest(a) == rest(b)
    }

    /// The identifier key (`id`, `…_id`) of `item` that holds `value` (or, with `orOneMore`, an
    /// integer one more than it).
    private static func identifierKey(in item: YAMLNode, holding value: String, orOneMore: Bool) -> String? {
        let oneMore = orOneMore ? Int64(value).flatMap { $0 < Int64.max ? String($0 + 1) : nil } : nil
        return item.entries.first { entry in
            WireVocabulary.isIdentifier(entry.key)
                && (entry.value.scalarText == value || (oneMore != nil && entry.value.scalarText == oneMore))
        }?.key
    }

    /// The key path of the first scalar (outside arrays) whose text is `value`.
    private static func keyPath(of value: String, in node: YAMLNode, depth: Int) -> [String]? {
        guard depth > 0 else { return nil }
        for entry in node.entries {
            if entry.value.scalarText == value { return [entry.key] }
            if entry.value.isMapping, let rest = keyPath(of: value, in: entry.value, depth: depth - 1) {
                return [entry.key] + rest
            }
        }
        return nil
    }
}
