import XToolDiagnostics
import XToolRules
import XToolSpec
import XToolYAML

/// What reading a sample found: where, what, whether the generated code fails there (`breaks`)
/// or only reads an `unknown` case, what kind of mismatch it is (`cause`) and the model's field
/// whose value it is in: what the importer relaxes to follow a document's own examples.
package struct Finding: Sendable {
    /// The kinds of mismatch, by what would make the value read.
    package enum Cause: Hashable, Sendable {
        /// Members `model` requires that the object lacks: optional, they would read.
        case missing(model: String, keys: [String])
        /// null where the type is not optional.
        case null
        /// null where a field has a default, which reads only leniently.
        case nullForDefault
        /// A number as text, text as a number, a Bool as `"1"` or `0`: reads leniently.
        case lenient
        /// An empty string where a number, a Bool, a URL or a date is.
        case emptyText
        /// Text its type doesn't read at all (no number, no URL): text reads it.
        case text
        /// A number or a Bool where a date or a URL is: text reads it, leniently.
        case scalar
        /// A date not in its style.
        case dateStyle
        /// A number its integer type doesn't hold (past its range, or with a fraction).
        case wideNumber
        /// A value the enum `enumName` doesn't list (it reads as `unknown`).
        case unlisted(enumName: String, value: String)
        /// Keys of an object that no member of `model` reads (nor its `ignore:`): the value reads,
        /// but the app never sees them.
        case unread(model: String, keys: [UnreadKey])
        /// Another structure (an array for an object, nothing at the response's path), a union
        /// whose variant can't be told, the envelope: no type that is more lenient reads it.
        case structure
    }

    /// The field of a model whose value, or an element of it, a finding is about.
    package struct Field: Hashable, Sendable {
        package var model: String
        package var key: String
        /// The finding is about the field's own value, not an element or value inside it.
        package var isWhole: Bool
    }

    package var message: String
    package var location: SourceLocation
    package var breaks: Bool
    package var cause: Cause
    package var field: Field?
}

/// The walk over one sample's nodes.
struct ValueReader {
    let spec: Spec
    let models: [String: Spec.Model]
    let dates: DateReader
    var findings: [Finding] = []
    /// The optional type whose wrapped value is being read, for messages (`String?`).
    var optionalShown: Spec.TypeRef?
    /// The app's own types this sample has said it can't read (`appTypes:`), each said once.
    var appTypesNoted: Set<String> = []
    /// The model's field whose value is being read, and where that value is.
    var field: (model: String, key: String, path: [String])?
    /// The keys of the objects read so far that their models don't read.
    var unread = UnreadKeys()
    /// The key of the tagged union whose variant is being read, which reads it.
    var unionTag: String?
    /// The object being read is a spread field's, the model's own: the model records the keys
    /// that no member reads, its fields' and the spread member's together.
    var spreadInEnclosing = false
    /// The field being read is lenient of its own or by its model's `lenient: true`.
    var fieldLenient = false

    /// Whether leniency is on where a value is read: the API's `lenient:`, or the field's or its
    /// model's.
    var isLenient: Bool { spec.lenient || fieldLenient }

    init(linter: SampleLinter) {
        spec = linter.spec
        models = linter.models
        dates = linter.dates
    }

    // MARK: - The response

    /// An empty body: nil for an optional response; with 204, 205 or 206 the empty value of an
    /// array, a dictionary, text or JSON, and nothing to check for a call that returns nothing.
    mutating func empty(sample: Sample, endpoint: Spec.Endpoint) {
        let mayBeEmpty = [204, 205, 206].contains(sample.status)
        guard !sample.isFailure else { return }
        guard let response = endpoint.response else {
            if endpoint.effectiveEnvelope(api: spec.envelope) != nil, !mayBeEmpty {
                report(
                    "the body is empty, which doesn't read as the envelope (only 204, 205 and 206 may be empty)",
                    at: sample.location)
            }
            return
        }
        if response.type.isOptional { return }
        let hasEmptyValue =
            switch response.type {
            case .array, .dictionary, .string, .json: true
            default: false
            }
        if hasEmptyValue, mayBeEmpty { return }
        report(
            "the body is empty, which doesn't read as \(response.type.swiftSpelling)"
                + (hasEmptyValue ? " (only with 204, 205 or 206 is an empty body its empty value)" : ""),
            at: sample.location)
    }

