import XToolDiagnostics
import XToolSpec

/// Translates a validated `Spec` into the contexts of the files to generate: the API type, one
/// file per tool and one per model.
struct ContextBuilder {
    let spec: Spec
    let options: GeneratorOptions

    var access: String {
        options.access == .internal ? "" : options.access.rawValue + " "
    }

    func build() -> SpecContext {
        let files =
            [file("API", name: spec.apiTypeName, api: apiContext())]
            + spec.tools.map { file("Tool", name: $0.typeName, tool: toolContext($0)) }
            + spec.models.map { model in
                if let union = model.union {
                    return file("Union", name: model.name, union: unionContext(model, union))
                }
                return file("Model", name: model.name, model: modelContext(model))
            }
            + spec.enums.map { file("SharedEnum", name: $0.swiftName, sharedEnum: enumContext($0)) }
            + (samplesContext().map { [file("Samples", name: spec.apiTypeName + "+Samples", samples: $0)] } ?? [])
        return SpecContext(spec: spec.fileName, files: files)
    }

    private func file(
        _ template: String, name: String, api: APIContext? = nil, tool: ToolContext? = nil,
        model: ModelContext? = nil, union: UnionContext? = nil, sharedEnum: EnumContext? = nil,
        samples: SamplesContext? = nil
    ) -> FileContext {
        FileContext(
            template: template, path: "\(spec.api)/\(name).swift",
            header: "\(GeneratedFileMarks.ownership) from \(SwiftText.commentText(spec.fileName)). Do not edit.",
            imports: ["Foundation"], access: access,
            typeModifiers: "nonisolated " + access,
            api: api, tool: tool, model: model, union: union, sharedEnum: sharedEnum, samples: samples,
            param: options.parameters)
    }

    // MARK: - The API type

    private func apiContext() -> APIContext {
        let hasSigner = spec.signature != nil
        return APIContext(
            typeName: spec.apiTypeName,
            doc: SwiftText.docCommentLines(spec.summary),
            baseURL: SwiftText.stringLiteral(spec.baseURL),
            baseURLVariables: spec.baseURLVariables.map(BaseURLVariableContext.init),
            hasBaseURLVariables: !spec.baseURLVariables.isEmpty,
            cacheName: SwiftText.stringLiteral(spec.api),
            onDiskCache: spec.tools.contains { $0.endpoints.contains { $0.cache == .fallback } },
            servers: spec.servers.map(ServerContext.init),
            hasServers: !spec.servers.isEmpty,
            provided: providedContexts,
            endpointProvided: spec.endpointProvidedLabels.map(providedContext),
            hasEndpointProvided: !spec.endpointProvidedLabels.isEmpty,
            fixed: spec.fixed.map { fixedValueContext($0, endpoint: false) },
            hasFixed: !spec.fixed.isEmpty,
            headers: spec.headers.map { fixedValueContext($0, endpoint: false) },
            hasHeaders: !spec.headers.isEmpty,
            signature: spec.signature.map(SwiftText.stringLiteral),
            signerRewrites: spec.signerRewrites, signerOptional: spec.signerOptional,
            signingRecipe: spec.signing.map(SigningContext.init),
            retry: spec.retry.map(RetryContext.init),
            envelope: spec.envelope.map(EnvelopeContext.init),
            errors: spec.errors.map(ErrorBodyContext.init),
            refresh: spec.refresh.map {
                RefreshContext(
                    label: $0.label, statuses: $0.statuses.map(String.init),
                    codes: $0.codes.map(SwiftText.stringLiteral),
                    hasCodes: !$0.codes.isEmpty, renews: $0.renews.map(SwiftText.stringLiteral))
            },
            dates: spec.dates == .iso8601 ? nil : DateStyleContext(spec.dates),
            formBody: spec.body == .form,
            lenient: spec.lenient,
            sharedHasDefault: spec.providedLabels.isEmpty && !hasSigner,
            sharedMissingMessage: SwiftText.stringLiteral(
                "\(spec.apiTypeName).shared was read before it was set; set it once at start-up"),
            appTypes: spec.appTypes)
    }

    /// The API initializer's provided values.
    /// The initializer's provided values: those sent, then the signing secret.
    var providedContexts: [ProvidedContext] {
        (spec.providedLabels + [spec.signing?.secret].compactMap { $0 }).map(providedContext)
    }

    private func providedContext(_ label: String) -> ProvidedContext {
        ProvidedContext(label, of: spec, optionalLabels: optionalLabels)
    }

    /// The provided labels whose value may be missing.
    private var optionalLabels: Set<String> {
        FixedValueContext.optionalLabels(of: spec)
    }

