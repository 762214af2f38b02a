import Foundation
import Testing
import XToolImport
import XToolSpec

/// Schemas: types from formats, nullability and defaults, references, named values, one-way fields.
@Suite struct SchemaImportTests {
    /// A decimal sent as a JSON string (`type: string, format: decimal`) is a `Decimal` field
    /// with `format: string`, read and written exactly (issue 42).
    @Test func typesFollowFormatsAndNullability() throws {
        try expectImport(
            Snippet.thingsDocument(
                version: "3.1.0",
                schemas: """
                        Thing:
                          type: object
                          required: [id, created, day, link, size, ratio, price, on, tags, extra, nothing, maybe]
                          properties:
                            id: { type: integer, format: int64 }
                            created: { type: string, format: date-time }
                            day: { type: string, format: date }
                            link: { type: string, format: uri }
                            size: { type: integer, format: int32 }
                            ratio: { type: number }
                            price: { type: number, format: decimal }
                            amount: { type: string, format: decimal }
                            fee: { type: [string, "null"], format: decimal }
                            on: { type: boolean }
                            tags: { type: object, additionalProperties: { type: integer } }
                            extra: { type: object }
                            nothing: {}
                            maybe: { type: [string, "null"] }
                            count: { type: integer, default: 3 }
                            mode: { type: string, enum: [fast, slow], default: slow }
                            old: { type: string, nullable: true }
                    """),
            gives: Snippet.preamble(version: "3.1.0") + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: Int64
                      created: Date
                      day: { type: Date, format: yyyy-MM-dd, timezone: UTC }
                      link: URL
                      size: Int
                      ratio: Double
                      price: Decimal
                      amount: { type: "Decimal?", format: string }
                      fee: { type: "Decimal?", format: string }
                      "on": Bool
                      tags: "[String: Int]"
                      extra: "[String: JSON]"
                      nothing: JSON
                      maybe: String?
                      count: { type: Int, default: 3 }
                      mode: { enum: [fast, slow], default: slow }
                      old: String?

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing

                """)
    }

    /// `allOf: [$ref: Track]` beside a description or `nullable` (the usual way to document a
    /// reference) is `Track`, and so is a component that says only that; an `allOf` that adds
    /// properties is a model with both parts' fields (issue 20, item 3).
    @Test func anAllOfOfOneReferenceIsTheReferencedType() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /playlists/{id}:
                        get:
                          operationId: getPlaylist
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string } }
                          responses:
                            '200':
                              description: the playlist
                              content: { application/json: { schema: { $ref: '#/components/schemas/Playlist' } } }
                    """,
                schemas: """
                        Track:
                          type: object
                          required: [id]
                          properties:
                            id: { type: string }
                            name: { type: string }
                        Song:
                          description: A track, as the playlist's owner calls it.
                          allOf: [{ $ref: '#/components/schemas/Track' }]
                        Playlist:
                          type: object
                          required: [first, song]
                          properties:
                            first:
                              description: The first track.
                              allOf: [{ $ref: '#/components/schemas/Track' }]
                            last:
                              description: The last track, none when the playlist is empty.
                              nullable: true
                              allOf: [{ $ref: '#/components/schemas/Track' }]
                            song: { $ref: '#/components/schemas/Song' }
                            featured:
                              description: A track with the reason it is featured.
                              allOf:
                                - $ref: '#/components/schemas/Track'
                                - type: object
                                  properties:
                                    reason: { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Track:
                    fields:
                      id: String
                      name: String?
                  Playlist:
                    fields:
                      first: { type: Track, summary: The first track. }
                      last: { type: "Track?", summary: "The last track, none when the playlist is empty." }
                      song: Track
                      featured: { type: "PlaylistFeatured?", summary: A track with the reason it is featured. }
                  PlaylistFeatured:
                    fields:
                      id: String
                      name: String?
                      reason: String?

                tools:
                  Playlists:
                    endpoints:
                      getPlaylist:
                        get: playlists/{id}
                        params:
                          id: String
                        response: Playlist

                """)
    }

