import XToolSpec
import XToolYAML

/// GraphQL over HTTP, from what the calls show: every call to one path is a POST of `{query,
/// variables}`, told apart by the operation its query runs. Each operation is an endpoint of its
/// own (named by `operationName`, else the document's name for it, else its first field), its
/// query text a fixed value, its variables a model the endpoint spreads, its answer read under
/// `data` at the one field it asks for (and into the list that field wraps), pages where a
/// variable counts up between calls or takes a cursor the answer before gave.
extension CaptureDrafting {
    /// The calls of one GraphQL operation, with their requests.
    struct GraphQLCalls {
        /// `operationName` or the name in the document; nil for an anonymous operation.
        var key: String?
        var name: String
        var exchanges: [CapturedExchange] = []
        var requests: [GraphQLRequest] = []
    }

    /// The operations of a group whose every call is a GraphQL request, in the order first seen;
    /// nil for a group of other calls. A named operation is one whatever its text; anonymous
    /// ones are one operation per text.
    static func graphQLOperations(_ group: PathTemplates.Group) -> [GraphQLCalls]? {
        guard !group.exchanges.isEmpty, group.exchanges.allSatisfy({ $0.graphQL != nil }) else { return nil }
        var operations: [GraphQLCalls] = []
        for exchange in group.exchanges {
            let request = exchange.graphQL!
            let key = request.operationName ?? request.operation.name
            var index = operations.firstIndex { calls in
                key != nil ? calls.key == key : calls.key == nil && calls.requests[0].query == request.query
            }
            if index == nil {
                index = operations.count
                operations.append(GraphQLCalls(key: key, name: request.name ?? "operation"))
            }
            operations[index!].exchanges.append(exchange)
            operations[index!].requests.append(request)
        }
        return operations
    }

    /// The endpoints of a group of GraphQL calls, one per operation; nil for a group of other calls.
    mutating func graphQLEndpoints(_ group: PathTemplates.Group, path: [PathTemplates.PathPart]) -> [EndpointDraft]? {
        guard let operations = Self.graphQLOperations(group) else { return nil }
        let pathText = PathTemplates.template(of: path).text
        return operations.map { graphQLEndpoint($0, group: group, path: pathText) }
    }

    private mutating func graphQLEndpoint(_ calls: GraphQLCalls, group: PathTemplates.Group, path: String)
        -> EndpointDraft
    {
        let request = calls.requests[0]
        var endpoint = EndpointDraft(
            name: SwiftNaming.parameterName(calls.name) ?? "operation", method: group.method.lowercased(), path: path)
        var own = group
        own.exchanges = calls.exchanges
        endpoint.params = parameters(own).params.filter { !GraphQLRequest.bodyMembers.contains($0.key) }
        // A credential written into the text (an argument's literal) is never written out.
        endpoint.fixed.append(
            ProvidedDraft(name: "query", label: "query", value: Credentials.redacting(secrets, in: request.query)))
        let texts = Set(calls.requests.map(\.query))
        if texts.count > 1 {
            endpoint.fixed[0].comments.append(
                "the calls sent \(texts.count) texts of this operation; the first is kept")
        }
        if let operationName = calls.requests.lazy.compactMap(\.operationName).first {
            endpoint.fixed.append(ProvidedDraft(name: "operationName", label: "operationName", value: operationName))
        }
        let model = variablesModel(calls)
        if let variablesModel = model {
            var variables = MemberDraft(key: "variables", type: TypeDraft(spelling: variablesModel.name, kind: .object))
            variables.spread = true
            endpoint.params.append(variables)
        }
        if request.operation.reads { endpoint.read = true }
        graphQLResponse(calls, into: &endpoint)
        if var variablesModel = model {
            // The spread methods take each variable as an argument: a label the generated code or
            // another parameter uses is renamed (`progress` -> `progressValue`).
            var names = MemberNames.parameters()
            for parameter in endpoint.params.dropLast() { _ = names.override(for: parameter.key) }
            let reserved = ReservedNames.parameterLabels.union(endpoint.paginate == nil ? [] : ReservedNames.pageLabels)
            for index in variablesModel.fields.indices {
                variablesModel.fields[index].swiftName = names.override(
                    for: variablesModel.fields[index].key, reserved: reserved)
            }
            draftedModels.append(variablesModel)
        }
        return endpoint
    }

