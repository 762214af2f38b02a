import XToolRules
import XToolSamples
import XToolSpec

/// Examples win over the schema: an example is evidence of what the server really sends, so
/// where a document's own examples contradict its schemas, the spec follows the examples. The
/// importer writes the spec it drafted, reads every sample as the generated code would (the
/// sample check, `XToolSamples`), and relaxes the drafts by what the check found: a member an
/// example leaves out or nulls is optional, numbers as text read leniently, an enum lists the
/// values its examples send, text its type can't read makes the member text, a key no member
/// reads is a member of the type its value has (so no data is dropped). It repeats that
/// until every sample reads (a relaxed type can uncover another mismatch), a few rounds at most;
/// an example no more lenient type follows (an array for an object, a union whose variant
/// can't be told) is left out of the samples. Each class of change is one grouped warning.
extension DraftPasses {
    /// How many times the samples are checked and the drafts relaxed at most.
    static let exampleRounds = 5

    /// One change to the drafts that makes an example read.
    enum Relaxation: Hashable {
        /// The model's member is optional (an example leaves it out, or nulls it).
        case optional(Member)
        /// The member (else, when no member's value it is, the API) reads numbers as text and
        /// text as numbers (`lenient: true`).
        case lenient(Member?)
        /// The member is optional and reads `""` as nil (`emptyAsNil: true`).
        case emptyAsNil(Member)
        /// The member's scalar is `spelling` (`String` for text its type doesn't read, `Double`
        /// for a number an integer doesn't hold); `widens` when what read before still reads
        /// (a date or a URL as text, an integer as `Double`), not a number as text.
        case respelled(Member, spelling: String, widens: Bool)
        /// The member's date reads in the API's style, not its own format.
        case apiDates(Member)
        /// The enum (a member's inline one, or the shared enum of its name) lists the value.
        case listed(enumName: String, member: Member?, value: String)
        /// The model has an optional member of `spelling` at a key its schema doesn't declare.
        case added(Member, spelling: String)

        /// Whether every value that read before the change reads after it (`String` for `Int`
        /// doesn't read a number strictly; the API's dates don't read the member's format).
        var onlyWidens: Bool {
            switch self {
            case .optional, .lenient, .emptyAsNil, .listed, .added: true
            case .respelled(_, _, let widens): widens
            case .apiDates: false
            }
        }
    }

    /// A model's member, by the model's name and the member's key path (`admin\.sign_up`), as
    /// the sample check names it.
    struct Member: Hashable {
        var model: String
        var key: String
    }

