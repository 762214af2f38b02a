import XToolYAML

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
        let what = name.map { "the sample '\($0)'" } ?? "the sample"
        if name?.isEmpty == true {
            error("a sample's name is empty", at: keyNode)
            return nil
        }
        if node.scalarText != nil {
            guard let path = nonEmptyText(node, what: "\(what)'s file") else { return nil }
            return Sample(
                name: name, status: 200, isFailure: false, source: .file(path: path, at: node.location),
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
        var status = 200
        if let statusNode = map.value("status") {
            guard case .int(let value) = statusNode.coreScalar, (100...599).contains(value) else {
                error(
                    "a sample's status is an HTTP status from 100 to 599, found \(Self.kind(of: statusNode))",
                    at: statusNode)
                return nil
            }
            status = Int(value)
        }
        var isFailure = !(200...299).contains(status)
        if let failureNode = map.value("failure"), let failure = bool(failureNode, what: "failure") {
            if !failure, isFailure {
                error("a sample with status \(status) shows a failure; leave out 'failure: false'", at: failureNode)
                return nil
            }
            isFailure = failure
        }
        _ = map.value("source").flatMap { nonEmptyText($0, what: "\(what)'s source") }
        var sample = Sample(
            name: name, status: status, isFailure: isFailure, source: .empty, location: keyNode.location)
        if let headersEntry = map.entry("headers") {
            guard let headers = readSampleHeaders(headersEntry, what: what) else { return nil }
            sample.headers = headers
        }
        switch (map.entry("file"), map.value("body")) {
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

    /// A body written in the spec: JSON for a JSON response, the text itself for text or bytes;
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
