import XToolSpec

// `sample:`/`samples:`'s one home in the context layer: what the `Samples` template receives
// (the file of previews and `checkSamples()`), and how it is made from each endpoint's `Sample`
// values.

/// The `<Api>API+Samples.swift` file: the API answered from the spec's samples (`preview`) and
/// the check of every sample (`checkSamples()`), compiled in debug builds only.
package struct SamplesContext: Encodable, Sendable {
    package var apiTypeName: String
    /// What precedes `extension`: `nonisolated `, as for types.
    package var extensionModifiers: String
    /// The API initializer's provided values, which a preview answers with a placeholder.
    package var provided: [ProvidedContext]
    /// The API initializer takes a signer of the app's own.
    package var signer: Bool
    /// The tools that have endpoints with samples, in spec order.
    package var tools: [SampleToolContext]
    /// The samples' bodies, each written once however many samples answer with it.
    package var bodies: [SampleBodyContext]
    /// The key paths `checkSamples()` leaves unread, each list written once however many
    /// endpoints read the same type.
    package var ignoredKeys: [IgnoredKeysContext]
}

/// A list of the key paths from a payload that the models' `ignore:` lists leave unread: the
/// property `name`, and each path as the Swift literals of a `[String?]` (`nil`, `"mid"`: `nil`
/// for any element or key).
package struct IgnoredKeysContext: Encodable, Sendable {
    package var name: String
    package var paths: [[String]]
}

/// A tool's endpoints that have samples: the table of samples is filled a function per tool,
/// each small enough for the compiler at any size of API.
package struct SampleToolContext: Encodable, Sendable {
    package var typeName: String
    /// The tool's place among `tools`, from 1: what its function's name is numbered by.
    package var number: Int
    /// Its endpoints that have samples, in spec order.
    package var endpoints: [SampleEndpointContext]
}

/// A sample body as a multi-line raw string literal, in a property that samples name.
package struct SampleBodyContext: Encodable, Sendable {
    /// The property's name (`sampleBody1`).
    package var name: String
    /// The literal's opening delimiter (`#"""`).
    package var open: String
    /// The literal's lines; `text` is null for an empty line.
    package var lines: [SampleLineContext]
    /// The literal's closing delimiter (`"""#`).
    package var close: String
}

/// An endpoint's samples and how `checkSamples()` reads them: exactly one of `value` (the type
/// its calls return), `page` (the element type of its pages) and `nothing` is set.
package struct SampleEndpointContext: Encodable, Sendable {
    /// The endpoint's name in code as a string literal (`"StatusTool.newStatuses"`).
    package var name: String
    /// Its request description, `StatusTool.newStatusesRequest`.
    package var request: String
    package var value: String?
    package var page: String?
    package var nothing: Bool
    package var samples: [SampleContext]
    /// The property of `SamplesContext.ignoredKeys` that lists the key paths its payload's
    /// models leave unread on purpose; null when there are none.
    package var ignoring: String?
}

/// One sample: the property that holds its body, and how it is answered.
package struct SampleContext: Encodable, Sendable {
    /// `json`, or `text` for a response read as text or bytes.
    package var kind: String
    /// The name of its body's property (`SamplesContext.bodies`).
    package var body: String
    /// The sample's name as a string literal (null for an endpoint's one `sample:`).
    package var name: String?
    /// The HTTP status, null for 200.
    package var status: Int?
    /// A 2xx sample that shows a failure (`failure: true`).
    package var failure: Bool
    /// Its response headers, by name: `name` and `value`, string literals.
    package var headers: [SampleHeaderContext]
    package var hasHeaders: Bool
    /// Whether a comma follows it: in a list of several samples.
    package var trailingComma: Bool
}

package struct SampleHeaderContext: Encodable, Sendable {
    package var name: String
    package var value: String
}

package struct SampleLineContext: Encodable, Sendable {
    package var text: String?
}

