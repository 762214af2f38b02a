import XToolSpec

/// A variable of the document's server as the spec's `baseURLVariables:` writes it: its default,
/// the values the document lists, and whether they are the spec's enum (else any text).
struct BaseURLVariableDraft {
    var name: String
    var defaultValue: String
    var values: [String] = []
    var isEnum = false
    var summary: String?
}

extension Importer {
    /// `servers[0]` as the spec's `baseURL` (ending in `/`) with its variables, or at their
    /// defaults where the URL with them is no base URL; notes on what isn't kept (the other
    /// servers). A variable's enum can't take one of `takenTypeNames` (the models, the API type).
    mutating func baseURL(takenTypeNames modelNames: Set<String>) -> (
        url: String, variables: [BaseURLVariableDraft], comments: [String]
    ) {
        let servers = root["servers"]?.items ?? []
        guard let server = servers.first, var url = server.node["url"]?.string else {
            warning(
                "the document names no server; baseURL is https://example.com/ until you set it",
                at: root.keyOrigin("openapi"))
            return ("https://example.com/", [], ["the document names no server: set the API's address"])
        }
        var comments: [String] = []
        let others = servers.dropFirst().compactMap { $0.node["url"]?.string }
        if !others.isEmpty { comments.append("other servers: " + others.joined(separator: ", ")) }
        let variables = (server["variables"]?.entries ?? []).map { name, _, variable in
            var draft = BaseURLVariableDraft(
                name: name, defaultValue: variable.node["default"]?.scalarText ?? "",
                values: variable["enum"]?.items.compactMap(\.node.scalarText) ?? [],
                summary: (variable.node["description"]?.string).flatMap(Importer.summary))
            draft.isEnum = Self.canBeEnum(draft, takenTypeNames: modelNames)
            return draft
        }
        let choices = variables.map { ($0.name, [$0.defaultValue] + $0.values) }
        let arguments = variables.compactMap { SwiftNaming.memberName($0.name) }
        let template = url.hasSuffix("/") ? url : url + "/"
        if !variables.isEmpty, Set(arguments).count == variables.count,
            URLSyntax.problemWithBaseURL(template, variables: choices) == nil
        {
            comments += variables.filter { !$0.isEnum && !$0.values.isEmpty }.map {
                "the server variable {\($0.name)} is one of \($0.values.joined(separator: ", ")), "
                    + "which can't all be Swift cases: any text is accepted"
            }
            return (template, variables, comments)
        }
        for variable in variables {
            url = url.replacingOccurrences(of: "{\(variable.name)}", with: variable.defaultValue)
            let others = variable.values.filter { $0 != variable.defaultValue }
            comments.append(
                "server variable {\(variable.name)} = \(variable.defaultValue)"
                    + (others.isEmpty ? "" : " (also \(others.joined(separator: ", ")))"))
        }
        if !url.contains("://") {
            warning(
                "the server '\(url)' is relative to where the document is served; baseURL uses https://example.com",
                at: server)
            comments.append("the document's server is '\(url)', relative to where it is served: set the host")
            url = "https://example.com" + (url.hasPrefix("/") ? "" : "/") + url
        }
        if !url.hasSuffix("/") { url += "/" }
        if let problem = URLSyntax.problemWithBaseURL(url) {
            warning("the server '\(url)' can't be a baseURL (\(problem)); baseURL is https://example.com/", at: server)
            comments.append("the document's server '\(url)' can't be a baseURL: \(problem)")
            url = "https://example.com/"
        }
        return (url, [], comments)
    }

    /// Whether a server variable's `enum` can be a Swift enum nested in the API type: its
    /// default one of its values, each value a distinct case name but `unknown`, and the type's
    /// name taken by nothing the API type's code names.
    private static func canBeEnum(_ variable: BaseURLVariableDraft, takenTypeNames: Set<String>) -> Bool {
        let caseNames = variable.values.map(SwiftNaming.memberName)
        guard !variable.values.isEmpty, variable.values.contains(variable.defaultValue), !caseNames.contains(nil),
            !caseNames.contains("unknown"), Set(caseNames).count == caseNames.count,
            let typeName = SwiftNaming.memberName(variable.name).flatMap(SwiftNaming.typeName)
        else { return false }
        return ReservedNames.shadowed(by: typeName) == nil && !takenTypeNames.contains(typeName)
    }
}
