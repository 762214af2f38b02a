import Foundation
import XToolDiagnostics
import XToolYAML

/// A Swagger 2.0 document read as the OpenAPI 3.0 document it says, which the importer then
/// reads as it reads any: `definitions` are `components/schemas`, `host`, `basePath` and
/// `schemes` the servers, `body` and `formData` parameters a request body of the operation's
/// `consumes`, a response's `schema` and `examples` its content of the operation's `produces`,
/// `securityDefinitions` the security schemes, `x-nullable` `nullable`, `type: file` binary, and
/// `collectionFormat` a parameter's style. Every node keeps the place of the node it came from
/// (a node that had none, a parameter's `schema`, stands at the key it was made of), so
/// warnings and errors name the Swagger document's own lines.
struct Swagger2 {
    /// The media types the document's operations answer and take unless they say theirs.
    var produces: [String]
    var consumes: [String]
    /// The document's own `parameters`, which a body or form parameter's reference is replaced
    /// by (a request body is no parameter in OpenAPI 3).
    var parameters: [String: YAMLNode]
    /// The document's own `responses`, which a reference from an operation whose `produces`
    /// differs from the document's is replaced by.
    var responses: [String: YAMLNode]
    /// What OpenAPI 3 can't say, at the document's place.
    var warnings: [(message: String, location: SourceLocation)] = []

    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]

    /// The conversion of the document `root`, whose `produces` and `consumes` apply to the other
    /// files its references name.
    init(document root: YAMLNode) {
        produces = root["produces"]?.items.compactMap(\.string) ?? []
        consumes = root["consumes"]?.items.compactMap(\.string) ?? []
        parameters = Dictionary(
            root["parameters"]?.entries.map { ($0.key, $0.value) } ?? [], uniquingKeysWith: { first, _ in first })
        responses = Dictionary(
            root["responses"]?.entries.map { ($0.key, $0.value) } ?? [], uniquingKeysWith: { first, _ in first })
    }

    /// The whole document as OpenAPI 3.0: its sections in their order, `servers` where the
    /// first of `host`, `basePath` and `schemes` stood, `components` last.
    mutating func document(_ root: YAMLNode) -> YAMLNode {
        var entries: [YAMLNode.Entry] = []
        var components: [YAMLNode.Entry] = []
        var serversDone = false
        for entry in root.mappingEntries {
            switch entry.key.scalarText ?? "" {
            case "swagger":
                entries.append(Self.entry("openapi", at: entry.key, .scalar("3.0.3", at: entry.value.location)))
            case "host", "basePath", "schemes":
                guard !serversDone else { continue }
                serversDone = true
                if let servers = servers(root) { entries.append(Self.entry("servers", at: entry.key, servers)) }
            case "consumes", "produces": continue
            case "definitions":
                components.append(Self.entry("schemas", at: entry.key, Self.mapValues(entry.value) { schema($0) }))
            case "parameters":
                let kept = entry.value.mappingEntries.filter { !Self.isBodyParameter($0.value) }
                let converted = kept.map { YAMLNode.Entry(key: $0.key, value: parameter($0.value)) }
                components.append(
                    Self.entry("parameters", at: entry.key, .mapping(converted, at: entry.value.location)))
            case "responses":
                components.append(
                    Self.entry(
                        "responses", at: entry.key, Self.mapValues(entry.value) { response($0, produces: produces) }))
            case "securityDefinitions":
                components.append(
                    Self.entry("securitySchemes", at: entry.key, Self.mapValues(entry.value) { securityScheme($0) }))
            case "paths":
                entries.append(YAMLNode.Entry(key: entry.key, value: Self.mapValues(entry.value) { pathItem($0) }))
            default:
                entries.append(entry)
            }
        }
        if !components.isEmpty {
            entries.append(Self.entry("components", at: components[0].key, .mapping(components, at: root.location)))
        }
        return .mapping(entries, at: root.location)
    }

    /// Another file a reference names: a Swagger document (or one with a document's sections)
    /// converted whole; else, since nothing says what it holds, each mapping read by its keys
    /// (`in` and `name`: a parameter; `schema` or `examples`: a response; HTTP methods: a path
    /// item; else a schema, or a mapping of them).
    mutating func fragment(_ node: YAMLNode) -> YAMLNode {
        let sections = ["swagger", "definitions", "paths", "parameters", "responses"]
        if node.entries.contains(where: { sections.contains($0.key) }) { return document(node) }
        return part(node)
    }

    private mutating func part(_ node: YAMLNode) -> YAMLNode {
        switch node.content {
        case .scalar: return node
        case .sequence(let items): return .sequence(items.map { part($0) }, at: node.location)
        case .mapping:
            let keys = Set(node.entries.map(\.key))
            if keys.contains("in"), keys.contains("name") { return parameter(node) }
            if keys.contains("$ref") || keys.contains("type") || keys.contains("properties") || keys.contains("allOf")
                || keys.contains("items")
            {
                return schema(node)
            }
            if keys.contains("schema") || keys.contains("examples") { return response(node, produces: produces) }
            if !keys.isDisjoint(with: Self.methods) { return pathItem(node) }
            return Self.mapValues(node) { part($0) }
        }
    }

    // MARK: - Servers and security

    /// `schemes` (https first) with `host` and `basePath`, one server each; the `basePath`
    /// alone (a server relative to the document, which the importer says) when there is no host.
    /// A host written with its scheme (`https://api.example.com/`) is read as the server. Without
    /// `schemes` (the scheme the document was served with, which springfox leaves out: `http`),
    /// both, with a warning: `http` first for a local host (`localhost:8080`), else `https`.
    private mutating func servers(_ root: YAMLNode) -> YAMLNode? {
        var host = root["host"]?.string
        while host?.hasSuffix("/") == true { host?.removeLast() }
        var path = root["basePath"]?.string ?? ""
        guard host != nil || !path.isEmpty else { return nil }
        let place = (root["host"] ?? root["basePath"] ?? root).location
        if path == "/" { path = "" } else if !path.isEmpty, !path.hasPrefix("/") { path = "/" + path }
        if let host, host.contains("://") {
            return .sequence(
                [.mapping([Self.entry("url", at: place, .text(host + path, at: place))], at: place)], at: place)
        }
        guard let host else {
            return .sequence([.mapping([Self.entry("url", at: place, .text(path, at: place))], at: place)], at: place)
        }
        var schemes = root["schemes"]?.items.compactMap(\.string) ?? []
        schemes = schemes.filter { $0 == "https" } + schemes.filter { $0 != "https" }
        if schemes.isEmpty {
            let name = host.split(separator: ":").first.map(String.init) ?? host
            let isLocal = ["localhost", "127.0.0.1", "0.0.0.0"].contains(name) || name.hasSuffix(".local")
            schemes = isLocal ? ["http", "https"] : ["https", "http"]
            warnings.append(
                (
                    "the document names no 'schemes' (it means the scheme it is served with; springfox's is http): "
                        + "the base URL is \(schemes[0])://\(host)\(path)/, and \(schemes[1]) a note", place
                ))
        }
        let servers = schemes.map { scheme in
            YAMLNode.mapping([Self.entry("url", at: place, .text("\(scheme)://\(host)\(path)", at: place))], at: place)
        }
        return .sequence(servers, at: place)
    }

    /// `basic` is `http` of scheme `basic`; an `oauth2` flow is under `flows`, by its OpenAPI 3
    /// name (`accessCode` -> `authorizationCode`, `application` -> `clientCredentials`).
    private func securityScheme(_ scheme: YAMLNode) -> YAMLNode {
        var entries: [YAMLNode.Entry] = []
        let flowNames = ["accessCode": "authorizationCode", "application": "clientCredentials"]
        let flowKeys: Set<String> = ["flow", "authorizationUrl", "tokenUrl", "scopes"]
        for entry in scheme.mappingEntries {
            let key = entry.key.scalarText ?? ""
            if key == "type", entry.value.string == "basic" {
                entries.append(Self.entry("type", at: entry.key, .text("http", at: entry.value.location)))
                entries.append(Self.entry("scheme", at: entry.key, .text("basic", at: entry.value.location)))
            } else if key == "flow", let flow = entry.value.string {
                let settings = scheme.mappingEntries.filter {
                    flowKeys.contains($0.key.scalarText ?? "") && $0.key.scalarText != "flow"
                }
                let flows = YAMLNode.mapping(
                    [Self.entry(flowNames[flow] ?? flow, at: entry.key, .mapping(settings, at: entry.value.location))],
                    at: entry.value.location)
                entries.append(Self.entry("flows", at: entry.key, flows))
            } else if !flowKeys.contains(key) {
                entries.append(entry)
            }
        }
        return .mapping(entries, at: scheme.location)
    }

    // MARK: - Paths and operations

    /// A path item: its parameters that are no body, and its operations, each with the path
    /// item's body or form parameters in its request body.
    private mutating func pathItem(_ item: YAMLNode) -> YAMLNode {
        let shared = item["parameters"]?.items ?? []
        var entries: [YAMLNode.Entry] = []
        for entry in item.mappingEntries {
            let key = entry.key.scalarText ?? ""
            if key == "parameters" {
                let kept = shared.filter { !Self.isBodyParameter(resolvedParameter($0)) }.map { parameter($0) }
                if !kept.isEmpty {
                    entries.append(YAMLNode.Entry(key: entry.key, value: .sequence(kept, at: entry.value.location)))
                }
            } else if Self.methods.contains(key), entry.value.isMapping {
                entries.append(YAMLNode.Entry(key: entry.key, value: operation(entry.value, shared: shared)))
            } else {
                entries.append(entry)
            }
        }
        return .mapping(entries, at: item.location)
    }

    /// An operation: its parameters but the body's, its request body (where its parameters
    /// stood) and its responses, of its own `consumes` and `produces` or the document's.
    private mutating func operation(_ operation: YAMLNode, shared: [YAMLNode]) -> YAMLNode {
        let produces = operation["produces"].map { $0.items.compactMap(\.string) } ?? self.produces
        let consumes = operation["consumes"].map { $0.items.compactMap(\.string) } ?? self.consumes
        // The operation's parameters replace the path item's of the same name and place.
        var bodyParameters: [YAMLNode] = []
        for node in shared + (operation["parameters"]?.items ?? []) {
            let parameter = resolvedParameter(node)
            guard Self.isBodyParameter(parameter) else { continue }
            let key = (parameter["name"]?.string, parameter["in"]?.string)
            bodyParameters.removeAll { ($0["name"]?.string, $0["in"]?.string) == key }
            bodyParameters.append(parameter)
        }
        var entries: [YAMLNode.Entry] = []
        var bodyDone = false
        for entry in operation.mappingEntries {
            switch entry.key.scalarText ?? "" {
            case "produces", "consumes": continue
            case "parameters":
                let kept = entry.value.items.filter { !Self.isBodyParameter(resolvedParameter($0)) }.map {
                    parameter($0)
                }
                if !kept.isEmpty {
                    entries.append(YAMLNode.Entry(key: entry.key, value: .sequence(kept, at: entry.value.location)))
                }
                bodyDone = true
                if let body = requestBody(bodyParameters, consumes: consumes) {
                    entries.append(Self.entry("requestBody", at: entry.key, body))
                }
            case "responses":
                let responses = entry.value.mappingEntries.map { response in
                    YAMLNode.Entry(key: response.key, value: responseOrReference(response.value, produces: produces))
                }
                entries.append(YAMLNode.Entry(key: entry.key, value: .mapping(responses, at: entry.value.location)))
            default:
                entries.append(entry)
            }
        }
        if !bodyDone, let first = bodyParameters.first, let body = requestBody(bodyParameters, consumes: consumes) {
            entries.append(Self.entry("requestBody", at: first, body))
        }
        return .mapping(entries, at: operation.location)
    }

    // MARK: - Parameters

    /// A document's own parameter by its reference (`#/parameters/limit`), else the node.
    private func resolvedParameter(_ node: YAMLNode) -> YAMLNode {
        guard let reference = node["$ref"]?.string, reference.hasPrefix("#/parameters/") else { return node }
        return parameters[Self.unescaped(String(reference.dropFirst("#/parameters/".count)))] ?? node
    }

    private static func isBodyParameter(_ parameter: YAMLNode) -> Bool {
        ["body", "formData"].contains(parameter["in"]?.string ?? "")
    }

    /// A path, query or header parameter: its type under `schema` (standing where its `type`
    /// stood), `collectionFormat` its style (at that key), `x-example` its example.
    private mutating func parameter(_ node: YAMLNode) -> YAMLNode {
        if node["$ref"] != nil { return Self.reference(node, from: "parameters", to: "components/parameters") }
        var entries: [YAMLNode.Entry] = []
        let place = node["in"]?.string ?? ""
        for entry in node.mappingEntries {
            let key = entry.key.scalarText ?? ""
            switch key {
            case "name", "in", "description", "required", "deprecated", "allowEmptyValue":
                entries.append(entry)
            case "x-example":
                entries.append(Self.entry("example", at: entry.key, entry.value))
            case "type":
                entries.append(Self.entry("schema", at: entry.key, valueSchema(node, at: entry.key.location)))
                entries += style(of: node, place: place)
            case "schema" where node["type"] == nil:
                // OpenAPI 3's way, which some Swagger documents write too.
                entries.append(YAMLNode.Entry(key: entry.key, value: schema(entry.value)))
            default:
                if key.hasPrefix("x-") { entries.append(entry) }
            }
        }
        return .mapping(entries, at: node.location)
    }

    /// An array's `collectionFormat` as OpenAPI 3's `style` and `explode`, at that key (else at
    /// `type`): `csv` (the default) `form` not exploded in a query or form, `multi` exploded,
    /// `ssv` `spaceDelimited`, `pipes` `pipeDelimited`; `tsv` has no style and is warned about.
    private mutating func style(of parameter: YAMLNode, place: String) -> [YAMLNode.Entry] {
        guard parameter["type"]?.string == "array",
            let key =
                (parameter.entries.first { $0.key == "collectionFormat" }
                    ?? parameter.entries.first { $0.key == "type" })
        else { return [] }
        let at = key.value.location
        let form = place == "query" || place == "formData"
        switch parameter["collectionFormat"]?.string ?? "csv" {
        case "csv":
            guard form else { return [] }
            return [
                Self.entry("style", at: key.keyNode, .text("form", at: at)),
                Self.entry("explode", at: key.keyNode, .scalar("false", at: at)),
            ]
        case "multi":
            return [
                Self.entry("style", at: key.keyNode, .text("form", at: at)),
                Self.entry("explode", at: key.keyNode, .scalar("true", at: at)),
            ]
        case "ssv": return [Self.entry("style", at: key.keyNode, .text("spaceDelimited", at: at))]
        case "pipes": return [Self.entry("style", at: key.keyNode, .text("pipeDelimited", at: at))]
        case let format:
            warnings.append(
                ("'collectionFormat: \(format)' has no OpenAPI 3 style; the array is sent comma-separated", at))
            return []
        }
    }

    /// The schema a parameter, form field, response header or `items` declares in itself (its
    /// `type`, `format`, `items`, `enum`, `default` and bounds), at `location`.
    private func valueSchema(_ node: YAMLNode, at location: SourceLocation) -> YAMLNode {
        let keys: Set<String> = [
            "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf", "x-nullable",
        ]
        var entries = node.mappingEntries.filter { keys.contains($0.key.scalarText ?? "") }
        // An array's items declare their own collectionFormat, which OpenAPI 3 has not.
        if let index = entries.firstIndex(where: { $0.key.scalarText == "items" }) {
            entries[index].value = valueSchema(entries[index].value, at: entries[index].value.location)
        }
        return schema(.mapping(entries, at: location))
    }

    /// A request body of the `body` parameter (its schema in each media type the operation
    /// consumes, JSON when it names none), else of the `formData` parameters (an object of
    /// them, `multipart/form-data` when the operation consumes it or one is a file, else
    /// `application/x-www-form-urlencoded`).
    private mutating func requestBody(_ parameters: [YAMLNode], consumes: [String]) -> YAMLNode? {
        guard let first = parameters.first else { return nil }
        var entries: [YAMLNode.Entry] = []
        let content: YAMLNode
        if let body = parameters.first(where: { $0["in"]?.string == "body" }) {
            if let form = parameters.first(where: { $0["in"]?.string == "formData" }) {
                warnings.append(
                    ("an operation has either a body or form parameters; the form's are left out", form.location))
            }
            if let description = body["description"] {
                entries.append(Self.entry("description", at: body, description))
            }
            if let required = body["required"] { entries.append(Self.entry("required", at: body, required)) }
            let schema = body["schema"].map { self.schema($0) } ?? YAMLNode.mapping([], at: body.location)
            // The media types stand at the `schema` key: no node but a schema stands where one does.
            let at = body.entries.first { $0.key == "schema" }?.keyNode.location ?? body.location
            let examples = body["x-examples"]?.mappingEntries ?? []
            var types = consumes.isEmpty ? ["application/json"] : consumes
            types += examples.compactMap(\.key.scalarText).filter { !types.contains($0) && Importer.isJSON($0) }
            content = .mapping(
                types.map { type in
                    var media = [Self.entry("schema", at: at, schema)]
                    if let example = examples.first(where: { $0.key.scalarText == type }) {
                        media.append(Self.entry("example", at: example.key, example.value))
                    }
                    return Self.entry(type, at: at, .mapping(media, at: at))
                }, at: at)
        } else {
            var properties: [YAMLNode.Entry] = []
            var required: [YAMLNode] = []
            var encoding: [YAMLNode.Entry] = []
            var hasFile = false
            for parameter in parameters {
                guard let nameNode = parameter["name"], nameNode.string != nil else { continue }
                hasFile = hasFile || parameter["type"]?.string == "file"
                let at = parameter.entries.first { $0.key == "type" }?.keyNode.location ?? parameter.location
                var field = valueSchema(parameter, at: at).mappingEntries
                if let description = parameter["description"] {
                    field.append(Self.entry("description", at: parameter, description))
                }
                if let example = parameter["x-example"] { field.append(Self.entry("example", at: parameter, example)) }
                properties.append(YAMLNode.Entry(key: nameNode, value: .mapping(field, at: at)))
                let style = style(of: parameter, place: "formData")
                if !style.isEmpty { encoding.append(YAMLNode.Entry(key: nameNode, value: .mapping(style, at: at))) }
                if parameter["required"]?.isTrue == true { required.append(nameNode) }
            }
            let place = first["in"] ?? first
            var object = [
                Self.entry("type", at: place, .text("object", at: place.location)),
                Self.entry("properties", at: place, .mapping(properties, at: place.location)),
            ]
            if !required.isEmpty {
                object.append(Self.entry("required", at: place, .sequence(required, at: place.location)))
                entries.append(Self.entry("required", at: place, .scalar("true", at: place.location)))
            }
            // A file needs multipart; else a form, unless the operation consumes only multipart.
            let lowercased = consumes.map { $0.lowercased() }
            let multipart =
                hasFile
                || (lowercased.contains { $0.hasPrefix("multipart/form-data") }
                    && !lowercased.contains { $0.hasPrefix("application/x-www-form-urlencoded") })
            let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
            var media = [Self.entry("schema", at: place, .mapping(object, at: place.location))]
            if !encoding.isEmpty {
                media.append(Self.entry("encoding", at: place, .mapping(encoding, at: place.location)))
            }
            content = .mapping([Self.entry(type, at: place, .mapping(media, at: place.location))], at: place.location)
        }
        entries.append(Self.entry("content", at: first, content))
        return .mapping(entries, at: first.location)
    }

    // MARK: - Responses

    /// A response, or a reference to one of the document's: kept when the operation produces
    /// what the document does, else the response itself of the operation's media types.
    private mutating func responseOrReference(_ node: YAMLNode, produces: [String]) -> YAMLNode {
        guard let reference = node["$ref"]?.string else { return response(node, produces: produces) }
        if reference.contains("#/definitions/") {
            // A response written as the schema it answers with: read as that response.
            warnings.append(
                (
                    "a response refers to a schema of definitions; it is read as the response of that schema",
                    node.location
                ))
            let schema = node.entries.first { $0.key == "$ref" }?.keyNode ?? node
            return response(.mapping([Self.entry("schema", at: schema, node)], at: node.location), produces: produces)
        }
        if reference.hasPrefix("#/responses/"), produces != self.produces,
            let target = responses[Self.unescaped(String(reference.dropFirst("#/responses/".count)))]
        {
            return response(target, produces: produces)
        }
        return Self.reference(node, from: "responses", to: "components/responses")
    }

    /// A response: its `schema` in each media type it is produced in (JSON when the operation
    /// names none; a file in those that are no JSON), with the example `examples` gives that
    /// type; its headers' types under `schema`.
    private mutating func response(_ node: YAMLNode, produces: [String]) -> YAMLNode {
        var entries: [YAMLNode.Entry] = []
        let examples = node["examples"]?.mappingEntries ?? []
        for entry in node.mappingEntries {
            switch entry.key.scalarText ?? "" {
            case "examples": continue
            case "schema":
                let schema = self.schema(entry.value)
                let isFile = entry.value["type"]?.string == "file"
                var types = produces.isEmpty ? ["application/json"] : produces
                if isFile {
                    types = types.filter { !Importer.isJSON($0) }
                    if types.isEmpty { types = ["application/octet-stream"] }
                }
                // An example of a JSON type the operation doesn't list is kept in that type.
                types += examples.compactMap(\.key.scalarText).filter { !types.contains($0) && Importer.isJSON($0) }
                let media = types.map { type in
                    var media = [Self.entry("schema", at: entry.key, schema)]
                    if let example = examples.first(where: { $0.key.scalarText == type }) {
                        media.append(Self.entry("example", at: example.key, example.value))
                    }
                    return Self.entry(type, at: entry.key, .mapping(media, at: entry.key.location))
                }
                entries.append(Self.entry("content", at: entry.key, .mapping(media, at: entry.key.location)))
            case "headers":
                let headers = Self.mapValues(entry.value) { header in
                    var fields = header.mappingEntries.filter {
                        ["description", "required"].contains($0.key.scalarText ?? "")
                    }
                    let at = header.entries.first { $0.key == "type" }?.keyNode.location ?? header.location
                    fields.append(Self.entry("schema", at: at, valueSchema(header, at: at)))
                    return .mapping(fields, at: header.location)
                }
                entries.append(YAMLNode.Entry(key: entry.key, value: headers))
            default:
                entries.append(entry)
            }
        }
        if node["schema"] == nil, !examples.isEmpty,
            let key = node.mappingEntries.first(where: { $0.key.scalarText == "examples" })?.key
        {
            // Examples without a schema: the content of their types, no type said.
            let media = examples.map { example in
                YAMLNode.Entry(
                    key: example.key,
                    value: .mapping([Self.entry("example", at: example.key, example.value)], at: example.value.location)
                )
            }
            entries.append(Self.entry("content", at: key, .mapping(media, at: key.location)))
        }
        return .mapping(entries, at: node.location)
    }

    // MARK: - Schemas

    /// A schema: `#/definitions/` references into `#/components/schemas/` (of this file or
    /// another), `x-nullable` `nullable`, `type: file` a binary string, a `discriminator` a
    /// mapping of its `propertyName`; the schemas inside it alike.
    func schema(_ node: YAMLNode) -> YAMLNode {
        guard node.isMapping else { return node }
        if let reference = node.entries.first(where: { $0.key == "$ref" }), node["x-nullable"]?.isTrue == true {
            // OpenAPI 3.0 reads nothing beside a reference: `allOf: [$ref]`, `nullable: true`.
            let others = node.mappingEntries.filter { $0.key.scalarText != "$ref" }
            let target = schema(
                .mapping(
                    [YAMLNode.Entry(key: reference.keyNode, value: reference.value)], at: reference.keyNode.location))
            let allOf = Self.entry("allOf", at: reference.keyNode, .sequence([target], at: reference.value.location))
            return schema(.mapping([allOf] + others, at: node.location))
        }
        var entries: [YAMLNode.Entry] = []
        for entry in node.mappingEntries {
            let key = entry.key.scalarText ?? ""
            switch key {
            case "$ref":
                entries += Self.reference(node, from: "definitions", to: "components/schemas").mappingEntries
            case "x-nullable":
                entries.append(Self.entry("nullable", at: entry.key, entry.value))
            case "type" where entry.value.string == "file":
                entries.append(YAMLNode.Entry(key: entry.key, value: .text("string", at: entry.value.location)))
                entries.append(Self.entry("format", at: entry.key, .text("binary", at: entry.value.location)))
            case "format" where node["type"]?.string == "file":
                continue
            case "discriminator" where entry.value.string != nil:
                let discriminator = [Self.entry("propertyName", at: entry.key, entry.value)]
                entries.append(YAMLNode.Entry(key: entry.key, value: .mapping(discriminator, at: entry.value.location)))
            case "properties", "patternProperties":
                entries.append(YAMLNode.Entry(key: entry.key, value: Self.mapValues(entry.value) { schema($0) }))
            case "items", "additionalProperties", "not":
                entries.append(
                    YAMLNode.Entry(key: entry.key, value: entry.value.isMapping ? schema(entry.value) : entry.value))
            case "allOf", "anyOf", "oneOf":
                let items = entry.value.items.map { schema($0) }
                entries.append(YAMLNode.Entry(key: entry.key, value: .sequence(items, at: entry.value.location)))
            default:
                entries.append(entry)
            }
        }
        return .mapping(entries, at: node.location)
    }

    // MARK: - Nodes

    /// A mapping with each value converted by `convert`, its keys where they stood.
    private static func mapValues(_ node: YAMLNode, _ convert: (YAMLNode) -> YAMLNode) -> YAMLNode {
        guard node.isMapping else { return node }
        return .mapping(
            node.mappingEntries.map { YAMLNode.Entry(key: $0.key, value: convert($0.value)) }, at: node.location)
    }

    /// An entry of a key the converter adds, standing where `place` stands.
    private static func entry(_ key: String, at place: YAMLNode, _ value: YAMLNode) -> YAMLNode.Entry {
        entry(key, at: place.location, value)
    }

    private static func entry(_ key: String, at location: SourceLocation, _ value: YAMLNode) -> YAMLNode.Entry {
        YAMLNode.Entry(key: .scalar(key, at: location), value: value)
    }

    /// `node`, a reference, with `#/<section>/` in its target (of this file or another) rewritten
    /// to `#/<moved>/`, where the section is in OpenAPI 3.0; `$ref` alone, as 3.0 reads it.
    private static func reference(_ node: YAMLNode, from section: String, to moved: String) -> YAMLNode {
        guard let entry = node.mappingEntries.first(where: { $0.key.scalarText == "$ref" }) else { return node }
        var value = entry.value
        if let reference = value.string, let range = reference.range(of: "#/\(section)/") {
            value = .text(reference.replacingCharacters(in: range, with: "#/\(moved)/"), at: value.location)
        }
        return .mapping([YAMLNode.Entry(key: entry.key, value: value)], at: node.location)
    }

    /// A reference's name with JSON pointer escapes undone (`a~1b` -> `a/b`).
    private static func unescaped(_ name: String) -> String {
        name.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}

