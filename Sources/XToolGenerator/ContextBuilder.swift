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
            + spec.models.map { file("Model", name: $0.name, model: modelContext($0)) }
        return SpecContext(spec: spec.fileName, files: files)
    }

    private func file(
        _ template: String, name: String, api: APIContext? = nil, tool: ToolContext? = nil,
        model: ModelContext? = nil
    ) -> FileContext {
        FileContext(
            template: template, path: "\(spec.api)/\(name).swift",
            header: "\(OutputDirectory.ownershipMark) from \(SwiftText.commentText(spec.fileName)). Do not edit.",
            imports: ["Foundation"], access: access,
            typeModifiers: (options.nonisolated ? "nonisolated " : "") + access,
            api: api, tool: tool, model: model)
    }

    // MARK: - The API type

    private func apiContext() -> APIContext {
        let provided = spec.providedLabels.map { "\($0): @escaping @Sendable () async throws -> String" }
        let hasSigner = spec.signature != nil
        return APIContext(
            typeName: spec.apiTypeName,
            doc: SwiftText.docCommentLines(spec.summary),
            baseURL: SwiftText.stringLiteral(spec.baseURL),
            cacheName: SwiftText.stringLiteral(spec.api),
            providedParameters: provided,
            hasSigner: hasSigner,
            fixed: SwiftExpressions.fixedParameters(spec.fixed),
            headers: SwiftExpressions.fixedParameters(spec.headers),
            signature: spec.signature.map { "Signature(name: \(SwiftText.stringLiteral($0)), signer: signer)" },
            envelope: spec.envelope.map(SwiftExpressions.envelope),
            dates: spec.dates == .iso8601 ? nil : SwiftExpressions.dateStyle(spec.dates),
            body: spec.body == .form ? ".form" : nil,
            lenient: spec.lenient,
            sharedHasDefault: provided.isEmpty && !hasSigner,
            sharedMissingMessage: SwiftText.stringLiteral(
                "\(spec.apiTypeName).shared was read before it was set; set it once at start-up"))
    }

    // MARK: - Tools

    private func toolContext(_ tool: Tool) -> ToolContext {
        ToolContext(
            typeName: tool.typeName, apiTypeName: spec.apiTypeName,
            doc: SwiftText.docCommentLines(tool.summary),
            enums: tool.enums.map(enumContext),
            endpoints: tool.endpoints.map(endpointContext))
    }

    private func endpointContext(_ endpoint: Endpoint) -> EndpointContext {
        let parameters = endpoint.parameters.map { parameter in
            let defaultValue =
                parameter.defaultValue.map(SwiftExpressions.defaultValue)
                ?? (parameter.type.isOptional ? "nil" : nil)
            return "\(parameter.swiftName): \(parameter.type.swiftSpelling)" + (defaultValue.map { " = \($0)" } ?? "")
        }
        let requestParameters = endpoint.parameters.map { parameter in
            ".\(parameter.location.rawValue)(\(SwiftText.stringLiteral(parameter.name)), \(parameter.swiftName))"
        }
        let returnType = endpoint.response.map { response in
            endpoint.cache == .fallback
                ? "Cached<\(response.type.swiftSpelling)>" : response.type.swiftSpelling
        }
        let name = SwiftText.bare(endpoint.swiftName)
        return EndpointContext(
            name: endpoint.swiftName,
            doc: endpointDoc(endpoint),
            requestName: name + "Request",
            method: "." + endpoint.method.rawValue,
            path: SwiftText.stringLiteral(endpoint.path),
            fixed: SwiftExpressions.fixedParameters(endpoint.fixed),
            responsePath: endpoint.response.flatMap {
                $0.path.components.isEmpty ? nil : SwiftExpressions.keyPath($0.path)
            },
            cached: endpoint.cache == .fallback,
            parameters: parameters.joined(separator: ", "),
            hasParameters: !parameters.isEmpty,
            arguments: endpoint.parameters.map { "\(SwiftText.argumentLabel($0.swiftName)): \($0.swiftName)" }
                .joined(separator: ", "),
            requestParameters: requestParameters.isEmpty ? nil : "[\(requestParameters.joined(separator: ", "))]",
            returnType: returnType,
            resultType: returnType ?? "Void")
    }

    /// The summary, then a `- Parameters:` list of the parameters that have one.
    private func endpointDoc(_ endpoint: Endpoint) -> [String] {
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

    private func enumContext(_ enumType: EnumType) -> EnumContext {
        let names = enumType.cases.map(\.swiftName)
        var caseLines: [String] = []
        for name in names {
            if let last = caseLines.last, last.count + name.count + 2 <= 80 {
                caseLines[caseLines.count - 1] = last + ", " + name
            } else {
                caseLines.append(name)
            }
        }
        return EnumContext(
            typeName: enumType.swiftName,
            cases: enumType.cases.map {
                EnumCaseContext(name: $0.swiftName, value: SwiftText.stringLiteral($0.value))
            },
            caseLines: caseLines,
            knownCases: names.map { "." + $0 }.joined(separator: ", "))
    }

    // MARK: - Models

    private func modelContext(_ model: Model) -> ModelContext {
        let fields = model.fields.map { field in
            FieldContext(
                name: field.swiftName,
                storage: field.isIndirect ? "_" + SwiftText.bare(field.swiftName) : field.swiftName,
                type: field.type.swiftSpelling,
                doc: SwiftText.docCommentLines(field.summary),
                indirect: field.isIndirect,
                key: SwiftExpressions.keyPath(field.keyPath),
                defaultValue: field.defaultValue.map(SwiftExpressions.defaultValue),
                dateFormat: field.dateFormat.map(SwiftExpressions.dateStyle))
        }
        let initParameters = zip(model.fields, fields).map { field, context in
            let defaultValue = context.defaultValue ?? (field.type.isOptional ? "nil" : nil)
            return "\(context.name): \(context.type)" + (defaultValue.map { " = \($0)" } ?? "")
        }
        let needsCustomCoding =
            spec.lenient
            || model.fields.contains {
                $0.keyPath.components.count > 1 || $0.defaultValue != nil || $0.dateFormat != nil || $0.isIndirect
            }
        let namesDiffer = model.fields.contains { SwiftText.bare($0.swiftName) != $0.keyPath.description }
        return ModelContext(
            typeName: model.name,
            doc: SwiftText.docCommentLines(model.summary),
            fields: fields,
            enums: model.fields.compactMap {
                if case .enumeration(let enumType) = $0.type.unwrapped { return enumContext(enumType) }
                return nil
            },
            initParameters: initParameters.joined(separator: ", "),
            codingKeys: needsCustomCoding || !namesDiffer
                ? nil
                : CodingKeysContext(
                    keys: zip(model.fields, fields).map { field, context in
                        let key = field.keyPath.description
                        return CodingKeyContext(
                            name: context.name,
                            rawValue: SwiftText.bare(context.name) == key ? "" : " = \(SwiftText.stringLiteral(key))")
                    }),
            customCoding: needsCustomCoding ? CustomCodingContext(lenient: spec.lenient) : nil)
    }
}
