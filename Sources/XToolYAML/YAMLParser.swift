import XToolDiagnostics

/// Reads YAML text into node trees through libyaml, with bounds that keep hostile input from
/// hanging or exhausting memory.
package struct YAMLParser: Sendable {
    /// The deepest nesting of sequences and mappings accepted, checked while reading events.
    package var maxDepth: Int
    /// The most nodes aliases may add to one document by expanding (alias bombs), at least:
    /// the bound grows with the document, to `aliasExpansionRatio` times the nodes written in
    /// it so far, so a large document with honest aliases loads and a small one can't expand
    /// without end. Nodes written out are never limited: their number is bounded by the text.
    package var maxAliasNodes: Int
    /// How many nodes aliases may add per node written in the document, past `maxAliasNodes`.
    package var aliasExpansionRatio: Int
    /// Whether two equal keys in one mapping are an error (at the second key).
    package var rejectsDuplicateKeys: Bool

    package init(
        maxDepth: Int = 64, maxAliasNodes: Int = 100_000, aliasExpansionRatio: Int = 10,
        rejectsDuplicateKeys: Bool = true
    ) {
        self.maxDepth = maxDepth
        self.maxAliasNodes = maxAliasNodes
        self.aliasExpansionRatio = aliasExpansionRatio
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// Every document of a YAML stream, in order (none for empty input).
    package func parseStream(_ text: [UInt8]) throws(YAMLError) -> [YAMLNode] {
        var documents: [YAMLNode] = []
        try read(text) { (document, _) throws(YAMLError) in documents.append(document) }
        return documents
    }

    /// The single document of a YAML text; no document, or a second one, is an error.
    package func parseDocument(_ text: [UInt8]) throws(YAMLError) -> YAMLNode {
        var single: YAMLNode?
        try read(text) { (document, start) throws(YAMLError) in
            guard single == nil else {
                throw YAMLError("expected a single YAML document, but a second one starts here", at: start)
            }
            single = document
        }
        guard let single else { throw YAMLError("the YAML text is empty", at: SourceLocation(line: 1, column: 1)) }
        return single
    }

    /// A convenience for text already in a `String`.
    package func parseDocument(_ text: String) throws(YAMLError) -> YAMLNode {
        try parseDocument(Array(text.utf8))
    }

    /// Whether the first document's root is a mapping with one of `keys` among its own keys
    /// (`openapi`, `swagger`), read from libyaml's events without building nodes or expanding
    /// aliases, so it is cheap for a text of any size; false for text that is not YAML, and for
    /// a key that comes after nesting deeper than `maxDepth`, which reading the document would
    /// refuse anyway (libyaml's work grows with the square of the nesting: reading on would take
    /// seconds for a text that opens 100,000 flow sequences).
    package func rootHasKey(among keys: Set<String>, in text: [UInt8]) -> Bool {
        guard !text.isEmpty else { return false }
        return text.withUnsafeBufferPointer { buffer in
            let reader = EventReader(buffer)
            // The depth of the event read last: 1 inside the root collection.
            var depth = 0
            // Whether the next scalar or collection at depth 1 of the root mapping is a key.
            var expectsKey = true
            var rootIsMapping = false
            while let (event, _) = try? reader.next() {
                switch event {
                case .mappingStart, .sequenceStart:
                    if depth == 0 {
                        guard case .mappingStart = event else { return false }
                        rootIsMapping = true
                    } else if depth == 1 {
                        expectsKey.toggle()
                    }
                    depth += 1
                    if depth > maxDepth { return false }
                case .mappingEnd, .sequenceEnd:
                    depth -= 1
                    if depth == 0 { return false }
                case .scalar(let text, _, _, _):
                    guard rootIsMapping else { return false }
                    if depth == 1 {
                        if expectsKey, keys.contains(text) { return true }
                        expectsKey.toggle()
                    }
                case .alias:
                    if depth == 1 { expectsKey.toggle() }
                case .streamEnd, .documentEnd:
                    return false
                case .streamStart, .documentStart:
                    break
                }
            }
            return false
        }
    }

    private func read(
        _ text: [UInt8], onDocument: (YAMLNode, SourceLocation) throws(YAMLError) -> Void
    ) throws(YAMLError) {
        guard !text.isEmpty else { return }
        let result: Result<Void, YAMLError> = text.withUnsafeBufferPointer { buffer in
            let reader = EventReader(buffer)
            var builder = DocumentBuilder(limits: self)
            var documentStart = SourceLocation(line: 1, column: 1)
            do throws(YAMLError) {
                while true {
                    let (event, location) = try reader.next()
                    switch event {
                    case .streamEnd:
                        return .success(())
                    case .documentStart:
                        documentStart = location
                        builder = DocumentBuilder(limits: self)
                    case .documentEnd:
                        try onDocument(try builder.finish(at: location), documentStart)
                    default:
                        try builder.add(event, at: location)
                    }
                }
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}
