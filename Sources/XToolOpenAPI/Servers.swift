import XToolSpec

extension Importer {
    /// `servers[0]` with its variables at their defaults, as the spec's `baseURL` (ending in
    /// `/`), and notes on the variables and the other servers.
    mutating func baseURL() -> (url: String, comments: [String]) {
        let servers = root["servers"]?.items ?? []
        guard let server = servers.first, var url = server.node["url"]?.string else {
            warning(
                "the document names no server; baseURL is https://example.com/ until you set it",
                at: root.keyOrigin("openapi"))
            return ("https://example.com/", ["the document names no server: set the API's address"])
        }
        var comments: [String] = []
        for (name, _, variable) in server["variables"]?.entries ?? [] {
            let value = variable.node["default"]?.scalarText ?? ""
            url = url.replacingOccurrences(of: "{\(name)}", with: value)
            let others = (variable["enum"]?.items.compactMap(\.node.scalarText) ?? []).filter { $0 != value }
            comments.append(
                "server variable {\(name)} = \(value)"
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
        let others = servers.dropFirst().compactMap { $0.node["url"]?.string }
        if !others.isEmpty { comments.append("other servers: " + others.joined(separator: ", ")) }
        return (url, comments)
    }
}
