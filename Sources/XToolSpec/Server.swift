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
