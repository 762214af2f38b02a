import XToolYAML

// `servers:` and an endpoint's `server:`, the one home of the concept in XToolSpec: its value
// (a server, with the initializer argument derived once), how both are read, and the rule that
// keeps a server's argument apart from a provided value's label.
extension Spec {
    /// Another server some endpoints are on (`servers: { accounts: https://www.reddit.com/ }`).
    package struct Server: Sendable, Hashable {
        /// Its name (`accounts`), a valid identifier: what its endpoints' `server:` says.
        package var name: String
        /// Its default base URL.
        package var url: String
        /// The API initializer's argument (`accountsBaseURL`), derived once by the reader.
        package var argument: String
    }
}

/// `servers:` at the top level, `server:` in an endpoint.
extension SpecReader {
    /// `servers: { accounts: https://www.reddit.com/ }`: the other servers endpoints may be on,
    /// each an argument of the API initializer with its URL as the default.
    mutating func readServers(_ entry: MappingNode.Entry, baseURL: String?) -> [Spec.Server] {
        guard let map = mapping(entry.value, owner: entry.keyNode, what: "servers", allowedKeys: []) else { return [] }
        return map.entries.compactMap { item in
            let what = "the server '\(item.key)'"
            guard SwiftNaming.isIdentifier(item.key) else {
                error(
                    "\(what) must be named with a Swift identifier: the API initializer's argument is "
                        + "'<name>BaseURL'", at: item.keyNode)
                return nil
            }
            let argument = GeneratedNames.serverArgument(server: item.key)
            if ReservedNames.initializerLabels.contains(argument) {
                error("\(what) becomes the argument '\(argument)', which the initializer has already", at: item.keyNode)
                return nil
            }
            guard let url = nonEmptyText(item.value, what: "the URL of \(what)") else { return nil }
            if let problem = URLSyntax.problemWithBaseURL(url) {
                error("invalid URL '\(url)' for \(what): \(problem)", at: item.value)
                return nil
            }
            if url == baseURL { warning("\(what) is the baseURL; its endpoints need no 'server:'", at: item.value) }
            return Spec.Server(name: item.key, url: url, argument: argument)
        }
    }

    /// A server's initializer argument can't be a provided value's label too.
    mutating func checkServerArguments(
        _ servers: [Spec.Server], in top: MappingNode, against values: [Spec.FixedValue]
    ) {
        let labels = Set(
            values.compactMap { value -> String? in
                if case .provided(let label) = value.source { return SwiftNaming.bare(label) }
                return nil
            })
        for server in servers where labels.contains(server.argument) {
            guard let node = top.value("servers")?.entries.first(where: { $0.key == server.name })?.keyNode else {
                continue
            }
            error(
                "the server '\(server.name)' becomes the argument '\(server.argument)', "
                    + "a provided value's label too", at: node)
        }
    }

    /// `server: accounts`: one of the servers under `servers:`.
    mutating func readServerName(_ node: YAMLNode, servers: [String]) -> String? {
        guard let name = nonEmptyText(node, what: "the endpoint's server") else { return nil }
        guard servers.contains(name) else {
            error(
                "'\(name)' is not one of the servers declared under 'servers:'"
                    + Suggestions.didYouMean(name, in: servers),
                at: node)
            return nil
        }
        return name
    }
}

// The base URL's variables (`baseURL: https://api.example.{tld}/`, `baseURLVariables:`): their
// value, the one rule for a URL with variables (shared with the OpenAPI import), and their reader.
extension Spec {
    /// A variable of the base URL, chosen by the app (`{tld}`, one of `com`, `eu`…).
    package struct BaseURLVariable: Sendable, Hashable {
        /// Its name in the URL, between braces.
        package var name: String
        /// The argument that chooses it (`tld`), derived once by the reader.
        package var argument: String
        /// The value the base URL takes unless the app chooses another.
        package var defaultValue: String
        /// The values it may take, as an enum nested in the API type (`Tld`); nil: any text.
        package var choices: EnumType?
        package var summary: String?
    }
}

