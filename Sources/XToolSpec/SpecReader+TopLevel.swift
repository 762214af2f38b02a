import XToolYAML

extension SpecReader {
    /// Reads the whole spec; nil when it has errors.
    mutating func readSpec(_ root: YAMLNode, fileName: String) -> Spec? {
        guard
            let top = mapping(
                root, owner: root, what: "the spec", allowedKeys: SpecKeys.spec)
        else { return nil }
        specFileName = fileName

        readVersion(top)
        if let node = top.value("keys") {
            keyStyle = choice(node, what: "key style", KeyStyle.allCases.map { ($0.rawValue, $0) })
        }
        let api = required("api", in: top).flatMap { readAPIName($0) }
        let baseURLNode = required("baseURL", in: top)
        let summary = top.value("summary").flatMap { text($0, what: "summary") }
        timeZoneDeclared = top.value("timezone") != nil
        apiTimeZone = top.value("timezone").flatMap { readTimeZone($0) }
        let dates = zoned(top.value("dates").flatMap { readDateStyle($0) } ?? .iso8601, top.value("dates"))
        apiDates = dates
        let lenient = top.value("lenient").flatMap { bool($0, what: "lenient") } ?? false
        let emptyAsNil = top.value("emptyAsNil").flatMap { bool($0, what: "emptyAsNil") } ?? false
        let body =
            top.value("body").flatMap {
                choice($0, what: "body encoding", [("form", Spec.BodyEncoding.form), ("json", .json)])
            } ?? .json
        let arrays = top.value("arrays").flatMap { readStyle($0) }
        fragments = top.entry("fragments").map { readFragments($0) } ?? []
        let fixed = readFixed(top.entry("fixed"), headers: false)
        let headers = readFixed(top.entry("headers"), headers: true)
        let (signature, signerRewrites, signerOptional, signing) =
            top.entry("sign").flatMap { readSign($0) } ?? (nil, false, false, nil)
        if let signature, let clash = fixed.first(where: { $0.name == signature }), let node = top.value("sign") {
            error("the signature '\(signature)' is also a fixed parameter '\(clash.name)'", at: node)
        }
        if let signing, let node = top.value("sign") { checkSigning(signing, fixed: fixed + headers, at: node) }
        let envelope = top.entry("envelope").flatMap { readEnvelope($0) }
        if let node = top.value("forms") { forms = readForms(node) }

        // The spec's own models, then those of the files it includes, as one set of names.
        let included = top.entry("include").map { readIncludes($0) } ?? []
        let modelSections = [top.entry("models")].compactMap { $0 } + included
        for section in modelSections { collectModelNames(section) }
        let appTypes = top.value("appTypes").map { readAppTypes($0) } ?? []
        let apiTypeName = api.map { GeneratedNames.apiType(api: $0) }
        if let apiTypeName, let location = modelNames[apiTypeName] {
            diagnostics.error("a model can't be named '\(apiTypeName)': it is the name of the API type", at: location)
        }
        let errorsBefore = diagnostics.errorCount
        let baseURLVariables =
            top.entry("baseURLVariables").map { readBaseURLVariables($0, apiTypeName: apiTypeName) } ?? []
        // A variable that failed to read would make its `{name}` an error of the URL too.
        let baseURL = baseURLNode.flatMap {
            diagnostics.errorCount == errorsBefore ? readBaseURL($0, variables: baseURLVariables) : nil
        }
        let servers = top.entry("servers").map { readServers($0, baseURL: baseURL) } ?? []
        let enums = modelSections.flatMap { readSharedEnums($0) }
        let models = modelSections.flatMap { readModels($0) }
        let appTypeForms = readAppTypeForms(appTypes)
        self.models = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        checkSpreadFields()
        checkSharedCases()
        let errors = top.entry("errors").flatMap { readAPIErrors($0) }
        let tools =
            top.entry("tools").map {
                readTools(
                    $0,
                    scope: EndpointScope(
                        body: body, arrays: arrays, fixed: fixed, headers: headers, signature: signature,
                        hasEnvelope: envelope != nil, servers: servers.map(\.name)))
            } ?? []
        checkModelGraph(models: models, tools: tools, errors: errors)
        warnAboutUnusedFragments(used: usedFragments)
        checkServerArguments(
            servers, in: top, against: fixed + headers + tools.flatMap(\.endpoints).flatMap { $0.fixed + $0.headers })
        let retry = top.entry("retry").flatMap { readRetry($0) }
        let refresh = top.entry("refresh").flatMap {
            readRefresh(
                $0, fixed: fixed, headers: headers,
                endpointValues: tools.flatMap(\.endpoints).flatMap { $0.fixed + $0.headers },
                readsCodes: envelope?.code.isEmpty == false || errors?.code != nil
                    || tools.contains { $0.endpoints.contains { $0.errors?.code != nil } })
        }

        guard !diagnostics.hasErrors, let api, let apiTypeName, let baseURL else { return nil }
        var spec = Spec(
            fileName: fileName, api: api, apiTypeName: apiTypeName,
            baseURL: baseURL, summary: summary, dates: dates, lenient: lenient, body: body, fixed: fixed,
            headers: headers, signature: signature, signerRewrites: signerRewrites, servers: servers,
            envelope: envelope, errors: errors, refresh: refresh, forms: forms, models: markIndirectFields(models),
            enums: enums, tools: tools)
        spec.signerOptional = signerOptional
        spec.signing = signing
        spec.retry = retry
        spec.baseURLVariables = baseURLVariables
        spec.appTypes = appTypeNames.keys.sorted()
        spec.appTypeForms = appTypeForms
        spec.emptyAsNil = emptyAsNil
        return spec
    }

