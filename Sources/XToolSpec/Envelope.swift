import XToolYAML

// `envelope:`, the one home of the concept in XToolSpec: its keys and those of its success test
// (which `SpecKeys` lists for the reader and the JSON Schema's check), its value, the API's and
// an endpoint's own (or `none`), which one applies, and how both are read. A new key of
// `envelope:` is a case of `Key`, a member of `Envelope` and a line of `readEnvelope`, all here.
extension Spec {
    /// How every response wraps its payload.
    package struct Envelope: Sendable, Hashable {
        /// The keys of `envelope:`.
        package enum Key: String, CaseIterable, Sendable {
            case data, success, message, code
        }

        /// The response is a failure unless the value at `path` equals one of `equals` (compared as
        /// text); a missing (or null) value is a success when `missingIsSuccess`. With no `equals`
        /// (`absent:`), a success only when the value is missing, null or empty.
        package struct SuccessTest: Sendable, Hashable {
            /// The keys of `success:`.
            package enum Key: String, CaseIterable, Sendable {
                case path, equals, missing, absent
            }

            package var path: KeyPath
            /// The values that mean success; none for a test of absence.
            package var equals: [String]
            package var missingIsSuccess = false

            /// `absent: path`: a failure whenever the value is there.
            package var isAbsenceTest: Bool { equals.isEmpty }
        }

        /// The key path of the payload; empty when the payload is the document itself.
        package var data: KeyPath
        /// The tests a success passes, all of them (`success: [{ absent: errors }, …]`).
        package var success: [SuccessTest]
        /// Where the message is: the first of these paths that holds one.
        package var message: [KeyPath]
        /// Where the code is: the first of these paths that holds one.
        package var code: [KeyPath]
    }

    /// An endpoint's `envelope:`.
    package enum EndpointEnvelope: Sendable, Hashable {
        /// `envelope: none`: the document as it is, whatever the API's envelope.
        case none
        case own(Envelope)
    }
}

extension Spec.Endpoint {
    /// The envelope its responses are read through: its own, none, or else the API's.
    package func effectiveEnvelope(api: Spec.Envelope?) -> Spec.Envelope? {
        switch envelope {
        case .none?: nil
        case .own(let own)?: own
        case nil: api
        }
    }
}

/// `envelope:`, the API's and an endpoint's, and its success test.
extension SpecReader {
    /// `envelope: none`, or an envelope of the endpoint's own.
    mutating func readEndpointEnvelope(_ entry: MappingNode.Entry) -> Spec.EndpointEnvelope? {
        guard case .mapping = entry.value.content else {
            guard entry.value.scalarText == "none" else {
                error(
                    "an endpoint's envelope is 'none' (its responses are read as they are) or an envelope of its own, "
                        + "like { data: data, success: { path: code, equals: [0, -101] } }", at: entry.value)
                return nil
            }
            return Spec.EndpointEnvelope.none
        }
        return readEnvelope(entry).map { .own($0) }
    }

    mutating func readEnvelope(_ entry: MappingNode.Entry) -> Spec.Envelope? {
        typealias Key = Spec.Envelope.Key
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the envelope",
                allowedKeys: SpecKeys.envelope)
        else { return nil }
        if map.value(Key.data) == nil, map.value(Key.success) == nil {
            error(
                "the envelope has neither 'data' (where the payload is) nor 'success' (how a failure shows); "
                    + "give one or both", at: entry.keyNode)
            return nil
        }
        // Without `data:`, the payload is the document itself (`errcode` beside the payload's fields).
        let data =
            map.value(Key.data).map { keyPath($0, what: "the envelope's data") } ?? Spec.KeyPath(components: [])
        let message = map.value(Key.message).map { keyPaths($0, what: "the envelope's message") } ?? []
        let code = map.value(Key.code).map { keyPaths($0, what: "the envelope's code") } ?? []
        let success = map.entry(Key.success.rawValue).map { readSuccessTests($0) } ?? []
        guard let data else { return nil }
        return Spec.Envelope(data: data, success: success, message: message, code: code)
    }

    /// `success: { … }`, or a list of tests a success passes, every one of them.
    private mutating func readSuccessTests(_ entry: MappingNode.Entry) -> [Spec.Envelope.SuccessTest] {
        readList(entry.value, plural: "success tests") { reader, node in
            // A test in a list is reported at itself; the one test of `success:` at the key.
            reader.readSuccessTest(
                MappingNode.Entry(key: entry.key, keyNode: node == entry.value ? entry.keyNode : node, value: node))
        } ?? []
    }

    /// `message: msg`, or `message: [sub_msg, msg]`: the first path that holds a value.
    private mutating func keyPaths(_ node: YAMLNode, what: String) -> [Spec.KeyPath] {
        readList(node, plural: "key paths for \(what)") { reader, item in reader.keyPath(item, what: what) } ?? []
    }

    /// `{ path: code, equals: 0, missing: success }`, or `{ absent: error }`: a success only when
    /// the value at that path is missing, null or empty.
    private mutating func readSuccessTest(_ entry: MappingNode.Entry) -> Spec.Envelope.SuccessTest? {
        typealias Key = Spec.Envelope.SuccessTest.Key
        guard
            let test = mapping(
                entry.value, owner: entry.keyNode, what: "the envelope's success test",
                allowedKeys: SpecKeys.success)
        else { return nil }
        if let absentNode = test.value(Key.absent.rawValue) {
            for key in [Key.path, .equals, .missing] {
                if let node = test.entry(key.rawValue)?.keyNode {
                    error("'absent' is a success test of its own; it takes no '\(key.rawValue)'", at: node)
                }
            }
            return keyPath(absentNode, what: "the success test's absent value").map {
                Spec.Envelope.SuccessTest(path: $0, equals: [], missingIsSuccess: true)
            }
        }
        guard test.value(Key.path.rawValue) != nil || test.value(Key.equals.rawValue) != nil else {
            error(
                "the success test needs 'path' and 'equals' (a value that means success), or 'absent' (a value "
                    + "that is there only on failure)", at: entry.keyNode)
            return nil
        }
        let path = required(Key.path.rawValue, in: test).flatMap { keyPath($0, what: "the success test's path") }
        let equals = required(Key.equals.rawValue, in: test).flatMap { readSuccessValues($0) }
        let missing = test.value(Key.missing.rawValue).flatMap {
            choice($0, what: "outcome of a missing success value", [("failure", false), ("success", true)])
        }
        guard let path, let equals else { return nil }
        return Spec.Envelope.SuccessTest(path: path, equals: equals, missingIsSuccess: missing ?? false)
    }

    /// `equals: 0` or `equals: [0, 200]`: the values that mean success, as text.
    private mutating func readSuccessValues(_ node: YAMLNode) -> [String]? {
        guard case .sequence(let items) = node.content else {
            return text(node, what: "the success value").map { [$0] }
        }
        guard !items.isEmpty else {
            error("a list of success values names at least one, like [0, 200]", at: node)
            return nil
        }
        let values = items.compactMap { text($0, what: "a success value") }
        return values.count == items.count ? values : nil
    }
}

extension MappingNode {
    /// The value of a key of `envelope:`.
    fileprivate func value(_ key: Spec.Envelope.Key) -> YAMLNode? { value(key.rawValue) }
}
