import XToolYAML

// `params:`, the one home of the concept in XToolSpec: the value (`Spec.Parameter`, where it is
// sent and how it is written, and the facts derived from them), the words of `in:` and `style:`
// (which `SpecKeys.values` lists for the JSON Schema's check), and the reading and checks of an
// endpoint's parameters. The keys of a parameter's long form, which it shares with fields, and
// their reading are Member.swift's (`MemberDeclaration.Kind.parameter`); `body:`, the whole
// body, is WholeBody.swift's.
extension Spec {
    /// Where a dynamic parameter is sent.
    package enum ParameterLocation: String, Sendable, Hashable {
        case query, path, header, body
        /// The whole JSON body of the request (`body:`).
        case wholeBody

        /// The places a parameter's `in:` names (which `SpecKeys.values` lists for the JSON
        /// Schema's check); the whole body is `body:`'s.
        package static let declarable: [ParameterLocation] = [.query, .path, .header, .body]
    }

    /// How an array or object parameter is written in a query or a form: the runtime's
    /// `ParameterStyle` of the same name, which shows each (`csv`: `labels=bug,ui`); `repeated`,
    /// `ids=1&ids=2`, is the default.
    package enum ParameterStyle: String, Sendable, Hashable, CaseIterable {
        case repeated, csv, pipe, semicolon, brackets, deepObject, form
    }

    /// An argument of an endpoint's method.
    package struct Parameter: Sendable, Hashable {
        /// The wire name.
        package var name: String
        /// The argument label, ready for code.
        package var swiftName: String
        package var type: TypeRef
        package var defaultValue: DefaultValue?
        package var location: ParameterLocation
        package var summary: String?
        package var dateFormat: DateStyle?
        /// How an array or object is written (nil: the default, `repeated`).
        package var style: ParameterStyle?
        /// A JSON-body member that can be sent as an explicit `null` (`nullable: true`).
        package var nullable = false
        /// `spread: true`: the endpoint's methods come a second time, taking the members of this
        /// parameter's model as arguments in its place (GraphQL's `variables`).
        package var spread = false
    }
}

extension Spec.Parameter {
    /// A `File` sent as a part of a multipart body (the whole body's file is `wholeBody`'s).
    package var isFilePart: Bool { location == .body && type.unwrapped == .file }

    /// An argument that, without a default of its own, defaults to nil: an optional, or a
    /// nullable one (left out unless given).
    package var defaultsToNil: Bool { type.isOptional || nullable }
}