    /// Relaxes `draft` until the document's examples read as its types, and leaves out those
    /// that can't. Returns the spec's text when the last one written is the draft's (every
    /// sample read), so that it is not written again.
    mutating func followExamples(_ draft: inout SpecDraft) -> String? {
        guard draft.tools.contains(where: { $0.endpoints.contains { !$0.samples.isEmpty } }) else { return nil }
        // The drafts and warnings before the last round's changes, and the samples that failed.
        var previous: (passes: DraftPasses, draft: SpecDraft, failing: [FailingSample])?
        for round in 1...Self.exampleRounds {
            let text = SpecWriter.text(of: draft)
            guard let spec = SpecLoader.load(Array(text.utf8), fileName: "\(draft.api).yaml").spec,
                Self.matches(spec, draft)
            else {
                // A relaxation the spec can't say (none is expected): back to the drafts before
                // it, without the samples it was for.
                if let previous {
                    (self, draft) = (previous.passes, previous.draft)
                    leaveOut(previous.failing, from: &draft)
                }
                return nil
            }
            let failing = SampleFiles.inlineFindings(of: spec)
            guard !failing.isEmpty else { return text }
            guard round < Self.exampleRounds else {
                leaveOut(failing, from: &draft)
                return nil
            }
            previous = (self, draft, failing)
            let models = Dictionary(draft.models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
            var wanted: [(sample: FailingSample, relaxations: Set<Relaxation>)] = []
            var unreadable: [(sample: FailingSample, reason: Finding)] = []
            for sample in failing {
                var relaxations: Set<Relaxation> = []
                var reason: Finding?
                for finding in sample.findings {
                    guard let found = Self.relaxations(for: finding, in: draft, models: models) else {
                        reason = finding
                        break
                    }
                    relaxations.formUnion(found)
                }
                if let reason { unreadable.append((sample, reason)) } else { wanted.append((sample, relaxations)) }
            }
            var changed: Set<Relaxation> = []
            for relaxation in Set(wanted.flatMap(\.relaxations)).sorted(by: { "\($0)" < "\($1)" })
            where relax(
                relaxation, in: &draft, models: models, at: wanted.first { $0.relaxations.contains(relaxation) }?.sample
            ) {
                changed.insert(relaxation)
            }
            // A sample a change of whose was not made (made already, or its member not found)
            // would fail again. All are left out in one go: an index holds only until the
            // samples before it are gone, so they go from the last.
            unreadable += wanted.filter { !$0.relaxations.isSubset(of: changed) }.map {
                ($0.sample, $0.sample.findings[0])
            }
            leaveOut(unreadable, from: &draft)
            // Changes that only widen (optional, lenient, "" as nil, a value listed) make each
            // value they are for read, stop nothing else from reading and uncover nothing (the
            // check reads past what they are about): no round is needed to see that.
            if changed.allSatisfy(\.onlyWidens) { return nil }
        }
        return nil
    }

    /// Whether the loaded spec has the drafts' tools and endpoints in their order (their
    /// indexes are one).
    private static func matches(_ spec: Spec, _ draft: SpecDraft) -> Bool {
        spec.tools.count == draft.tools.count
            && zip(spec.tools, draft.tools).allSatisfy {
                $0.endpoints.count == $1.endpoints.count
                    && zip($0.endpoints, $1.endpoints).allSatisfy { $0.samples.count == $1.samples.count }
            }
    }

    /// What makes a finding read, or nil when no more lenient type does.
    private static func relaxations(for finding: Finding, in draft: SpecDraft, models: [String: Int]) -> Set<
        Relaxation
    >? {
        func member(_ field: Finding.Field?) -> (Member, MemberDraft)? {
            guard let field, let index = models[field.model],
                let member = draft.models[index].fields.first(where: { $0.fieldPath == field.key })
            else { return nil }
            return (Member(model: field.model, key: field.key), member)
        }
        func text(
            _ field: Finding.Field?, as spelling: String = "String", replacing: Set<String>, widens: Bool = true
        ) -> Set<Relaxation>? {
            guard let (key, found) = member(field), found.type.enumValues == nil,
                let (respelled, replaced) = respelled(found.type.spelling, as: spelling, replacing: replacing)
            else { return nil }
            // A date or a URL as text reads what it read, and the text it didn't; not a number.
            let widens = widens && (spelling == "Double" || ["Date", "URL"].contains(replaced))
            return [.respelled(key, spelling: respelled, widens: widens)]
        }
        switch finding.cause {
        case .missing(let model, let keys):
            return Set(keys.map { .optional(Member(model: model, key: $0)) })
        case .null:
            guard finding.field?.isWhole == true, let (key, _) = member(finding.field) else { return nil }
            return [.optional(key)]
        case .nullForDefault, .lenient:
            return [.lenient(member(finding.field)?.0)]
        case .emptyText:
            guard finding.field?.isWhole == true, let (key, found) = member(finding.field), !found.nullable else {
                return text(finding.field, replacing: scalars)
            }
            return [.emptyAsNil(key)]
        case .text:
            return text(finding.field, replacing: scalars)
        case .scalar:
            return text(finding.field, replacing: scalars, widens: false)
        case .dateStyle:
            guard let (key, found) = member(finding.field), found.type.dateFormat != nil else {
                return text(finding.field, replacing: scalars)
            }
            return [.apiDates(key)]
        case .wideNumber:
            return text(finding.field, as: "Double", replacing: ["Int", "Int64"])
        case .unlisted(let enumName, let value):
            // A value listed takes a case named after it, which no other value may derive.
            func canList(_ type: TypeDraft) -> Bool { TypeDraft.listing(value, in: type) != nil }
            if let (key, found) = member(finding.field), found.type.enumValues != nil {
                return canList(found.type) ? [.listed(enumName: enumName, member: key, value: value)] : nil
            }
            guard let index = models[enumName], let enumeration = draft.models[index].enumeration,
                canList(enumeration)
            else { return nil }
            return [.listed(enumName: enumName, member: nil, value: value)]
        case .unread(let model, let keys):
            return Set(
                keys.map {
                    .added(Member(model: model, key: $0.keyPath.description), spelling: $0.type.unwrapped.swiftSpelling)
                })
        case .structure:
            return nil
        }
    }

    /// The scalars a value of another kind can make text.
    private static let scalars: Set<String> = ["Int", "Int64", "Double", "Decimal", "Bool", "Date", "URL"]

    /// `spelling` with its one scalar among `replacing` spelled `scalar` (`[Int]` -> `[String]`)
    /// and the scalar it replaced, or nil when it has none or more than one.
    static func respelled(_ spelling: String, as scalar: String, replacing: Set<String>) -> (String, String)? {
        var words: [(range: Range<String.Index>, word: Substring)] = []
        var index = spelling.startIndex
        while index < spelling.endIndex {
            guard spelling[index].isLetter || spelling[index].isNumber else {
                index = spelling.index(after: index)
                continue
            }
            let start = index
            while index < spelling.endIndex, spelling[index].isLetter || spelling[index].isNumber {
                index = spelling.index(after: index)
            }
            words.append((start..<index, spelling[start..<index]))
        }
        let found = words.filter { replacing.contains(String($0.word)) }
        guard found.count == 1 else { return nil }
        return (spelling.replacingCharacters(in: found[0].range, with: scalar), String(found[0].word))
    }

    /// Makes one change, with its warning; false when it was made already.
    private mutating func relax(
        _ relaxation: Relaxation, in draft: inout SpecDraft, models: [String: Int], at sample: FailingSample?
    ) -> Bool {
        func index(_ member: Member) -> (model: Int, field: Int)? {
            guard let model = models[member.model],
                let field = draft.models[model].fields.firstIndex(where: { $0.fieldPath == member.key })
            else { return nil }
            return (model, field)
        }
        let sampleOrigin = sample.flatMap { draft.tools[$0.tool].endpoints[$0.endpoint].samples[$0.sample].origin }
        func warn(_ message: String, about member: Member?, cause: String, place: String? = nil) {
            let origin =
                member.flatMap(index).flatMap { draft.models[$0.model].fields[$0.field].origin } ?? sampleOrigin
                ?? documentOrigin
            warning(
                message + " (the document's examples win over its schema)", at: origin, cause: "examples: " + cause,
                place: place ?? member.map { "\($0.model).\($0.key)" })
        }
        switch relaxation {
        case .optional(let member):
            guard let (model, field) = index(member), !draft.models[model].fields[field].optional else { return false }
            draft.models[model].fields[field].optional = true
            warn(
                "'\(member.key)' of \(member.model) is required, but an example leaves it out or nulls it; it is optional",
                about: member, cause: "optional")
        case .lenient(let member?):
            // One field that sends a number as text doesn't make the whole API lenient.
            guard let (model, field) = index(member), !draft.lenient, !draft.models[model].fields[field].lenient
            else { return false }
            draft.models[model].fields[field].lenient = true
            warn(
                "an example writes a number as text or text as a number ('\(member.key)' of \(member.model)), so the "
                    + "field reads leniently (lenient: true)", about: member, cause: "lenient")
        case .lenient(nil):
            guard !draft.lenient else { return false }
            draft.lenient = true
            warn(
                "an example writes a number as text or text as a number (a value), so the API reads them leniently "
                    + "(lenient: true)", about: nil, cause: "lenient")
        case .emptyAsNil(let member):
            guard let (model, field) = index(member), !draft.models[model].fields[field].emptyAsNil else {
                return false
            }
            draft.models[model].fields[field].optional = true
            draft.models[model].fields[field].emptyAsNil = true
            let type = draft.models[model].fields[field].type.spelling
            warn(
                "an example sends \"\" for '\(member.key)' of \(member.model), which is \(type); it is optional and "
                    + "reads an empty string as nil (emptyAsNil: true)", about: member, cause: "empty text")
        case .respelled(let member, let spelling, _):
            guard let (model, field) = index(member) else { return false }
            // Made already, for another value (one it widens for, one it doesn't).
            guard draft.models[model].fields[field].type.spelling != spelling else { return true }
            let old = draft.models[model].fields[field].type.spelling
            draft.models[model].fields[field].type.spelling = spelling
            draft.models[model].fields[field].type.dateFormat = nil
            // A default of the old type can't be the new one's: a missing value is nil.
            if draft.models[model].fields[field].defaultValue != nil {
                draft.models[model].fields[field].defaultValue = nil
                draft.models[model].fields[field].optional = true
            }
            warn(
                "an example gives '\(member.key)' of \(member.model) a value \(old) doesn't read; it is \(spelling)",
                about: member, cause: "respelled \(spelling)")
        case .apiDates(let member):
            guard let (model, field) = index(member), let format = draft.models[model].fields[field].type.dateFormat
            else { return false }
            draft.models[model].fields[field].type.dateFormat = nil
            warn(
                "an example's '\(member.key)' of \(member.model) is no date in its format (\(format)); it reads "
                    + "the API's dates", about: member, cause: "dates")
        case .listed(let enumName, let member, let value):
            if let member {
                guard let (model, field) = index(member),
                    let listed = TypeDraft.listing(value, in: draft.models[model].fields[field].type)
                else { return false }
                draft.models[model].fields[field].type = listed
            } else {
                guard let model = models[enumName], let enumeration = draft.models[model].enumeration,
                    let listed = TypeDraft.listing(value, in: enumeration)
                else { return false }
                draft.models[model].enumeration = listed
            }
            warn(
                "an example sends \"\(value)\", which the enum \(enumName) doesn't list; it is one of its cases",
                about: member, cause: "enum values", place: enumName)
        case .added(let member, let spelling):
            // A key of the model's own object: a field's key is one key.
            let keys = KeyPathSyntax.components(of: member.key)
            guard let model = models[member.model], keys.count == 1,
                !draft.models[model].fields.contains(where: { $0.fieldPath == member.key })
            else { return false }
            var names = MemberNames(
                taken: Set(
                    draft.models[model].fields.compactMap { $0.swiftName ?? SwiftNaming.memberName($0.fieldPath) }))
            let kind: TypeDraft.Kind =
                spelling == TypeDraft.json.spelling
                ? .object : spelling.hasPrefix("[") ? .array(elementIsScalar: true) : .scalar
            var field = MemberDraft(key: keys[0], type: TypeDraft(spelling: spelling, kind: kind))
            field.optional = true
            field.swiftName = names.fieldName(for: member.key)
            field.comments = ["not in the document's schema: its examples send it"]
            draft.models[model].fields.append(field)
            warn(
                "an example sends '\(member.key)' in \(member.model), which its schema doesn't declare; it is a member "
                    + "of type \(spelling)?", about: nil, cause: "added", place: "\(member.model).\(member.key)")
        }
        return true
    }

    /// Leaves out of the drafts the samples that don't read, each with a warning that gives its
    /// first finding.
    private mutating func leaveOut(_ samples: [FailingSample], from draft: inout SpecDraft) {
        leaveOut(samples.map { ($0, $0.findings[0]) }, from: &draft)
    }

    /// Leaves out of the drafts the samples that don't read, each with a warning that gives
    /// `reason` (the finding no relaxation follows).
    private mutating func leaveOut(_ samples: [(sample: FailingSample, reason: Finding)], from draft: inout SpecDraft) {
        let place = { (sample: FailingSample) in (sample.tool, sample.endpoint, sample.sample) }
        for (sample, reason) in samples.sorted(by: { place($0.sample) > place($1.sample) }) {
            let endpoint = draft.tools[sample.tool].endpoints[sample.endpoint]
            warning(
                "an example of '\(endpoint.name)' doesn't read as its schema in a way no more lenient type follows "
                    + "(\(reason.message)); it is no sample",
                at: endpoint.samples[sample.sample].origin ?? documentOrigin,
                cause: "examples: left out", place: endpoint.name)
            draft.tools[sample.tool].endpoints[sample.endpoint].samples.remove(at: sample.sample)
        }
    }
}