    // MARK: Variables

    /// `<Operation>Variables`: each variable the document declares or a call sent, in that order,
    /// typed by its declaration where that is one of GraphQL's scalars (`Float` is `Double`
    /// however whole the numbers sent), else by the values sent; optional where a call left it
    /// out, `nullable: true` where one sent null. nil for an operation that takes none.
    private mutating func variablesModel(_ calls: GraphQLCalls) -> ModelDraft? {
        let declared = calls.requests[0].operation.variables
        var names = declared.map(\.name)
        for request in calls.requests {
            for entry in request.variables?.entries ?? [] where !names.contains(entry.key) { names.append(entry.key) }
        }
        guard !names.isEmpty else { return nil }
        let taken = Set(models.models.map(\.name) + draftedModels.map(\.name))
        let name = SwiftNaming.unique((SwiftNaming.typeName(calls.name) ?? "Operation") + "Variables") {
            taken.contains($0)
        }
        var model = ModelDraft(name: name)
        for variable in names {
            let values = calls.requests.map { $0.variables?[variable] }
            let present = values.compactMap { $0 }
            let given = present.filter { !$0.isNull }
            var member: MemberDraft
            if let type = declared.first(where: { $0.name == variable }).flatMap({
                GraphQLOperation.builtInType($0.type)
            }) {
                let kind: TypeDraft.Kind = type.hasPrefix("[") ? .array(elementIsScalar: true) : .scalar
                member = MemberDraft(key: variable, type: TypeDraft(spelling: type, kind: kind))
            } else {
                var shape = CapturedShape.null
                for value in given { shape = shape.merged(with: models.shape(of: value, name: variable)) }
                member = MemberDraft(key: variable, type: CapturedModels.type(of: shape))
            }
            member.optional = given.count < values.count
            member.nullable = given.count < present.count
            if present.isEmpty {
                member.comments.append("declared by the query, never sent in the capture")
            } else if given.isEmpty {
                member.comments.append("only null in \(present.count) captured calls: its type is a guess")
            }
            model.fields.append(member)
        }
        return model
    }

    // MARK: The answer

    /// The answer's type at the one field under `data` every success holds, or further into
    /// the list that field wraps; optional where an answer nulled it (a failure beside
    /// `errors`), unless it pages. The samples as for any endpoint: the first success, the first
    /// failure at 200 and the first body of each failing status.
    private mutating func graphQLResponse(_ calls: GraphQLCalls, into endpoint: inout EndpointDraft) {
        var statuses: Set<Int> = []
        for failure in calls.exchanges where failure.status >= 400 && failure.responseJSON?.isMapping == true {
            if statuses.insert(failure.status).inserted, let sample = sample(failure, status: failure.status) {
                endpoint.samples.append(sample)
            }
        }
        let answers = calls.exchanges.indices.filter { index in
            (200...299).contains(calls.exchanges[index].status) && calls.exchanges[index].responseJSON != nil
        }
        let envelope = self.envelope
        let succeeds = { (index: Int) in envelope?.succeeds(calls.exchanges[index].responseJSON!) ?? true }
        if let failure = answers.first(where: { !succeeds($0) }),
            var sample = sample(calls.exchanges[failure], status: nil)
        {
            sample.name = "failure"
            sample.failure = true
            endpoint.samples.append(sample)
        }
        // Without the envelope (other calls beside GraphQL's), the answer is read from the document.
        let prefix = envelope == nil ? ["data"] : []
        let successes = answers.filter(succeeds).compactMap { index -> (request: GraphQLRequest, payload: YAMLNode)? in
            guard let payload = calls.exchanges[index].responseJSON?["data"], payload.isMapping else { return nil }
            return (calls.requests[index], payload)
        }
        guard !successes.isEmpty else { return }
        let path = Self.answerPath(successes.map(\.payload))
        let name: String
        if let each = path.firstIndex(where: Spec.KeyPath.readsEach) {
            name = each > 0 ? path[each - 1] : String(path[each].dropLast(2))
        } else {
            name = path.last ?? calls.name
        }
        let nodes = successes.compactMap { Self.node(at: path, in: $0.payload) }
        var shape = taggedUnion(of: nodes, name: name) ?? .null
        if shape == .null {
            for node in nodes { shape = shape.merged(with: models.shape(of: node, name: name)) }
        }
        if let sample = sample(calls.exchanges[answers.first(where: succeeds)!], status: nil) {
            endpoint.samples.insert(sample, at: 0)
            if endpoint.samples.count > 1 { endpoint.samples[0].name = "ok" }
        }
        guard shape != .null else { return }
        endpoint.response = CapturedModels.type(of: shape)
        if !(prefix + path).isEmpty { endpoint.responsePath = Spec.KeyPath(components: prefix + path) }
        if case .array = endpoint.response!.kind, graphQLPages(successes, path: path, prefix: prefix, into: &endpoint) {
            return
        }
        let nulled = calls.exchanges.contains { exchange in
            guard let data = exchange.responseJSON?["data"], data.isMapping else { return false }
            return Self.nullOnTheWay(path, in: data)
        }
        if nulled { endpoint.response!.spelling += "?" }
    }