    /// `appTypes: [LngLat]`, or `appTypes: { LngLat: String }` with the JSON form each one's
    /// values take (which the sample check reads them as): Swift types the app defines, which
    /// members, parameters and responses may name.
    private mutating func readAppTypes(_ node: YAMLNode) -> [(name: String, form: YAMLNode?)] {
        let items: [(YAMLNode, YAMLNode?)]
        switch node.content {
        case .sequence(let names): items = names.map { ($0, nil) }
        case .mapping(let pairs): items = pairs.map { ($0.key, $0.value) }
        default:
            error(
                "'appTypes' lists the Swift types the app defines, like [LngLat] or { LngLat: String }, found "
                    + Self.kind(of: node), at: node)
            return []
        }
        var read: [(name: String, form: YAMLNode?)] = []
        for (item, form) in items {
            guard let name = nonEmptyText(item, what: "an app type's name") else { continue }
            guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name), name.first?.isUppercase == true
            else {
                error("the app type '\(name)' must be a Swift type name, like LngLat", at: item)
                continue
            }
            if Spec.TypeRef.builtIns[name] != nil || name == "Data" {
                error("the app type '\(name)' is a built-in type's name", at: item)
            } else if modelNames[name] != nil {
                error("the app type '\(name)' is also a model of the spec; declare it once", at: item)
            } else if appTypeNames[name] != nil {
                warning("the app type '\(name)' is listed twice", at: item)
            } else {
                appTypeNames[name] = item.location
                read.append((name, form))
            }
        }
        return read
    }

    /// The JSON form of each app type that gives one: a type of the spec's own, not an app type
    /// (read once the models are, so a model may be one).
    private mutating func readAppTypeForms(_ declared: [(name: String, form: YAMLNode?)]) -> [String: Spec.TypeRef] {
        var forms: [String: Spec.TypeRef] = [:]
        for (name, node) in declared {
            // `Polyline:` with no value is listed without a form.
            guard let node, node.coreScalar != .null,
                let form = readShorthandType(node, what: "the JSON form of the app type '\(name)'")
            else { continue }
            if form.containsAppType {
                error("the JSON form of the app type '\(name)' is a type of the spec's own, like String", at: node)
                continue
            }
            forms[name] = form
        }
        return forms
    }

    /// `sign: w_rid`, or `sign: { name: w_rid, rewrites: true }` for a signer that may change
    /// what it signs, or a recipe the runtime signs by (SigningRecipe.swift).
    private mutating func readSign(
        _ entry: MappingNode.Entry
    ) -> (String, rewrites: Bool, optional: Bool, signing: Spec.Signing?)? {
        guard case .mapping = entry.value.content else {
            return nonEmptyText(entry.value, what: "the signature's parameter name").map { ($0, false, false, nil) }
        }
        guard
            let map = mapping(
                entry.value, owner: entry.keyNode, what: "the signature", allowedKeys: SpecKeys.sign),
            let name = required("name", in: map).flatMap({ nonEmptyText($0, what: "the signature's parameter name") })
        else { return nil }
        let signing = readSigning(map)
        return (
            name, map.value("rewrites").flatMap { bool($0, what: "rewrites") } ?? false,
            map.value("optional").flatMap { bool($0, what: "optional") } ?? false, signing
        )
    }

    private mutating func readVersion(_ top: MappingNode) {
        guard let node = required("xtoolgen", in: top) else { return }
        guard case .int(let version) = node.coreScalar else {
            error("expected the format version 1 for 'xtoolgen', found \(Self.kind(of: node))", at: node)
            return
        }
        if version != 1 {
            error("unsupported spec version \(version); this xtoolgen reads version 1", at: node)
        }
    }

    private mutating func readAPIName(_ node: YAMLNode) -> String? {
        guard let name = nonEmptyText(node, what: "the API name") else { return nil }
        guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name) else {
            let suggestion = SwiftNaming.typeName(name).map { "; did you mean '\($0)'?" } ?? ""
            error("the API name '\(name)' must be a Swift identifier" + suggestion, at: node)
            return nil
        }
        return name
    }

    /// An absolute http(s) URL with a host and no query or fragment, whatever values its
    /// `variables` take.
    private mutating func readBaseURL(_ node: YAMLNode, variables: [Spec.BaseURLVariable]) -> String? {
        guard let text = nonEmptyText(node, what: "baseURL") else { return nil }
        let values = variables.map { variable in
            (variable.name, [variable.defaultValue] + (variable.choices?.cases.map(\.value) ?? []))
        }
        guard let problem = URLSyntax.problemWithBaseURL(text, variables: values) else {
            if text.hasPrefix("http://") {
                warning("baseURL '\(text)' is not https; app transport security blocks plain http by default", at: node)
            }
            return text
        }
        error("invalid baseURL '\(text)': \(problem)", at: node)
        return nil
    }

    /// A scalar literal with its YAML type.
    mutating func literal(_ node: YAMLNode, what: String) -> Spec.Literal? {
        switch node.coreScalar {
        case .string(let text): return .string(text)
        case .int(let value): return .int(value)
        case .float(let value) where value.isFinite: return .double(value)
        case .bool(let value): return .bool(value)
        case .null where node.scalarText?.isEmpty == false: return .null  // `null` or `~` as written
        case .null:
            error("\(what) has no value; write a literal, null, or { provided: label }", at: node)
        case .float:
            error("\(what) must be a finite number", at: node)
        case nil:
            error("\(what) must be a literal or { provided: label }, not \(Self.kind(of: node))", at: node)
        }
        return nil
    }
}
