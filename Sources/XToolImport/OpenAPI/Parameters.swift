import XToolSpec
import XToolYAML

extension Importer {
    /// Path, query and header parameters: the path's first, in the path's order (a parameter
    /// for each placeholder the document forgot among them), then the others, the path item's
    /// and then the operation's (which replace the path item's of the same name and place).
    mutating func parameters(
        _ operation: Located, shared: [Located], method: String, path: (text: String, origin: Origin), typeName: String,
        skipping credentials: [String], names: inout MemberNames, comments: inout [String]
    ) -> [MemberDraft] {
        var declared: [Located] = []
        for node in shared + (object("parameters", of: operation)?.items ?? []) {
            guard let parameter = resolved(node) else { continue }
            let key = (parameter.node["name"]?.string, parameter.node["in"]?.string)
            if let index = declared.firstIndex(where: { ($0.node["name"]?.string, $0.node["in"]?.string) == key }) {
                declared[index] = parameter
            } else {
                declared.append(parameter)
            }
        }
        let placeholders = Self.placeholders(path.text)
        var result: [MemberDraft] = []
        for parameter in declared {
            guard
                let member = self.parameter(
                    parameter, method: method, placeholders: placeholders, typeName: typeName,
                    skipping: credentials, names: &names, comments: &comments)
            else { continue }
            result.append(member)
        }
        let declaredInPath = declared.filter { $0.node["in"]?.string == "path" }.compactMap { $0.node["name"]?.string }
        for placeholder in placeholders where !declaredInPath.contains(placeholder) {
            warning(
                "the path '\(path.text)' has {\(placeholder)}, but the operation declares no such parameter; it is a String",
                at: path.origin)
            var member = MemberDraft(key: placeholder, type: .scalar("String"))
            member.place = "path"
            member.swiftName = names.override(for: placeholder, reserved: ReservedNames.parameterLabels)
            result.append(member)
        }
        let pathOrder = { (member: MemberDraft) in
            member.place == "path" ? placeholders.firstIndex(of: member.key) ?? 0 : placeholders.count
        }
        return result.enumerated().sorted { (pathOrder($0.element), $0.offset) < (pathOrder($1.element), $1.offset) }
            .map(\.element)
    }

    private mutating func parameter(
        _ parameter: Located, method: String, placeholders: [String], typeName: String, skipping credentials: [String],
        names: inout MemberNames, comments: inout [String]
    ) -> MemberDraft? {
        guard let name = parameter.node["name"]?.string, let place = parameter.node["in"]?.string else {
            warning("a parameter needs 'name' and 'in'; this one is left out", at: parameter)
            return nil
        }
        switch place {
        case "path" where !placeholders.contains(name):
            warning("the path parameter '\(name)' is not in the path; it is left out", at: parameter)
            return nil
        case "path", "query", "header":
            break
        case "cookie":
            warning("the cookie '\(name)' can't be sent: the spec language has no cookies", at: parameter)
            comments.append("the cookie parameter '\(name)' is left out: the spec language sends no cookies")
            return nil
        default:
            warning(
                "'in: \(place)' is not a parameter location of OpenAPI 3; '\(name)' is left out",
                at: parameter.keyOrigin("in"))
            return nil
        }
        // OpenAPI: header parameters named Accept, Content-Type or Authorization are ignored.
        if place == "header", ["accept", "content-type", "authorization"].contains(name.lowercased()) { return nil }
        if credentials.contains(name) {
            comments.append("the parameter '\(name)' is sent as the credential of the security scheme")
            return nil
        }

        var member = MemberDraft(key: name, type: .json)
        member.origin = parameter.origin
        member.place = place
        member.summary = Self.summary(of: parameter)
        if parameter.node["deprecated"]?.isTrue == true { member.summary = "Deprecated. " + (member.summary ?? "") }
        let schema: Located? = parameter["schema"]
        var type: TypeDraft
        if let schema {
            type =
                textUnion(schema)
                ?? self.type(of: schema, suggested: typeName + SwiftNaming.typeName(preservingCase: name))
        } else if let content = object("content", of: parameter) {
            let mediaType = content.entries.first?.key ?? "?"
            warning(
                "the parameter '\(name)' is \(mediaType); it is sent as a String you encode",
                at: parameter.keyOrigin("content"))
            type = .scalar("String")
            type.comments = ["'\(name)' is \(mediaType) text: encode it yourself"]
        } else {
            type = .scalar("String")
        }
        guard let sendable = sendableType(type, parameter: parameter, name: name, place: place, method: method) else {
            comments.append("the parameter '\(name)' is left out: the spec language can't send it in the \(place)")
            return nil
        }
        (member.type, member.style) = sendable
        member.location = place == "path" || (place == "query" && (method == "get" || method == "delete")) ? nil : place
        let required = place == "path" || parameter.node["required"]?.isTrue == true
        member.optional = !required
        let resolvedSchema = schema.flatMap { resolved($0) }
        if !required {
            member.summary = Self.noting(serverDefault: resolvedSchema?.node["default"], in: member.summary)
        }
        for key in ["default", "minimum"] {
            if member.firstValue == nil, case .int(let value) = resolvedSchema?.node[key]?.coreScalar {
                member.firstValue = Int(value)
            }
        }
        member.swiftName = names.override(for: name, reserved: ReservedNames.parameterLabels)
        return member
    }

