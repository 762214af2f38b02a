import XToolDiagnostics
import XToolSpec
import XToolYAML

/// One capture's import: the calls to one host grouped into endpoints, and the draft they make.
struct CaptureDrafting {
    let exchanges: [CapturedExchange]
    let documentName: String
    private(set) var summary: [String] = []
    /// The warnings of the shared passes, at the capture's entries.
    private(set) var diagnostics: [Diagnostic] = []
    /// The spec's text when following the samples wrote it last (nil: write the draft).
    private(set) var writtenText: String?
    var models = CapturedModels()
    /// Every value of a credential the capture holds: none may reach the spec.
    private(set) var secrets: Set<String> = []
    /// How many credential values the calls sent (a header's `Bearer <token>` is one).
    private var credentialValues = 0
    /// The calls grouped by endpoint (`PathTemplates.groups`).
    private let groups: [PathTemplates.Group]
    /// The envelope the success answers share (`EnvelopeDraft.shared`).
    private let sharedEnvelope: EnvelopeDraft?
    /// What wraps every answer, when the capture shows one: GraphQL's, else the shared one.
    private(set) var envelope: EnvelopeDraft?
    /// The parameters the API sends on every call by itself, which no method takes.
    private(set) var sentByTheAPI = SentByTheAPI()
    /// The keys of answers that stand beside different payloads (`PayloadKey.metadata`).
    private var payloadMetadata: Set<String> = []
    /// What the answers say of digits: those they hold as text at an identifier's key
    /// (`"id": "1"`: a path segment of these is text), and those of four or more they hold only
    /// as text, never as a number (`"adcode": "110101"`: so is a parameter of these).
    private let digitsAsText: DigitsInAnswers
    /// The JSON body members that two endpoints or more send with one value, on every call of
    /// each (`CaptureDrafting.sharedBodyConstants`), by name: the API's options, not data.
    private let bodyConstants: [String: String]
    /// The objects two endpoints or more send alike in every call (`sharedNestedConstants`).
    private let nestedConstants: Set<String>
    /// The models drafted whole, beside `models`: GraphQL operations' variables
    /// (`GraphQLDrafting`) and the unions answers are (`TaggedUnions`).
    var draftedModels: [ModelDraft] = []

    init(exchanges: [CapturedExchange], documentName: String) {
        self.exchanges = exchanges
        self.documentName = documentName
        groups = PathTemplates.groups(exchanges)
        sharedEnvelope = .shared(by: exchanges)
        sentByTheAPI = .inferred(from: exchanges, groups: groups, envelope: sharedEnvelope)
        // A GraphQL query is its operation's, never the API's, however few operations there are.
        if exchanges.contains(where: { $0.graphQL != nil }) {
            sentByTheAPI.constants = sentByTheAPI.constants.filter { !GraphQLRequest.bodyMembers.contains($0.key) }
        }
        let sent = Credentials.values(sentBy: exchanges, except: sentByTheAPI.names)
        credentialValues = sent.count
        secrets = sent.union(sent.flatMap { $0.split(separator: " ").map(String.init) })
        digitsAsText = DigitsInAnswers(exchanges.compactMap(\.responseJSON))
        bodyConstants = Self.sharedBodyConstants(in: groups)
        nestedConstants = Self.sharedNestedConstants(in: groups)
    }

