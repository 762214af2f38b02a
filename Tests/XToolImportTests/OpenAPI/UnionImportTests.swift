import Foundation
import Testing
import XToolImport
import XToolSpec

/// `oneOf`, `anyOf` and type arrays: tagged and untagged unions, optional unions, text.
@Suite struct UnionImportTests {
    /// Issue 42: a string `type` whose values name optional object members beside it (a block's
    /// `"type": "paragraph", "paragraph": {…}`) is one union under its tags, spread beside the
    /// common fields, not an enum and one optional field per type; a value that names no member
    /// (`divider`) is left to the union's `unknown`.
    @Test func aTagNamingItsPayloadBesideCommonFieldsIsASpreadUnion() throws {
        try expectImport(
            Snippet.thingsDocument(
                schemas: """
                        Thing:
                          type: object
                          required: [id, type]
                          properties:
                            id: { type: string }
                            type: { type: string, enum: [paragraph, to_do, divider], description: The kind of block. }
                            has_children: { type: boolean }
                            paragraph: { $ref: '#/components/schemas/Text' }
                            to_do: { type: object, properties: { checked: { type: boolean } } }
                        Text:
                          type: object
                          properties:
                            text: { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: String
                      # 'type' and the member each value names (paragraph, to_do), read from the object itself
                      content: { type: ThingContent, spread: true }
                      has_children: Bool?
                  ThingContent:
                    summary: The kind of block.
                    oneOf: { paragraph: Text, to_do: ThingToDo }
                    discriminator: type
                    payload: underTag
                  ThingToDo:
                    fields:
                      checked: Bool?
                  Text:
                    fields:
                      text: String?

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing

                """)
    }

    /// A `discriminator` with a `mapping` tags each variant with its mapped value, and a schema
    /// the mapping leaves out with its own name, as OpenAPI defines.
    /// Issue 41 item 9: inline alternatives the document titles are named by their titles, not
    /// `…Variant1`, `…Variant2`.
    @Test func alternativesAreNamedByTheirTitles() throws {
        try expectImport(
            """
            openapi: 3.0.3
            info: { title: Shapes, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /targets/{id}:
                get:
                  operationId: getTarget
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    "200":
                      description: A target, one of two shapes the document names.
                      content:
                        application/json:
                          schema:
                            oneOf:
                              - { title: droplet target, type: object, required: [droplet_id], properties: { droplet_id: { type: integer } } }
                              - { title: tag target, type: object, required: [tag], properties: { tag: { type: string } } }
            """,
            gives: """
                # Imported from test.yaml (OpenAPI 3.0.3: Shapes 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Shapes
                baseURL: https://api.example.com/
                summary: Shapes

                headers:
                  Accept: application/json

                models:
                  GetTargetResponse:
                    oneOf: [GetTargetResponseDropletTarget, GetTargetResponseTagTarget]
                  GetTargetResponseDropletTarget:
                    fields:
                      droplet_id: Int
                  GetTargetResponseTagTarget:
                    fields:
                      tag: String

                tools:
                  Targets:
                    endpoints:
                      getTarget:
                        get: targets/{id}
                        params:
                          id: String
                        response: GetTargetResponse

                """)
    }

    @Test func aDiscriminatorWithAMappingIsATaggedUnion() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /pets:
                        get:
                          operationId: listPets
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } }
                    """,
                schemas: """
                        Pet:
                          oneOf:
                            - $ref: '#/components/schemas/Dog'
                            - $ref: '#/components/schemas/Cat'
                            - $ref: '#/components/schemas/Lizard'
                          discriminator:
                            propertyName: pet_type
                            mapping:
                              dog: '#/components/schemas/Dog'
                              cat: Cat
                        Dog:
                          type: object
                          required: [pet_type, bark]
                          properties: { pet_type: { type: string }, bark: { type: boolean } }
                        Cat:
                          type: object
                          required: [pet_type]
                          properties: { pet_type: { type: string }, lives: { type: integer } }
                        Lizard:
                          type: object
                          required: [pet_type]
                          properties: { pet_type: { type: string } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Pet:
                    oneOf: { dog: Dog, cat: Cat, Lizard: Lizard }
                    discriminator: pet_type
                  Dog:
                    fields:
                      pet_type: String
                      bark: Bool
                  Cat:
                    fields:
                      pet_type: String
                      lives: Int?
                  Lizard:
                    fields:
                      pet_type: String

                tools:
                  Pets:
                    endpoints:
                      listPets:
                        get: pets
                        response: [Pet]

                """)
    }

    /// Without a discriminator, a key every alternative requires with a value of its own tags
    /// the union; alternatives that differ otherwise are untagged, tried so that none takes
    /// another's values (the one that needs more keys first).
    @Test func untaggedAlternativesAreTriedSoThatNoneTakesAnothersValues() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /owners/{id}:
                        get:
                          operationId: owner
                          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { $ref: '#/components/schemas/Owner' } } }
                    """,
                schemas: """
                        Owner:
                          type: object
                          required: [contact, tool]
                          properties:
                            contact:
                              oneOf:
                                - { type: object, required: [email], properties: { email: { type: string } } }
                                - { type: object, required: [email, phone], properties: { email: { type: string }, phone: { type: string } } }
                            tool:
                              oneOf:
                                - { type: object, required: [type], properties: { type: { type: string, enum: [code] } } }
                                - { type: object, required: [type, name], properties: { type: { const: function }, name: { type: string } } }
                            stop:
                              oneOf: [{ type: string }, { type: array, items: { type: string } }]
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Owner:
                    fields:
                      contact: OwnerContact
                      tool: OwnerTool
                      stop: OwnerStop?
                  OwnerContact:
                    # untagged: the first variant that decodes a value takes it, so these are tried in this order (the document lists object {email}, object {email, phone})
                    oneOf: [OwnerContactVariant2, OwnerContactVariant1]
                  OwnerContactVariant2:
                    fields:
                      email: String
                      phone: String
                  OwnerContactVariant1:
                    fields:
                      email: String
                  OwnerTool:
                    # tagged by 'type': each alternative requires a value of its own there
                    oneOf: { code: OwnerToolCode, function: OwnerToolFunction }
                    discriminator: type
                  OwnerToolCode:
                    fields:
                      # always code
                      type: String
                  OwnerToolFunction:
                    fields:
                      # always function
                      type: String
                      name: String
                  OwnerStop:
                    oneOf: [String, [String]]

                tools:
                  Owners:
                    endpoints:
                      owner:
                        get: owners/{id}
                        params:
                          id: String
                        response: Owner

                """)
    }

    /// `anyOf` with null is an optional union; with one other alternative, that type, optional.
    @Test func anyOfWithNullIsAnOptionalUnion() throws {
        try expectImport(
            Snippet.thingsDocument(
                schemas: """
                        Thing:
                          type: object
                          required: [nickname, favorite]
                          properties:
                            nickname: { anyOf: [{ type: string }, { type: integer }, { type: 'null' }] }
                            favorite: { anyOf: [{ $ref: '#/components/schemas/Kind' }, { type: 'null' }] }
                        Kind:
                          type: object
                          properties: { name: { type: string } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      nickname: ThingNickname?
                      favorite: Kind?
                  ThingNickname:
                    oneOf: [String, Int]
                  Kind:
                    fields:
                      name: String?

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing

                """)
    }

    /// A 3.1 type array is a union of the scalar types (an integer before a number that would
    /// read it); with null, optional.
    @Test func aTypeArrayIsAUnionOfItsTypes() throws {
        try expectImport(
            Snippet.thingsDocument(
                version: "3.1.0",
                schemas: """
                        Thing:
                          type: object
                          required: [id, amount]
                          properties:
                            id: { type: [string, integer] }
                            amount: { type: [number, integer, "null"] }
                            tags: { type: [string, array], items: { type: string } }
                    """),
            gives: Snippet.preamble(version: "3.1.0") + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: ThingId
                      amount: ThingAmount?
                      tags: ThingTags?
                  ThingId:
                    oneOf: [String, Int]
                  ThingAmount:
                    # untagged: the first variant that decodes a value takes it, so these are tried in this order (the document lists number, integer)
                    oneOf: [Int, Double]
                  ThingTags:
                    oneOf: [String, [String]]

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing

                """)
    }

    /// Where a value is sent as text (a query, a header), a union of scalars is a `String`.
    @Test func aUnionOfScalarsInAQueryIsText() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /things:
                        get:
                          operationId: things
                          parameters:
                            - { name: id, in: query, schema: { oneOf: [{ type: string }, { type: integer }] } }
                          responses: { '204': { description: ok } }
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        params:
                          # oneOf [string, integer]: sent as text
                          id: String?

                """)
    }

    /// Alternatives that each require an integer of their own at one key (Discord's channels,
    /// `type: { type: integer, enum: [1] }`) are tagged by it; a case is named after the title the
    /// document gives the value in the enum the key refers to (`allOf: [$ref: ChannelTypes]`), else
    /// after the variant's type, since a number is no name (issue 20, item 2).
    @Test func unionsTaggedByAnIntegerAreTaggedUnions() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /users/@me/channels:
                        post:
                          operationId: createDM
                          responses:
                            '200':
                              description: the channel
                              content:
                                application/json:
                                  schema:
                                    oneOf:
                                      - $ref: '#/components/schemas/PrivateChannelResponse'
                                      - $ref: '#/components/schemas/PrivateGroupChannelResponse'
                      /automod/rules:
                        get:
                          operationId: listRules
                          responses:
                            '200':
                              description: the rules
                              content:
                                application/json:
                                  schema:
                                    type: array
                                    items:
                                      oneOf:
                                        - $ref: '#/components/schemas/KeywordRule'
                                        - $ref: '#/components/schemas/SpamRule'
                    """,
                schemas: """
                        ChannelTypes:
                          type: integer
                          oneOf:
                            - { title: DM, const: 1 }
                            - { title: GROUP_DM, const: 3 }
                        PrivateChannelResponse:
                          type: object
                          required: [id, type]
                          properties:
                            id: { type: string }
                            type: { type: integer, enum: [1], allOf: [{ $ref: '#/components/schemas/ChannelTypes' }] }
                        PrivateGroupChannelResponse:
                          type: object
                          required: [id, type, name]
                          properties:
                            id: { type: string }
                            type: { type: integer, enum: [3], allOf: [{ $ref: '#/components/schemas/ChannelTypes' }] }
                            name: { type: string }
                        KeywordRule:
                          type: object
                          required: [trigger_type]
                          properties:
                            trigger_type: { type: integer, enum: [1] }
                            keywords: { type: array, items: { type: string } }
                        SpamRule:
                          type: object
                          required: [trigger_type]
                          properties:
                            trigger_type: { type: integer, const: 3 }
                    """,
                version: "3.1.0"),
            gives: Snippet.preamble(version: "3.1.0") + """
                headers:
                  Accept: application/json

                models:
                  ChannelTypes:
                    enum: { DM: 1, GROUP_DM: 3 }
                  PrivateChannelResponse:
                    fields:
                      id: String
                      type: ChannelTypes
                  PrivateGroupChannelResponse:
                    fields:
                      id: String
                      type: ChannelTypes
                      name: String
                  KeywordRule:
                    fields:
                      # one of: 1
                      trigger_type: Int
                      keywords: "[String]?"
                  SpamRule:
                    fields:
                      # always 3
                      trigger_type: Int
                  CreateDmResponse:
                    # tagged by 'type': each alternative requires a value of its own there
                    oneOf:
                      "1": { type: PrivateChannelResponse, name: dm }
                      "3": { type: PrivateGroupChannelResponse, name: groupDm }
                    discriminator: type
                  ListRulesResponse:
                    # tagged by 'trigger_type': each alternative requires a value of its own there
                    oneOf:
                      "1": { type: KeywordRule, name: keywordRule }
                      "3": { type: SpamRule, name: spamRule }
                    discriminator: trigger_type

                tools:
                  Users:
                    endpoints:
                      createDm:
                        post: users/@me/channels
                        response: CreateDmResponse
                  Automod:
                    endpoints:
                      listRules:
                        get: automod/rules
                        response: [ListRulesResponse]

                """)
    }

    /// Where no order of untagged alternatives keeps one from reading another's values, a key where
    /// each lists values of its own, required or not and one or several (PagerDuty's contact methods,
    /// `type: { enum: [phone_contact_method, sms_contact_method] }`), tags them, one case per
    /// alternative whatever its tags (issue 52 item 5); a value without it is kept as it came.
    @Test func alternativesThatListValuesOfTheirOwnAtAKeyAreTaggedByIt() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /contact_methods:
                        get:
                          operationId: listContactMethods
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema:
                                    type: array
                                    items:
                                      oneOf:
                                        - $ref: '#/components/schemas/PhoneContactMethod'
                                        - $ref: '#/components/schemas/EmailContactMethod'
                    """,
                schemas: """
                        PhoneContactMethod:
                          type: object
                          properties:
                            type: { type: string, enum: [phone_contact_method, sms_contact_method] }
                            address: { type: string }
                        EmailContactMethod:
                          type: object
                          properties:
                            type: { type: string, enum: [email_contact_method] }
                            address: { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  PhoneContactMethod:
                    fields:
                      type: PhoneContactMethodType?
                      address: String?
                  PhoneContactMethodType:
                    enum: [phone_contact_method, sms_contact_method]
                  EmailContactMethod:
                    fields:
                      # always email_contact_method
                      type: String?
                      address: String?
                  ListContactMethodsResponse:
                    # tagged by 'type': each alternative lists values of its own there (a value without one is kept as it came)
                    oneOf:
                      phone_contact_method: { type: PhoneContactMethod, name: phoneContactMethod }
                      sms_contact_method: { type: PhoneContactMethod, name: phoneContactMethod }
                      email_contact_method: { type: EmailContactMethod, name: emailContactMethod }
                    discriminator: type

                tools:
                  ContactMethods:
                    endpoints:
                      listContactMethods:
                        get: contact_methods
                        response: [ListContactMethodsResponse]

                """)
    }
}
