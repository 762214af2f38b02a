import XToolRules
import XToolSpec

/// Lays out a `SpecDraft` as a person writes a spec: block mappings for the structure, one
/// line per field or parameter (`{ … }` when it has more than a type and fits in a line),
/// comments above what they are about, and quotes only where YAML or the spec language needs
/// them.
struct SpecWriter {
    /// The longest line a one-line `{ … }` member may make; longer ones are written as blocks.
    static let lineWidth = 100
    /// The zone a date pattern is read in (`timezone:`) where the spec names none of the API's:
    /// an OpenAPI `date`, a captured day.
    static let patternZone = "UTC"

    private var lines: [String] = []
    /// The API's `timezone:`, which a date pattern then needs none of its own beside.
    private var apiZone: String?

    static func text(of draft: SpecDraft) -> String {
        var writer = SpecWriter()
        writer.write(draft)
        return writer.lines.joined(separator: "\n") + "\n"
    }

    /// `tld: { enum: [com, eu] }`, `basePath: v1`, with the default where it isn't the first
    /// value and the summary where the document gives one.
    private mutating func baseURLVariable(_ variable: BaseURLVariableDraft) {
        var parts: [String] = []
        if let summary = variable.summary { parts.append("summary: \(YAMLText.string(summary, inFlow: true))") }
        if variable.isEnum {
            parts.append("enum: [\(variable.values.map { YAMLText.string($0, inFlow: true) }.joined(separator: ", "))]")
        }
        if !variable.isEnum || variable.values.first != variable.defaultValue {
            parts.append("default: \(YAMLText.string(variable.defaultValue, inFlow: true))")
        }
        let name = YAMLText.string(variable.name, inFlow: false)
        if parts.count == 1, parts[0].hasPrefix("default: ") {
            line(1, "\(name): \(YAMLText.string(variable.defaultValue, inFlow: false))")
        } else {
            line(1, "\(name): { \(parts.joined(separator: ", ")) }")
        }
    }

    private mutating func write(_ draft: SpecDraft) {
        comments(draft.preamble, indent: 0)
        line(0, "xtoolgen: 1")
        line(0, "api: \(draft.api)")
        comments(draft.baseURLComments, indent: 0)
        line(0, "baseURL: \(YAMLText.string(draft.baseURL, inFlow: false))")
        if !draft.baseURLVariables.isEmpty {
            line(0, "baseURLVariables:")
            for variable in draft.baseURLVariables { baseURLVariable(variable) }
        }
        if let summary = draft.summary { line(0, "summary: \(YAMLText.string(summary, inFlow: false))") }
        if draft.formBodies { line(0, "body: form") }
        if draft.lenient { line(0, "lenient: true") }
        if let zone = draft.timezone {
            comments([zone.comment], indent: 0)
            line(0, "timezone: \(YAMLText.string(zone.name, inFlow: false))")
            apiZone = zone.name
        }
        if !draft.fixed.isEmpty {
            blank()
            line(0, "fixed:")
            for value in draft.fixed { provided(value, indent: 1) }
        }
        if !draft.headers.isEmpty || !draft.securityComments.isEmpty || draft.accept != nil {
            blank()
            line(0, "headers:")
            if let accept = draft.accept { line(1, "Accept: \(YAMLText.string(accept, inFlow: false))") }
            for value in draft.headers { provided(value, indent: 1) }
            comments(draft.securityComments, indent: 1)
        }
        if let signature = draft.signature {
            comments(signature.comment.split(separator: "\n").map(String.init), indent: 0)
            line(0, "sign: \(YAMLText.string(signature.name, inFlow: false))")
        }
        if let envelope = draft.envelope {
            blank()
            line(0, "envelope:")
            if let data = envelope.data { line(1, "data: \(Self.path(data, inFlow: false))") }
            if envelope.absent {
                line(1, "success: { absent: \(Self.path(envelope.successPath, inFlow: true)) }")
            } else {
                line(
                    1,
                    "success: { path: \(Self.path(envelope.successPath, inFlow: true)), equals: "
                        + "\(YAMLText.string(envelope.successValue, inFlow: true)) }")
            }
            if let message = envelope.message { line(1, "message: \(Self.path(message, inFlow: false))") }
            if let code = envelope.code { line(1, "code: \(Self.path(code, inFlow: false))") }
        }
        if let errors = draft.errors {
            blank()
            self.errors(errors.body, indent: 0)
        }
        if let retry = draft.retry {
            blank()
            comments([retry.comment], indent: 0)
            line(0, "retry:")
            failures(codes: retry.codes, statuses: retry.statuses)
        }
        if let refresh = draft.refresh {
            blank()
            comments([refresh.comment], indent: 0)
            line(0, "refresh:")
            line(1, "provided: \(refresh.provided)")
            failures(codes: refresh.codes, statuses: refresh.statuses == [401] ? [] : refresh.statuses)
            if !refresh.renews.isEmpty { line(1, "renews: [\(refresh.renews.joined(separator: ", "))]") }
        }
        if !draft.models.isEmpty || !draft.modelComments.isEmpty {
            blank()
            line(0, "models:")
            comments(draft.modelComments, indent: 1)
            for model in draft.models { self.model(model) }
        }
        if !draft.tools.isEmpty {
            blank()
            line(0, "tools:")
            for tool in draft.tools { self.tool(tool) }
        }
    }

