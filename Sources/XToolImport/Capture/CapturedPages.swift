import XToolSpec
import XToolYAML

/// Pages, from what consecutive calls of an endpoint sent: a parameter whose value the response
/// before gave (a cursor), or a page number or an offset. The response becomes the page's items,
/// at the one key of the payload that holds an array.
extension CaptureDrafting {
    mutating func paginate(_ group: PathTemplates.Group, into endpoint: inout EndpointDraft) {
        let calls = group.exchanges.compactMap { exchange -> (exchange: CapturedExchange, payload: YAMLNode)? in
            guard (200...299).contains(exchange.status), let body = exchange.responseJSON,
                envelope?.succeeds(body) ?? true,
                let payload = envelope.map({ $0.payload(of: body) }) ?? body, payload.isMapping
            else { return nil }
            return (exchange, payload)
        }
        guard let first = calls.first, let items = itemsKey(of: endpoint) else { return }
        let parameters = Set(endpoint.params.map(\.key))
        let limit = WireVocabulary.limit.first { parameters.contains($0) }
        let total = WireVocabulary.total.first { first.payload[$0] != nil }.map { Spec.KeyPath(components: [$0]) }
        let style: Spec.Pagination.Style
        if let (cursor, next) = Self.cursor(in: calls, among: parameters) {
            style = .cursor(
                parameter: cursor, next: Spec.KeyPath(components: next), lastItem: nil, hasMore: nil, total: total)
        } else if let page = WireVocabulary.page.first(where: parameters.contains) {
            style = .page(parameter: page, limit: limit, start: 1, total: total)
        } else if let offset = WireVocabulary.offset.first(where: parameters.contains) {
            style = .offset(parameter: offset, limit: limit, total: total)
        } else {
            return
        }
        endpoint.paginate = style
        if endpoint.responsePath == nil, let response = endpoint.response,
            let model = models.models.first(where: { $0.name == response.spelling }),
            case .array(let element)? = model.shapes[items]
        {
            endpoint.response = CapturedModels.type(of: .array(element))
        }
        endpoint.responsePath = Spec.KeyPath(components: [items])
    }

    /// The key of the payload that holds a page's items: the response's path where it is a list,
    /// else the one key of the response's model that holds a list of objects.
    private func itemsKey(of endpoint: EndpointDraft) -> String? {
        guard let response = endpoint.response else { return nil }
        if let path = endpoint.responsePath {
            return response.spelling.hasPrefix("[") && path.components.count == 1 ? path.components[0] : nil
        }
        guard let model = models.models.first(where: { $0.name == response.spelling }) else { return nil }
        let arrays = model.keys.filter { key in
            if case .array(let element) = model.shapes[key], case .model = element { return true }
            return false
        }
        return arrays.count == 1 ? arrays[0] : nil
    }

    /// The parameter each call sent with a value that the payload before it held at one key
    /// path, and that key path: a cursor. A page size, page number or offset is none, nor is a
    /// value of under three characters (a count that happens to match), nor one the call before
    /// sent too.
    private static func cursor(
        in calls: [(exchange: CapturedExchange, payload: YAMLNode)], among parameters: Set<String>
    ) -> (String, [String])? {
        var found: (String, [String])?
        for (before, after) in zip(calls, calls.dropFirst()) {
            for (name, value) in after.exchange.parameters
            where parameters.contains(name) && value.count >= 3
                && !WireVocabulary.paging.contains(name)
                && !before.exchange.parameters.contains(where: { $0.name == name && $0.value == value })
            {
                guard let path = keyPath(of: value, in: before.payload, depth: 3) else { continue }
                if let found, found != (name, path) { return nil }
                found = (name, path)
            }
        }
        return found
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
