import XToolRules

/// The parameters the API sends on every call by itself, which no method takes: constants
/// (`fixed:`), the time of the request (`now:`) and the signature (`sign:`).
struct SentByTheAPI: Equatable {
    /// The parameters every call sends with one value, and the value.
    var constants: [String: String] = [:]
    /// The parameters that are each call's time, and its style (`secondsSince1970`).
    var times: [String: String] = [:]
    /// The parameter that is a signature.
    var signature: String?

    /// Every parameter named here.
    var names: Set<String> { Set(constants.keys).union(times.keys).union(signature.map { [$0] } ?? []) }

    /// The constants as `fixed:` values, by name.
    var fixedValues: [ProvidedDraft] {
        constants.keys.sorted().map { ProvidedDraft(name: $0, label: $0, value: constants[$0]) }
    }

    /// The times as `now:` values, by name.
    var nowValues: [ProvidedDraft] { times.keys.sorted().map { ProvidedDraft(name: $0, label: $0, now: times[$0]) } }

    /// What the calls of a capture show the API sends by itself.
    static func inferred(from exchanges: [CapturedExchange]) -> SentByTheAPI {
        let names = parameterNames(in: exchanges)
        let values = Dictionary(
            uniqueKeysWithValues: names.map { name in
                (name, exchanges.flatMap { call in call.parameters.filter { $0.name == name }.map(\.value) })
            })
        return SentByTheAPI(
            constants: constants(in: exchanges),
            times: names.reduce(into: [:]) { times, name in times[name] = timeStyle(of: values[name]!) },
            signature: names.first { isSignature(values[$0]!) })
    }

    /// The names of the parameters sent, in the order first seen.
    private static func parameterNames(in exchanges: [CapturedExchange]) -> [String] {
        var names: [String] = []
        for exchange in exchanges {
            for (name, _) in exchange.parameters where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The parameters every call sends with one value (at least two calls). A credential stays
    /// provided, and a page size, page number or offset the call's to choose.
    private static func constants(in exchanges: [CapturedExchange]) -> [String: String] {
        guard exchanges.count > 1 else { return [:] }
        var constants: [String: String] = [:]
        for (name, value) in exchanges[0].parameters
        where !Credentials.isCredential(name: name, value: value) && !WireVocabulary.paging.contains(name) {
            if exchanges.allSatisfy({ call in call.parameters.contains { $0.name == name && $0.value == value } }) {
                constants[name] = value
            }
        }
        return constants
    }

    /// The style of a parameter's values (every one it was sent with, in order) that are the time
    /// of each call: in two calls or more, a different epoch time in seconds (10 digits) or
    /// milliseconds (13) each time, never going back, all within a day.
    private static func timeStyle(of values: [String]) -> String? {
        guard values.count > 1, Set(values).count == values.count, let digits = values.first?.count,
            digits == 10 || digits == 13, values.allSatisfy({ $0.count == digits && Int64($0) != nil })
        else { return nil }
        let times = values.map { Int64($0)! }
        let day: Int64 = digits == 10 ? 86_400 : 86_400_000
        guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }), times.last! - times.first! <= day else {
            return nil
        }
        return (digits == 10 ? DateStyleName.secondsSince1970 : .millisecondsSince1970).rawValue
    }

    /// Whether a parameter's values are a signature's: sent by two calls or more, a different hex
    /// digest (MD5, SHA-1, SHA-256) each time.
    private static func isSignature(_ values: [String]) -> Bool {
        values.count > 1 && Set(values).count == values.count
            && values.allSatisfy { [32, 40, 64].contains($0.count) && $0.allSatisfy(\.isHexDigit) }
    }
}