    /// Where an operation's answer is, under `data`: the one field every answer holds, then, while
    /// that is an object with one member, that member, and at last the list an object wraps (its
    /// one array, beside nothing but numbers and objects of scalars: a page's `pageInfo`, a
    /// connection's `totalCount`), into each element's one object where each element is only
    /// that and its `cursor` (a connection's `edges[].node`). Empty for answers with several
    /// fields.
    static func answerPath(_ payloads: [YAMLNode]) -> [String] {
        var keys: [String] = []
        for payload in payloads {
            for entry in payload.entries where !keys.contains(entry.key) { keys.append(entry.key) }
        }
        guard keys.count == 1 else { return [] }
        var path = keys
        var nodes = payloads.compactMap { $0[keys[0]] }.filter { !$0.isNull }
        while !nodes.isEmpty, nodes.allSatisfy(\.isMapping) {
            var keys: [String] = []
            for node in nodes {
                for entry in node.entries where !keys.contains(entry.key) { keys.append(entry.key) }
            }
            let values = { (key: String) in nodes.compactMap { $0[key] }.filter { !$0.isNull } }
            let lists = keys.filter { key in
                !values(key).isEmpty
                    && values(key).allSatisfy { if case .sequence = $0.content { true } else { false } }
            }
            let isFlatObject = { (node: YAMLNode) in
                node.isMapping && node.entries.allSatisfy { $0.value.scalarText != nil }
            }
            let besides = keys.filter { !lists.contains($0) }.allSatisfy { key in
                let held = values(key)
                return !held.isEmpty
                    && (held.allSatisfy(isFlatObject)
                        || held.allSatisfy { $0.string.flatMap { Int64($0) } != nil && !$0.isText })
            }
            if lists.count == 1, besides {
                let list = lists[0]
                path.append(list)
                // A Relay edge is its node, beside the edge's own `cursor` at most.
                let elements = nodes.flatMap { $0[list]?.items ?? [] }
                if let inner = elements.first?.entries.first(where: { $0.key != "cursor" })?.key,
                    elements.allSatisfy({ element in
                        element[inner]?.isMapping == true
                            && element.entries.allSatisfy { $0.key == inner || ($0.key == "cursor" && $0.value.isText) }
                    })
                {
                    path[path.count - 1] += "[]"
                    path.append(inner)
                }
                return path
            }
            guard lists.isEmpty, keys.count == 1, !values(keys[0]).isEmpty, values(keys[0]).allSatisfy(\.isMapping)
            else { return path }
            path.append(keys[0])
            nodes = values(keys[0])
        }
        return path
    }

