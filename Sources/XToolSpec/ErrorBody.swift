import XToolYAML

// `errors:`, the one home of the concept in XToolSpec: its keys (which `SpecKeys` lists for the
// reader and the JSON Schema's check), its value (the API's error body, an endpoint's own or
// `none`, and the bodies of particular statuses), how it is written key by key (`entries`,
// `shortForm`, which the importer's `SpecWriter` prints) and how it is read. A new key of
// `errors:` is a case of `Key`, a member of `ErrorBody` and a line of `readErrors`, all here.
extension Spec {
    /// Where a failure's body holds the error, what it decodes to, and where its message and code are.
    package struct ErrorBody: Sendable, Hashable {
        /// The keys of `errors:`'s long form (a status's body takes all but `status`).
        package enum Key: String, CaseIterable, Sendable {
            case type, path, message, code, status
        }

        /// A model or `JSON`; nil when only the message and the code are read.
        package var type: TypeRef?
        /// The key path of the error in the body; empty for the whole body.
        package var path: KeyPath
        /// The key path of the message, inside the error.
        package var message: KeyPath?
        /// The key path of the code, inside the error.
        package var code: KeyPath?
        /// The error bodies of particular statuses (`429`) or classes (`4XX`), instead of this one.
        package var statuses: [StatusErrorBody] = []

        package init(
            type: TypeRef? = nil, path: KeyPath, message: KeyPath? = nil, code: KeyPath? = nil,
            statuses: [StatusErrorBody] = []
        ) {
            self.type = type
            self.path = path
            self.message = message
            self.code = code
            self.statuses = statuses
        }

        /// The types it and its statuses' bodies decode to.
        package var types: [TypeRef] { [type].compactMap { $0 } + statuses.flatMap(\.body.types) }

        /// An endpoint's `errors: none`: declares nothing, so the API's error body does not apply.
        package static let noBody = ErrorBody(path: KeyPath(components: []))

        /// The long form's keys and values but `status`, in `Key`'s order, each a type's spelling
        /// or key-path text: what a spec says, key by key (which the importer's `SpecWriter`
        /// prints). The keys left out are the ones the body doesn't declare.
        package var entries: [(key: Key, value: String)] {
            [
                (.type, type?.swiftSpelling), (.path, path.components.isEmpty ? nil : path.description),
                (.message, message?.description), (.code, code?.description),
            ].compactMap { key, value in value.map { (key, $0) } }
        }

        /// A status's body that declares only its type, which a spec writes alone (`429: Limited`).
        package var shortForm: String? {
            guard path.components.isEmpty, message == nil, code == nil, statuses.isEmpty else { return nil }
            return type?.swiftSpelling
        }
    }

    /// An error body for the responses of one status or class of statuses.
    package struct StatusErrorBody: Sendable, Hashable {
        /// `429`, or `4XX`.
        package var status: String
        package var body: ErrorBody

        package init(status: String, body: ErrorBody) {
            self.status = status
            self.body = body
        }
    }
}

/// `errors:`, the API's and an endpoint's, and the bodies of its statuses.
extension SpecReader {
    /// The API's `errors:` (which can't be `none`).
    mutating func readAPIErrors(_ entry: MappingNode.Entry) -> Spec.ErrorBody? {
        guard entry.value.scalarText != "none" else {
            error(
                "'errors: none' is an endpoint's, to leave out the API's error body; an API without one has no errors:",
                at: entry.value)
            return nil
        }
        return readErrors(entry, what: "the API's error body")
    }

    /// An endpoint's `errors:`, or `errors: none` to leave out the API's.
    mutating func readEndpointErrors(_ entry: MappingNode.Entry, endpoint: String) -> Spec.ErrorBody? {
        entry.value.scalarText == "none" ? .noBody : readErrors(entry, what: "the error body of \(endpoint)")
    }

    /// `errors: { type: StripeError, path: error, message: message, code: code }`: where a failure's
    /// body has the error, the model it decodes to, and where its message and code are.
    private mutating func readErrors(_ entry: MappingNode.Entry, what: String) -> Spec.ErrorBody? {
        typealias Key = Spec.ErrorBody.Key
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: what,
                allowedKeys: SpecKeys.errorBody)
        else { return nil }
        guard
            map.value(Key.type) != nil || map.value(Key.message) != nil || map.value(Key.code) != nil
                || map.value(Key.status) != nil
        else {
            error("\(what) names a type, a message or a code (or several); it has none", at: entry.keyNode)
            return nil
        }
        var body = Spec.ErrorBody(path: Spec.KeyPath(components: []))
        if let typeNode = map.value(Key.type) {
            guard let type = readShorthandType(typeNode, what: what) else { return nil }
            switch type {
            case .model, .json: body.type = type
            default:
                error("\(what) decodes to a model or JSON, not \(type.swiftSpelling)", at: typeNode)
                return nil
            }
        }
        if let pathNode = map.value(Key.path) {
            guard let path = keyPath(pathNode, what: "the error's path") else { return nil }
            body.path = path
        }
        body.message = map.value(Key.message).flatMap { keyPath($0, what: "the error's message") }
        body.code = map.value(Key.code).flatMap { keyPath($0, what: "the error's code") }
        if let statusEntry = map.entry(Key.status.rawValue) {
            guard let statuses = readStatusErrors(statusEntry, what: what) else { return nil }
            body.statuses = statuses
        }
        return body
    }

    /// `status: { 429: RatelimitedResponse, 4XX: { type: ErrorResponse, message: message } }`:
    /// the error bodies of statuses or classes of them, each a type or the long form.
    private mutating func readStatusErrors(_ entry: MappingNode.Entry, what: String) -> [Spec.StatusErrorBody]? {
        guard let map = mapping(entry.value, owner: entry.keyNode, what: "the statuses of \(what)", allowedKeys: []),
            !map.entries.isEmpty
        else {
            error(
                "'status' maps statuses (429) or classes of them (4XX) to error bodies, like { 429: RateLimited }",
                at: entry.value)
            return nil
        }
        var statuses: [Spec.StatusErrorBody] = []
        for item in map.entries {
            let status = item.key.uppercased()
            guard status.count == 3, let first = status.first, ("1"..."5").contains(first),
                status.dropFirst().allSatisfy(\.isASCIIDigit) || status.dropFirst() == "XX"
            else {
                error("'\(item.key)' is no status: write one (404) or a class of them (4XX)", at: item.keyNode)
                return nil
            }
            let bodyWhat = "the \(status) body of \(what)"
            var body: Spec.ErrorBody?
            if case .mapping = item.value.content {
                if let nested = item.value.entries.first(where: { $0.key == Spec.ErrorBody.Key.status.rawValue }) {
                    error("a status's error body has no statuses of its own", at: nested.keyNode)
                    return nil
                }
                body = readErrors(item, what: bodyWhat)
            } else if let type = readShorthandType(item.value, what: bodyWhat) {
                guard case .model = type else {
                    error("\(bodyWhat) decodes to a model, not \(type.swiftSpelling)", at: item.value)
                    return nil
                }
                body = Spec.ErrorBody(type: type, path: Spec.KeyPath(components: []))
            }
            guard let body else { return nil }
            statuses.append(Spec.StatusErrorBody(status: status, body: body))
        }
        return statuses
    }
}

extension MappingNode {
    /// The value of a key of `errors:`.
    fileprivate func value(_ key: Spec.ErrorBody.Key) -> YAMLNode? { value(key.rawValue) }
}
