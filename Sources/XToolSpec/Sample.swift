import XToolDiagnostics
import XToolYAML

/// A response an endpoint's spec gives as an example (`sample:`, or one of `samples:`): the whole
/// body as the server sends it, envelope included. Previews answer with it, the app's tests
/// decode it (`checkSamples()`), and `XToolSamples` checks it against the endpoint's types.
package struct Sample: Sendable, Hashable {
    /// Where the body is.
    package enum Source: Sendable, Hashable {
        /// Written in the spec: the node under `body:` (or the whole `sample:` mapping's body).
        case inline(YAMLNode)
        /// A file, by the path the spec gives (relative to the spec's folder), and where the
        /// spec gives it.
        case file(path: String, at: SourceLocation)
        /// No body at all (`{ status: 204 }`).
        case empty
    }

    /// The name under `samples:`; nil for an endpoint's one `sample:`.
    package var name: String?
    /// The HTTP status the sample is answered with.
    package var status: Int
    /// The sample shows a failure: a status outside 200…299, or `failure: true` (an envelope
    /// that reports failures with 200).
    package var isFailure: Bool
    package var source: Source
    /// Where the spec declares it: diagnostics about the sample as a whole point here.
    package var location: SourceLocation
    /// The body as generated code embeds it: JSON text for a JSON response, the text itself for
    /// a text or bytes response (`SampleJSON` writes inline bodies when the spec is read;
    /// `XToolSamples` reads files). Nil for a file not read yet.
    package var body: String?
    /// The response headers it comes with (`headers:`), by name: what a response's typed
    /// `headers:` read from it.
    package var headers: [String: String] = [:]

    package init(
        name: String?, status: Int, isFailure: Bool, source: Source, location: SourceLocation, body: String? = nil
    ) {
        self.name = name
        self.status = status
        self.isFailure = isFailure
        self.source = source
        self.location = location
        self.body = body
    }

    /// How messages name it: `the sample 'notFound'`, or `the sample`.
    package var what: String {
        name.map { "the sample '\($0)'" } ?? "the sample"
    }
}

extension Spec {
    /// The first sample whose body was never read (a file sample of a spec loaded without its
    /// samples: `SpecLoader` leaves file samples to `XToolSamples`, which `SpecFiles.load` runs).
    /// The generator refuses such a spec rather than drop the sample from the generated code.
    package var unreadSample: (sample: Sample, path: String, location: SourceLocation)? {
        for tool in tools {
            for endpoint in tool.endpoints {
                for sample in endpoint.samples where sample.body == nil {
                    if case .file(let path, let location) = sample.source { return (sample, path, location) }
                }
            }
        }
        return nil
    }
}