    private mutating func provided(_ value: ProvidedDraft, indent: Int) {
        comments(value.comments, indent: indent)
        if let literal = value.value, value.placement == nil {
            // Text of several lines (a GraphQL query) as a literal block, as a person writes it.
            if let block = YAMLText.literalBlock(literal) {
                line(indent, "\(key(value.name)): \(block.indicator)")
                for text in block.lines { text.isEmpty ? lines.append("") : line(indent + 1, text) }
                return
            }
            line(indent, "\(key(value.name)): \(value.isLiteral ? literal : YAMLText.string(literal, inFlow: false))")
            return
        }
        var pairs: [(String, String)]
        if let literal = value.value {
            pairs = [("value", value.isLiteral ? literal : YAMLText.string(literal, inFlow: true))]
        } else if let style = value.now {
            pairs = [("now", YAMLText.string(style, inFlow: true))]
            if let zone = value.timezone { pairs.append(("timezone", YAMLText.string(zone, inFlow: true))) }
        } else if let nonce = value.nonce {
            pairs = [("nonce", nonce)]
        } else {
            pairs = [("provided", value.label)]
        }
        if let placement = value.placement { pairs.append(("in", placement)) }
        if value.optional { pairs.append(("optional", "true")) }
        if let prefix = value.prefix { pairs.append(("prefix", YAMLText.string(prefix, inFlow: true))) }
        line(indent, "\(key(value.name)): \(Self.flow(pairs))")
    }

    private mutating func model(_ model: ModelDraft) {
        line(1, "\(key(model.name)):")
        comments(model.comments, indent: 2)
        if let summary = model.summary { line(2, "summary: \(YAMLText.string(summary, inFlow: false))") }
        if let union = model.union {
            self.union(union)
            return
        }
        if let enumeration = model.enumeration {
            sharedEnum(enumeration)
            return
        }
        if model.fields.isEmpty {
            line(2, "fields: {}")
        } else {
            line(2, "fields:")
            for field in model.fields { member(field, indent: 3, isField: true) }
        }
        if let others = model.others {
            // `others` is the property's name unless a field takes it.
            let taken = model.fields.contains { ($0.swiftName ?? SwiftNaming.memberName($0.fieldPath)) == "others" }
            let type = Self.type(others, inFlow: taken)
            line(2, taken ? "others: { type: \(type), name: otherMembers }" : "others: \(type)")
        }
    }

    /// A value of an enum that names its cases: an integer as it is, a string quoted where it
    /// would read as another type (`"0"`).
    private static func enumValue(_ value: String, of type: TypeDraft) -> String {
        type.spelling == "String" ? YAMLText.string(value, inFlow: true) : value
    }

    /// `enum: [a, b]` or `enum: { NAME: 0, … }`, on one line when it fits, else a value a line.
    private mutating func sharedEnum(_ enumeration: TypeDraft) {
        let values = enumeration.enumValues ?? []
        let entries = enumeration.enumCaseNames.map { names in
            zip(names, values).map { "\(YAMLText.string($0, inFlow: true)): \(Self.enumValue($1, of: enumeration))" }
        }
        let oneLine =
            entries.map { "enum: { " + $0.joined(separator: ", ") + " }" }
            ?? "enum: [" + values.map { YAMLText.string($0, inFlow: true) }.joined(separator: ", ") + "]"
        guard 4 + oneLine.count > Self.lineWidth else {
            line(2, oneLine)
            return
        }
        line(2, "enum:")
        if let names = enumeration.enumCaseNames {
            for (name, value) in zip(names, values) {
                line(3, "\(key(name)): \(Self.enumValue(value, of: enumeration))")
            }
        } else {
            for value in values { line(3, "- \(YAMLText.string(value, inFlow: false))") }
        }
    }