    /// A sample of a success: the envelope says so, and the payload reads as the response.
    mutating func success(_ root: YAMLNode, sample: Sample, endpoint: Spec.Endpoint) {
        let envelope = endpoint.effectiveEnvelope(api: spec.envelope)
        if let failure = envelope?.success.lazy.compactMap({ Self.failureReported(by: $0, in: root) }).first {
            report(
                "the envelope reads a failure here: \(failure.text) (a sample of a failure says failure: true)",
                at: failure.location)
            return
        }
        guard let response = endpoint.response else { return }
        let path = (envelope?.data.components ?? []) + response.path.components
        // A page's items may be left out of (or null in) the object that holds them, as the
        // runtime reads pages: none (`"result_list": {}` when a search finds nothing).
        let pageWithoutItems = {
            guard endpoint.pagination != nil, response.path.components.count > 1,
                case .found(let wrapper, _) = Self.gather(Spec.KeyPath(components: Array(path.dropLast())), in: root),
                case .mapping = wrapper.content
            else { return false }
            return true
        }
        switch Self.gather(Spec.KeyPath(components: path), in: root) {
        case .found(let node, _) where node.coreScalar == .null && pageWithoutItems():
            return
        case .found(let node, let at):
            read(
                Self.payload(node, beside: path.isEmpty ? envelope : nil), as: response.type, at: at,
                what: "the response", lenient: true, dates: spec.dates)
        case .missing(let nearest, let at):
            if !response.type.isOptional, !pageWithoutItems() {
                report("no value at '\(Self.text(of: at))', where the response is read", at: nearest.location)
            }
        case .notObject(let node, let at, let found):
            report(
                "\(Self.place(at)) is \(found) here, so the response's path '\(Self.text(of: path))' doesn't reach into it",
                at: node.location)
        }
    }

    /// The document that is the payload of an envelope with no `data:`, without the envelope's
    /// own keys of one component (its success test's, message's and code's), which the runtime
    /// reads for the envelope and no member of the response needs to.
    static func payload(_ document: YAMLNode, beside envelope: Spec.Envelope?) -> YAMLNode {
        guard let envelope, envelope.data.components.isEmpty, case .mapping(let entries) = document.content else {
            return document
        }
        let own = Set(
            (envelope.success.map(\.path) + envelope.message + envelope.code).compactMap {
                $0.components.count == 1 ? $0.components[0] : nil
            })
        return YAMLNode(.mapping(entries.filter { !own.contains($0.key.scalarText ?? "") }), at: document.location)
    }

    /// A sample of a failure: the envelope reports one (for a 2xx status), and the error body
    /// reads as declared. For a 2xx status the failure has the envelope's message and code, and
    /// the error body gives only its model: a model is read where the error is, and the error
    /// may be missing (a GraphQL mutation's `userErrors` fail the envelope's second test, with
    /// no `errors.0`).
    mutating func failure(_ root: YAMLNode, sample: Sample, endpoint: Spec.Endpoint) {
        let reportedByEnvelope = (200...299).contains(sample.status)
        if reportedByEnvelope {
            guard let tests = endpoint.effectiveEnvelope(api: spec.envelope)?.success, !tests.isEmpty else {
                report(
                    "the sample says failure: true, but without an envelope's success test a \(sample.status) is a success",
                    at: sample.location)
                return
            }
            guard tests.contains(where: { Self.failureReported(by: $0, in: root) != nil }) else {
                report("the sample says failure: true, but the envelope reads a success here", at: root.location)
                return
            }
        }
        guard let errors = endpoint.errors ?? spec.errors else { return }
        switch Self.lookUp(errors.path.components, in: root) {
        case .found(let error, let at) where error.coreScalar != CoreScalar.null:
            if let type = errors.type {
                read(error, as: type, at: at, what: "the error", lenient: true, dates: spec.dates)
            } else if !reportedByEnvelope {
                let declared = [errors.message, errors.code].compactMap { $0 }
                if !declared.isEmpty, !declared.contains(where: { Self.isPresent($0.components, in: error) }) {
                    let names = declared.map { "'\($0)'" }.joined(separator: " or ")
                    report(
                        "the error has no \(names), so it doesn't read as the error body the spec declares",
                        at: error.location)
                }
            }
        case .found(let node, _), .missing(let node, _), .notObject(let node, _, _):
            guard !reportedByEnvelope else { return }
            let place = errors.path.components.isEmpty ? "" : " at '\(errors.path)'"
            report("no error\(place), so it doesn't read as the error body the spec declares", at: node.location)
        }
    }