    /// Integer values the document names (3.1's `oneOf` of `const`s with a `title` each, Discord's
    /// `ChannelTypes`; `x-enum-varnames`; `x-enumNames`) are an integer enum with those names as
    /// cases, a name that makes no case of its own (`UNKNOWN`) left to its `unknown(Int)` case;
    /// strings written as constants a string enum; integers without names the number, with the values
    /// in a note (issue 20, item 1).
    @Test func namedIntegerValuesAreAnIntegerEnum() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /channels/{id}:
                        get:
                          operationId: getChannel
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string } }
                            - { name: type, in: query, schema: { $ref: '#/components/schemas/ChannelTypes' } }
                          responses:
                            '200':
                              description: the channel
                              content: { application/json: { schema: { $ref: '#/components/schemas/Channel' } } }
                    """,
                schemas: """
                        ChannelTypes:
                          type: integer
                          oneOf:
                            - { title: GUILD_TEXT, description: A text channel within a server, const: 0 }
                            - { title: DM, const: 1 }
                            - { title: GUILD_VOICE, const: 2 }
                            - { title: UNKNOWN, const: 99 }
                          format: int32
                        IntegrationTypes:
                          type: string
                          oneOf:
                            - { title: DISCORD, const: discord }
                            - { title: YOUTUBE, const: youtube }
                        Channel:
                          type: object
                          required: [id, type]
                          properties:
                            id: { type: string }
                            type: { $ref: '#/components/schemas/ChannelTypes' }
                            parent_type:
                              oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/ChannelTypes' }]
                            integration: { $ref: '#/components/schemas/IntegrationTypes' }
                            video_quality: { type: integer, enum: [1, 2], x-enum-varnames: [AUTO, FULL] }
                            sort_order: { type: integer, enum: [0, 1], x-enumNames: [LatestActivity, CreationDate] }
                            flags: { type: integer, enum: [1, 2, 4] }
                            allowed_types: { type: array, items: { $ref: '#/components/schemas/ChannelTypes' } }
                    """,
                version: "3.1.0"),
            gives: Snippet.preamble(version: "3.1.0") + """
                headers:
                  Accept: application/json

                models:
                  ChannelTypes:
                    # also 99 (UNKNOWN), held by the enum's unknown case (no case name of its own)
                    enum: { GUILD_TEXT: 0, DM: 1, GUILD_VOICE: 2 }
                  IntegrationTypes:
                    enum: [discord, youtube]
                  Channel:
                    fields:
                      id: String
                      type: ChannelTypes
                      parent_type: ChannelTypes?
                      integration: IntegrationTypes?
                      video_quality: { enum: { AUTO: 1, FULL: 2 }, optional: true }
                      sort_order: { enum: { LatestActivity: 0, CreationDate: 1 }, optional: true }
                      # one of: 1, 2, 4
                      flags: Int?
                      allowed_types: "[ChannelTypes]?"

                tools:
                  Channels:
                    endpoints:
                      getChannel:
                        get: channels/{id}
                        params:
                          id: String
                          type: ChannelTypes?
                        response: Channel

                """)
    }

    /// A model a request sends leaves out what the server sets (`readOnly`: ids, timestamps), one a
    /// response holds lacks what only requests send (`writeOnly`: a password): such a field is
    /// optional there, with a note, and an inline request body leaves a `readOnly` property out
    /// (issue 20, item 10).
    @Test func oneWayFieldsAreOptionalWhereTheyCanBeMissing() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /tasks:
                        post:
                          operationId: createTask
                          requestBody:
                            required: true
                            content: { application/json: { schema: { $ref: '#/components/schemas/Task' } } }
                          responses:
                            '201':
                              description: the task
                              content: { application/json: { schema: { $ref: '#/components/schemas/Task' } } }
                      /tasks/{gid}:
                        put:
                          operationId: updateTask
                          parameters:
                            - { name: gid, in: path, required: true, schema: { type: string } }
                          requestBody:
                            content:
                              application/json:
                                schema:
                                  type: object
                                  properties:
                                    gid: { type: string, readOnly: true }
                                    name: { type: string }
                          responses:
                            '204': { description: updated }
                    """,
                schemas: """
                        Task:
                          type: object
                          required: [gid, created_at, name, password]
                          properties:
                            gid: { type: string, readOnly: true }
                            created_at: { type: string, format: date-time, readOnly: true }
                            name: { type: string }
                            password: { type: string, writeOnly: true }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  TaskModel:
                    fields:
                      # read-only: set by the server, so a request leaves it out
                      gid: String?
                      # read-only: set by the server, so a request leaves it out
                      created_at: Date?
                      name: String
                      # write-only: sent in requests, never in a response
                      password: String?

                tools:
                  Tasks:
                    endpoints:
                      createTask:
                        post: tasks
                        body: TaskModel
                        response: TaskModel
                      updateTask:
                        put: tasks/{gid}
                        params:
                          gid: String
                          name: String?

                """)
    }

    /// A property with a dot in its name (Mastodon's `admin.sign_up`) is a field whose key escapes the
    /// dot, `admin\\.sign_up`, named from the whole name, instead of being left out (issue 20, item 13);
    /// required where the schema requires that name.
    @Test func aPropertyWithADotIsAKeyWithAnEscapedDot() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /subscription:
                        get:
                          operationId: getSubscription
                          responses:
                            '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Alerts' } } } }
                    """,
                schemas: """
                        Alerts:
                          type: object
                          required: [admin.sign_up]
                          properties:
                            admin.sign_up: { type: boolean }
                            admin.report: { type: boolean }
                            '': { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Alerts:
                    # a property with an empty name is left out
                    fields:
                      admin\\.sign_up: Bool
                      admin\\.report: Bool?

                tools:
                  Subscription:
                    endpoints:
                      getSubscription:
                        get: subscription
                        response: Alerts

                """,
            diagnostics: [
                "19:9: warning: a property with an empty name can't be a field"
            ])
    }

    /// A component that is an enum is a shared enum, which every member that refers to it names
    /// (arrays and defaults too); an inline enum that would take its name, with values of its, is of it
    /// (Plaid's `payment_channel` beside its `PaymentChannel`), where any other name clash leaves a
    /// String.
    @Test func anEnumComponentIsASharedEnum() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /transactions:
                        get:
                          operationId: getTransactions
                          parameters:
                            - { name: channel, in: query, schema: { $ref: '#/components/schemas/PaymentChannel' } }
                          responses:
                            '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Transaction' } } } }
                    """,
                schemas: """
                        PaymentChannel:
                          description: The channel used to make a payment.
                          type: string
                          enum: [online, in store, other]
                        Transaction:
                          type: object
                          properties:
                            channel: { $ref: '#/components/schemas/PaymentChannel' }
                            channels: { type: array, items: { $ref: '#/components/schemas/PaymentChannel' } }
                            preferred: { allOf: [{ $ref: '#/components/schemas/PaymentChannel' }], default: online }
                            payment_channel: { type: string, enum: [online, other] }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  PaymentChannel:
                    summary: The channel used to make a payment.
                    enum: [online, in store, other]
                  Transaction:
                    fields:
                      channel: PaymentChannel?
                      channels: "[PaymentChannel]?"
                      preferred: { type: PaymentChannel, default: online }
                      payment_channel: PaymentChannel?

                tools:
                  Transactions:
                    endpoints:
                      getTransactions:
                        get: transactions
                        params:
                          channel: PaymentChannel?
                        response: Transaction

                """)
    }

    /// An inline enum named like an unrelated model (`state` beside `State`) is a shared
    /// enum named after its owner and itself, not a String.
    @Test(.needs(Repro.issue29)) func anInlineEnumNamedLikeAModelIsASharedEnumOfItsOwnersName() throws {
        try Repro.issue29.expectImport(
            "r5-enum-demoted-by-model-name",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Clusters 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Clusters
                baseURL: https://api.example.com/v2/
                summary: Clusters

                headers:
                  Accept: application/json

                models:
                  Cluster:
                    fields:
                      id: String
                      status: ClusterStatus?
                  ClusterStatus:
                    fields:
                      state: ClusterStatusState?
                  ClusterStatusState:
                    enum: [running, provisioning, degraded, error]
                  State:
                    fields:
                      regions: "[String: String]?"
                      previous_outage: String?

                tools:
                  Clusters:
                    endpoints:
                      getCluster:
                        get: clusters/{id}
                        params:
                          id: String
                        response: Cluster
                  Checks:
                    endpoints:
                      getCheckState:
                        get: checks/{id}/state
                        params:
                          id: String
                        response: State

                """)
    }

    /// Keys that hold a dot are members whose key escapes the dot (the generated CodingKey
    /// is the key itself, CornersTests), and the example reads with no key left unread.
    @Test(.needs(Repro.issue41)) func keysThatHoldADotAreMembers() throws {
        try Repro.issue41.expectImport(
            "r6-dotted-json-keys",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Links 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Links
                baseURL: https://api.example.com/
                summary: Links

                headers:
                  Accept: application/json

                models:
                  GetAppResponse:
                    fields:
                      id: String
                      push\\.recipient: String?
                      _links: GetAppResponseLinks?
                  GetAppResponseLinks:
                    fields:
                      self: { type: "GetAppResponseLinksSelf?", name: selfValue }
                      app\\.rotateKey: GetAppResponseLinksSelf?
                  GetAppResponseLinksSelf:
                    fields:
                      href: String?

                tools:
                  Apps:
                    endpoints:
                      getApp:
                        get: apps/{id}
                        params:
                          id: String
                        response: GetAppResponse
                        sample:
                          body: {
                              "id": "a1",
                              "push.recipient": "device-7",
                              "_links": {
                                "self": {
                                  "href": "/apps/a1"
                                },
                                "app.rotateKey": {
                                  "href": "/apps/a1#rotate"
                                }
                              }
                            }

                """)
    }

    /// An `id` with an enum of its own, optional, imports as written; the generated model is
    /// then not Identifiable, whose `ID` its nested enum would be (NamesTests compiles one).
    @Test(.needs(Repro.issue41)) func anIDWithAnEnumOfItsOwn() throws {
        try Repro.issue41.expectImport(
            "r8-member-named-like-a-protocol-type",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Holidays 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Holidays
                baseURL: https://api.example.com/
                summary: Holidays

                headers:
                  Accept: application/json

                models:
                  Province:
                    fields:
                      id: { enum: [AB, BC, MB], optional: true }
                      nameEn: String?

                tools:
                  Provinces:
                    endpoints:
                      provinces:
                        get: provinces
                        response: [Province]

                """)
    }

    /// Typed members and any other: `_links.self` typed, and every other link (`license`,
    /// `billing`) in the model's `others:`, which the example's keys all reach (issue 41 item 7).
    @Test(.needs(Repro.issue41)) func typedMembersAndAnyOther() throws {
        try Repro.issue41.expectImport(
            "r10-typed-and-additional-members",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Links 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Links
                baseURL: https://api.example.com/
                summary: Links

                headers:
                  Accept: application/json

                models:
                  Link:
                    fields:
                      href: String
                  GetOrgResponse:
                    fields:
                      id: String
                      _links: GetOrgResponseLinks
                  GetOrgResponseLinks:
                    fields:
                      self: { type: Link, name: selfValue }
                    others: Link

                tools:
                  Orgs:
                    endpoints:
                      getOrg:
                        get: orgs/{id}
                        params:
                          id: String
                        response: GetOrgResponse
                        sample:
                          body: {
                              "id": "o1",
                              "_links": {
                                "self": {
                                  "href": "/orgs/o1"
                                },
                                "license": {
                                  "href": "/licenses/9"
                                },
                                "billing": {
                                  "href": "/orgs/o1/billing"
                                }
                              }
                            }

                """)
        try Repro.issue41.expectGenerated(
            "GetOrgResponseLinks.swift", of: "r10-typed-and-additional-members",
            gives: """
                // Generated by xtoolgen from Repro.yaml. Do not edit.

                import Foundation
                @_spi(Generated) import XToolRuntime

                nonisolated public struct GetOrgResponseLinks: Codable, Sendable, Hashable {
                  public let selfValue: Link
                  /// The other members of the object, by key.
                  public let others: [String: Link]

                  public init(selfValue: Link, others: [String: Link] = [:]) {
                    self.selfValue = selfValue
                    self.others = others
                  }

                  public init(from decoder: any Swift.Decoder) throws {
                    let container = try FieldDecoder(decoder)
                    self.selfValue = try container.decode("self")
                    self.others = try container.decodeOthers(except: ["self"])
                  }

                  public func encode(to encoder: any Swift.Encoder) throws {
                    var container = FieldEncoder(encoder)
                    try container.encode(self.selfValue, "self")
                    try container.encodeOthers(self.others, except: ["self"])
                  }
                }

                """)
    }
}