extension URLSyntax {
    /// Why `template`, a base URL whose `{name}`s are variables, is no base URL for every value
    /// of them (each variable's default, and each listed value with the others at their
    /// defaults), or nil when it is one. `variables` gives each name's default first.
    package static func problemWithBaseURL(_ template: String, variables: [(name: String, values: [String])])
        -> String?
    {
        let names = placeholders(in: template)
        if let undeclared = names.first(where: { name in !variables.contains { $0.name == name } }) {
            return "'{\(undeclared)}' is not declared under baseURLVariables:"
        }
        if let unused = variables.first(where: { !names.contains($0.name) }) {
            return "it has no '{\(unused.name)}', a variable declared under baseURLVariables:"
        }
        let defaults = Dictionary(variables.map { ($0.name, $0.values.first ?? "") }, uniquingKeysWith: { a, _ in a })
        var choices = [defaults]
        for variable in variables {
            for value in variable.values.dropFirst() { choices.append(defaults.merging([variable.name: value]) { $1 }) }
        }
        for values in choices {
            let url = expanding(template, with: values)
            if let problem = problemWithBaseURL(url) { return url == template ? problem : "as \(url), \(problem)" }
        }
        return nil
    }

    /// The names between braces in `template`, in order.
    package static func placeholders(in template: String) -> [String] {
        template.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { part in
            part.firstIndex(of: "}").map { String(part[..<$0]) }
        }
    }

    /// `template` with each `{name}` replaced by its value.
    package static func expanding(_ template: String, with values: [String: String]) -> String {
        values.reduce(template) { text, pair in text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value) }
    }
}

extension SpecReader {
    /// `baseURLVariables: { tld: { enum: [com, eu], default: com }, basePath: v1 }`: each
    /// variable of the base URL, a text with its default or a value of an enum (its default the
    /// first unless given); each an argument of the API type's `baseURL(…)`.
    mutating func readBaseURLVariables(_ entry: MappingNode.Entry, apiTypeName: String?) -> [Spec.BaseURLVariable] {
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "baseURLVariables", allowedKeys: [])
        else { return [] }
        var arguments: [String: String] = [:]
        return map.entries.compactMap { item in
            let what = "the base URL's variable '\(item.key)'"
            guard let argument = memberName(item.key) else {
                error("can't derive a Swift argument name from \(what)", at: item.keyNode)
                return nil
            }
            if let other = arguments[argument] {
                error("\(what) and '\(other)' both make the argument '\(argument)'", at: item.keyNode)
                return nil
            }
            arguments[argument] = item.key
            guard case .mapping = item.value.content else {
                return text(item.value, what: "the default of \(what)").map {
                    Spec.BaseURLVariable(
                        name: item.key, argument: SwiftNaming.memberIdentifier(argument), defaultValue: $0)
                }
            }
            return readBaseURLVariable(item, argument: argument, what: what, apiTypeName: apiTypeName)
        }
    }

    private mutating func readBaseURLVariable(
        _ item: MappingNode.Entry, argument: String, what: String, apiTypeName: String?
    ) -> Spec.BaseURLVariable? {
        guard
            let map = mapping(
                item.value, owner: item.keyNode, what: what, allowedKeys: SpecKeys.baseURLVariable)
        else { return nil }
        let summary = map.value("summary").flatMap { text($0, what: "summary") }
        var choices: Spec.EnumType?
        if let node = map.value("enum") {
            let typeName = SwiftNaming.nestedTypeIdentifier(SwiftNaming.typeName(argument) ?? argument)
            let model = modelNames[typeName] != nil ? "the model '\(typeName)'" : nil
            let api = typeName == apiTypeName ? "the API type" : nil
            if let shadowed = ReservedNames.shadowed(by: typeName) ?? model ?? api {
                error("the values of \(what) would be the enum '\(typeName)', which shadows \(shadowed)", at: node)
                return nil
            }
            guard let type = readEnum(node, named: typeName) else { return nil }
            guard !type.isInteger, type.heldByUnknown.isEmpty else {
                error("the values of \(what) are texts, none of them 'unknown'", at: node)
                return nil
            }
            choices = type
        }
        let defaultNode = map.value("default")
        guard
            let defaultValue = defaultNode.flatMap({ text($0, what: "the default of \(what)") })
                ?? choices?.cases.first?.value
        else {
            error("\(what) needs a default: (or an enum:, whose first value is the default)", at: item.keyNode)
            return nil
        }
        if let choices, let defaultNode, !choices.cases.contains(where: { $0.value == defaultValue }) {
            error("the default '\(defaultValue)' of \(what) is not one of its enum's values", at: defaultNode)
            return nil
        }
        return Spec.BaseURLVariable(
            name: item.key, argument: SwiftNaming.memberIdentifier(argument), defaultValue: defaultValue,
            choices: choices, summary: summary)
    }
}