    mutating func draft(api: String) -> SpecDraft {
        let base = PathTemplates.basePathLength(groups)
        let first = exchanges[0]
        var draft = SpecDraft(
            api: api,
            baseURL: "\(first.scheme)://\(first.host)/"
                + groups[0].segments.prefix(base).compactMap(\.literal).map { $0 + "/" }
                .joined())
        draft.preamble = [
            "Imported from the capture \(documentName) (\(Self.count(exchanges.count, "call")) to \(first.host)) by "
                + "`xtoolgen import`.",
            "Notes like the ones below mark what the capture can't tell; decide there.",
        ]
        let credentials = Credentials.provided(by: exchanges, except: sentByTheAPI.names)
        draft.fixed = sentByTheAPI.fixedValues + credentials.parameters + sentByTheAPI.nowValues + sentByTheAPI.headers
        draft.headers = ConstantHeaders.inferred(from: exchanges) + credentials.headers
        draft.securityComments = credentials.comments
        draft.signature = sentByTheAPI.signing
        envelope =
            EnvelopeDraft.graphQL(exchanges) ?? sharedEnvelope
        draft.envelope = envelope
        draft.formBodies = exchanges.contains(where: \.sendsForm)
        payloadMetadata = PayloadKey.metadata(of: groups.map { successPayloads($0.exchanges) })
        var tools: [String: ToolDraft] = [:]
        var order: [String] = []
        for group in groups {
            let rest = Array(group.segments.dropFirst(base))
            let toolName = PathTemplates.toolName(rest, api: api)
            if tools[toolName] == nil {
                tools[toolName] = ToolDraft(name: toolName)
                order.append(toolName)
            }
            // A GraphQL API's operations are told apart by their query text, a gateway's by a
            // parameter whose values split the answers.
            if let operations = graphQLEndpoints(group, path: rest) {
                for var endpoint in operations {
                    endpoint.name = SwiftNaming.unique(endpoint.name) { name in
                        tools[toolName]!.endpoints.contains { $0.name == name }
                    }
                    tools[toolName]!.endpoints.append(endpoint)
                }
                continue
            }
            let operations = GatewayOperations.operations(of: group.exchanges, paths: groups.count) { call in
                successPayloads([call]).first
            }
            for operation in operations {
                var part = group
                part.exchanges = operation.exchanges
                let values = operations.compactMap(\.discriminator?.value)
                var endpoint = self.endpoint(
                    part, path: rest,
                    operation: operation.discriminator.map {
                        ($0.name, $0.value, GatewayOperations.name(of: $0.value, among: values))
                    })
                endpoint.name = SwiftNaming.unique(endpoint.name) { name in
                    tools[toolName]!.endpoints.contains { $0.name == name }
                }
                // A credential header none of its calls sent (a token endpoint's) is left out:
                // its 401 is no expired token.
                endpoint.omit = credentials.headers.map(\.name).filter { header in
                    !part.exchanges.contains { call in
                        call.headers.contains { $0.name.lowercased() == header.lowercased() }
                    }
                }
                tools[toolName]!.endpoints.append(endpoint)
            }
        }
        draft.tools = order.compactMap { tools[$0] }
        draft.errors =
            ErrorsDraft.graphQL(in: exchanges, models: &models) ?? ErrorsDraft.captured(in: exchanges, models: &models)
        let retries = CapturedRetries.inferred(from: exchanges, envelope: envelope, besides: sentByTheAPI.names)
        if !retries.retried.codes.isEmpty || !retries.retried.statuses.isEmpty {
            draft.retry = (
                retries.retried.codes, retries.retried.statuses,
                "failures the app asked for again, as they were, and got an answer: asked for again once"
            )
        }
        draft.refresh = retries.refresh.flatMap { refresh(of: $0, provided: draft.fixed + draft.headers) }
        draft.timezone = APIClock.zone(
            of: models.drafts, sentTimeZone: sentByTheAPI.nowValues.compactMap(\.timezone).first,
            recordedOffsets: exchanges.map(\.recordedOffset))
        runSharedPasses(on: &draft)
        let other = exchanges.compactMap(\.otherResponseType)
        summary.insert(
            "\(Self.count(exchanges.count, "call")) to \(first.host): "
                + "\(Self.count(draft.tools.reduce(0) { $0 + $1.endpoints.count }, "endpoint")) in "
                + "\(Self.count(draft.tools.count, "tool")), \(Self.count(draft.models.count, "model")) from "
                + "\(Self.count(exchanges.filter { $0.responseJSON != nil }.count, "JSON body"))",
            at: 0)
        if !other.isEmpty {
            let kinds = Set(other).sorted().joined(separator: ", ")
            summary.append(
                "\(Self.count(other.count, "response")) not JSON (\(kinds)), left unread: an endpoint that got no "
                    + "JSON answer has no response type")
        }
        if !sentByTheAPI.unreadHeaders.isEmpty {
            summary.append(
                "\(Self.count(sentByTheAPI.unreadHeaders.count, "header")) changed from call to call as no time or "
                    + "random value does, left out: " + sentByTheAPI.unreadHeaders.joined(separator: ", "))
        }
        let unread = exchanges.compactMap(\.unreadRequest)
        if !unread.isEmpty {
            summary.append(
                "\(Self.count(unread.count, "request")) sent what no parameter carries, left for a hand-written body: "
                    + Set(unread).sorted().joined(separator: "; "))
        }
        if credentialValues > 0 {
            summary.append("\(Self.count(credentialValues, "credential value")) left out of the spec")
        }
        return draft
    }

