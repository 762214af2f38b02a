import XToolYAML

// `body:`, an endpoint's whole JSON body, the one home of the concept in XToolSpec: the keys of
// its long form, how the body is sent (`Spec.WholeBody`, derived from the argument's type) and
// its reading. The argument is a `Spec.Parameter` whose location is `wholeBody` (the method's
// argument that is sent as the body).
extension Spec {
    /// How a `body:` argument is sent: encoded as the whole JSON body, or, for a `File`, its
    /// bytes as the whole body (an image upload).
    package enum WholeBody: Sendable, Hashable {
        case json, file

        /// The keys of `body: { type:, name:, summary: }`, in the order the JSON Schema lists them.
        package enum Key: String, CaseIterable, Sendable {
            case type, name, summary
        }
    }
}

extension Spec.Parameter {
    /// How the argument is sent as the whole body; nil for a parameter of `params:`.
    package var wholeBody: Spec.WholeBody? {
        guard location == .wholeBody else { return nil }
        return type.unwrapped == .file ? .file : .json
    }
}

/// An endpoint's `body:`.
extension SpecReader {
    /// `body: Type` or `body: { type:, name:, summary: }`: one value sent as the whole JSON body,
    /// an argument named after its type (`NewIssue` -> `newIssue`) unless `name:` says otherwise.
    mutating func readWholeBody(
        _ entry: MappingNode.Entry, method: Spec.HTTPMethod?, taken: [Spec.Parameter], context: EndpointScope,
        endpoint: String
    ) -> Spec.Parameter? {
        typealias Key = Spec.WholeBody.Key
        let what = "the body of \(endpoint)"
        var typeNode = entry.value
        var nameNode: YAMLNode?
        var summary: String?
        if case .mapping = entry.value.content {
            guard
                let map = mapping(
                    entry.value, owner: entry.keyNode, what: what, allowedKeys: SpecKeys.wholeBody),
                let node = required(Key.type.rawValue, in: map)
            else { return nil }
            typeNode = node
            nameNode = map.value(Key.name.rawValue)
            summary = map.value(Key.summary.rawValue).flatMap { text($0, what: "summary") }
        }
        guard let type = readShorthandType(typeNode, what: what) else { return nil }
        switch type.unwrapped {
        // A File: its bytes as the whole body (an image upload), not a multipart part.
        case .model, .array, .dictionary, .json, .file: break
        default:
            error(
                "\(what) must be a model, an array, a dictionary, JSON or a File, not \(type.swiftSpelling)",
                at: typeNode)
            return nil
        }
        if type.containsFile, type.unwrapped != .file {
            error(
                "a File goes in a multipart body as a parameter, or is the whole body, not inside a JSON body",
                at: typeNode)
            return nil
        }
        if let method, !checkBody(on: method, instead: "send it with post, put or patch", at: entry.keyNode) {
            return nil
        }
        let derived: String? =
            if case .model(let model) = type.unwrapped { SwiftNaming.memberName(model) } else { "body" }
        let rawName = nameNode.flatMap { validIdentifier($0, what: "the Swift name of \(what)") } ?? derived
        guard let rawName else { return nil }
        if let clash = taken.first(where: { SwiftNaming.bare($0.swiftName) == rawName }) {
            error(
                "the body's argument '\(rawName)' clashes with the parameter '\(clash.name)'; rename one with name:",
                at: nameNode ?? entry.keyNode)
            return nil
        }
        return Spec.Parameter(
            name: "", swiftName: SwiftNaming.memberIdentifier(rawName), type: type, location: .wholeBody,
            summary: summary)
    }
}
