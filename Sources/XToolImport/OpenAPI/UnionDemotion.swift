import XToolSpec
import XToolYAML

/// Unions that can't be union models, made plainer types: JSON (with a warning) when no order
/// or tag tells the variants apart or two get one case name, the one type left, and `String`
/// where a value is sent as text.
extension Importer {
    /// The one type left, or JSON with a warning, for a union model (made at `model`) that is no
    /// union after all: fewer than two variants, or two that get one case name. The model is
    /// removed, and where a model built meanwhile spells its name, the type is spelled instead.
    /// nil when it is a union.
    mutating func demotedUnion(
        _ union: UnionMembers, model index: Int, variants: [UnionDraft.Variant], nullable: Bool
    ) -> TypeDraft? {
        var problem: String?
        if variants.count > 1 {
            // Tags may share a case that holds one type (`CA` and `DE`: `.internationalAddress`).
            var cases: [String: String] = [:]
            for variant in variants {
                let raw =
                    variant.name ?? SwiftNaming.memberName(variant.tag ?? UnionDraft.caseName(ofSpelling: variant.type))
                guard let raw, raw != "unknown",
                    cases[raw] == nil || (variant.tag != nil && cases[raw] == variant.type)
                else {
                    problem =
                        "the variant \(variant.tag.map { "'\($0)'" } ?? variant.type) gets no case name of its own"
                    break
                }
                cases[raw] = variant.type
            }
        }
        guard variants.count < 2 || problem != nil else { return nil }
        let name = models[index].name
        models.remove(at: index)
        modelRanks.remove(at: index)
        builtModels.remove(name)
        var type = TypeDraft.json
        if variants.count == 1, problem == nil {
            type = TypeDraft(spelling: variants[0].type, kind: .object)
            type.kind = TypeDraft.kind(ofSpelling: type.spelling)
        } else if let problem {
            let note = unionNote(union)
            warning("\(note) is read as JSON: \(problem)", at: union.origin)
            type.comments = ["\(note): \(problem); JSON here"]
        }
        replaceReferences(to: name, with: type.spelling)
        type.nullable = nullable
        return type
    }

    /// JSON, with a warning and a note, for an untagged union whose alternatives can't be told
    /// apart by trying them in turn.
    mutating func ambiguousUnion(
        _ union: UnionMembers, shapes: [(alternative: Located, shape: ValueShape)], tagProblem: String?
    ) -> TypeDraft {
        var pair = ""
        for first in shapes.indices {
            let second = shapes.indices.first { other in
                other != first && shapes[first].shape.takes(shapes[other].shape)
                    && shapes[other].shape.takes(shapes[first].shape)
            }
            if let second {
                pair =
                    "\(describe(shapes[first].alternative)) and \(describe(shapes[second].alternative)) each read the other's values"
                break
            }
        }
        if pair.isEmpty { pair = "no order of its variants keeps one from reading another's values" }
        let note = unionNote(union)
        let tags = tagProblem.map { ", and \($0)" } ?? ", and no discriminator tells them apart"
        warning("\(note) is read as JSON: \(pair)\(tags)", at: union.origin)
        var json = TypeDraft.json
        json.nullable = union.nullable
        json.comments = ["\(note): \(pair)\(tags); JSON here"]
        return json
    }

    /// A union of scalars where a value is sent as text (a query, a header, a path, a form): a
    /// `String`, with a note, rather than a union model the spec can't send there.
    mutating func textUnion(_ located: Located) -> TypeDraft? {
        guard let schema = resolved(located), let union = unionMembers(of: schema), union.alternatives.count > 1,
            knownStrings(union.alternatives) == nil, constants(of: schema) == nil
        else { return nil }
        var names: [String] = []
        for alternative in union.alternatives {
            switch valueShape(alternative) {
            case .string, .integer, .number, .boolean: names.append(describe(alternative))
            default: return nil
            }
        }
        var text = TypeDraft.scalar("String")
        text.nullable = union.nullable
        text.comments = [
            "\(union.keyword == "type" ? "type" : union.keyword) [\(names.joined(separator: ", "))]: sent as text"
        ]
        return text
    }

    /// Replaces the name of a union that came to nothing where a model built meanwhile spells it.
    private mutating func replaceReferences(to name: String, with replacement: String) {
        for model in models.indices {
            models[model].respellTypes { DraftPasses.replacing([name: replacement], in: $0) }
        }
    }

}