    /// `oneOf: [A, B]`, or `oneOf: { tag: A, … }` and `discriminator:`, on one line when it fits.
    private mutating func union(_ union: UnionDraft) {
        if let discriminator = union.discriminator {
            // `1: { type: KeywordRule, name: keyword }` where the case needs a name.
            func variantText(_ variant: UnionDraft.Variant, inFlow: Bool) -> String {
                let type = Self.type(variant.type, inFlow: inFlow)
                return variant.name.map { "{ type: \(Self.type(variant.type, inFlow: true)), name: \($0) }" } ?? type
            }
            let pairs = union.variants.map {
                (YAMLText.string($0.tag ?? "", inFlow: true), variantText($0, inFlow: true))
            }
            let oneLine = "oneOf: \(Self.flow(pairs))"
            if 4 + oneLine.count <= Self.lineWidth {
                line(2, oneLine)
            } else {
                line(2, "oneOf:")
                for variant in union.variants {
                    line(3, "\(key(variant.tag ?? "")): \(variantText(variant, inFlow: false))")
                }
            }
            line(2, "discriminator: \(YAMLText.string(discriminator, inFlow: false))")
            if union.payloadUnderTag { line(2, "payload: underTag") }
            return
        }
        let oneLine = "oneOf: [" + union.variants.map { Self.type($0.type, inFlow: true) }.joined(separator: ", ") + "]"
        if 4 + oneLine.count <= Self.lineWidth {
            line(2, oneLine)
        } else {
            line(2, "oneOf:")
            for variant in union.variants { line(3, "- \(Self.type(variant.type, inFlow: false))") }
        }
    }

    /// `errors: { type: ApiError, message: message, code: code }`, with `status:` where statuses
    /// have bodies of their own, on one line when it fits, else a block.
    private mutating func errors(_ errors: Spec.ErrorBody, indent: Int) {
        let oneLine = "errors: " + Self.errors(errors)
        guard indent * 2 + oneLine.count > Self.lineWidth, !errors.statuses.isEmpty else {
            line(indent, oneLine)
            return
        }
        line(indent, "errors:")
        for (key, value) in Self.pairs(errors) { line(indent + 1, "\(key): \(value)") }
        line(indent + 1, "\(Spec.ErrorBody.Key.status.rawValue):")
        for status in errors.statuses { line(indent + 2, "\(status.status): \(Self.statusErrors(status.body))") }
    }

    /// `{ type: ApiError, message: message, code: code, status: { 429: { type: Limited } } }`.
    private static func errors(_ errors: Spec.ErrorBody) -> String {
        var pairs = Self.pairs(errors)
        if !errors.statuses.isEmpty {
            // A status (`429`, `4XX`) reads as the spec's text whether YAML takes it for a number or not.
            let statuses = errors.statuses.map { "\($0.status): \(Self.statusErrors($0.body))" }
            pairs.append((Spec.ErrorBody.Key.status.rawValue, "{ " + statuses.joined(separator: ", ") + " }"))
        }
        return flow(pairs)
    }

    /// A status's body: its type alone (`Missing`) when it declares nothing else.
    private static func statusErrors(_ body: Spec.ErrorBody) -> String {
        body.shortForm.map { type($0, inFlow: true) } ?? Self.errors(body)
    }

    /// The keys and values of an error body but its statuses, in the order a spec writes them.
    private static func pairs(_ errors: Spec.ErrorBody) -> [(String, String)] {
        errors.entries.map { key, value in
            (key.rawValue, key == .type ? type(value, inFlow: true) : YAMLText.string(value, inFlow: true))
        }
    }

    private mutating func tool(_ tool: ToolDraft) {
        line(1, "\(key(tool.name)):")
        if let summary = tool.summary { line(2, "summary: \(YAMLText.string(summary, inFlow: false))") }
        line(2, "endpoints:")
        for endpoint in tool.endpoints { self.endpoint(endpoint) }
        comments(tool.comments, indent: 3)
    }

