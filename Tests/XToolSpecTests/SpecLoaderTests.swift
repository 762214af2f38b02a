import Foundation
import Testing

@testable import XToolSpec

/// The validated model carries every derived name and resolved type.
@Suite struct SpecLoaderTests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Specs")

    private func load(_ name: String) throws -> Spec {
        let bytes = try Array(Data(contentsOf: Self.specs.appendingPathComponent(name)))
        let result = SpecLoader.load(bytes, fileName: name)
        #expect(result.diagnostics == [], "\(name) validates clean")
        return try #require(result.spec)
    }

    private func load(yaml: String) -> SpecLoader.Result {
        SpecLoader.load(Array(yaml.utf8), fileName: "Test.yaml")
    }

    @Test func theCredentialRefreshNamesItsClosureTheExpiryAndTheValuesItRenews() throws {
        let github = try load("GitHub.yaml")
        #expect(
            github.refresh
                == Spec.CredentialRefresh(label: "refreshToken", statuses: [401], codes: [], renews: ["Authorization"]))
        let wechat = try load("WeChat.yaml")
        #expect(wechat.refresh?.codes == ["42001", "40001", "40014"])
        #expect(wechat.refresh?.renews == ["access_token"])

        // One label may serve several keys; `renews` names labels and the refresh renews their keys.
        let result = load(
            yaml: """
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com/
                fixed:
                  access_token: { provided: token, in: query }
                  app_key: { provided: appKey }
                headers:
                  Authorization: { provided: token, prefix: "Bearer " }
                errors: { message: message, code: code }
                refresh:
                  provided: default
                  statuses: [401, 403]
                  codes: token_expired
                  renews: token
                """)
        #expect(result.diagnostics == [])
        #expect(
            result.spec?.refresh
                == Spec.CredentialRefresh(
                    label: "`default`", statuses: [401, 403], codes: ["token_expired"],
                    renews: ["access_token", "Authorization"]))
    }

    /// `api:` is the API type's name as written when it starts with a capital (issue 30:
    /// `GitHubGraphQL` made `GitHubGraphQlAPI`); a lower-case name is capitalised.
    @Test func theAPINameIsKeptAsWritten() throws {
        let names = ["GitHubGraphQL", "OpenAI", "MyJSONAPI", "AMap", "weibo", "my_api"].map { api in
            load(yaml: "xtoolgen: 1\napi: \(api)\nbaseURL: https://api.example.com/\n").spec?.apiTypeName
        }
        #expect(names == ["GitHubGraphQLAPI", "OpenAIAPI", "MyJSONAPIAPI", "AMapAPI", "WeiboAPI", "MyAPIAPI"])
    }

    /// `refresh: renews:` takes a provided value only endpoints send (issue 40 item 3: a session
    /// the five endpoints that need it declare), which is an initializer argument like the API's.
    @Test func refreshRenewsAValueOnlyEndpointsSend() throws {
        let spec = try #require(
            load(
                yaml: """
                    xtoolgen: 1
                    api: Gateway
                    baseURL: https://gw.example.com/
                    headers:
                      X-App-Key: { provided: appKey }
                    refresh: { provided: renewSession, renews: [session] }
                    tools:
                      Orders:
                        endpoints:
                          list:
                            get: orders
                            fixed: { session: { provided: session } }
                    """
            ).spec)
        #expect(spec.refresh?.renews == ["session"])
        #expect(spec.endpointProvidedLabels.contains("session"))
    }

    /// A tool's `omit:` applies to each of its endpoints, whose own `omit:` adds to it (issue 40
    /// item 4); a name that is no fixed value of the API is an error there too.
    @Test func aToolsOmitAppliesToEachEndpoint() throws {
        let spec = try #require(
            load(
                yaml: """
                    xtoolgen: 1
                    api: Shop
                    baseURL: https://api.example.com/
                    fixed: { access_token: { provided: token }, app_key: { provided: appKey } }
                    tools:
                      Auth:
                        omit: [access_token]
                        endpoints:
                          login: { post: login }
                          refresh: { post: refresh, omit: [app_key] }
                    """
            ).spec)
        #expect(spec.tools.first?.endpoints.map(\.omitted) == [["access_token"], ["access_token", "app_key"]])
    }

    /// A tool's name is its type's as written when it is a type name already (issue 42:
    /// `GraphQL` made `GraphQlTool`); another is capitalised as a type name.
    @Test func aToolNameIsKeptAsWritten() throws {
        let names = ["GraphQL", "OpenAI", "AMapPlaces", "status", "user_timeline"].map { tool in
            load(
                yaml: """
                    xtoolgen: 1
                    api: Test
                    baseURL: https://api.example.com/
                    tools:
                      \(tool):
                        endpoints:
                          ping: { get: ping }
                    """
            ).spec?.tools.first?.typeName
        }
        #expect(names == ["GraphQLTool", "OpenAITool", "AMapPlacesTool", "StatusTool", "UserTimelineTool"])
    }

    /// `timezone:` binds the API's zone to every pattern of `dates:` and of the members' formats;
    /// a member's own zone replaces it, and a member with a zone and no format takes `dates:`.
    @Test func timeZonesBindToThePatterns() throws {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            dates: [iso8601, "yyyy-MM-dd HH:mm:ss"]
            timezone: Asia/Shanghai
            models:
              Poi:
                fields:
                  day: { type: Date, format: yyyy-MM-dd }
                  seen: { type: Date, timezone: UTC }
                  stamped: { type: "[Date]", format: "yyyy-MM-dd HH:mm:ss Z", timezone: Europe/Berlin }
            tools:
              Poi:
                endpoints:
                  poi:
                    get: poi
                    response: Poi
            """
        let result = SpecLoader.load(
            Array(yaml.utf8), fileName: "Test.yaml", timeZones: ["Asia/Shanghai", "UTC", "Europe/Berlin"])
        #expect(result.diagnostics == [])
        let spec = try #require(result.spec)
        #expect(spec.dates == .oneOf([.iso8601, .formatted("yyyy-MM-dd HH:mm:ss", timeZone: "Asia/Shanghai")]))
        let fields = try #require(spec.models.first?.fields)
        #expect(
            fields.map(\.dateFormat) == [
                .formatted("yyyy-MM-dd", timeZone: "Asia/Shanghai"),
                .oneOf([.iso8601, .formatted("yyyy-MM-dd HH:mm:ss", timeZone: "UTC")]),
                .formatted("yyyy-MM-dd HH:mm:ss Z", timeZone: "Europe/Berlin"),
            ])
        let unknown = SpecLoader.load(
            Array(yaml.replacingOccurrences(of: "Asia/Shanghai", with: "Asia/Shangai").utf8), fileName: "Test.yaml",
            timeZones: ["Asia/Shanghai", "UTC", "Europe/Berlin"])
        #expect(
            unknown.diagnostics.map(\.description) == [
                "5:11: error: unknown time zone 'Asia/Shangai'; give an IANA name such as Asia/Shanghai or America/New_York, or UTC; did you mean 'Asia/Shanghai'?"
            ])
    }

    @Test func weiboTimeline() throws {
        let spec = try load("Weibo.yaml")
        #expect(spec.fileName == "Weibo.yaml")
        #expect(spec.apiTypeName == "WeiboAPI")
        #expect(spec.baseURL == "https://api.weibo.com/2/")
        #expect(spec.dates == .formatted("EEE MMM dd HH:mm:ss Z yyyy"))
        #expect(spec.fixed == [Spec.FixedValue(name: "access_token", source: .provided(label: "accessToken"))])
        #expect(spec.providedLabels == ["accessToken"])

        let tool = try #require(spec.tools.first)
        #expect(tool.typeName == "StatusTool")
        let newStatuses = try #require(tool.endpoints.first)
        #expect(newStatuses.swiftName == "newStatuses")
        #expect(newStatuses.method == .get)
        #expect(newStatuses.path == "statuses/friends_timeline.json")
        #expect(newStatuses.parameters.map(\.swiftName) == ["sinceID", "count"])
        #expect(newStatuses.parameters.map(\.type) == [.optional(.string), .int])
        #expect(newStatuses.parameters.map(\.location) == [.query, .query])
        #expect(newStatuses.parameters[1].defaultValue == .int(20))
        #expect(
            newStatuses.response
                == Spec.Response(path: Spec.KeyPath(components: ["statuses"]), type: .array(.model("Status"))))

        let status = try #require(spec.models.first { $0.name == "Status" })
        let byName = Dictionary(uniqueKeysWithValues: status.fields.map { ($0.swiftName, $0) })
        #expect(byName["createdAt"]?.type == .date)
        #expect(byName["retweetedStatus"]?.isIndirect == true)
        #expect(byName["user"]?.isIndirect == false)
        #expect(byName["coordinates"]?.keyPath.components == ["geo", "coordinates"])
        #expect(byName["coordinates"]?.type == .optional(.array(.double)))
        #expect(byName["picURLs"]?.defaultValue == .array([]))
        #expect(byName["visibility"]?.keyPath.description == "visible.type")
    }

    @Test func dianpingDeals() throws {
        let spec = try load("Dianping.yaml")
        #expect(spec.signature == "sign")
        #expect(spec.fixed == [Spec.FixedValue(name: "appkey", source: .literal(.string("10000008")))])
        let tool = try #require(spec.tools.first)
        let sort = try #require(tool.enums.first)
        #expect(sort.swiftName == "Sort")
        #expect(sort.cases.map(\.swiftName) == ["`default`", "price", "distance", "purchases"])
        let deal = try #require(spec.models.first { $0.name == "Deal" })
        #expect(deal.fields.first?.swiftName == "dealID")
        #expect(deal.fields.contains { $0.swiftName == "dealH5URL" })
    }

    @Test func homeScreen() throws {
        let spec = try load("Home.yaml")
        #expect(spec.lenient)
        #expect(spec.body == .form)
        #expect(spec.providedLabels == ["appVersion", "deviceID", "token", "timestamp"])
        #expect(spec.headers == [Spec.FixedValue(name: "Accept", source: .literal(.string("application/json")))])
        #expect(
            spec.envelope
                == Spec.Envelope(
                    data: Spec.KeyPath(components: ["data"]),
                    success: [.init(path: Spec.KeyPath(components: ["code"]), equals: ["0"])],
                    message: [Spec.KeyPath(components: ["msg"])], code: [Spec.KeyPath(components: ["code"])]))
        let home = try #require(spec.tools.first?.endpoints.first)
        #expect(home.cache == .fallback)
        let feedback = try #require(spec.tools.first?.endpoints.last)
        #expect(feedback.method == .post)
        #expect(feedback.parameters.map(\.location) == [.body, .body])
        #expect(feedback.response == nil)
        let icon = try #require(spec.models.first { $0.name == "Icon" })
        #expect(icon.fields.map(\.swiftName).prefix(2) == ["id", "title"])
        let kindField = try #require(icon.fields.first { $0.swiftName == "kind" })
        #expect(kindField.keyPath.description == "type")
        guard case .enumeration(let kind) = kindField.type else {
            Issue.record("kind is not an enum")
            return
        }
        #expect(kind.swiftName == "Kind")
        #expect(kindField.defaultValue == .enumCase(Spec.EnumCase(value: "none", swiftName: "none"), typeName: "Kind"))
    }

    @Test func scalarsKeepTheirTextWhereTheSpecWantsAString() throws {
        let result = load(
            yaml: """
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com
                envelope: { data: data, success: { path: ok, equals: NO } }
                fixed: { version: 1.10, flag: true, count: 3, label: "3" }
                models:
                  Item:
                    fields:
                      answer: { type: String, default: NO }
                """)
        let spec = try #require(result.spec)
        #expect(spec.envelope?.success.map(\.equals) == [["NO"]])
        #expect(
            spec.fixed.map(\.source) == [
                .literal(.double(1.1)), .literal(.bool(true)), .literal(.int(3)), .literal(.string("3")),
            ])
        #expect(spec.models[0].fields[0].defaultValue == .string("NO"))
    }

    @Test func recursionThroughOptionalsIsBoxedOnTheCycleOnly() throws {
        let result = load(
            yaml: """
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com/
                models:
                  Comment:
                    fields:
                      parent: Thread?
                      author: User?
                      replies: [Comment]
                  Thread:
                    fields:
                      first: Comment
                  User:
                    fields:
                      name: String
                """)
        let spec = try #require(result.spec)
        let comment = spec.models[0]
        #expect(comment.fields.map(\.isIndirect) == [true, false, false])
        #expect(spec.models[1].fields.map(\.isIndirect) == [false])
    }

    @Test func parameterLocationsFollowTheMethodAndPath() throws {
        let result = load(
            yaml: """
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com/
                tools:
                  Item:
                    endpoints:
                      update:
                        put: items/{id}
                        params:
                          id: Int64
                          name: String
                          X-Trace: { type: String?, in: header }
                          dry_run: { type: Bool, default: false, in: query }
                """)
        let endpoint = try #require(result.spec?.tools.first?.endpoints.first)
        #expect(endpoint.parameters.map(\.location) == [.path, .body, .header, .query])
        #expect(endpoint.parameters.map(\.swiftName) == ["id", "name", "xTrace", "dryRun"])
    }

    @Test func diagnosticsFormatLikeTheCompiler() {
        let result = load(yaml: "xtoolgen: 1\napi: Test\nbaseURL: https://api.example.com/\nreponse: x\n")
        #expect(
            result.diagnostics.map { $0.inFile("Specs/Test.yaml").description } == [
                "Specs/Test.yaml:4:1: error: unknown key 'reponse' in the spec"
            ])
    }
}
