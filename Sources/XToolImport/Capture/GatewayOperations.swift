import XToolYAML

/// Operations a parameter names: a gateway that serves many operations at one path
/// (`method=taobao.item.get`, a form's or a JSON body's `method`), found by what the calls show,
/// not by the parameter's name. The parameter is sent by every call of the path, its values look
/// like names (letters, no spaces), and they split the answers into shapes: the calls of one value
/// answer alike, the calls of two values answer unlike.
enum GatewayOperations {
    /// The calls of one operation: the discriminating parameter and its value (nil for a path
    /// that is no gateway), and the calls.
    struct Operation {
        var discriminator: (name: String, value: String)?
        var exchanges: [CapturedExchange]
    }

    /// The operations of the calls to one path, in the order first seen. `paths` is how many
    /// paths the capture has (a path that is the only one may be a gateway of two operations;
    /// otherwise a gateway shows three or more, so that a path with a switch of two answers
    /// (`extensions=base|all`) stays one endpoint); `payload` is a call's success answer inside
    /// the envelope, nil for none.
    static func operations(
        of exchanges: [CapturedExchange], paths: Int, payload: (CapturedExchange) -> YAMLNode?
    ) -> [Operation] {
        // A value each call sends anew (a cursor, an id, a time) names no operation.
        let named = candidates(in: exchanges).filter { name in
            let values = Set(exchanges.map { call in call.parameters.first { $0.name == name }!.value })
            return values.count >= (paths == 1 ? 2 : 3) && (values.count < exchanges.count || exchanges.count <= 16)
        }
        guard !named.isEmpty else { return [Operation(exchanges: exchanges)] }
        let shapes = exchanges.map { payload($0)?.keyPaths(depth: 2) }
        guard
            let name = named.first(where: { name in
                splitsShapes(exchanges, shapes: shapes, by: name, paths: paths)
            })
        else { return [Operation(exchanges: exchanges)] }
        var operations: [Operation] = []
        for exchange in exchanges {
            let value = exchange.parameters.first { $0.name == name }!.value
            if let index = operations.firstIndex(where: { $0.discriminator?.value == value }) {
                operations[index].exchanges.append(exchange)
            } else {
                operations.append(Operation(discriminator: (name, value), exchanges: [exchange]))
            }
        }
        return operations
    }

    /// An endpoint's name from the operation's value, without the words every value of the
    /// gateway starts with (`taobao.item.get` beside `taobao.trades.sold.get` -> `item_get`).
    static func name(of value: String, among values: [String]) -> String {
        let words = { (text: String) in text.split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let all = values.map(words)
        var shared = 0
        while let first = all.first, shared < first.count - 1,
            all.allSatisfy({ $0.count > shared + 1 && $0[shared] == first[shared] })
        {
            shared += 1
        }
        return words(value).dropFirst(shared).joined(separator: "_")
    }

    /// The parameters every call sends with a name-like value (a letter, no spaces, at most 64
    /// characters), in the order first seen; never a credential.
    private static func candidates(in exchanges: [CapturedExchange]) -> [String] {
        guard let first = exchanges.first else { return [] }
        return first.parameters.map(\.name).filter { name in
            !Credentials.isCredential(name: name, value: "")
                && exchanges.allSatisfy { call in
                    call.parameters.contains { parameter in
                        parameter.name == name && parameter.value.count <= 64
                            && parameter.value.contains(where: \.isLetter)
                            && !parameter.value.contains(where: \.isWhitespace)
                    }
                }
        }
    }

    /// Whether the values of `name` split the answers: two values or more (three where the
    /// capture has other paths), the calls of each value answering alike (one answer's keys
    /// among the other's), two values' calls answering unlike.
    private static func splitsShapes(
        _ exchanges: [CapturedExchange], shapes: [Set<String>?], by name: String, paths: Int
    ) -> Bool {
        var byValue: [String: [Set<String>]] = [:]
        for (exchange, shape) in zip(exchanges, shapes) {
            let value = exchange.parameters.first { $0.name == name }!.value
            byValue[value, default: []] += shape.map { [$0] } ?? []
        }
        guard byValue.count >= (paths == 1 ? 2 : 3) else { return false }
        let alike = { (a: Set<String>, b: Set<String>) in a.isSubset(of: b) || b.isSubset(of: a) }
        for answers in byValue.values {
            for (a, b) in zip(answers, answers.dropFirst()) where !alike(a, b) { return false }
        }
        let answered = byValue.values.compactMap(\.first)
        return answered.indices.contains { i in answered[(i + 1)...].contains { !alike(answered[i], $0) } }
    }
}