    /// The value at `path` (`edges[]` reads each element of `edges`, the rest of the path in each,
    /// into a list); nil where something on the way is missing or null.
    static func node(at path: [String], in node: YAMLNode) -> YAMLNode? {
        guard let first = path.first else { return node.isNull ? nil : node }
        let rest = Array(path.dropFirst())
        if Spec.KeyPath.readsEach(first) {
            guard let list = node[String(first.dropLast(2))], case .sequence(let items) = list.content else {
                return nil
            }
            return YAMLNode(.sequence(items.compactMap { Self.node(at: rest, in: $0) }), at: list.location)
        }
        guard let value = node[first], !value.isNull else { return nil }
        return Self.node(at: rest, in: value)
    }

    /// Whether the value at `path`, or a value on the way, is null in `data` (a failure's
    /// partial answer, `"Media": null`).
    private static func nullOnTheWay(_ path: [String], in data: YAMLNode) -> Bool {
        var node = data
        for key in path {
            guard !Spec.KeyPath.readsEach(key), let value = node[key] else { return false }
            if value.isNull { return true }
            node = value
        }
        return false
    }

    // MARK: Pages

    /// Pages, from consecutive calls of the operation: a variable that counts up by one while
    /// the others stay (a page number), or by the length of the page before (an offset), with
    /// the variable beside it that a full page's length matches (its size); or a variable that
    /// takes a text the answer before held (a cursor).
    /// The payload's flag that is true on every page a next one followed and false elsewhere is
    /// `hasMore:`; the number above the page until the last one reaches it `lastPage:`; the
    /// number that stays over the pages, at least every item they list, `total:`.
    private mutating func graphQLPages(
        _ calls: [(request: GraphQLRequest, payload: YAMLNode)], path: [String], prefix: [String],
        into endpoint: inout EndpointDraft
    ) -> Bool {
        guard calls.count > 1 else { return false }
        let list =
            path.firstIndex(where: Spec.KeyPath.readsEach).map { index in
                Array(path.prefix(index)) + [String(path[index].dropLast(2))]
            } ?? path
        let items = calls.map { Int64(Self.node(at: list, in: $0.payload)?.items.count ?? 0) }
        let holder = Array(list.dropLast())
        let integer = { (call: Int, name: String) -> Int64? in
            guard let value = calls[call].request.variables?[name], !value.isText else { return nil }
            return value.scalarText.flatMap { Int64($0) }
        }
        let others = { (call: Int, name: String) in
            (calls[call].request.variables?.entries ?? []).filter { $0.key != name }.map {
                $0.key + "=" + Self.canonical($0.value)
            }.sorted()
        }
        var followed = Array(repeating: false, count: calls.count)
        var page: String?
        var cursor: (name: String, next: [String])?
        for index in calls.indices.dropLast() {
            for entry in calls[index + 1].request.variables?.entries ?? [] {
                let name = entry.key
                // A page number is named so, or counts from the first page (an id that happens
                // to count up is none).
                guard page == nil || page == name, let next = integer(index + 1, name),
                    let previous = integer(index, name), next == previous + 1,
                    page == name || previous <= 1 || WireVocabulary.page.contains(name),
                    others(index, name) == others(index + 1, name)
                else { continue }
                page = name
                followed[index] = true
            }
        }
        var offset: String?
        if page == nil {
            // An offset grows by the items of the page before.
            for index in calls.indices.dropLast() where items[index] > 1 {
                for entry in calls[index + 1].request.variables?.entries ?? [] {
                    let name = entry.key
                    guard offset == nil || offset == name, let next = integer(index + 1, name),
                        let previous = integer(index, name), next == previous + items[index],
                        others(index, name) == others(index + 1, name)
                    else { continue }
                    offset = name
                    followed[index] = true
                }
            }
        }
        if page == nil, offset == nil {
            for index in calls.indices.dropLast() {
                for entry in calls[index + 1].request.variables?.entries ?? [] {
                    guard entry.value.isText, let value = entry.value.string, value.count >= 3,
                        cursor == nil || cursor?.name == entry.key,
                        calls[index].request.variables?[entry.key]?.string != value,
                        let next = Self.keyPath(of: value, in: calls[index].payload, depth: 8)
                    else { continue }
                    cursor = (entry.key, next)
                    followed[index] = true
                }
            }
        }
        guard page != nil || offset != nil || cursor != nil, followed.contains(true) else { return false }
        // The scalars beside the list: the holder's own, and those of the objects it holds.
        var leaves: [[String]] = []
        for (key, _, value) in Self.node(at: holder, in: calls[0].payload)?.entries ?? [] where key != list.last {
            if value.scalarText != nil { leaves.append(holder + [key]) }
            for inner in value.entries where inner.value.scalarText != nil { leaves.append(holder + [key, inner.key]) }
        }
        let value = { (call: Int, leaf: [String]) in Self.node(at: leaf, in: calls[call].payload) }
        let number = { (call: Int, leaf: [String]) -> Int64? in
            value(call, leaf).flatMap { $0.isText ? nil : $0.scalarText.flatMap { Int64($0) } }
        }
        let hasMore = leaves.first { leaf in
            calls.indices.allSatisfy { call in
                guard let flag = value(call, leaf), !flag.isText, ["true", "false"].contains(flag.scalarText) else {
                    return false
                }
                return !followed[call] || flag.isTrue
            } && calls.indices.contains { value($0, leaf)?.isTrue == false }
        }
        let lastCalls = calls.indices.filter { call in hasMore.map { value(call, $0)?.isTrue == false } ?? false }
        let pageNumber = { (call: Int) in page.flatMap { integer(call, $0) } }
        let lastPage =
            page == nil || lastCalls.isEmpty
            ? nil
            : leaves.first { leaf in
                calls.indices.allSatisfy { call in
                    guard let last = number(call, leaf), let current = pageNumber(call) else { return false }
                    return followed[call] ? last > current : !lastCalls.contains(call) || last == current
                }
            }
        let totals = leaves.filter { leaf in
            guard leaf != lastPage,
                calls.indices.allSatisfy({ call in number(call, leaf).map { $0 >= items[call] } ?? false }),
                calls.indices.contains(where: { number($0, leaf)! > items[$0] })
            else { return false }
            // Over a run of pages, the same number, and at least the items they list.
            var start = 0
            for call in calls.indices where !followed[call] {
                let run = start...call
                if Set(run.map { number($0, leaf)! }).count > 1
                    || number(call, leaf)! < run.reduce(0, { $0 + items[$1] })
                {
                    return false
                }
                start = call + 1
            }
            return true
        }
        let total = totals.first { WireVocabulary.total.contains($0.last!) } ?? totals.first
        let key = { (leaf: [String]?) in leaf.map { Spec.KeyPath(components: prefix + $0) } }
        let counter = page ?? offset
        let sizes =
            calls[0].request.variables?.entries.map(\.key).filter { name in
                name != counter
                    && calls.indices.allSatisfy { call in integer(call, name).map { $0 >= items[call] } ?? false }
                    && calls.indices.contains { followed[$0] && integer($0, name) == items[$0] }
            } ?? []
        let limit =
            (sizes.first
            ?? WireVocabulary.limit.first { name in
                name != counter && calls.allSatisfy { $0.request.variables?[name] != nil }
            }).map { "variables." + $0 }
        if let page {
            // Pages counted by a variable named otherwise show it: a flag, or a full page's size.
            guard WireVocabulary.page.contains(page) || hasMore != nil || !sizes.isEmpty else { return false }
            let start = calls.indices.contains { integer($0, page) == 0 } ? 0 : 1
            endpoint.paginate = .page(
                parameter: "variables." + page, limit: limit, start: start, hasMore: key(hasMore), total: key(total),
                lastPage: key(lastPage))
        } else if let offset {
            guard WireVocabulary.offset.contains(offset) || hasMore != nil || !sizes.isEmpty else { return false }
            endpoint.paginate = .offset(
                parameter: "variables." + offset, limit: limit, hasMore: key(hasMore), total: key(total))
        } else if let cursor {
            endpoint.paginate = .cursor(
                parameter: "variables." + cursor.name, next: key(cursor.next), lastItem: nil, hasMore: key(hasMore),
                total: key(total))
        }
        return true
    }

