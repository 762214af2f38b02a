import XToolSpec

// A tagged payload beside common fields: an object whose string `type` names which of its
// sibling properties holds the rest (`"type": "paragraph", "paragraph": {…}`, as Notion's blocks
// are), imported as one union under its tags (`payload: underTag`) spread beside the other
// fields, instead of one optional field per type beside a tag no `switch` is checked against.

extension Importer {
    /// Each model with a string enum field whose values name two or more of its optional object
    /// fields, and at least half of them do, gets those fields as a union, discriminated by the enum's key, spread in their
    /// place as `content` (or `payload`); the union is named after the model and follows it.
    mutating func spreadTaggedPayloads() {
        var index = 0
        while index < models.count {
            if let union = spreadTaggedPayloads(ofModelAt: index) {
                models.insert(union, at: index + 1)
                if modelRanks.indices.contains(index) { modelRanks.insert(modelRanks[index], at: index + 1) }
                takenTypeNames.insert(union.name)
                index += 1
            }
            index += 1
        }
    }

    /// The union of the model's first tag whose values name two or more payload fields, the
    /// model rewritten to spread it; nil, the model as it was, when it has none.
    private mutating func spreadTaggedPayloads(ofModelAt index: Int) -> ModelDraft? {
        let model = models[index]
        guard model.union == nil, model.enumeration == nil, model.others == nil else { return nil }
        for (tagIndex, tag) in model.fields.enumerated() {
            guard let values = stringEnumValues(of: tag.type) else { continue }
            let payloads = values.compactMap { value -> (tag: String, field: Int, caseName: String)? in
                guard let field = model.fields.firstIndex(where: { $0.key == value }), field != tagIndex,
                    Self.isPayload(model.fields[field]), let caseName = SwiftNaming.memberName(value),
                    caseName != "unknown"
                else { return nil }
                return (value, field, caseName)
            }
            let caseNames = payloads.map(\.caseName)
            // Most values name their member: a few names that happen to be values (Mastodon's
            // notification `type` has `status` among fifteen, and a mention carries a status
            // too) are members of their own.
            guard payloads.count >= 2, payloads.count * 2 >= values.count, Set(caseNames).count == caseNames.count
            else { continue }
            let gathered = Set(payloads.map(\.field) + [tagIndex])
            let rest = model.fields.indices.filter { !gathered.contains($0) }.map { model.fields[$0] }
            let restNames = Set(rest.map { $0.swiftName ?? SwiftNaming.memberName($0.fieldPath) ?? $0.key })
            guard !rest.isEmpty, let fieldName = ["content", "payload"].first(where: { !restNames.contains($0) }),
                let unionName = [model.name + "Content", model.name + "Payload"].first(where: isFreeTypeName)
            else { continue }
            var spread = MemberDraft(key: fieldName, type: TypeDraft(spelling: unionName, kind: .object))
            spread.spread = true
            spread.comments = [
                "'\(tag.key)' and the member each value names (\(payloads.map(\.tag).joined(separator: ", "))), read from "
                    + "the object itself"
            ]
            var fields = model.fields
            fields[tagIndex] = spread
            models[index].fields = fields.indices.filter { !payloads.map(\.field).contains($0) }.map { fields[$0] }
            var union = ModelDraft(name: unionName, summary: tag.summary)
            union.union = UnionDraft(
                discriminator: tag.key,
                variants: payloads.map { UnionDraft.Variant(tag: $0.tag, type: model.fields[$0.field].type.spelling) },
                payloadUnderTag: true)
            return union
        }
        return nil
    }

    /// The values of a string enum, inline or shared.
    private func stringEnumValues(of type: TypeDraft) -> [String]? {
        if let values = type.enumValues { return type.spelling == "String" ? values : nil }
        guard let shared = models.first(where: { $0.name == type.spelling })?.enumeration,
            shared.spelling == "String"
        else { return nil }
        return shared.enumValues
    }

    /// A field that can hold one type's payload: optional, an object (a model, a dictionary,
    /// JSON) with no format of its own.
    private static func isPayload(_ field: MemberDraft) -> Bool {
        field.optional && field.type.kind == .object && field.type.enumValues == nil && field.type.dateFormat == nil
            && !field.spread && field.defaultValue == nil
    }

    /// Whether a new model may take `name`: no model's, no type the import has named, and one
    /// the spec admits.
    private func isFreeTypeName(_ name: String) -> Bool {
        !models.contains { $0.name == name } && !takenTypeNames.contains(name) && ReservedNames.canNameModel(name)
    }
}
