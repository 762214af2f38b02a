import XToolDiagnostics
import XToolYAML

// `sample:`/`samples:`, the one home of the concept in XToolSpec: the keys of a sample's long form
// (`Sample.Key`, which `SpecKeys` lists), the value (`Sample`, with the facts derived from its
// status) and its reading. An inline body is written as JSON by `SampleJSON`; a file's body is
// read by `XToolSamples`.

/// A response an endpoint's spec gives as an example (`sample:`, or one of `samples:`): the whole
/// body as the server sends it, envelope included. Previews answer with it, the app's tests
/// decode it (`checkSamples()`), and `XToolSamples` checks it against the endpoint's types.
package struct Sample: Sendable, Hashable {
    /// The keys of a sample's long form, `{ file: | body:, status:, failure:, headers:, source: }`,
    /// in the order the JSON Schema lists them.
    package enum Key: String, CaseIterable, Sendable {
        case file, body, status, failure, headers, source
    }

    /// The status of a sample that gives none.
    package static let defaultStatus = 200

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
    package var what: String { Self.what(name) }

    /// How messages name the sample called `name` (nil: an endpoint's one `sample:`).
    static func what(_ name: String?) -> String {
        name.map { "the sample '\($0)'" } ?? "the sample"
    }

    /// Whether `status` is a success (200…299): any other shows a failure.
    static func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }

    /// A failure the server answers with a success status (`failure: true`: an envelope that
    /// reports failures with 200), which the preview must mark as one.
    package var isFailureWithSuccessStatus: Bool { isFailure && Self.isSuccess(status) }
}

extension SpecReader {
    /// `sample:` (one) or `samples:` (several, by name) of an endpoint: each a file path
    /// relative to the spec, or `{ file: | body:, status:, failure:, source: }`.
    mutating func readSamples(_ endpoint: MappingNode, format: Spec.ResponseFormat, what: String) -> [Sample] {
        let one = endpoint.entry("sample")
        let several = endpoint.entry("samples")
        if one != nil, let several {
            error(
                "\(what) has both 'sample' and 'samples'; give one (name several under samples:)", at: several.keyNode)
            return []
        }
        if let one {
            return readSample(one.value, name: nil, at: one.keyNode, format: format).map { [$0] } ?? []
        }
        guard let several,
            let named = mapping(several.value, owner: several.keyNode, what: "the samples of \(what)", allowedKeys: [])
        else { return [] }
        if named.entries.isEmpty {
            error("'samples' names at least one sample", at: several.value)
        }
        return named.entries.compactMap { readSample($0.value, name: $0.key, at: $0.keyNode, format: format) }
    }

    private mutating func readSample(_ node: YAMLNode, name: String?, at keyNode: YAMLNode, format: Spec.ResponseFormat)
        -> Sample?
    {
        typealias Key = Sample.Key
        let what = Sample.what(name)
        if name?.isEmpty == true {
            error("a sample's name is empty", at: keyNode)
            return nil
        }
        if node.scalarText != nil {
            guard let path = nonEmptyText(node, what: "\(what)'s file") else { return nil }
            return Sample(
                name: name, status: Sample.defaultStatus, isFailure: false,
                source: .file(path: path, at: node.location),
                location: keyNode.location)
        }
        guard case .mapping(let pairs) = node.content else {
            error(
                "expected a file path or a mapping with file: or body: for \(what), found \(Self.kind(of: node))",
                at: node)
            return nil
        }
        // `sample: { statuses: […] }` is a body written without its `body:`.
        if let stray = pairs.first(where: { !SpecKeys.sample.contains($0.key.scalarText ?? "") }),
            let key = stray.key.scalarText, Suggestions.didYouMean(key, in: SpecKeys.sample).isEmpty
        {
            error(
                "unknown key '\(key)' in \(what); a body written in the spec goes under body:, as in { body: { \(key): … } }",
                at: stray.key)
            return nil
        }
        guard let map = mapping(node, owner: keyNode, what: what, allowedKeys: SpecKeys.sample),
            map.entries.count == pairs.count
        else { return nil }
        var status = Sample.defaultStatus
        if let statusNode = map.value(Key.status.rawValue) {
            guard case .int(let value) = statusNode.coreScalar, (100...599).contains(value) else {
                error(
                    "a sample's status is an HTTP status from 100 to 599, found \(Self.kind(of: statusNode))",
                    at: statusNode)
                return nil
            }
            status = Int(value)
        }
        var isFailure = !Sample.isSuccess(status)
        if let failureNode = map.value(Key.failure.rawValue), let failure = bool(failureNode, what: "failure") {
            if !failure, isFailure {
                error("a sample with status \(status) shows a failure; leave out 'failure: false'", at: failureNode)
                return nil
            }
            isFailure = failure
        }
        _ = map.value(Key.source.rawValue).flatMap { nonEmptyText($0, what: "\(what)'s source") }
        var sample = Sample(
            name: name, status: status, isFailure: isFailure, source: .empty, location: keyNode.location)
        if let headersEntry = map.entry(Key.headers.rawValue) {
            guard let headers = readSampleHeaders(headersEntry, what: what) else { return nil }
            sample.headers = headers
        }
        switch (map.entry(Key.file.rawValue), map.value(Key.body.rawValue)) {
        case (let file?, nil):
            guard let path = nonEmptyText(file.value, what: "\(what)'s file") else { return nil }
            sample.source = .file(path: path, at: file.value.location)
        case (nil, let body?):
            sample.source = .inline(body)
            guard let text = inlineBody(body, format: format, isFailure: isFailure, what: what) else { return nil }
            sample.body = text
        case (_?, let body?):
            error("\(what) has both 'file' and 'body'; give one", at: body)
            return nil
        case (nil, nil):
            sample.body = ""
        }
        return sample
    }

    /// A sample's `headers:`: each header's name and its text (`X-RateLimit-Limit: 5000`).
    private mutating func readSampleHeaders(_ entry: MappingNode.Entry, what: String) -> [String: String]? {
        guard case .mapping(let pairs) = entry.value.content else {
            error(
                "the headers of \(what) are a mapping of header names to values, found \(Self.kind(of: entry.value))",
                at: entry.value)
            return nil
        }
        var headers: [String: String] = [:]
        for pair in pairs {
            guard let name = pair.key.scalarText, !name.isEmpty,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
            else {
                error("'\(pair.key.scalarText ?? "")' is not a header name (letters, digits, '-')", at: pair.key)
                return nil
            }
            guard let value = pair.value.scalarText else {
                error("the header '\(name)' of \(what) is text, found \(Self.kind(of: pair.value))", at: pair.value)
                return nil
            }
            headers[name] = value
        }
        return headers
    }

    /// A body written in the spec: JSON for a JSON response, the text itself for text or bytes;
    /// a failure's body written as a mapping or a sequence is JSON (an error body) whatever the
    /// response's format.
    private mutating func inlineBody(_ node: YAMLNode, format: Spec.ResponseFormat, isFailure: Bool, what: String)
        -> String?
    {
        guard format == .json || (isFailure && node.scalarText == nil) else {
            guard let text = node.scalarText else {
                error(
                    "the response is the body as it comes, so \(what)'s body is its text, not \(Self.kind(of: node))",
                    at: node)
                return nil
            }
            return text
        }
        do {
            return try SampleJSON.text(of: node)
        } catch {
            diagnostics.error(error.message, at: error.location)
            return nil
        }
    }
}
