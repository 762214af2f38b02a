/// Every name the generated code derives from a name of the spec, spelled once: the spec reader
/// checks them for clashes, the context builder writes them, and the OpenAPI importer keeps clear
/// of them. A change here changes all three (and the snapshots).
package enum GeneratedNames {
    /// The API type: `Weibo` -> `WeiboAPI`. A name that starts with a capital is kept as written
    /// (`GitHubGraphQL` -> `GitHubGraphQLAPI`, `AMap` -> `AMapAPI`); another is derived as a type
    /// name (`weibo` -> `WeiboAPI`).
    package static func apiType(api: String) -> String {
        guard api.first?.isUppercase != true else { return api + "API" }
        return (SwiftNaming.typeName(api) ?? api) + "API"
    }

    /// A tool's type from the type name of its spec name: `Status` -> `StatusTool`.
    package static func toolType(base: String) -> String {
        base + "Tool"
    }

    /// A tool's type from its name in the spec (`status` -> `StatusTool`); nil when no type name
    /// can be derived from it. A name that is a type name already is kept as written
    /// (`GraphQL` -> `GraphQLTool`), as an API's is.
    package static func toolType(tool: String) -> String? {
        if tool.first?.isUppercase == true, SwiftNaming.isIdentifier(tool), !SwiftNaming.keywords.contains(tool) {
            return toolType(base: tool)
        }
        return SwiftNaming.typeName(tool).map(toolType(base:))
    }

    /// The method that returns the response's status and headers with the value:
    /// `newStatuses` -> `newStatusesWithResponse`.
    package static func withResponseMethod(_ method: String) -> String {
        method + "WithResponse"
    }

    /// The method of a paginated endpoint that lists every item: `newStatuses` ->
    /// `newStatusesItems`, or `getPlaylistItemsSequence` for a name that ends in `Items` already
    /// (not `…ItemsItems`).
    package static func itemsMethod(_ method: String) -> String {
        method + (method.hasSuffix("Items") ? "Sequence" : "Items")
    }

    /// The struct of an endpoint's typed response headers, nested in its tool: `issue` ->
    /// `IssueHeaders`.
    package static func headersType(method: String) -> String {
        (SwiftNaming.typeName(method) ?? method) + "Headers"
    }

    /// The tool's static description of an endpoint's request (visible in the module: the
    /// samples' table names it): `newStatuses` ->
    /// `newStatusesRequest` (`method` without back-quotes).
    package static func requestProperty(_ method: String) -> String {
        method + "Request"
    }

    /// The API initializer's argument of another server (`servers:`): `accounts` ->
    /// `accountsBaseURL`.
    package static func serverArgument(server: String) -> String {
        server + "BaseURL"
    }

    /// The private box of a recursive field: `_retweetedStatus`; a name that already begins
    /// with an underscore (`_2fa`, `_self`) gets a suffix instead, as `swift format` rejects `__`.
    package static func storage(field: String) -> String {
        field.hasPrefix("_") ? field + "Storage" : "_" + field
    }
}

/// The names an endpoint's code takes, derived once from its method's name (by the reader, which
/// checks them for clashes, and stored on `Spec.Endpoint`); the context builder and the importer
/// read them here instead of deriving them again. The companion that lists every item of a
/// paginated endpoint is `Spec.Pagination.itemsName`.
package struct EndpointNames: Sendable, Hashable {
    /// The method's name without back-quotes (`newStatuses`, `default`).
    package var method: String
    /// `newStatusesWithResponse`.
    package var withResponse: String
    /// `newStatusesRequest`: the tool's static description of the request.
    package var request: String

    /// The names of an endpoint whose member name (`SwiftNaming.memberName` of its key) is
    /// `memberName`: the method is `memberName` as code must write it (`self` is `_self`).
    package init(memberName: String) {
        let method = SwiftNaming.bare(SwiftNaming.memberIdentifier(memberName))
        self.method = method
        withResponse = GeneratedNames.withResponseMethod(method)
        request = GeneratedNames.requestProperty(method)
    }

    /// The methods every endpoint declares in its tool, whatever its keys: `method` and
    /// `withResponse`.
    package var methods: [String] { [method, withResponse] }
}