    private mutating func endpoint(_ endpoint: EndpointDraft) {
        line(3, "\(key(endpoint.name)):")
        if let summary = endpoint.summary { line(4, "summary: \(YAMLText.string(summary, inFlow: false))") }
        line(4, "\(endpoint.method): \(YAMLText.string(endpoint.path, inFlow: false))")
        if !endpoint.params.isEmpty {
            line(4, "params:")
            for parameter in endpoint.params { member(parameter, indent: 5) }
        }
        if !endpoint.fixed.isEmpty {
            line(4, "fixed:")
            for value in endpoint.fixed { provided(value, indent: 5) }
        }
        if let body = endpoint.body {
            let type = Self.type(body.type.spelled(optional: body.optional), inFlow: false)
            if body.name == nil, body.summary == nil {
                line(4, "body: \(type)")
            } else {
                var pairs = [("type", Self.type(body.type.spelled(optional: body.optional), inFlow: true))]
                if let name = body.name { pairs.append(("name", name)) }
                if let summary = body.summary { pairs.append(("summary", YAMLText.string(summary, inFlow: true))) }
                entry(
                    key: "body", pairs: pairs, blockPairs: pairs.map { ($0.0, $0.0 == "type" ? type : $0.1) }, indent: 4
                )
            }
        }
        if !endpoint.omit.isEmpty {
            line(4, "omit: [\(endpoint.omit.map { YAMLText.string($0, inFlow: true) }.joined(separator: ", "))]")
        }
        let headers = [("Content-Type", endpoint.contentType), ("Accept", endpoint.accept)].compactMap { name, value in
            value.map { (name, $0) }
        }
        if !headers.isEmpty {
            entry(
                key: "headers", pairs: headers.map { ($0, YAMLText.string($1, inFlow: true)) },
                blockPairs: headers.map { ($0, YAMLText.string($1, inFlow: false)) }, indent: 4)
        }
        if let read = endpoint.read {
            comments(endpoint.readNote.map { [$0] } ?? [], indent: 4)
            line(4, "read: \(read)")
        }
        if let response = endpoint.response, !endpoint.responseHeaders.isEmpty {
            line(4, "response:")
            if let path = endpoint.responsePath { line(5, "path: \(Self.path(path, inFlow: false))") }
            line(5, "type: \(Self.type(response.spelling, inFlow: false))")
            line(5, "headers:")
            for header in endpoint.responseHeaders { member(header, indent: 6) }
        } else if let response = endpoint.response {
            if let path = endpoint.responsePath {
                line(
                    4,
                    "response: { path: \(Self.path(path, inFlow: true)), type: \(Self.type(response.spelling, inFlow: true)) }"
                )
            } else {
                line(4, "response: \(Self.type(response.spelling, inFlow: false))")
            }
        }
        if let paginate = endpoint.paginate { line(4, "paginate: \(Self.paginate(paginate))") }
        if let errors = endpoint.errors { self.errors(errors.body, indent: 4) }
        for sample in Self.sampleLines(endpoint.samples, indent: 4) { line(sample.indent, sample.text) }
        comments(endpoint.comments, indent: 4)
    }