    /// The passes every front end runs (`DraftPasses`): models of one structure merged (the
    /// objects named after a key; the endpoints' answers keep their names), inline enums named
    /// apart from models, required cycles broken, the models no endpoint reaches removed, and
    /// the captured samples followed where the merged shapes don't read them.
    private mutating func runSharedPasses(on draft: inout SpecDraft) {
        var passes = DraftPasses()
        passes.models = models.drafts + draftedModels
        passes.modelRanks = Array(passes.models.indices)
        passes.takenTypeNames = Set(
            passes.models.map(\.name) + draft.tools.map { GeneratedNames.toolType(base: $0.name) }
                + [GeneratedNames.apiType(api: draft.api)])
        passes.documentOrigin = Origin(document: 0, location: exchanges[0].location)
        // An endpoint's answer is named after the endpoint, as a document names a component:
        // answers of one shape stay apart, and an object named after a key gives way to them.
        let names = Set(passes.models.map(\.name))
        passes.namedModels = Set(
            draft.tools.flatMap(\.endpoints).compactMap(\.response?.spelling).filter(names.contains)
                + (draft.errors.map { [$0.type] } ?? []) + draftedModels.map(\.name))
        passes.mergeStructuralDuplicates(&draft.tools, errors: &draft.errors)
        passes.finishEnums(&draft.tools)
        passes.breakRequiredCycles()
        DraftPasses.sayUndecidedReads(in: &draft.tools)
        let reached = passes.models.reachable(from: draft.tools, errors: draft.errors)
        draft.models = passes.models.filter { reached.contains($0.name) }
        writtenText = passes.followExamples(&draft)
        diagnostics = passes.groupedDiagnostics
    }

    /// The `refresh:` a renewal of credentials gives: the closure named after what it renews
    /// (`refreshAccessToken`), the failures that say they expired, and the provided values it
    /// renews where they are not all of them; nil where no provided value was renewed (a cookie).
    private func refresh(of found: CapturedRetries.Refresh, provided: [ProvidedDraft]) -> RefreshDraft? {
        let credentials = provided.filter { $0.value == nil && $0.now == nil && $0.nonce == nil }
        let renewed = credentials.filter {
            found.renewed.contains($0.name.lowercased()) || found.renewed.contains($0.name)
        }
        guard !renewed.isEmpty else { return nil }
        let labels = Set(credentials.map(\.label))
        let closure = SwiftNaming.unique(
            renewed.count == 1
                ? "refresh" + renewed[0].label.prefix(1).uppercased() + renewed[0].label.dropFirst()
                : "refreshCredentials"
        ) { labels.contains($0) }
        let sources = found.renewedBy.map {
            Credentials.redacting(
                secrets, in: "\(exchanges[$0].method) \(exchanges[$0].segments.joined(separator: "/"))")
        }
        let failures =
            found.failures.statuses.map { "HTTP \($0)" } + found.failures.codes.map { "code \($0)" }
        return RefreshDraft(
            provided: closure, statuses: found.failures.statuses, codes: found.failures.codes,
            renews: renewed.count == credentials.count ? [] : renewed.map(\.label),
            comment: "calls that failed (\(failures.joined(separator: ", "))) were asked for again with "
                + (renewed.count == 1 ? "a renewed \(renewed[0].label)" : "renewed credentials")
                + (sources.isEmpty ? "" : " (from the answer of \(sources.joined(separator: ", ")))")
                + " and answered: the app's closure renews them")
    }