    /// A fixed value of the API's (`endpoint` false) or of an endpoint's.
    private func fixedValueContext(_ value: Spec.FixedValue, endpoint: Bool) -> FixedValueContext {
        FixedValueContext(value, endpoint: endpoint, optionalLabels: optionalLabels)
    }

    // MARK: - Tools

    private func toolContext(_ tool: Spec.Tool) -> ToolContext {
        ToolContext(
            typeName: tool.typeName, apiTypeName: spec.apiTypeName,
            doc: SwiftText.docCommentLines(tool.summary),
            enums: tool.enums.map(enumContext),
            endpoints: endpointContexts(tool.endpoints, of: tool))
    }

    /// Each endpoint's context; a headers struct that endpoints share is declared by the first,
    /// whose doc comment names the others.
    private func endpointContexts(_ endpoints: [Spec.Endpoint], of tool: Spec.Tool) -> [EndpointContext] {
        // Each headers struct's endpoints, in order (an endpoint's name is unique in its tool).
        var sharing: [String: [String]] = [:]
        for endpoint in endpoints {
            if let name = endpoint.response?.headersTypeName {
                sharing[name, default: []].append(endpoint.names.method)
            }
        }
        return endpoints.map { endpoint in
            var context = endpointContext(endpoint, of: tool)
            guard let name = endpoint.response?.headersTypeName, let users = sharing[name] else { return context }
            let others = users.dropFirst().map { "`\($0)`" }
            if users.first != endpoint.names.method {
                context.receivedHeaders = nil
            } else if !others.isEmpty {
                context.receivedHeaders?.doc = SwiftText.docCommentLines(
                    WordList.joined(others, limit: 4) + (others.count == 1 ? " returns" : " return") + " them too.")
            }
            return context
        }
    }

    /// The endpoint's name in code, `StatusTool.newStatuses`, as a string literal.
    static func qualifiedName(_ endpoint: Spec.Endpoint, of tool: Spec.Tool) -> String {
        SwiftText.stringLiteral(tool.typeName + "." + endpoint.names.method)
    }

    private func endpointContext(_ endpoint: Spec.Endpoint, of tool: Spec.Tool) -> EndpointContext {
        let cached = endpoint.cache == .fallback
        return EndpointContext(
            name: endpoint.swiftName,
            plainName: endpoint.names.method,
            doc: endpointDoc(endpoint),
            requestName: endpoint.names.request,
            qualifiedName: Self.qualifiedName(endpoint, of: tool),
            method: endpoint.method.rawValue,
            path: SwiftText.stringLiteral(endpoint.path),
            fixed: endpoint.fixed.map { fixedValueContext($0, endpoint: true) },
            hasFixed: !endpoint.fixed.isEmpty,
            omitted: endpoint.omitted.map(SwiftText.stringLiteral),
            hasOmitted: !endpoint.omitted.isEmpty,
            parameters: endpoint.parameters.map(ParameterContext.init),
            hasParameters: !endpoint.parameters.isEmpty,
            signatures: SignatureContext.signatures(of: endpoint, doc: endpointDoc(endpoint), models: spec.models),
            response: endpoint.response.map(ResponseContext.init),
            errors: endpoint.errors.map(ErrorBodyContext.init),
            headers: endpoint.headers.map { fixedValueContext($0, endpoint: true) },
            hasHeaders: !endpoint.headers.isEmpty,
            envelope: EnvelopeContext(endpoint: endpoint.envelope),
            noEnvelope: endpoint.envelope == Spec.EndpointEnvelope.none,
            server: endpoint.server.map(SwiftText.stringLiteral),
            read: endpoint.isRead,
            completionForm: endpoint.forms.contains(.completion),
            withResponseForm: endpoint.forms.contains(.withResponse),
            withResponseName: endpoint.names.withResponse,
            valueType: endpoint.response?.type.swiftSpelling ?? "Swift.Void",
            headersType: endpoint.response?.headersTypeName ?? RuntimeNames.httpHeaders,
            receivedHeaders: endpoint.response.flatMap(ReceivedHeadersContext.init),
            cached: cached,
            pagination: endpoint.pagination.map(PaginationContext.init),
            call: CallContext(paginated: endpoint.pagination != nil, cached: cached))
    }

    /// The summary, then a `- Parameters:` list of the parameters that have one.
    private func endpointDoc(_ endpoint: Spec.Endpoint) -> [String] {
        var doc = SwiftText.docCommentLines(endpoint.summary)
        let described = endpoint.parameters.filter { $0.summary != nil }
        guard !described.isEmpty else { return doc }
        if !doc.isEmpty { doc.append("///") }
        doc.append("/// - Parameters:")
        for parameter in described {
            let lines = SwiftText.docCommentLines("- \(parameter.swiftName): \(parameter.summary ?? "")", width: 76)
            doc += lines.enumerated().map { index, line in
                "///   " + (index == 0 ? "" : "  ") + line.dropFirst(4)
            }
        }
        return doc
    }