extension YAMLNode {
    /// A mapping's entries, keys and values as nodes (none for other nodes).
    fileprivate var mappingEntries: [Entry] {
        guard case .mapping(let pairs) = content else { return [] }
        return pairs
    }

    /// A plain scalar (a key, `true`, a version).
    fileprivate static func scalar(_ text: String, at location: SourceLocation) -> YAMLNode {
        YAMLNode(.scalar(text: text, style: .plain), at: location)
    }

    /// A string, whatever its text would read as plain.
    fileprivate static func text(_ text: String, at location: SourceLocation) -> YAMLNode {
        YAMLNode(.scalar(text: text, style: .doubleQuoted), at: location)
    }

    fileprivate static func mapping(_ entries: [Entry], at location: SourceLocation) -> YAMLNode {
        YAMLNode(.mapping(entries), at: location)
    }

    fileprivate static func sequence(_ items: [YAMLNode], at location: SourceLocation) -> YAMLNode {
        YAMLNode(.sequence(items), at: location)
    }
}

extension Importer {
    /// Reads the document, a Swagger 2.0 one, as OpenAPI 3.0 from here on; what the conversion
    /// can't say is warned about at the document's lines.
    mutating func readSwagger2() {
        var converter = Swagger2(document: documents[0].root)
        documents[0].root = converter.document(documents[0].root)
        swagger2 = converter
        warnSwagger2(document: 0)
    }

    /// Reads another file a Swagger 2.0 document's reference names as OpenAPI 3.0 too.
    mutating func readSwagger2(fragment document: Int) {
        guard var converter = swagger2 else { return }
        documents[document].root = converter.fragment(documents[document].root)
        swagger2 = converter
        warnSwagger2(document: document)
    }

    private mutating func warnSwagger2(document: Int) {
        for (message, location) in swagger2?.warnings ?? [] {
            warning(message, at: Origin(document: document, location: location))
        }
        swagger2?.warnings = []
    }
}
