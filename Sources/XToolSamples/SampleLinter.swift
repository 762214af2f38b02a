import XToolDiagnostics
import XToolSpec
import XToolYAML

/// Reads one sample the way the generated code reads a response, and reports every place where
/// it would not read, or would read into an `unknown` case, as a warning at the sample's own
/// line and column: the status and the envelope's success test, the payload at the envelope's
/// and the response's key paths, then the value against its type (fields along their key paths,
/// required fields, defaults, leniency, enums, dates in their styles, unions), or, for a sample
/// of a failure, the error body. It runs when a spec is generated, on its YAML nodes; the
/// runtime's `SampleCheck` runs the same samples through the client itself, in the app's tests
/// (`checkSamples()`), by the rules in `XToolRuntime` (`ResponseReader`, `FieldDecoder`,
/// `Lenient`, `DateStyle`).
package struct SampleLinter {
    /// A sample's body as read.
    enum Body {
        case json(YAMLNode)
        /// Text or bytes, which any body is.
        case text
        case empty
    }

    let spec: Spec
    /// The file the sample's nodes are in; nil for the spec itself.
    let file: String?
    let models: [String: Spec.Model]
    let dates: DateReader
    private(set) var diagnostics: [Diagnostic] = []

    /// A linter of one sample; `models` (the spec's by name, `modelsByName(of:)`) and `dates`
    /// (whose formatters it keeps) serve every sample of the spec.
    init(spec: Spec, file: String?, models: [String: Spec.Model], dates: DateReader) {
        self.spec = spec
        self.file = file
        self.models = models
        self.dates = dates
    }

    /// A linter of the samples written in `spec` itself, or of responses a server sent
    /// (`findings(ofResponse:…)`), with a model table and date reader of its own.
    package init(spec: Spec) {
        self.init(spec: spec, file: nil, models: Self.modelsByName(of: spec), dates: DateReader())
    }

    /// The value at `path` of `body`, as the runtime walks an envelope's key path; nil when
    /// nothing, or null, is there.
    package static func envelopeValue(at path: Spec.KeyPath, in body: YAMLNode) -> YAMLNode? {
        ValueReader.present(ValueReader.lookUp(path.components, in: body))
    }

    /// What an envelope's success test compares at `path` of `body`, as `EnvelopeRules.isSuccess`
    /// takes it: the value's text (nil when missing or null), and whether it is empty.
    package static func successTestValue(at path: Spec.KeyPath, in body: YAMLNode) -> (
        text: String?, isEmpty: Bool
    ) {
        ValueReader.compared(envelopeValue(at: path, in: body))
    }

    /// The spec's models by name.
    static func modelsByName(of spec: Spec) -> [String: Spec.Model] {
        Dictionary(spec.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func check(_ body: Body, of sample: Sample, endpoint: Spec.Endpoint) {
        diagnostics += findings(body, of: sample, endpoint: endpoint).map {
            Diagnostic(.warning, $0.message, file: file, at: $0.location)
        }
    }

    /// What reading one sample's body finds.
    func findings(_ body: Body, of sample: Sample, endpoint: Spec.Endpoint) -> [Finding] {
        var reading = ValueReader(linter: self)
        switch body {
        case .text:
            return []
        case .empty:
            reading.empty(sample: sample, endpoint: endpoint)
        case .json(let node):
            if sample.isFailure {
                reading.failure(node, sample: sample, endpoint: endpoint)
            } else {
                reading.success(node, sample: sample, endpoint: endpoint)
            }
        }
        return reading.findings + reading.unread.findings
    }

    /// What reading a body a server really sent (a captured response, `xtoolgen verify
    /// --traffic`) as `endpoint`'s response of `status` finds, as a sample of it would: a
    /// failure its envelope reports with a success status is read as the failure it is.
    package func findings(ofResponse body: YAMLNode, status: Int, endpoint: Spec.Endpoint) -> [Finding] {
        let envelope = endpoint.effectiveEnvelope(api: spec.envelope)
        let reportsFailure = envelope?.success.contains { ValueReader.failureReported(by: $0, in: body) != nil }
        let sample = Sample(
            name: nil, status: status, isFailure: !(200...299).contains(status) || reportsFailure == true,
            source: .inline(body), location: body.location)
        return findings(.json(body), of: sample, endpoint: endpoint)
    }

    /// The body of a sample the spec holds (nil: it is in a file): JSON for a JSON response.
    static func inlineBody(of sample: Sample, endpoint: Spec.Endpoint) -> Body? {
        switch sample.source {
        case .inline(let node): (endpoint.response?.format ?? .json) == .json ? .json(node) : .text
        case .empty: .empty
        case .file: nil
        }
    }
}
