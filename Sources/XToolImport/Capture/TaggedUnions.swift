import XToolSpec
import XToolYAML

/// Answers whose objects are of several shapes told apart by a tag: a GraphQL union's
/// `__typename`, a REST feed's `type` or `object` (`{"type": "PushEvent", …}` beside
/// `{"type": "WatchEvent", …}`, or only their `payload`s of other shapes). Each tag value's
/// objects are a model named after the value, and the answer a union of them (`{ oneOf: {
/// PushEvent: PushEvent, … }, discriminator: type }`), whose `unknown` case keeps a tag the
/// capture didn't show.
extension CaptureDrafting {
    /// The keys a tag may be at, in the order they are looked for.
    static let unionTags = ["__typename", "type", "object", "kind"]

    /// The union the answers' objects are (the lists' elements, or the objects), named after
    /// `name`: where every object holds one tag key as a word that names a type, with two values
    /// or more whose objects are of other shapes (a key every object of one value holds, no
    /// object of another does); nil for any other answers (a record's `type` that names a kind
    /// of one shape is a field).
    mutating func taggedUnion(of answers: [YAMLNode], name: String) -> CapturedShape? {
        let isList = answers.contains { if case .sequence = $0.content { true } else { false } }
        // Every object holds the tag: the first one's keys tell which of them may be it, before
        // the objects of every answer are gathered.
        let first = isList ? answers.lazy.flatMap(\.items).first : answers.first
        let tags = Self.unionTags.filter { first?[$0] != nil }
        guard !tags.isEmpty else { return nil }
        let objects = isList ? answers.flatMap(\.items) : answers
        guard objects.count > 1, objects.allSatisfy(\.isMapping) else { return nil }
        for tag in tags {
            var values: [String] = []
            var keysByValue: [String: [Set<String>]] = [:]
            for object in objects {
                guard let value = object[tag]?.string, object[tag]?.isText == true, Self.namesAType(value) else {
                    values = []
                    break
                }
                if !values.contains(value) { values.append(value) }
                keysByValue[value, default: []].append(Self.keys(of: object))
            }
            guard values.count > 1, Self.shapesDiffer(values.map { keysByValue[$0]! }) else { continue }
            let taken = Set(models.models.map(\.name) + draftedModels.map(\.name))
            let unionName = SwiftNaming.unique(SwiftNaming.typeName(SwiftNaming.singular(name)) ?? "Union") {
                taken.contains($0)
            }
            // A variant named like a model read before is named after the union too.
            let variants = values.map { value in
                let type = SwiftNaming.typeName(value)!
                return (value, taken.contains(type) ? unionName + type : type)
            }
            for object in objects {
                let value = object[tag]!.string!
                _ = models.shape(of: object, model: variants.first { $0.0 == value }!.1)
            }
            for key in Set(objects.flatMap { $0.entries.filter(\.value.isMapping).map(\.key) }).sorted() {
                models.nameApart(at: key, in: variants.map(\.1))
            }
            var model = ModelDraft(name: unionName)
            model.union = UnionDraft(
                discriminator: tag, variants: variants.map { UnionDraft.Variant(tag: $0.0, type: $0.1) })
            draftedModels.append(model)
            return isList ? .array(.model(unionName)) : .model(unionName)
        }
        return nil
    }

    /// An object's keys, and its objects' keys after theirs (`payload.commits`): the shape a tag
    /// tells apart may be a member's (GitHub's events share their keys, and each type's
    /// `payload` is of its own).
    private static func keys(of object: YAMLNode) -> Set<String> {
        var keys: Set<String> = []
        for entry in object.entries {
            keys.insert(entry.key)
            if entry.value.isMapping { keys.formUnion(entry.value.entries.map { entry.key + "." + $0.key }) }
        }
        return keys
    }

    /// Whether a tag's value may name a type: an ASCII letter, then letters, digits, `_` and `.`
    /// (`PushEvent`, `to_do`, `checkout.session`).
    private static func namesAType(_ value: String) -> Bool {
        guard let first = value.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) else {
            return false
        }
        return SwiftNaming.typeName(value) != nil
            && value.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }

    /// Whether objects grouped by tag value are of other shapes: a key every object of one group
    /// holds that no object of another holds.
    private static func shapesDiffer(_ groups: [[Set<String>]]) -> Bool {
        let always = groups.map { $0.dropFirst().reduce($0[0]) { $0.intersection($1) } }
        let ever = groups.map { $0.reduce(Set<String>()) { $0.union($1) } }
        return always.indices.contains { one in
            ever.indices.contains { other in other != one && !always[one].subtracting(ever[other]).isEmpty }
        }
    }
}
