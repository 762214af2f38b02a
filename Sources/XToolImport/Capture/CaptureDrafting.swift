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
    /// What wraps every answer, when the capture shows one.
    private(set) var envelope: EnvelopeDraft?
    /// The parameters the API sends on every call by itself, which no method takes.
    private(set) var sentByTheAPI = SentByTheAPI()
    /// The models GraphQL operations' variables make (`GraphQLDrafting`), beside `models`.
    var graphQLModels: [ModelDraft] = []

    init(exchanges: [CapturedExchange], documentName: String) {
        self.exchanges = exchanges
        self.documentName = documentName
        let sent = Credentials.values(sentBy: exchanges)
        credentialValues = sent.count
        secrets = sent.union(sent.flatMap { $0.split(separator: " ").map(String.init) })
    }

    mutating func draft(api: String) -> SpecDraft {
        let groups = PathTemplates.groups(exchanges)
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
        sentByTheAPI = .inferred(from: exchanges)
        // A GraphQL query is its operation's, never the API's, however few operations there are.
        if exchanges.contains(where: { $0.graphQL != nil }) {
            sentByTheAPI.constants = sentByTheAPI.constants.filter { !GraphQLRequest.bodyMembers.contains($0.key) }
        }
        let credentials = Credentials.provided(by: exchanges)
        draft.fixed = sentByTheAPI.fixedValues + credentials.parameters + sentByTheAPI.nowValues
        draft.headers = credentials.headers
        draft.securityComments = credentials.comments
        draft.signature = sentByTheAPI.signature.map {
            (
                $0,
                "changes every call and looks like a digest of the others: the app's signer computes it (or a recipe: see sign:)"
            )
        }
        envelope =
            EnvelopeDraft.graphQL(exchanges)
            ?? EnvelopeDraft.shared(by: exchanges.filter { (200...299).contains($0.status) }.compactMap(\.responseJSON))
        draft.envelope = envelope
        draft.formBodies = exchanges.contains(where: \.sendsForm)
        var tools: [String: ToolDraft] = [:]
        var order: [String] = []
        for group in groups {
            let rest = Array(group.segments.dropFirst(base))
            let toolName = PathTemplates.toolName(rest, api: api)
            if tools[toolName] == nil {
                tools[toolName] = ToolDraft(name: toolName)
                order.append(toolName)
            }
            for var endpoint in graphQLEndpoints(group, path: rest) ?? [self.endpoint(group, path: rest)] {
                endpoint.name = SwiftNaming.unique(endpoint.name) { name in
                    tools[toolName]!.endpoints.contains { $0.name == name }
                }
                tools[toolName]!.endpoints.append(endpoint)
            }
        }
        draft.tools = order.compactMap { tools[$0] }
        draft.errors =
            ErrorsDraft.graphQL(in: exchanges, models: &models) ?? ErrorsDraft.captured(in: exchanges, models: &models)
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
            summary.append("\(other.count) responses were not JSON (\(kinds)): their endpoints have no response type")
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
        passes.models = models.drafts + graphQLModels
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
                + (draft.errors.map { [$0.type] } ?? []) + graphQLModels.map(\.name))
        passes.mergeStructuralDuplicates(&draft.tools, errors: &draft.errors)
        passes.finishEnums(&draft.tools)
        passes.breakRequiredCycles()
        let reached = passes.models.reachable(from: draft.tools, errors: draft.errors)
        draft.models = passes.models.filter { reached.contains($0.name) }
        writtenText = passes.followExamples(&draft)
        diagnostics = passes.groupedDiagnostics
    }

    /// `1 call`, `2 calls`, `3 JSON bodies`.
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun.hasSuffix("y") ? noun.dropLast() + "ie" : noun)s"
    }

    // MARK: Endpoints

    private mutating func endpoint(_ group: PathTemplates.Group, path: [PathTemplates.PathPart]) -> EndpointDraft {
        let (pathText, names) = PathTemplates.template(of: path)
        let words = path.dropFirst().compactMap(\.literal).map(PathTemplates.stem)
        let noun = words.isEmpty ? path.first?.literal.map(PathTemplates.stem) ?? "root" : words.joined(separator: "_")
        let stem = path.last?.literal == nil && words.isEmpty ? SwiftNaming.singular(noun) : noun
        let verb = group.method == "GET" ? "" : group.method.lowercased() + "_"
        let name = SwiftNaming.parameterName(verb + stem) ?? "call"
        var endpoint = EndpointDraft(
            name: name, method: group.method.lowercased(), path: pathText)
        let offset = group.segments.count - path.count
        for (name, position) in zip(names, path.indices.filter { path[$0].literal == nil }) {
            let values = group.exchanges.map { PathTemplates.stem($0.segments[offset + position]) }
            endpoint.params.append(MemberDraft(key: name, type: Self.type(of: values)))
        }
        endpoint.params += parameters(group)
        response(group, into: &endpoint, named: stem)
        paginate(group, into: &endpoint)
        return endpoint
    }

    // MARK: Parameters

    /// An endpoint's own parameters: the query's, a form's or a JSON body's, typed from every
    /// call's values and optional where a call leaves one out.
    func parameters(_ group: PathTemplates.Group) -> [MemberDraft] {
        var names: [String] = []
        for exchange in group.exchanges {
            for (name, value) in exchange.parameters
            where !names.contains(name) && !sentByTheAPI.names.contains(name)
                && !Credentials.isCredential(name: name, value: value)
            {
                names.append(name)
            }
        }
        return names.map { name in
            let values = group.exchanges.map { call in call.parameters.first { $0.name == name }?.value }
            var member = MemberDraft(key: name, type: Self.type(of: values.compactMap { $0 }))
            member.optional = values.contains(nil)
            let inQuery = group.exchanges.contains { call in
                call.parameters.prefix(call.queryCount).contains { $0.name == name }
            }
            if group.method != "GET", group.method != "DELETE", inQuery { member.location = "query" }
            return member
        }
    }

    /// The type that reads every value of a parameter or path segment.
    static func type(of values: [String]) -> TypeDraft {
        guard !values.isEmpty else { return .scalar("String") }
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
    private mutating func response(_ group: PathTemplates.Group, into endpoint: inout EndpointDraft, named name: String)
    {
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
        var shape = CapturedShape.null
        for exchange in successes {
            let payload = envelope.map { $0.payload(of: exchange.responseJSON!) } ?? exchange.responseJSON
            if let payload { shape = shape.merged(with: models.shape(of: payload, name: name)) }
        }
        // A payload only ever null says nothing of its type: the endpoint answers no value.
        if shape != .null { endpoint.response = CapturedModels.type(of: shape) }
        if let sample = sample(successes[0], status: nil) {
            endpoint.samples.insert(sample, at: 0)
            if endpoint.samples.count > 1 { endpoint.samples[0].name = "ok" }
        }
    }

    /// A call's body as a sample, every credential value replaced, written as the spec writes
    /// JSON (which YAML reads: a surrogate pair's escape is YAML's error); nil for one too big
    /// to keep in the spec.
    func sample(_ exchange: CapturedExchange, status: Int?) -> SampleDraft? {
        guard let text = exchange.responseText, text.utf8.count <= 16_384,
            let body = try? SampleJSON.text(of: JSONReader().parseDocument(Credentials.redacting(secrets, in: text)))
        else { return nil }
        return SampleDraft(
            name: status.map { "status\($0)" }, status: status, json: body,
            source: Credentials.redacting(secrets, in: "captured: \(exchange.method) \(exchange.address)"))
    }
}
