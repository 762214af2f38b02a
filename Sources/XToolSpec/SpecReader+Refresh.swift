import XToolYAML

extension SpecReader {
    /// `refresh: label`, or `refresh: { provided: label, statuses: [401], codes: [42001], renews:
    /// [accessToken] }`: the initializer's refresh closure, the statuses and failure codes that
    /// mean the credentials expired, and the provided values it renews (all of them by default):
    /// the API's (`fixed`, `headers`) and those only endpoints send (`endpointValues`), which are
    /// initializer arguments alike. `readsCodes`: whether the envelope or an error body declares
    /// where a failure's code is.
    mutating func readRefresh(
        _ entry: MappingNode.Entry, fixed: [Spec.FixedValue], headers: [Spec.FixedValue],
        endpointValues: [Spec.FixedValue], readsCodes: Bool
    ) -> Spec.CredentialRefresh? {
        var provided: [(label: String, name: String)] = []
        for value in fixed + headers + endpointValues {
            guard case .provided(let label) = value.source,
                !provided.contains(where: { $0.label == label && $0.name == value.name })
            else { continue }
            provided.append((label, value.name))
        }
        guard !provided.isEmpty else {
            error(
                "'refresh' renews provided values, and the spec has none; give one under 'fixed:' or 'headers:' "
                    + "(Authorization: { provided: accessToken, prefix: \"Bearer \" })", at: entry.keyNode)
            return nil
        }
        let map: MappingNode?
        if entry.value.scalarText != nil {
            map = nil
        } else {
            map = mapping(
                entry.value, owner: entry.keyNode, what: "the credential refresh",
                allowedKeys: SpecKeys.refresh)
            guard map != nil else { return nil }
        }
        guard let labelNode = map.map({ required("provided", in: $0) }) ?? entry.value,
            let label = validIdentifier(labelNode, what: "the refresh closure's label")
        else { return nil }
        let identifier = SwiftNaming.memberIdentifier(label)
        if ReservedNames.initializerLabels.contains(label) {
            error(
                "the refresh label '\(label)' clashes with the generated initializer's own '\(label):'", at: labelNode)
        } else if provided.contains(where: { $0.label == identifier }) {
            error(
                "the refresh label '\(label)' is also a provided value's label; the refresh closure needs a name of "
                    + "its own, like 'refresh\(label.prefix(1).uppercased() + label.dropFirst())'", at: labelNode)
        }
        let statuses = map?.value("statuses").flatMap { readExpiryStatuses($0) } ?? [401]
        var codes: [String] = []
        if let codesEntry = map?.entry("codes") {
            codes =
                readList(codesEntry.value, plural: "expiry codes") { reader, node in
                    reader.nonEmptyText(node, what: "an expiry code")
                } ?? []
            if !readsCodes {
                error(
                    "'codes' are read where the envelope or an error body says a failure's code is, and the spec "
                        + "declares neither; add 'code:' to 'envelope:' or 'errors:'", at: codesEntry.keyNode)
            }
        }
        var renewed = provided.map(\.label)
        if let renewsNode = map?.value("renews") {
            renewed =
                readList(renewsNode, plural: "renewed values") { reader, node -> String? in
                    guard let text = reader.nonEmptyText(node, what: "a renewed value") else { return nil }
                    let labels = provided.map(\.label).reduce(into: [String]()) {
                        if !$0.contains($1) { $0.append($1) }
                    }
                    guard labels.contains(SwiftNaming.memberIdentifier(text)) else {
                        reader.error(
                            "'\(text)' is not the label of a provided value"
                                + Suggestions.didYouMean(text, in: labels), at: node)
                        return nil
                    }
                    return SwiftNaming.memberIdentifier(text)
                } ?? []
        }
        return Spec.CredentialRefresh(
            label: identifier, statuses: statuses, codes: codes,
            renews: provided.filter { renewed.contains($0.label) }.map(\.name))
    }

    /// `statuses: 401` or `statuses: [401, 403]`: client and server errors only.
    private mutating func readExpiryStatuses(_ node: YAMLNode) -> [Int]? {
        readList(node, plural: "expiry statuses") { reader, item in reader.failureStatus(item, what: "an expiry status")
        }
    }
}
