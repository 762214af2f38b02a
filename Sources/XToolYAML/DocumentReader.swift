import XToolDiagnostics

/// A document's text as a node tree, whichever of the two it is written in: JSON (an OpenAPI
/// `.json` document, a HAR capture, a spec in JSON) is read by `JSONReader`, which takes all of
/// RFC 8259, and everything else by `YAMLParser`. Text that opens like JSON but is none is read
/// as YAML (a flow mapping), and reported as JSON when YAML can't read it either.
package struct DocumentReader: Sendable {
    package var yaml: YAMLParser
    package var json: JSONReader

    /// Both readers with the same bound on nesting and the same rule for duplicate keys.
    package init(maxDepth: Int = 64, rejectsDuplicateKeys: Bool = true) {
        yaml = YAMLParser(maxDepth: maxDepth, rejectsDuplicateKeys: rejectsDuplicateKeys)
        json = JSONReader(maxDepth: maxDepth, rejectsDuplicateKeys: rejectsDuplicateKeys)
    }

    /// The single document of `text`.
    package func parseDocument(_ text: [UInt8]) throws(YAMLError) -> YAMLNode {
        guard JSONReader.looksLikeJSON(text) else { return try yaml.parseDocument(text) }
        do {
            return try json.parseDocument(text)
        } catch let jsonError {
            guard let node = try? yaml.parseDocument(text) else { throw jsonError }
            return node
        }
    }
}