    private func enumContext(_ enumType: Spec.EnumType) -> EnumContext {
        EnumContext(
            typeName: enumType.swiftName,
            doc: SwiftText.docCommentLines(enumType.summary),
            topLevel: enumType.isShared,
            integer: enumType.isInteger,
            cases: enumType.cases.map {
                EnumCaseContext(
                    name: $0.swiftName, value: enumType.isInteger ? $0.value : SwiftText.stringLiteral($0.value))
            })
    }

    // MARK: - Models

    private func unionContext(_ model: Spec.Model, _ union: Spec.Union) -> UnionContext {
        UnionContext(
            typeName: model.name,
            doc: SwiftText.docCommentLines(model.summary),
            discriminator: union.discriminator.map(SwiftText.stringLiteral),
            underTag: union.payload == .underTag,
            indirect: union.variants.contains { !$0.type.referencedModels.isEmpty },
            variants: Self.cases(of: union).map { variant, tags in
                VariantContext(
                    name: variant.caseName, type: variant.type.swiftSpelling, tag: tags.first,
                    tagPatterns: tags.isEmpty ? nil : tags.map { $0 + "?" }.joined(separator: ", "),
                    sharedTags: tags.count > 1, dated: variant.type.containsDate)
            },
            lenient: spec.lenient, dates: spec.dates == .iso8601 ? nil : DateStyleContext(spec.dates))
    }

    /// A union's cases in order, each with the tags that pick it as string literals: several
    /// tags may share one (`"CA"`, `"FR"` for `.internationalAddress`).
    private static func cases(of union: Spec.Union) -> [(variant: Spec.Union.Variant, tags: [String])] {
        var cases: [(variant: Spec.Union.Variant, tags: [String])] = []
        for variant in union.variants {
            let tag = variant.tag.map(SwiftText.stringLiteral)
            if let index = cases.firstIndex(where: { $0.variant.caseName == variant.caseName }) {
                cases[index].tags += tag.map { [$0] } ?? []
            } else {
                cases.append((variant, tag.map { [$0] } ?? []))
            }
        }
        return cases
    }

    private func modelContext(_ model: Spec.Model) -> ModelContext {
        var fields = model.fields.map { field in
            let defaultValue = field.defaultValue.map { SwiftExpressions.defaultValue($0) }
            return FieldContext(
                name: field.swiftName,
                storage: field.isIndirect
                    ? GeneratedNames.storage(field: SwiftNaming.bare(field.swiftName)) : field.swiftName,
                type: field.propertyType,
                doc: SwiftText.docCommentLines(field.summary),
                indirect: field.isIndirect,
                key: SwiftExpressions.keyPath(field.keyPath),
                defaultValue: defaultValue,
                initDefault: field.initializerDefault,
                dateFormat: field.dateFormat.map(DateStyleContext.init),
                ifPresent: field.type.isOptional && defaultValue == nil && !field.orFalse && !field.nullable,
                orFalse: field.orFalse, emptyAsNil: field.emptyAsNil,
                nullable: field.nullable ? field.type.unwrapped.swiftSpelling : nil,
                lenient: field.lenient && !spec.lenient && !model.lenient, numberAsText: field.numberAsText,
                constant: field.isConstant ? defaultValue : nil, spread: field.isSpread)
        }
        if let others = model.others { fields.append(othersContext(others, of: model)) }
        let needsCustomCoding =
            spec.lenient || spec.emptyAsNil || model.others != nil || model.lenient
            || model.fields.contains {
                $0.emptyAsNil || $0.lenient || $0.numberAsText || $0.isSpread || $0.keyPath.components.count > 1
                    || $0.defaultValue != nil
                    || $0.dateFormat != nil
                    || $0.isIndirect
                    || $0.type.containsDate || $0.orFalse || $0.nullable
            }
        // Without custom coding every key path is one key, the CodingKey's raw value as the
        // server spells it (`push.recipient`, not the spec's escaped `push\.recipient`).
        let namesDiffer = model.fields.contains { SwiftNaming.bare($0.swiftName) != $0.keyPath.components.first }
        return ModelContext(
            typeName: model.name,
            doc: SwiftText.docCommentLines(model.summary),
            fields: fields,
            enums: model.fields.compactMap {
                if case .enumeration(let enumType) = $0.type.unwrapped, !enumType.isShared {
                    return enumContext(enumType)
                }
                return nil
            },
            codingKeys: needsCustomCoding || !namesDiffer
                ? nil
                : CodingKeysContext(
                    keys: zip(model.fields, fields).map { field, context in
                        let key = field.keyPath.components.first ?? ""
                        return CodingKeyContext(
                            name: context.name,
                            rawValue: SwiftNaming.bare(context.name) == key ? nil : SwiftText.stringLiteral(key))
                    }),
            customCoding: needsCustomCoding
                ? CustomCodingContext(
                    lenient: spec.lenient || model.lenient, emptyAsNil: spec.emptyAsNil,
                    dates: spec.dates == .iso8601 ? nil : DateStyleContext(spec.dates),
                    keysBeside: model.fields.contains(where: \.isSpread)
                        ? model.keysBesideSpread.map(SwiftText.stringLiteral) : nil)
                : nil,
            identifiable: Self.isIdentifiable(model),
            // An internal initializer that only assigns its arguments is the one Swift
            // synthesizes, and `swift format` rejects writing it out; Swift synthesizes none
            // when the struct declares `init(from:)`.
            memberwiseInit: options.access != .internal || needsCustomCoding
                || fields.contains { $0.indirect || $0.initDefault != nil || $0.constant != nil })
    }
}