    /// `1 call`, `2 calls`, `3 JSON bodies`.
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun.hasSuffix("y") ? noun.dropLast() + "ie" : noun)s"
    }

    // MARK: Endpoints

    /// The endpoint of a group's calls at `path` (past the base path); `operation` names the
    /// gateway operation the calls are (the parameter, its value, and the endpoint's name).
    private mutating func endpoint(
        _ group: PathTemplates.Group, path: [PathTemplates.PathPart], operation: (String, String, String)? = nil
    ) -> EndpointDraft {
        let (pathText, names) = PathTemplates.template(of: path)
        var words = path.dropFirst().compactMap(\.literal).map(PathTemplates.word)
        // A call to one of a collection (`stores/{id}/products/{id}`) is named after one of it.
        if path.last?.literal == nil, let last = words.popLast() { words.append(SwiftNaming.singular(last)) }
        let noun = words.isEmpty ? path.first?.literal.map(PathTemplates.word) ?? "root" : words.joined(separator: "_")
        let stem = operation?.2 ?? (path.last?.literal == nil && words.isEmpty ? SwiftNaming.singular(noun) : noun)
        // A method's name or an operation's says what the call does: no HTTP verb before it.
        let named = operation != nil || path.last?.literal.map(PathTemplates.isMethod) == true
        let verb = group.method == "GET" || named ? "" : group.method.lowercased() + "_"
        let name = SwiftNaming.parameterName(verb + stem) ?? "call"
        var endpoint = EndpointDraft(
            name: name, method: group.method.lowercased(), path: pathText)
        let offset = group.segments.count - path.count
        for (name, position) in zip(names, path.indices.filter { path[$0].literal == nil }) {
            let values = group.exchanges.map { PathTemplates.stem($0.segments[offset + position]) }
            let type =
                values.contains(where: digitsAsText.identifiers.contains) ? .scalar("String") : Self.type(of: values)
            endpoint.params.append(MemberDraft(key: name, type: type))
        }
        let (params, fixed) = parameters(group, operation: operation?.2)
        endpoint.params += params.filter { $0.key != operation?.0 }
        endpoint.fixed = fixed.filter { $0.name != operation?.0 }
        if let (parameter, value, _) = operation {
            let inQuery = group.exchanges[0].parameters.prefix(group.exchanges[0].queryCount).contains {
                $0.name == parameter
            }
            let placement = group.method != "GET" && group.method != "DELETE" && inQuery ? "query" : nil
            endpoint.fixed.insert(
                ProvidedDraft(name: parameter, label: parameter, value: value, placement: placement), at: 0)
        }
        response(group, into: &endpoint, named: stem, at: path.first?.literal.map(PathTemplates.word) ?? "")
        paginate(group, into: &endpoint)
        if endpoint.paginate == nil { defaultPageSizes(group, of: &endpoint) }
        return endpoint
    }

    /// On an endpoint whose pages the capture doesn't show moving, a page size every call sent
    /// with one value (`sizes?per_page=200`) is that value by default: the app asked for it, and
    /// may ask for another. Where the pages move, the size stays required, the pages' to choose.
    private func defaultPageSizes(_ group: PathTemplates.Group, of endpoint: inout EndpointDraft) {
        for index in endpoint.params.indices where WireVocabulary.limit.contains(endpoint.params[index].key) {
            let name = endpoint.params[index].key
            let values = Set(group.exchanges.map { call in call.parameters.first { $0.name == name }?.value })
            guard values.count == 1, let value = values.first ?? nil, Int64(value) != nil else { continue }
            endpoint.params[index].defaultValue = .plain(value)
        }
    }

    // MARK: Parameters

    /// An endpoint's own parameters: the query's, a form's or a JSON body's, typed from every
    /// call's values and optional where a call leaves one out; and its constants, the query's
    /// parameters two calls or more all sent with one value (`fixed:`; a page's number, size or
    /// offset stays the call's to choose, a value of the kind another parameter varies is data,
    /// and a body's members are the data it writes).
    mutating func parameters(_ group: PathTemplates.Group, operation: String? = nil) -> (
        params: [MemberDraft], fixed: [ProvidedDraft]
    ) {
        var names: [String] = []
        for exchange in group.exchanges {
            for (name, value) in exchange.parameters
            where !names.contains(name) && !sentByTheAPI.names.contains(name)
                && !Credentials.isCredential(name: name, value: value)
            {
                names.append(name)
            }
        }
        var params: [MemberDraft] = []
        var fixed: [ProvidedDraft] = []
        // An array is one parameter of its elements' type: `ids: [Int]`, `style: brackets` for
        // `ids[]=1&ids[]=2` (and so never a constant, nor a page).
        let arrays = CapturedExchange.arrayNames(in: group.exchanges)
        for name in names where arrays.contains(name) {
            let sent = group.exchanges.flatMap { call in call.parameters.filter { $0.name == name }.map(\.value) }
            var element = Self.type(of: sent)
            if sent.contains(where: { digitsAsText.areText($0, sentAs: name) }) || element.dateFormat != nil {
                element = .scalar("String")
            }
            var member = MemberDraft(
                key: name.hasSuffix("[]") ? String(name.dropLast(2)) : name,
                type: TypeDraft(spelling: "[\(element.spelling)]", kind: .array(elementIsScalar: true)))
            if name.hasSuffix("[]") { member.style = "brackets" }
            member.optional = group.exchanges.contains { call in !call.parameters.contains { $0.name == name } }
            params.append(member)
        }
        names.removeAll { arrays.contains($0) }
        let valuesByName = names.map { name in
            group.exchanges.map { call in call.parameters.first { $0.name == name }?.value }
        }
        // Data the calls vary has a kind (coordinates, dates): a value of that kind every call
        // sent alike (an origin beside destinations) is data too, not the endpoint's constant.
        let varyingKinds = Self.varyingKinds(valuesByName.map { $0.compactMap { $0 } })
        for (name, values) in zip(names, valuesByName) {
            let literal = group.exchanges.contains { $0.literalMembers.contains(name) }
            let inQuery = group.exchanges.contains { call in
                call.parameters.prefix(call.queryCount).contains { $0.name == name }
            }
            let location = group.method != "GET" && group.method != "DELETE" && inQuery ? "query" : nil
            let isConstant = values.count > 1 && !values.contains(nil) && Set(values).count == 1 && values[0] != "null"
            let paging = WireVocabulary.paging.contains(name) || sentByTheAPI.paging.contains(name)
            if isConstant, inQuery, !paging, let value = values[0],
                !varyingKinds.contains(Self.structure(of: value) ?? "")
            {
                fixed.append(
                    ProvidedDraft(name: name, label: name, value: value, isLiteral: literal, placement: location))
                continue
            }
            if !inQuery, let value = bodyConstants[name], values.allSatisfy({ $0 == value }) {
                fixed.append(ProvidedDraft(name: name, label: name, value: value, isLiteral: literal))
                continue
            }
            let sent = values.compactMap { $0 }
            // Digits the answers hold only as text are text, where they are no page's (`city=110101`,
            // an answer's `"adcode": "110101"`; `types=160300`, its `"typecode": "160303"`).
            let isText = !paging && sent.contains { digitsAsText.areText($0, sentAs: name) }
            var member = MemberDraft(key: name, type: isText ? .scalar("String") : Self.type(of: sent))
            member.optional = values.contains(nil)
            member.location = location
            params.append(member)
        }
        let nested = nestedParameters(group, operation: operation)
        return (params + nested.params, fixed + nested.fixed)
    }

    /// The JSON body members (scalars) that two endpoints or more send on every call, all with
    /// one value (Firefly's `apply_rules: true` on a transaction's create and its update): an
    /// option the app sets alike wherever it writes, not data it writes. One endpoint's calls
    /// alone say nothing of it: a droplet created twice in one region still names the region.
    static func sharedBodyConstants(in groups: [PathTemplates.Group]) -> [String: String] {
        var values: [String: (endpoints: Int, values: Set<String>)] = [:]
        var varies: Set<String> = []
        for group in groups {
            let bodies = group.exchanges.map { call in
                call.sendsForm
                    ? []
                    : call.parameters.dropFirst(call.queryCount).filter { parameter in
                        !call.nestedMembers.contains { $0.name == parameter.name }
                    }
            }
            let names = Set(bodies.flatMap { $0.map(\.name) })
            for name in names {
                let sent = bodies.map { body in body.first { $0.name == name }?.value }
                guard !sent.contains(nil) else {
                    varies.insert(name)
                    continue
                }
                values[name, default: (0, [])].endpoints += 1
                values[name]!.values.formUnion(sent.map { $0! })
            }
        }
        return values.compactMapValues { found in
            found.endpoints > 1 && found.values.count == 1 ? found.values.first : nil
        }.filter { !varies.contains($0.key) }
    }

    /// The structures (`structure(of:)`) of the values of the parameters sent with more than one
    /// value, given the values each parameter was sent with.
    static func varyingKinds(_ valuesByName: some Sequence<[String]>) -> Set<String> {
        Set(valuesByName.filter { Set($0).count > 1 }.flatMap { $0.compactMap(structure) })
    }

    /// A value's structure, its digit runs as `9` and its letter runs as `a`, its other
    /// characters kept (`116.48,39.98` → `9.9,9.9`, `2024-05-01` → `9-9-9`); nil for a value
    /// without both a digit and another character: a word or a number says nothing of its kind.
    static func structure(of value: String) -> String? {
        var structure = ""
        var hasDigit = false
        var hasSeparator = false
        for character in value {
            let run: Character? =
                character.isASCII && character.isNumber ? "9" : character.isLetter ? "a" : nil
            if run == "9" { hasDigit = true }
            if run == nil { hasSeparator = true }
            if let run, structure.last == run { continue }
            structure.append(run ?? character)
        }
        return hasDigit && hasSeparator ? structure : nil
    }

    /// The JSON body's members that are objects or arrays, typed by the models their values
    /// make, optional where a call leaves one out. A model a request sends is named apart from
    /// the answers' (`NewTransaction` beside `Transaction`): what a write sends is seldom all
    /// that a read answers. A gateway operation's are named after it (`RepoVariables`): the
    /// operations that share a path send members of one name and shapes of their own.
    ///
    /// An object two endpoints or more send alike in every call (`context: {client: {…}}`) is
    /// what the app sends everywhere: `JSON?` (what else the app adds), with each of its values
    /// fixed inside it (`context.client.clientName: WEB`), which a call without it sends alone.
    private mutating func nestedParameters(_ group: PathTemplates.Group, operation: String?) -> (
        params: [MemberDraft], fixed: [ProvidedDraft]
    ) {
        var names: [String] = []
        // A GraphQL request's variables are its operation's model (`GraphQLDrafting`).
        for exchange in group.exchanges where exchange.graphQL == nil {
            for (name, _) in exchange.nestedMembers where !names.contains(name) { names.append(name) }
        }
        let word = operation.map { $0 + "_" } ?? (group.method == "POST" ? "new_" : "changed_")
        var fixed: [ProvidedDraft] = []
        let params = names.map { name in
            let values = group.exchanges.map { call in call.nestedMembers.first { $0.name == name }?.value }
            // Every call sends a shared object, and alike (`sharedNestedConstants`).
            if nestedConstants.contains(name), let value = values[0], let leaves = Self.leaves(of: value, at: [name]) {
                fixed += leaves.map {
                    ProvidedDraft(
                        name: Spec.KeyPath(components: $0.path).description, label: $0.path.last!, value: $0.value,
                        isLiteral: $0.literal)
                }
                // The object's members are the fixed values: the parameter adds any others.
                var member = MemberDraft(key: name, type: .json)
                member.optional = true
                return member
            }
            // Only ever `{}` (an operation's variables when it takes none) says nothing of a model.
            if values.allSatisfy({ $0.map { $0.isMapping && $0.entries.isEmpty } ?? true }) {
                var member = MemberDraft(key: name, type: .json)
                member.optional = true
                return member
            }
            let shape = values.compactMap { $0 }.reduce(CapturedShape.null) {
                $0.merged(with: models.shape(of: $1, name: word + name))
            }
            var member = MemberDraft(key: name, type: CapturedModels.type(of: shape))
            member.optional = values.contains { $0 == nil }
            return member
        }
        return (params, fixed)
    }

    /// The scalars of an object, each at its key path from `path` (`context.client.name`) with
    /// its text and whether it is a JSON literal (a number, a Boolean, null); nil where the
    /// object holds an array, which a fixed value can't set.
    static func leaves(of node: YAMLNode, at path: [String]) -> [(path: [String], value: String, literal: Bool)]? {
        switch node.content {
        case .scalar(let text, let style): return [(path, text, style == .plain)]
        case .sequence: return nil
        case .mapping:
            var leaves: [(path: [String], value: String, literal: Bool)] = []
            for entry in node.entries {
                guard let inside = Self.leaves(of: entry.value, at: path + [entry.key]) else { return nil }
                leaves += inside
            }
            return leaves
        }
    }

    /// The names of the JSON body members that are objects two endpoints or more send, each
    /// endpoint in every call, and every call alike (`sharedBodyConstants`' rule for objects).
    static func sharedNestedConstants(in groups: [PathTemplates.Group]) -> Set<String> {
        var found: [String: (endpoints: Int, texts: Set<String>)] = [:]
        var varies: Set<String> = []
        for group in groups {
            let names = Set(group.exchanges.flatMap { $0.nestedMembers.map(\.name) })
            for name in names {
                let texts = group.exchanges.map { call in
                    call.nestedMembers.first { $0.name == name }.flatMap { try? SampleJSON.text(of: $0.value) }
                }
                guard !texts.contains(nil) else {
                    varies.insert(name)
                    continue
                }
                found[name, default: (0, [])].endpoints += 1
                found[name]!.texts.formUnion(texts.map { $0! })
            }
        }
        return Set(found.filter { $0.value.endpoints > 1 && $0.value.texts.count == 1 }.keys).subtracting(varies)
    }

    /// The type that reads every value of a parameter or path segment: a date where each is one
    /// in one style (`2025-01-01`: `Date` in `yyyy-MM-dd`), as a body's text is read; text where
    /// digits start with a zero.
    static func type(of values: [String]) -> TypeDraft {
        guard !values.isEmpty else { return .scalar("String") }
        let kind = CapturedModels.textKind(values[0])
        if kind == .isoDate || kind.datePattern != nil, values.allSatisfy({ CapturedModels.textKind($0) == kind }) {
            return CapturedModels.type(of: .text(kind))
        }
        // Digits with a leading zero (`050000`) are a code: a number would lose the zero.
        if values.contains(where: { $0.count > 1 && $0.hasPrefix("0") && !$0.hasPrefix("0.") }) {
            return .scalar("String")
        }
        if values.allSatisfy({ Int64($0) != nil }) {
            let wide = values.contains { Int64($0)!.magnitude > UInt64(Int32.max) }
            return .scalar(wide ? "Int64" : "Int")
        }
        if values.allSatisfy({ Double($0) != nil }) { return .scalar("Double") }
        if values.allSatisfy({ $0 == "true" || $0 == "false" }) { return .scalar("Bool") }
        return .scalar("String")
    }

    // MARK: Responses

    /// The response type every success body of the endpoint reads as, and a sample of it.
    private mutating func response(
        _ group: PathTemplates.Group, into endpoint: inout EndpointDraft, named name: String, at place: String
    ) {
        var statuses: Set<Int> = []
        for failure in group.exchanges where failure.status >= 400 && failure.responseJSON?.isMapping == true {
            if statuses.insert(failure.status).inserted, let sample = sample(failure, status: failure.status) {
                endpoint.samples.append(sample)
            }
        }
        let answers = group.exchanges.filter { (200...299).contains($0.status) && $0.responseJSON != nil }
        let successes = answers.filter { envelope?.succeeds($0.responseJSON!) ?? true }
        if let failure = answers.first(where: { envelope?.succeeds($0.responseJSON!) == false }),
            var sample = sample(failure, status: nil)
        {
            sample.name = "failure"
            sample.failure = true
            endpoint.samples.append(sample)
        }
        guard !successes.isEmpty else { return }
        let payloads = successPayloads(successes)
        let envelopeKeys = [envelope?.successPath, envelope?.message, envelope?.code].compactMap {
            $0?.components.first
        }
        let key = PayloadKey.key(in: payloads, besides: Set(envelopeKeys), metadata: payloadMetadata)
        var shape = CapturedShape.null
        // A payload at a key that only says "the data" (`data`, `result`) is named after the
        // endpoint, as a whole answer is.
        var path = key.map { [$0] } ?? []
        var values = payloads.map { payload in key.flatMap { payload[$0] } ?? payload }
        // Inside a key that only says "the data", the one key that holds what the answers are
        // about is read as at the top (`data.viewer` of `{"data": {"viewer": {…}}}`).
        if let key, WireVocabulary.data.contains(key), let inner = PayloadKey.key(in: values) {
            path.append(inner)
            values = values.map { $0[inner] ?? $0 }
        }
        // One object a call to a collection answers is one of it (`POST notes` answers a `Note`).
        let one = values.allSatisfy(\.isMapping) ? SwiftNaming.singular(name) : name
        let modelKey = path.last.flatMap { WireVocabulary.data.contains($0) ? nil : $0 } ?? one
        if let union = taggedUnion(of: values, name: modelKey) {
            shape = union
        } else {
            for value in values {
                shape = shape.merged(with: models.shape(of: value, name: modelKey, at: place, answer: true))
            }
        }
        if !path.isEmpty { endpoint.responsePath = Spec.KeyPath(components: path) }
        // A payload only ever null says nothing of its type: the endpoint answers no value.
        if shape != .null { endpoint.response = CapturedModels.type(of: shape) }
        if let sample = sample(successes[0], status: nil) {
            endpoint.samples.insert(sample, at: 0)
            if endpoint.samples.count > 1 { endpoint.samples[0].name = "ok" }
        }
    }

    /// The success answers' payloads (inside the envelope, where it passes).
    private func successPayloads(_ calls: [CapturedExchange]) -> [YAMLNode] {
        calls.compactMap { call in
            guard (200...299).contains(call.status), let body = call.responseJSON, envelope?.succeeds(body) ?? true
            else { return nil }
            return envelope.map { $0.payload(of: body) } ?? body
        }
    }

    /// A call's body as a sample, every credential value replaced, written as the spec writes
    /// JSON (which YAML reads: a surrogate pair's escape is YAML's error); nil for one too big
    /// to keep in the spec.
    func sample(_ exchange: CapturedExchange, status: Int?) -> SampleDraft? {
        guard let answer = exchange.responseJSON, exchange.responseSize <= 16_384,
            let text = try? SampleJSON.text(of: answer),
            let body = try? SampleJSON.text(of: JSONReader().parseDocument(Credentials.redacting(secrets, in: text)))
        else { return nil }
        return SampleDraft(
            name: status.map { "status\($0)" }, status: status, json: body,
            source: Credentials.redacting(secrets, in: "captured: \(exchange.method) \(exchange.address)"))
    }
}