    /// What tells that the envelope reports a failure (`'code' is 1001, not 0`), or nil when it
    /// reports a success.
    static func failureReported(by test: Spec.Envelope.SuccessTest, in root: YAMLNode) -> (
        text: String, location: SourceLocation
    )? {
        let looked = Self.lookUp(test.path.components, in: root)
        let present = Self.present(looked)
        let value = Self.compared(present)
        // The runtime's rule decides (`EnvelopeRules`); what follows only says why it failed.
        if EnvelopeRules.isSuccess(
            text: value.text, isEmpty: value.isEmpty, equals: test.equals, missingIsSuccess: test.missingIsSuccess)
        {
            return nil
        }
        let equals = test.equals.map { "\($0)" }.joined(separator: " or ")
        switch (looked, present) {
        case (_, let node?) where test.isAbsenceTest:
            return ("'\(test.path)' is \(Self.found(node)), which is there only on failure", node.location)
        case (_, let node?):
            return ("'\(test.path)' is \(Self.found(node)), not \(equals)", node.location)
        case (.found(let node, _), nil), (.missing(let node, _), nil), (.notObject(let node, _, _), nil):
            return ("'\(test.path)' is missing, not \(equals)", node.location)
        }
    }

    /// The value a walk found, unless it is null.
    static func present(_ looked: Lookup) -> YAMLNode? {
        if case .found(let node, _) = looked, node.coreScalar != CoreScalar.null { node } else { nil }
    }

    /// What a success test compares of a value (nil: missing or null), as `EnvelopeRules.isSuccess`
    /// takes it: its text, and whether it is empty.
    static func compared(_ present: YAMLNode?) -> (text: String?, isEmpty: Bool) {
        (present.map(envelopeText), present.map(isEmpty) ?? false)
    }

    /// Whether a value means absence to a success test of absence: null, or an empty string,
    /// array or object.
    private static func isEmpty(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .scalar(let text, _): node.coreScalar == .null || text.isEmpty
        case .sequence(let items): items.isEmpty
        case .mapping(let pairs): pairs.isEmpty
        }
    }

    /// A value as the envelope compares it: text as it is, numbers in their shortest form,
    /// true and false, other values as JSON.
    private static func envelopeText(_ node: YAMLNode) -> String {
        switch node.coreScalar {
        case .int(let value)?: String(value)
        case .float(let value)?: EnvelopeRules.numberText(value)
        case .bool(let value)?: value ? "true" : "false"
        case .string(let text)?: text
        case .null?, nil: (try? SampleJSON.text(of: node)) ?? ""
        }
    }

    // MARK: - Reporting

    /// A finding at `location`; `path` is where the value is, which places it in the field
    /// being read (nil: in none).
    mutating func report(
        _ message: String, at location: SourceLocation, breaks: Bool = true, cause: Finding.Cause = .structure,
        path: [String]? = nil
    ) {
        let field = path.flatMap { path in
            self.field.map { Finding.Field(model: $0.model, key: $0.key, isWhole: $0.path == path) }
        }
        findings.append(Finding(message: message, location: location, breaks: breaks, cause: cause, field: field))
    }

    /// A place for messages: `'statuses[0].user.id'`, or `the document` for its root.
    static func place(_ path: [String]) -> String {
        path.isEmpty ? "the document" : "'\(text(of: path))'"
    }

    /// A key path for messages, as the runtime's decoding errors write it: `statuses[0].user.id`.
    static func text(of path: [String]) -> String {
        var text = ""
        for component in path {
            if component.first == "[" {
                text += component
            } else {
                text += (text.isEmpty ? "" : ".") + component
            }
        }
        return text.isEmpty ? "the document root" : text
    }

    /// What a node holds, for messages: `a string`, `the number 1.5`, `null`, `an object`.
    static func found(_ node: YAMLNode) -> String {
        switch node.content {
        case .sequence: return "an array"
        case .mapping: return "an object"
        case .scalar(let raw, _):
            switch node.coreScalar {
            case .null?: return "null"
            case .bool(let value)?: return value ? "true" : "false"
            case .int?, .float?: return "the number \(raw)"
            case .string(let text)?: return "the string \(SampleJSON.quoted(text))"
            case nil: return "the string \(SampleJSON.quoted(raw))"
            }
        }
    }
}