    /// A summary that says the server's default of an optional parameter: the argument stays
    /// optional (nil sends nothing, and the server applies its default), where a `default:` in
    /// the spec would send the value with every call.
    static func noting(serverDefault node: YAMLNode?, in summary: String?) -> String? {
        guard let node, let text = node.scalarText, node.coreScalar != .null else { return summary }
        return noting(serverDefault: text, in: summary)
    }

    /// A summary that says the server's default, given as text.
    static func noting(serverDefault text: String, in summary: String?) -> String? {
        let note = "The server's default: \(text.isEmpty ? "\"\"" : text)."
        return summary.map { $0 + " " + note } ?? note
    }

    /// The type and style a parameter is sent with, or nil (with a warning) when the spec
    /// language can't send it there.
    private mutating func sendableType(
        _ type: TypeDraft, parameter: Located, name: String, place: String, method: String
    ) -> (TypeDraft, String?)? {
        let style = parameter.node["style"]?.string
        let explode = parameter.node["explode"].map(\.isTrue) ?? (style == nil || style == "form")
        switch (place, type.kind) {
        case (_, .scalar):
            if let style, style != "form", style != "simple" {
                warning(
                    "'style: \(style)' applies to arrays and objects; '\(name)' is a single value",
                    at: parameter.keyOrigin("style"))
            }
            return (type, nil)
        case ("query", .array(elementIsScalar: true)):
            switch style {
            case nil, "form": return (type, explode ? nil : "csv")
            default:
                let style = style ?? ""
                warning(
                    "'style: \(style)' is not in the spec language; '\(name)' is sent comma-separated (style: csv)",
                    at: parameter.keyOrigin("style"))
                var separated = type
                separated.comments.append(
                    "the document writes '\(name)' with style: \(style); the spec sends it comma-separated")
                return (separated, "csv")
            }
        case ("query", .object):
            // `form`, exploded (OpenAPI's default): each member is a field of its own name.
            if (style ?? "form") == "form", explode { return (type, "form") }
            if style != "deepObject" {
                warning(
                    "the object '\(name)' is sent as name[key]=value (style: deepObject); the document says 'style: \(style ?? "form")'\(explode ? "" : ", not exploded")",
                    at: parameter.keyOrigin("style"))
            }
            return (type, "deepObject")
        case (_, .file):
            warning("binary data can't be sent in the \(place); '\(name)' is a String", at: parameter)
            return (.scalar("String"), nil)
        case ("header", .array(elementIsScalar: true)), ("path", .array(elementIsScalar: true)):
            warning(
                "the spec language sends one value in the \(place); '\(name)' is a String of the values joined by commas",
                at: parameter)
            var joined = TypeDraft.scalar("String")
            joined.comments =
                type.comments + ["the values of '\(name)', joined by commas (the spec sends one value in the \(place))"]
            return (joined, nil)
        default:
            warning(
                "the spec language can't send \(type.spelling) in the \(place); '\(name)' is left out", at: parameter)
            return nil
        }
    }
}