extension ContextBuilder {
    /// The samples file's context; nil when no endpoint has a sample (with its body read).
    func samplesContext() -> SamplesContext? {
        var bodies = SampleBodies()
        var ignoredKeys: [IgnoredKeysContext] = []
        let models = Dictionary(spec.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let tools = spec.tools.compactMap { tool -> (typeName: String, endpoints: [SampleEndpointContext])? in
            let endpoints = tool.endpoints.compactMap { endpoint -> SampleEndpointContext? in
                let samples = endpoint.samples.compactMap { sample in
                    sample.body.map {
                        SampleContext(sample, body: bodies.name(of: $0), format: endpoint.response?.format ?? .json)
                    }
                }
                guard !samples.isEmpty else { return nil }
                var context = SampleEndpointContext(
                    name: Self.qualifiedName(endpoint, of: tool),
                    request: tool.typeName + "." + endpoint.names.request,
                    nothing: endpoint.response == nil,
                    samples: samples)
                // A page's items are compared as the array they are.
                let read = endpoint.pagination.map { Spec.TypeRef.array($0.element) } ?? endpoint.response?.type
                if let read, spec.models.contains(where: { !$0.ignoredKeys.isEmpty }) {
                    let paths = Self.ignoredPaths(of: read, models: models).map(Self.literals)
                    if let known = ignoredKeys.first(where: { $0.paths == paths }) {
                        context.ignoring = known.name
                    } else if !paths.isEmpty {
                        let list = IgnoredKeysContext(name: "ignoredKeys\(ignoredKeys.count + 1)", paths: paths)
                        ignoredKeys.append(list)
                        context.ignoring = list.name
                    }
                }
                if let pagination = endpoint.pagination {
                    context.page = pagination.element.swiftSpelling
                } else if let response = endpoint.response {
                    context.value = response.type.swiftSpelling
                }
                for index in context.samples.indices { context.samples[index].trailingComma = samples.count > 1 }
                return context
            }
            return endpoints.isEmpty ? nil : (tool.typeName, endpoints)
        }
        guard !tools.isEmpty else { return nil }
        return SamplesContext(
            apiTypeName: spec.apiTypeName, extensionModifiers: "nonisolated ",
            provided: providedContexts,
            signer: spec.signature != nil && spec.signing == nil,
            tools: zip(1..., tools).map { number, tool in
                SampleToolContext(typeName: tool.typeName, number: number, endpoints: tool.endpoints)
            },
            bodies: bodies.contexts, ignoredKeys: ignoredKeys)
    }

    /// How many times one model is followed into itself when the ignored keys are gathered: a
    /// sample's status that reposts a status is deep enough.
    static let ignoredPathsDepth = 2

    /// The key paths from a value of `type` that its models' `ignore:` lists name: each model's
    /// keys after the way to it, `nil` for any element of an array or key of a dictionary.
    static func ignoredPaths(
        of type: Spec.TypeRef, models: [String: Spec.Model], visits: [String: Int] = [:]
    ) -> [[String?]] {
        switch type {
        case .optional(let wrapped):
            return ignoredPaths(of: wrapped, models: models, visits: visits)
        case .array(let element), .dictionary(let element):
            return ignoredPaths(of: element, models: models, visits: visits).map { [nil] + $0 }
        case .model(let name):
            guard let model = models[name], visits[name, default: 0] < ignoredPathsDepth else { return [] }
            var visits = visits
            visits[name, default: 0] += 1
            if let union = model.union {
                return union.variants.flatMap { ignoredPaths(of: $0.type, models: models, visits: visits) }
            }
            let own = model.ignoredKeys.map { $0.components.map(Optional.some) }
            return own
                + model.fields.flatMap { field -> [[String?]] in
                    // `children[].data`: each element's `data`, an array level of the type.
                    var way: [String?] = []
                    var inner = field.type
                    for component in field.keyPath.components {
                        guard Spec.KeyPath.readsEach(component) else {
                            way.append(component)
                            continue
                        }
                        way += [String(component.dropLast(2)), nil]
                        if case .array(let element) = inner.unwrapped { inner = element }
                    }
                    return ignoredPaths(of: inner, models: models, visits: visits).map { way + $0 }
                }
        default:
            return []
        }
    }

    /// `["statuses", nil, "mid"]`.
    private static func literals(of path: [String?]) -> [String] {
        path.map { $0.map(SwiftText.stringLiteral) ?? "nil" }
    }

    /// The distinct bodies of a spec's samples, in the order they first appear: a file that
    /// several endpoints answer with (an imported document's shared example) is written once.
    private struct SampleBodies {
        private(set) var contexts: [SampleBodyContext] = []
        private var names: [String: String] = [:]

        /// The property that holds `body`, declared at its first use.
        mutating func name(of body: String) -> String {
            if let name = names[body] { return name }
            let name = "sampleBody\(contexts.count + 1)"
            let literal = SwiftText.rawStringLiteral(body)
            contexts.append(
                SampleBodyContext(
                    name: name, open: literal.open, lines: literal.lines.map { SampleLineContext(text: $0) },
                    close: literal.close))
            names[body] = name
            return name
        }
    }
}

extension SampleContext {
    /// The sample `sample` of a response in `format`, its body in the property `body`.
    init(_ sample: Sample, body: String, format: Spec.ResponseFormat) {
        self.init(
            kind: format == .json ? "json" : "text", body: body,
            name: sample.name.map(SwiftText.stringLiteral),
            status: sample.status == Sample.defaultStatus ? nil : sample.status,
            failure: sample.isFailureWithSuccessStatus,
            headers: sample.headers.sorted { $0.key < $1.key }.map {
                SampleHeaderContext(name: SwiftText.stringLiteral($0.key), value: SwiftText.stringLiteral($0.value))
            },
            hasHeaders: !sample.headers.isEmpty, trailingComma: false)
    }
}