extension Spec.Field {
    /// The property's Swift type: the runtime's `Nullable` of it, optional, for `nullable: true`.
    var propertyType: String { propertyType(outside: nil) }

    /// The property's Swift type as code outside `model` writes it (its inline enums nested
    /// in the model); inside the model when nil.
    func propertyType(outside model: String?) -> String {
        let spell = { (type: Spec.TypeRef) in model.map(type.swiftSpelling(outside:)) ?? type.swiftSpelling }
        return nullable ? "Nullable<\(spell(type.unwrapped))>?" : spell(type)
    }

    /// The memberwise initializer's default for it: the spec's default, or `nil` for an
    /// optional; none for a constant, which the initializer doesn't take.
    var initializerDefault: String? { initializerDefault(outside: nil) }

    /// That default as code outside `model` writes it (an enum the model nests qualified by it);
    /// inside the model when nil.
    func initializerDefault(outside model: String?) -> String? {
        guard !isConstant else { return nil }
        let owner = type.nestsAnEnum ? model : nil
        return defaultValue.map { SwiftExpressions.defaultValue($0, enumOwner: owner) }
            ?? (type.isOptional ? "nil" : nil)
    }
}

extension Spec.TypeRef {
    /// Whether it holds an inline enum, which its model or tool nests (not a shared one).
    var nestsAnEnum: Bool {
        switch self {
        case .enumeration(let enumType): !enumType.isShared
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.nestsAnEnum
        default: false
        }
    }
}

extension Spec.Model {
    /// The memberwise initializer's arguments, their types as code outside the model writes
    /// them: each field but the constants, then the others.
    var initializerArguments: [(name: String, type: String, defaultValue: String?)] {
        fields.filter { !$0.isConstant }.map {
            ($0.swiftName, $0.propertyType(outside: name), $0.initializerDefault(outside: name))
        }
            + (others.map { [($0.swiftName, Spec.TypeRef.dictionary($0.valueType).swiftSpelling, "[:]")] } ?? [])
    }
}

extension ContextBuilder {
    /// A model's `others:` as the last of its fields: a dictionary, empty unless given, read
    /// and written with every key but those of the fields.
    private func othersContext(_ others: Spec.Others, of model: Spec.Model) -> FieldContext {
        let type = Spec.TypeRef.dictionary(others.valueType).swiftSpelling
        return FieldContext(
            name: others.swiftName, storage: others.swiftName, type: type,
            doc: SwiftText.docCommentLines(others.summary ?? "The other members of the object, by key."),
            indirect: false, key: "", defaultValue: nil, initDefault: "[:]", dateFormat: nil, ifPresent: false,
            orFalse: false, emptyAsNil: false, nullable: nil, lenient: false, numberAsText: false,
            othersBeside: OthersBesideContext(keys: model.keysBesideOthers.map(SwiftText.stringLiteral)))
    }

    /// Whether a model is `Identifiable` by its member `id`: not when `id` holds its own enum,
    /// `ID`, optionally, since a nested `ID` is the protocol's `ID`, which `id` must then be.
    static func isIdentifiable(_ model: Spec.Model) -> Bool {
        guard let id = model.fields.first(where: { $0.swiftName == "id" }) else { return false }
        guard case .enumeration(let enumType) = id.type.unwrapped, !enumType.isShared,
            enumType.swiftName == "ID"
        else { return true }
        return !id.type.isOptional
    }
}