    /// A value as text that tells values apart (`{"a":1}` apart from `{"a":"1"}`).
    private static func canonical(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, let style): style == .plain ? text : "\"" + text + "\""
        case .sequence(let items): "[" + items.map(canonical).joined(separator: ",") + "]"
        case .mapping: "{" + node.entries.map { $0.key + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// The key path of the first text (outside lists) that is `value`.
    private static func keyPath(of value: String, in node: YAMLNode, depth: Int) -> [String]? {
        guard depth > 0 else { return nil }
        for entry in node.entries {
            if entry.value.isText, entry.value.scalarText == value { return [entry.key] }
            if entry.value.isMapping, let rest = keyPath(of: value, in: entry.value, depth: depth - 1) {
                return [entry.key] + rest
            }
        }
        return nil
    }
}

extension EnvelopeDraft {
    /// GraphQL's, where every call is a GraphQL request: the answer under `data`, a failure
    /// wherever `errors` is there (at 200 beside a partial answer too), its message at
    /// `errors.0.message` and its code at `errors.0.extensions.code`, else at the key the errors
    /// hold a code in (`status`, `code`…), where they hold one.
    static func graphQL(_ exchanges: [CapturedExchange]) -> EnvelopeDraft? {
        guard !exchanges.isEmpty, exchanges.allSatisfy({ $0.graphQL != nil }) else { return nil }
        let bodies = exchanges.compactMap(\.responseJSON).filter(\.isMapping)
        guard bodies.contains(where: { $0["data"] != nil }) else { return nil }
        let errors = bodies.compactMap { $0["errors"]?.items.first }.filter(\.isMapping)
        let key = { (components: [String]) in Spec.KeyPath(components: ["errors", "0"] + components) }
        let message = WireVocabulary.message.first { name in errors.contains { $0[name] != nil } } ?? "message"
        return EnvelopeDraft(
            data: Spec.KeyPath(components: ["data"]), successPath: Spec.KeyPath(components: ["errors"]),
            successValue: "", message: key([message]), code: ErrorsDraft.graphQLCode(in: errors).map(key),
            absent: true)
    }
}

extension ErrorsDraft {
    /// GraphQL's `errors:`, where every call is a GraphQL request and some answer has `errors`:
    /// the first error (`errors.0`) as the model `GraphQLError` every error captured is read
    /// into, with its message and code.
    static func graphQL(in exchanges: [CapturedExchange], models: inout CapturedModels) -> ErrorsDraft? {
        guard exchanges.allSatisfy({ $0.graphQL != nil }) else { return nil }
        let errors = exchanges.flatMap { $0.responseJSON?["errors"]?.items ?? [] }.filter(\.isMapping)
        guard !errors.isEmpty else { return nil }
        let name = "GraphQLError"
        for error in errors { _ = models.shape(of: error, model: name) }
        let message = WireVocabulary.message.first { key in errors.contains { $0[key] != nil } }
        return ErrorsDraft(
            type: name, message: message.map { Spec.KeyPath(components: [$0]) },
            code: graphQLCode(in: errors).map { Spec.KeyPath(components: $0) }, path: ["errors", "0"])
    }

    /// Where GraphQL errors hold a code: `extensions.code`, else a key named like a code.
    static func graphQLCode(in errors: [YAMLNode]) -> [String]? {
        if errors.contains(where: { $0["extensions"]?["code"] != nil }) { return ["extensions", "code"] }
        return WireVocabulary.code.first { key in errors.contains { $0[key] != nil } }.map { [$0] }
    }
}
