import XToolSpec

// `response:`'s one home in the context layer: what the templates receive of an endpoint's
// response and of its typed headers, and how it is made from `Spec.Response`.

/// The value an endpoint returns.
package struct ResponseContext: Encodable, Sendable {
    /// Its Swift type.
    package var type: String
    /// The key path of the value in the payload as a string literal (absent: the whole payload).
    package var path: String?
    /// `text` or `data` for a body returned as it is (the runtime's `ResponseFormat`); null for JSON.
    package var format: String?
}

/// The typed headers of an endpoint's response: a struct nested in the tool.
package struct ReceivedHeadersContext: Encodable, Sendable {
    package var typeName: String
    package var fields: [HeaderFieldContext]
    /// Doc comment lines naming the tool's other endpoints whose responses share the struct;
    /// empty when no other does.
    package var doc: [String] = []
}

package struct HeaderFieldContext: Encodable, Sendable {
    /// The property's name, ready for code.
    package var name: String
    package var type: String
    /// The header's name as a string literal.
    package var header: String
    package var doc: [String]
    /// The header's own date style (absent: HTTP's date format).
    package var dateFormat: DateStyleContext?
}

extension ResponseContext {
    init(_ response: Spec.Response) {
        self.init(
            type: response.type.swiftSpelling,
            path: response.path.components.isEmpty ? nil : SwiftExpressions.keyPath(response.path),
            format: response.format == .json ? nil : response.format.rawValue)
    }
}

extension ReceivedHeadersContext {
    /// The struct of the headers a response names; nil when it names none.
    init?(_ response: Spec.Response) {
        guard let typeName = response.headersTypeName else { return nil }
        self.init(
            typeName: typeName,
            fields: response.headers.map { header in
                HeaderFieldContext(
                    name: header.swiftName, type: header.type.swiftSpelling,
                    header: SwiftText.stringLiteral(header.name), doc: SwiftText.docCommentLines(header.summary),
                    dateFormat: header.dateFormat.map(DateStyleContext.init))
            })
    }
}
