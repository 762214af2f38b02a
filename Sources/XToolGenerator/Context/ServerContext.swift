import XToolSpec

// `servers:`'s and `baseURLVariables:`'s one home in the context layer: what the API type's
// template receives of each other server and of each variable of the base URL, and how they are
// made from `Spec.Server` and `Spec.BaseURLVariable`. (An endpoint's `server:` reaches the
// templates as its name, a string literal.)

/// Another server: an initializer argument `label` (a Swift identifier) whose default is `url`
/// (a string literal), named by its endpoints as `name` (the label as a string literal).
package struct ServerContext: Encodable, Sendable {
    package var label: String
    package var name: String
    package var url: String
}

extension ServerContext {
    init(_ server: Spec.Server) {
        self.init(
            label: server.argument, name: SwiftText.stringLiteral(server.name), url: SwiftText.stringLiteral(server.url)
        )
    }
}

/// A variable of the base URL: the argument `label` of the API type's `baseURL(…)`, of `type`
/// (`String`, or the nested enum `choices` names) with its default `defaultValue` (a Swift
/// expression), whose text is `value` (a Swift expression) put in place of `{name}` (`name` as
/// a string literal).
package struct BaseURLVariableContext: Encodable, Sendable {
    package var label: String
    package var name: String
    package var type: String
    package var defaultValue: String
    package var value: String
    package var doc: [String]
    package var choices: BaseURLChoicesContext?
}

/// The values a variable of the base URL may take: the cases of the enum `typeName`, each a
/// case `name` with its text `value` (a string literal; nil when it is the case's name).
package struct BaseURLChoicesContext: Encodable, Sendable {
    package struct Case: Encodable, Sendable {
        package var name: String
        package var value: String?
    }

    package var typeName: String
    package var cases: [Case]
}

extension BaseURLVariableContext {
    init(_ variable: Spec.BaseURLVariable) {
        let label = variable.argument
        guard let choices = variable.choices else {
            self.init(
                label: label, name: SwiftText.stringLiteral(variable.name), type: "String",
                defaultValue: SwiftText.stringLiteral(variable.defaultValue), value: label,
                doc: SwiftText.docCommentLines(variable.summary), choices: nil)
            return
        }
        let defaultCase = choices.cases.first { $0.value == variable.defaultValue }?.swiftName ?? ""
        self.init(
            label: label, name: SwiftText.stringLiteral(variable.name), type: choices.swiftName,
            defaultValue: "." + defaultCase, value: label + ".rawValue",
            doc: SwiftText.docCommentLines(variable.summary),
            choices: BaseURLChoicesContext(
                typeName: choices.swiftName,
                cases: choices.cases.map {
                    .init(
                        name: $0.swiftName,
                        value: SwiftNaming.bare($0.swiftName) == $0.value ? nil : SwiftText.stringLiteral($0.value))
                }))
    }
}
