import XToolSpec

// `params:`'s one home in the context layer: what the templates receive of each argument of an
// endpoint's method, and how it is made from `Spec.Parameter` (the whole body's facts are
// BodyContext.swift's), and the signatures the methods are written in (`spread: true`).

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
    /// In a spread signature, the model its methods take the members of as arguments and build
    /// (a `spread: true` parameter); null where the argument is the parameter itself.
    package var spread: SpreadContext? = nil
}

/// A model built from a spread signature's arguments: `SearchVariables(search: search)`.
package struct SpreadContext: Encodable, Sendable {
    /// The model's type name.
    package var type: String
    /// The members: the methods' parameters, and the initializer's arguments of the same names.
    package var members: [ParameterContext]
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
            defaultValue: parameter.defaultValue.map { SwiftExpressions.defaultValue($0) }
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

/// One signature of an endpoint's methods, which the templates write once each: the parameters
/// as declared, then, when one is `spread: true`, with the members of its model in its place.
package struct SignatureContext: Encodable, Sendable {
    /// The endpoint's parameters; in the spread signature, a spread one has `spread`.
    package var parameters: [ParameterContext]
    package var hasParameters: Bool
    /// The doc comment of its `async` method.
    package var doc: [String]
}

extension SignatureContext {
    /// The endpoint's signatures: as declared (with `doc`), and, when it spreads a parameter,
    /// with the members of each spread model in its place.
    static func signatures(of endpoint: Spec.Endpoint, doc: [String], models: [Spec.Model]) -> [SignatureContext] {
        let declared = endpoint.parameters.map(ParameterContext.init)
        let declaredForm = SignatureContext(parameters: declared, hasParameters: !declared.isEmpty, doc: doc)
        var spreadNames: [String] = []
        let parameters = zip(endpoint.parameters, declared).map { parameter, context in
            guard parameter.spread, case .model(let name) = parameter.type,
                let model = models.first(where: { $0.name == name })
            else { return context }
            let members = model.initializerArguments.map { member in
                var declaration = context
                declaration.name = member.name
                declaration.label = SwiftNaming.argumentLabel(member.name)
                declaration.type = member.type
                declaration.defaultValue = member.defaultValue
                declaration.nullable = nil
                declaration.dateFormat = nil
                declaration.doc = []
                return declaration
            }
            spreadNames.append("`\(name)`")
            var spread = context
            spread.spread = SpreadContext(type: name, members: members)
            return spread
        }
        guard !spreadNames.isEmpty else { return [declaredForm] }
        let spreadForm = SignatureContext(
            parameters: parameters, hasParameters: true,
            doc: SwiftText.docCommentLines(
                "As `\(endpoint.names.method)`, with the members of \(spreadNames.joined(separator: " and ")) as its "
                    + "arguments."))
        return [declaredForm, spreadForm]
    }
}
