import Foundation
import Testing
import XToolOpenAPI
import XToolSpec

/// `oneOf`, `anyOf` and type arrays: tagged and untagged unions, optional unions, text.
@Suite struct UnionImportTests {
    /// A `discriminator` with a `mapping` tags each variant with its mapped value, and a schema
    /// the mapping leaves out with its own name, as OpenAPI defines.
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
}
