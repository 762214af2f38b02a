import XToolSpec

// `params:`'s one home in the context layer: what the templates receive of each argument of an
// endpoint's method, and how it is made from `Spec.Parameter` (the whole body's facts are
// BodyContext.swift's).

/// A parameter of an endpoint's method.
package struct ParameterContext: Encodable, Sendable {
    /// The parameter's name inside the method, ready for code (`sinceID`, `` `default` ``).
    package var name: String
    /// Its argument label at a call site (keywords need no back-quotes there).
    package var label: String
    /// Its Swift type (`String?`, `[Int]`).
    package var type: String
    /// Its default value as a Swift expression (`nil` for an optional without one; absent
    /// when the argument is required).
    package var defaultValue: String?
    /// The name the server sees, as a string literal (empty for the whole body).
    package var wireName: String
    /// Where it goes: `path`, `query`, `header`, `body`, or `file` (a multipart file part).
    package var location: String
    /// The argument is the request's whole JSON body.
    package var wholeBody: Bool
    /// The argument is a file whose bytes are the request's whole body.
    package var fileBody: Bool
    /// How an array or object is written (`csv`, `brackets`, `deepObject`); null for the
    /// default, a repeated key.
    package var style: String?
    /// For a parameter that can be sent as an explicit null, the type it wraps (the argument is
    /// the runtime's `Nullable` of it, optional); null otherwise.
    package var nullable: String?
    /// How its dates are written (`format:`), when not as the API writes dates.
    package var dateFormat: DateStyleContext?
    package var doc: [String]
}

extension ParameterContext {
    /// The argument `parameter`, its whole-body facts from `BodyContext`.
    init(_ parameter: Spec.Parameter) {
        let location = parameter.isFilePart ? "file" : parameter.location.rawValue
        let body = BodyContext(parameter.wholeBody)
        self.init(
            name: parameter.swiftName,
            label: SwiftNaming.argumentLabel(parameter.swiftName),
            type: parameter.type.swiftSpelling,
            defaultValue: parameter.defaultValue.map(SwiftExpressions.defaultValue)
                ?? (parameter.defaultsToNil ? "nil" : nil),
            wireName: SwiftText.stringLiteral(parameter.name),
            location: location,
            wholeBody: body.wholeBody,
            fileBody: body.fileBody,
            style: parameter.style?.rawValue,
            nullable: parameter.nullable ? parameter.type.unwrapped.swiftSpelling : nil,
            dateFormat: parameter.dateFormat.map(DateStyleContext.init),
            doc: SwiftText.docCommentLines(parameter.summary))
    }
}