    /// `key: Type`, `key: { type: …, … }` or a block, whichever is the shortest that fits.
    private mutating func member(_ member: MemberDraft, indent: Int, isField: Bool = false) {
        comments(member.comments + member.type.comments, indent: indent)
        // A field's key is a key path (a dot in a key escaped); a parameter's is sent as written.
        let name = isField ? member.fieldPath : member.key
        var pairs: [(String, YAMLValue?)] = []
        if let values = member.type.enumValues, let names = member.type.enumCaseNames {
            let mapping = zip(names, values).map {
                "\(YAMLText.string($0, inFlow: true)): \(Self.enumValue($1, of: member.type))"
            }
            pairs.append(("enum", .plain("{ " + mapping.joined(separator: ", ") + " }")))
            if member.optional { pairs.append(("optional", .plain("true"))) }
        } else if let values = member.type.enumValues {
            pairs.append(("enum", .sequence(values.map(YAMLValue.string))))
            if member.optional { pairs.append(("optional", .plain("true"))) }
        } else {
            pairs.append(("type", nil))
        }
        if let name = member.swiftName { pairs.append(("name", .string(name))) }
        if member.spread { pairs.append(("spread", .plain("true"))) }
        if let location = member.location { pairs.append(("in", .string(location))) }
        if let style = member.style { pairs.append(("style", .string(style))) }
        if member.nullable { pairs.append(("nullable", .plain("true"))) }
        if member.emptyAsNil { pairs.append(("emptyAsNil", .plain("true"))) }
        if member.lenient { pairs.append(("lenient", .plain("true"))) }
        if let value = member.defaultValue { pairs.append(("default", value)) }
        // A decimal sent as text, read exactly: a field's `format: string`, which takes none of
        // the keys that read a value some other way (without it, `Decimal` as before).
        if isField, member.type.numberAsText, !member.nullable, !member.emptyAsNil, !member.lenient,
            member.defaultValue == nil
        {
            pairs.append(("format", .string("string")))
        }
        if let format = member.type.dateFormat {
            pairs.append(("format", .string(format)))
            // An OpenAPI `date` has no zone: a day is its midnight in UTC, said so, unless the
            // API names its zone. An epoch time needs none.
            if DateStyleName(rawValue: format) == nil, apiZone == nil {
                pairs.append(("timezone", .string(Self.patternZone)))
            }
        }
        if let summary = member.summary { pairs.append(("summary", .string(summary))) }

        let spelling = member.type.spelled(optional: member.optional)
        if pairs.count == 1, pairs[0].1 == nil {
            line(indent, "\(key(name)): \(Self.type(spelling, inFlow: false))")
            return
        }
        func text(_ value: YAMLValue?, inFlow: Bool) -> String {
            guard let value else { return Self.type(spelling, inFlow: inFlow) }
            if case .string(let string) = value { return YAMLText.string(string, inFlow: inFlow) }
            return YAMLText.value(value)
        }
        let flowPairs = pairs.map { ($0.0, text($0.1, inFlow: true)) }
        if let names = member.type.enumCaseNames, let values = member.type.enumValues,
            indent * 2 + "\(key(name)): \(Self.flow(flowPairs))".count > Self.lineWidth
        {
            // A long enum of named values: one case a line.
            line(indent, "\(key(name)):")
            line(indent + 1, "enum:")
            for (name, value) in zip(names, values) {
                line(indent + 2, "\(key(name)): \(Self.enumValue(value, of: member.type))")
            }
            for (pairKey, value) in pairs.dropFirst() { line(indent + 1, "\(pairKey): \(text(value, inFlow: false))") }
            return
        }
        entry(
            key: name, pairs: flowPairs, blockPairs: pairs.map { ($0.0, text($0.1, inFlow: false)) },
            indent: indent)
    }

    /// `key: { a: 1, b: 2 }` when it fits in a line, else a block mapping.
    private mutating func entry(
        key name: String, pairs: [(String, String)], blockPairs: [(String, String)], indent: Int
    ) {
        let oneLine = "\(key(name)): \(Self.flow(pairs))"
        guard indent * 2 + oneLine.count > Self.lineWidth else {
            line(indent, oneLine)
            return
        }
        line(indent, "\(key(name)):")
        for (pairKey, value) in blockPairs { line(indent + 1, "\(pairKey): \(value)") }
    }

    /// What follows `paginate:`: the short form, or the long form's keys in their order.
    static func paginate(_ style: Spec.Pagination.Style) -> String {
        style.shortForm
            ?? flow(
                style.entries.map { ($0.key.rawValue, YAMLText.literal($0.value, inFlow: true)) })
    }

    private static func flow(_ pairs: [(String, String)]) -> String {
        "{ " + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
    }

    private func key(_ text: String) -> String { YAMLText.string(text, inFlow: false) }

    /// A key path as a spec writes it: its keys joined by dots, a dot in a key escaped.
    private static func path(_ path: Spec.KeyPath, inFlow: Bool) -> String {
        YAMLText.string(KeyPathSyntax.text(of: path.components), inFlow: inFlow)
    }

    /// A type as a spec writes it: `[Pet]` as a YAML sequence, anything with `?` or `:` inside
    /// brackets quoted.
    static func type(_ spelling: String, inFlow: Bool) -> String {
        let isPlainArray =
            spelling.hasPrefix("[")
            && spelling.allSatisfy { $0 == "[" || $0 == "]" || $0 == "_" || $0.fastIsLetter || $0.fastIsNumber }
        return isPlainArray ? spelling : YAMLText.string(spelling, inFlow: inFlow)
    }

    /// `codes:` and `statuses:` of `retry:` or `refresh:`, each where it lists any.
    private mutating func failures(codes: [String], statuses: [Int]) {
        if !codes.isEmpty {
            line(1, "codes: [\(codes.map { YAMLText.string($0, inFlow: true) }.joined(separator: ", "))]")
        }
        if !statuses.isEmpty { line(1, "statuses: [\(statuses.map(String.init).joined(separator: ", "))]") }
    }

    private mutating func comments(_ comments: [String], indent: Int) {
        for comment in comments { line(indent, comment.isEmpty ? "#" : "# " + comment) }
    }

    private mutating func line(_ indent: Int, _ text: String) {
        lines.append(String(repeating: "  ", count: indent) + text)
    }

    private mutating func blank() { lines.append("") }
}