extension SpecReader {
    /// Reads `params:`: each parameter's type, Swift name and where it is sent.
    mutating func readParameters(
        _ entry: MappingNode.Entry?, method: Spec.HTTPMethod, placeholders: [String], context: EndpointScope,
        alreadySent: Set<String>, enums: inout [Spec.EnumType], endpoint: String, wholeBody: Bool
    ) -> [Spec.Parameter] {
        guard let entry,
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the parameters of \(endpoint)", allowedKeys: [],
                nullIsEmpty: true)
        else { return [] }
        let scope = EnumScope(owner: context.toolTypeName, ownerType: context.toolTypeName)
        var seen: [String: String] = [:]
        var parameters: [Spec.Parameter] = []
        for item in map.entries {
            guard
                let member = readMember(item, what: "the parameter '\(item.key)'", kind: .parameter, enumScope: scope)
            else { continue }
            // A header's name (`Idempotency-Key`) follows HTTP's style, not the `keys:` one.
            if member.location?.0 != .header { lintKeyPath(item.key, at: item.keyNode) }
            guard checkUnique(member, in: &seen, scope: endpoint) else { continue }
            if ReservedNames.parameterLabels.contains(member.rawSwiftName) {
                error(
                    "a parameter can't be named '\(member.rawSwiftName)': the generated code uses that label itself; "
                        + "rename it with name:", at: item.keyNode)
                continue
            }
            if alreadySent.contains(item.key) {
                error("'\(item.key)' is already sent as a fixed parameter or the signature", at: item.keyNode)
                continue
            }
            guard let location = parameterLocation(member, method: method, placeholders: placeholders) else { continue }
            if location == .body, wholeBody {
                error(
                    "\(endpoint) sends 'body:' as its whole body, so '\(item.key)' can't go in the body; "
                        + "send it in the query, a header or the path with in:", at: item.keyNode)
                continue
            }
            let hasFiles = map.entries.contains { $0.key != item.key && isFileParameter($0) }
            guard checkFile(member, location: location, method: method),
                checkSendable(member, location: location, body: context.body),
                let style = parameterStyle(member, location: location, body: context.body, arrays: context.arrays),
                checkNullable(
                    member, location: location, body: context.body, multipart: hasFiles || member.type.containsFile),
                share(member.type, in: &enums, at: item.keyNode)
            else { continue }
            var parameter = Spec.Parameter(
                name: item.key, swiftName: member.swiftName, type: member.type,
                defaultValue: member.defaultValue, location: location, summary: member.summary,
                dateFormat: member.dateFormat)
            parameter.style = style == .repeated ? nil : style
            parameter.nullable = member.nullable != nil
            if let spreadNode = member.spread {
                guard checkSpread(member, at: spreadNode) else { continue }
                parameter.spread = true
            }
            parameters.append(parameter)
        }
        checkSpreadLabels(parameters, map, endpoint: endpoint)
        return parameters
    }

    /// The argument labels of a spread parameter's members, which its spread methods take in its
    /// place (none for a parameter not spread).
    func spreadLabels(_ parameter: Spec.Parameter) -> [String] {
        guard parameter.spread, case .model(let name) = parameter.type, let model = models[name] else { return [] }
        return model.fields.filter { !$0.isConstant }.map(\.swiftName) + (model.others.map { [$0.swiftName] } ?? [])
    }

    /// `spread: true` takes a required model with stored fields (not a union, not optional, so
    /// that no call of the two signatures is ambiguous), whose memberwise initializer the
    /// spread methods call.
    private mutating func checkSpread(_ member: MemberDeclaration, at node: YAMLNode) -> Bool {
        guard case .model(let name) = member.type, let model = models[name], model.union == nil else {
            error(
                "'spread: true' gives the members of a model as arguments, but '\(member.entry.key)' is "
                    + "\(member.type.swiftSpelling); spread a required parameter whose type is a model with fields (not a union)",
                at: node)
            return false
        }
        return true
    }

    /// The spread methods' arguments (each spread model's members, beside the other parameters)
    /// have labels of their own: an error at the spread parameter for a label taken twice or one
    /// the generated code uses.
    private mutating func checkSpreadLabels(
        _ parameters: [Spec.Parameter], _ map: MappingNode, endpoint: String
    ) {
        var owners = Dictionary(
            parameters.filter { !$0.spread }.map { ($0.swiftName, "the parameter '\($0.name)'") },
            uniquingKeysWith: { first, _ in first })
        for parameter in parameters where parameter.spread {
            guard case .model(let name) = parameter.type,
                let node = map.entries.first(where: { $0.key == parameter.name })?.keyNode
            else { continue }
            for label in spreadLabels(parameter) {
                let bare = SwiftNaming.bare(label)
                if ReservedNames.parameterLabels.contains(bare) {
                    error(
                        "spreading '\(parameter.name)' gives \(endpoint) the argument '\(bare)', a label the "
                            + "generated code uses itself; rename the member of \(name) with name:", at: node)
                } else if let owner = owners.updateValue("a member of \(name)", forKey: label) {
                    error(
                        "spreading '\(parameter.name)' gives \(endpoint) the argument '\(bare)' twice (\(owner), "
                            + "and a member of \(name)); rename one with name:", at: node)
                }
            }
        }
    }

    /// A parameter's `style:` or the API's `arrays:`: `repeated`, `csv`, `pipe`, `semicolon`,
    /// `brackets`, `deepObject` or `form`.
    mutating func readStyle(_ node: YAMLNode) -> Spec.ParameterStyle? {
        choice(node, what: "parameter style", Spec.ParameterStyle.allCases.map { ($0.rawValue, $0) })
    }

    /// Whether a parameter entry declares a `File` (read from the node, before it is resolved).
    private func isFileParameter(_ entry: MappingNode.Entry) -> Bool {
        let typeNode = entry.value.isMapping ? entry.value[MemberDeclaration.Key.type.rawValue] : entry.value
        return typeNode?.scalarText.map { $0 == "File" || $0 == "File?" } ?? false
    }

    /// The parameter's style: its own `style:`, else the API's `arrays:` for an array, else
    /// `repeated`; nil, with an error, when the style does not fit the type or the place.
    private mutating func parameterStyle(
        _ member: MemberDeclaration, location: Spec.ParameterLocation, body: Spec.BodyEncoding,
        arrays: Spec.ParameterStyle?
    ) -> Spec.ParameterStyle? {
        let isArray = if case .array = member.type.unwrapped { true } else { false }
        guard let (style, node) = member.style else {
            return isArray && (location == .query || location == .body) ? arrays ?? .repeated : .repeated
        }
        let formLike = location == .query || (location == .body && body == .form)
        switch style {
        case .repeated:
            return style
        case .csv, .pipe, .semicolon, .brackets:
            guard isArray else {
                error(
                    "'style: \(style.rawValue)' writes an array, but '\(member.entry.key)' is \(member.type.swiftSpelling)",
                    at: node)
                return nil
            }
        case .deepObject, .form:
            switch member.type.unwrapped {
            case .model, .dictionary, .json: break
            default:
                error(
                    "'style: \(style.rawValue)' writes an object, but '\(member.entry.key)' is \(member.type.swiftSpelling)",
                    at: node)
                return nil
            }
        }
        guard formLike else {
            error(
                "'style: \(style.rawValue)' applies in a query or a form body, not \(location == .body ? "a JSON body" : "the \(location.rawValue)")",
                at: node)
            return nil
        }
        return style
    }

    /// A `File` goes in the body of a post, put or patch, one file per parameter.
    private mutating func checkFile(
        _ member: MemberDeclaration, location: Spec.ParameterLocation, method: Spec.HTTPMethod
    ) -> Bool {
        guard member.type.containsFile else { return true }
        guard member.type.unwrapped == .file else {
            error(
                "'\(member.entry.key)' is \(member.type.swiftSpelling); a parameter carries one File",
                at: member.entry.keyNode)
            return false
        }
        guard location == .body, method != .get, method != .delete else {
            error(
                "the file '\(member.entry.key)' goes in a multipart body: use it with post, put or patch, in the body",
                at: member.entry.keyNode)
            return false
        }
        return true
    }

    /// `nullable: true` sends an explicit null, which only a JSON body can carry.
    private mutating func checkNullable(
        _ member: MemberDeclaration, location: Spec.ParameterLocation, body: Spec.BodyEncoding, multipart: Bool
    ) -> Bool {
        guard let node = member.nullable else { return true }
        guard location == .body, body == .json, !multipart else {
            error("'nullable: true' sends null, which only a JSON body can carry", at: node)
            return false
        }
        if member.defaultValue != nil {
            error("a nullable parameter is left out unless given; it can't have a default", at: node)
            return false
        }
        return true
    }

    /// SPEC: path when the name is in `{…}`, else query for get/delete, else body; an explicit
    /// `in:` must agree with the path.
    private mutating func parameterLocation(
        _ member: MemberDeclaration, method: Spec.HTTPMethod, placeholders: [String]
    ) -> Spec.ParameterLocation? {
        let name = member.entry.key
        let inPath = placeholders.contains(name)
        guard let (explicit, node) = member.location else {
            if inPath { return .path }
            return method == .get || method == .delete ? .query : .body
        }
        if explicit == .path, !inPath {
            error("'\(name)' is a path parameter, but the path has no {\(name)}", at: node)
            return nil
        }
        if explicit != .path, inPath {
            error("'\(name)' appears in the path as {\(name)}, so it must be sent in the path", at: node)
            return nil
        }
        if explicit == .body, !checkBody(on: method, instead: "send '\(name)' in the query or a header", at: node) {
            return nil
        }
        return explicit
    }

    /// Whether a parameter's type can be written where it is sent.
    private mutating func checkSendable(
        _ member: MemberDeclaration, location: Spec.ParameterLocation, body: Spec.BodyEncoding
    ) -> Bool {
        let type = member.type
        let name = member.entry.key
        switch location {
        case .path:
            guard !type.isOptional else {
                error(
                    "the path parameter '\(name)' can't be optional: the path needs a value", at: member.entry.keyNode)
                return false
            }
            return requireScalar(type, member: member, where: "in the path")
        case .header:
            return requireScalar(type.unwrapped, member: member, where: "in a header")
        case .query where [.deepObject, .form].contains(member.style?.0),
            .body where [.deepObject, .form].contains(member.style?.0):
            return true
        case .query:
            return requireScalarOrArray(type, member: member, where: "in a query")
        case .body where type.unwrapped == .file:
            return true
        case .body where body == .form:
            return requireScalarOrArray(type, member: member, where: "in a form body")
        case .body, .wholeBody:
            return true
        }
    }

    private mutating func requireScalarOrArray(_ type: Spec.TypeRef, member: MemberDeclaration, where place: String)
        -> Bool
    {
        if case .array(let element) = type.unwrapped {
            return requireScalar(element.unwrapped, member: member, where: place)
        }
        return requireScalar(type.unwrapped, member: member, where: place)
    }

    private mutating func requireScalar(_ type: Spec.TypeRef, member: MemberDeclaration, where place: String) -> Bool {
        switch type {
        // An app's own type is sent as the text it encodes to (`LngLat` as "116.48,39.99").
        case .string, .int, .int64, .double, .bool, .date, .dayOrDate, .url, .decimal, .enumeration, .app: return true
        default:
            error(
                "the parameter '\(member.entry.key)' of type \(member.type.swiftSpelling) can't be sent \(place)",
                at: member.entry.keyNode)
            return false
        }
    }

    /// Records a parameter's (or a response header's) inline enum in its tool; two members may
    /// share an enum name only when they list the same values.
    mutating func share(_ type: Spec.TypeRef, in enums: inout [Spec.EnumType], at node: YAMLNode) -> Bool {
        var element = type.unwrapped
        if case .array(let inner) = element { element = inner.unwrapped }
        guard case .enumeration(let enumType) = element, !enumType.isShared else { return true }
        guard let existing = enums.first(where: { $0.swiftName == enumType.swiftName }) else {
            enums.append(enumType)
            return true
        }
        if existing != enumType {
            error(
                "another parameter of this tool already defines a different enum '\(enumType.swiftName)'; "
                    + "rename one with name:", at: node)
            return false
        }
        return true
    }
}
