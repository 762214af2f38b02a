import XToolSpec

/// The API's credentials: each security scheme the operations require, as a provided value
/// sent with every request (and left out, with `omit:`, by operations that don't need it).
struct SecurityPlan {
    var fixed: [ProvidedDraft] = []
    var headers: [ProvidedDraft] = []
    /// Notes on schemes the spec can't send.
    var comments: [String] = []
    /// The header or parameter each scheme sends, by scheme name.
    var wireNames: [String: String] = [:]
    /// Every header or parameter the schemes send, in order.
    var allNames: [String] = []
    /// Whether any operation (or the whole document) names its requirements.
    var hasRequirements = false
}

extension Importer {
    /// Reads `components/securitySchemes` and every `security` requirement.
    mutating func securityPlan() -> SecurityPlan {
        var plan = SecurityPlan()
        var used: Set<String> = []
        var optional: Set<String> = []
        var requirements: [Located] = root["security"].map { [$0] } ?? []
        for (_, _, value) in root["paths"]?.entries ?? [] {
            guard let item = resolved(value) else { continue }
            for (_, _, operation) in operations(of: item) {
                if let requirement = operation["security"] { requirements.append(requirement) }
            }
        }
        for requirement in requirements {
            let alternatives = requirement.items
            let isOptional = alternatives.count > 1 || alternatives.contains { $0.entries.isEmpty }
            for alternative in alternatives {
                for (scheme, _, _) in alternative.entries {
                    used.insert(scheme)
                    if isOptional { optional.insert(scheme) }
                }
            }
        }
        plan.hasRequirements = !requirements.isEmpty
        var labels = MemberNames(taken: ReservedNames.initializerLabels)
        for (name, keyNode, value) in root["components"]?["securitySchemes"]?.entries ?? [] {
            guard used.contains(name) || !plan.hasRequirements, let scheme = resolved(value) else { continue }
            let origin = Origin(document: value.document, location: keyNode.location)
            let isOptional = optional.contains(name) || !plan.hasRequirements
            add(scheme, named: name, at: origin, optional: isOptional, to: &plan, labels: &labels)
        }
        return plan
    }

    private mutating func add(
        _ scheme: Located, named name: String, at origin: Origin, optional: Bool, to plan: inout SecurityPlan,
        labels: inout MemberNames
    ) {
        let type = scheme.node["type"]?.string ?? ""
        let httpScheme = scheme.node["scheme"]?.string?.lowercased()
        var value: ProvidedDraft
        var isHeader = true
        switch (type, httpScheme) {
        case ("apiKey", _):
            guard let wireName = scheme.node["name"]?.string else { return }
            let place = scheme.node["in"]?.string ?? "header"
            guard place == "header" || place == "query" else {
                warning("the API key '\(wireName)' goes in a cookie, which the spec language can't send", at: origin)
                plan.comments.append(
                    "security scheme \(name): the API key '\(wireName)' goes in a cookie, which the spec can't send")
                return
            }
            isHeader = place == "header"
            value = ProvidedDraft(name: wireName, label: label("apiKey", scheme: name, labels: &labels))
            if !isHeader { value.placement = "query" }
        case ("http", "bearer"):
            value = ProvidedDraft(
                name: "Authorization", label: label("token", scheme: name, labels: &labels), prefix: "Bearer ")
            if let format = scheme.node["bearerFormat"]?.string { value.comments = ["a \(format) bearer token"] }
        case ("http", "basic"):
            value = ProvidedDraft(
                name: "Authorization", label: label("credentials", scheme: name, labels: &labels), prefix: "Basic ")
            value.comments = ["HTTP basic authentication: provide the base64 of user:password"]
        case ("oauth2", _), ("openIdConnect", _):
            value = ProvidedDraft(
                name: "Authorization", label: label("accessToken", scheme: name, labels: &labels), prefix: "Bearer ")
            warning(
                "the \(type) flows are not run by the generated code: provide the access token it yields", at: origin)
            value.comments = ["\(type) (\(name)): the app gets the access token; the spec sends it as a Bearer token"]
        default:
            warning(
                "the security scheme '\(name)' (\(type) \(httpScheme ?? "")) can't be sent by the spec language",
                at: origin)
            plan.comments.append("security scheme \(name) (\(type) \(httpScheme ?? "")) can't be sent by the spec")
            return
        }
        value.optional = optional
        let existing = (plan.headers + plan.fixed).first { $0.name == value.name }
        if let existing {
            plan.wireNames[name] = existing.name
            if existing.prefix != value.prefix {
                warning(
                    "the security scheme '\(name)' also uses '\(value.name)'; the spec sends the first scheme's value there",
                    at: origin)
                plan.comments.append(
                    "security scheme \(name) shares '\(value.name)' with another scheme; only the first is sent")
            }
            return
        }
        plan.wireNames[name] = value.name
        plan.allNames.append(value.name)
        if isHeader { plan.headers.append(value) } else { plan.fixed.append(value) }
    }

    /// The label a provided value takes: `preferred`, else one from the scheme's name.
    private func label(_ preferred: String, scheme: String, labels: inout MemberNames) -> String {
        guard labels.contains(preferred) else { return labels.take(preferred) }
        let fromScheme = SwiftNaming.memberName(scheme) ?? preferred
        return labels.take(SwiftNaming.unique(fromScheme) { labels.contains($0) || !SwiftNaming.isIdentifier($0) })
    }

    /// The headers and parameters of the schemes an operation requires.
    func securityNames(for operation: Located) -> Set<String> {
        guard let requirement = operation["security"] ?? root["security"] else {
            return security.hasRequirements ? [] : Set(security.allNames)
        }
        var names: Set<String> = []
        for alternative in requirement.items {
            for (scheme, _, _) in alternative.entries {
                if let name = security.wireNames[scheme] { names.insert(name) }
            }
        }
        return names
    }
}
