import Foundation
import TestSupport
import Testing
import XToolSamples
import XToolSpec

@testable import XToolImport

/// Where a document's own examples contradict its schemas, the imported spec follows the
/// examples (docs/openapi.md#examples-win-over-the-schema): one document per class of
/// mismatch, each imported into a spec whose every sample reads, with one grouped warning.
@Suite struct ExamplesWinTests {
    /// Imports a document whose `GET /things` returns `Thing` of `schemas` with `example`, and
    /// returns the spec's text, the warnings, and the loaded spec; with `spec`, expects the text
    /// to be it, compared whole (the first line that differs reported).
    private func imported(
        _ schemas: String, example: String, gives expected: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (text: String, warnings: [String], spec: Spec) {
        let document = Snippet.document(
            paths: """
                  /things:
                    get:
                      operationId: listThings
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { $ref: '#/components/schemas/Thing' }, example: \(example) } }
                    put:
                      operationId: putThing
                      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
                      responses: { '204': { description: done } }
                """,
            schemas: schemas)
        let result = OpenAPIImporter.importDocument(Array(document.utf8), path: nil, documentName: "test.yaml")
        let text = try #require(result.specText, sourceLocation: sourceLocation)
        if let expected {
            #expect(text == expected, "\(firstDifference(text, expected))", sourceLocation: sourceLocation)
        }
        let spec = try #require(SpecLoader.load(Array(text.utf8), fileName: "test.yaml").spec, "\(text)")
        // Every sample the spec keeps reads as its types.
        let failing = SampleFiles.inlineFindings(of: spec).flatMap(\.findings).map(\.message)
        #expect(failing.isEmpty, "\(failing)", sourceLocation: sourceLocation)
        return (text, result.diagnostics.map(\.message), spec)
    }

    private static let thing = """
            Thing:
              type: object
              required: [id, name]
              properties:
                id: { type: integer }
                name: { type: string }
        """

    private func thing(_ spec: Spec) throws -> Spec.Model {
        try #require(spec.models.first { $0.name == "Thing" })
    }

    private func field(_ key: String, of spec: Spec) throws -> Spec.Field {
        try #require(try thing(spec).fields.first { $0.keyPath.description == key })
    }

    @Test func aRequiredMemberAnExampleLeavesOutIsOptional() throws {
        // The request model is the same (`body: Thing?`, no `default:`): nil is left out, nothing
        // the caller didn't give is sent.
        let result = try imported(
            Self.thing, example: "{ id: 1 }",
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: Int
                      name: String?

                tools:
                  Things:
                    endpoints:
                      listThings:
                        get: things
                        response: Thing
                        sample:
                          body: {
                              "id": 1
                            }
                      putThing:
                        put: things
                        body: Thing?

                """)
        #expect(try field("name", of: result.spec).type == .optional(.string))
        #expect(try field("id", of: result.spec).type == .int)
        #expect(
            result.warnings == [
                "'name' of Thing is required, but an example leaves it out or nulls it; it is optional "
                    + "(the document's examples win over its schema)"
            ])
    }

    /// Issue 41: a key the schema doesn't declare is data the app would drop; it becomes an
    /// optional member of the type its value has, its dot part of its name.
    @Test func aKeyTheSchemaDoesNotDeclareIsAMember() throws {
        let result = try imported(
            Self.thing,
            example: "{ id: 1, name: lamp, push.recipient: d-7, tags: [a, b], meta: { x: 1 }, big: 3000000000 }",
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: Int
                      name: String
                      # not in the document's schema: its examples send it
                      big: Int64?
                      # not in the document's schema: its examples send it
                      meta: JSON?
                      # not in the document's schema: its examples send it
                      push\\.recipient: String?
                      # not in the document's schema: its examples send it
                      tags: "[String]?"

                tools:
                  Things:
                    endpoints:
                      listThings:
                        get: things
                        response: Thing
                        sample:
                          body: {
                              "id": 1,
                              "name": "lamp",
                              "push.recipient": "d-7",
                              "tags": [
                                "a",
                                "b"
                              ],
                              "meta": {
                                "x": 1
                              },
                              "big": 3000000000
                            }
                      putThing:
                        put: things
                        body: Thing?

                """)
        #expect(try field("push\\.recipient", of: result.spec).type == .optional(.string))
        #expect(try field("push\\.recipient", of: result.spec).swiftName == "pushRecipient")
        #expect(try field("tags", of: result.spec).type == .optional(.array(.string)))
        #expect(try field("meta", of: result.spec).type == .optional(.json))
        #expect(try field("big", of: result.spec).type == .optional(.int64))
        #expect(
            result.warnings == [
                "an example sends 'big' in Thing, which its schema doesn't declare; it is a member of type Int64? "
                    + "(the document's examples win over its schema) (in 4 places: Thing.big, Thing.meta, "
                    + "Thing.push\\.recipient and 1 more)"
            ])
    }

    @Test func aMemberAnExampleNullsIsOptional() throws {
        let result = try imported(Self.thing, example: "{ id: 1, name: null }")
        #expect(try field("name", of: result.spec).type == .optional(.string))
        #expect(result.warnings.count == 1)
    }

    /// The field an example writes a number as text in reads leniently, not the whole API
    /// (issue 42 item 4).
    @Test func numbersWrittenAsTextReadLeniently() throws {
        let result = try imported(Self.thing, example: "{ id: \"7\", name: lamp }")
        #expect(!result.spec.lenient)
        #expect(try field("id", of: result.spec).type == .int)
        #expect(try field("id", of: result.spec).lenient)
        #expect(try !field("name", of: result.spec).lenient)
        #expect(
            result.warnings == [
                "an example writes a number as text or text as a number ('id' of Thing), so the field "
                    + "reads leniently (lenient: true) (the document's examples win over its schema)"
            ])
    }

    @Test func textANumberDoesNotReadMakesTheMemberText() throws {
        let result = try imported(Self.thing, example: "{ id: n/a, name: lamp }")
        #expect(try field("id", of: result.spec).type == .string)
        #expect(
            result.warnings == [
                "an example gives 'id' of Thing a value Int doesn't read; it is String (the document's "
                    + "examples win over its schema)"
            ])
    }

    @Test func anEmptyStringForAURLReadsAsNil() throws {
        let schemas = Self.thing + "\n        link: { type: string, format: uri }"
        let result = try imported(schemas, example: "{ id: 1, name: lamp, link: \"\" }")
        let link = try field("link", of: result.spec)
        #expect(link.type == .optional(.url))
        #expect(link.emptyAsNil)
        #expect(
            result.warnings == [
                "an example sends \"\" for 'link' of Thing, which is URL; it is optional and reads an "
                    + "empty string as nil (emptyAsNil: true) (the document's examples win over its schema)"
            ])
    }

    @Test func aDateInAnotherStyleReadsTheAPIsDates() throws {
        let schemas = Self.thing + "\n        day: { type: string, format: date }"
        let result = try imported(schemas, example: "{ id: 1, name: lamp, day: \"2019-11-30T20:02:08Z\" }")
        let day = try field("day", of: result.spec)
        #expect(day.type == .optional(.date))
        #expect(day.dateFormat == nil)
        #expect(
            result.warnings == [
                "an example's 'day' of Thing is no date in its format (yyyy-MM-dd); it reads the API's "
                    + "dates (the document's examples win over its schema)"
            ])
    }

    @Test func aNumberForADateIsTextReadLeniently() throws {
        let schemas = Self.thing + "\n        day: { type: string, format: date-time }"
        let result = try imported(schemas, example: "{ id: 1, name: lamp, day: 1575144128 }")
        #expect(try field("day", of: result.spec).type == .optional(.string))
        #expect(try field("day", of: result.spec).lenient)
        #expect(result.warnings.count == 2, "\(result.warnings)")
    }

    @Test func aNumberPastWhatIntHoldsIsDouble() throws {
        let result = try imported(Self.thing, example: "{ id: 9223372036854776000, name: lamp }")
        #expect(try field("id", of: result.spec).type == .double)
    }

    @Test func aValueAnEnumDoesNotListIsListed() throws {
        let schemas = Self.thing + "\n        size: { type: string, enum: [small, large] }"
        let result = try imported(
            schemas, example: "{ id: 1, name: lamp, size: medium }",
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: Int
                      name: String
                      size: { enum: [small, large, medium], optional: true }

                tools:
                  Things:
                    endpoints:
                      listThings:
                        get: things
                        response: Thing
                        sample:
                          body: {
                              "id": 1,
                              "name": "lamp",
                              "size": "medium"
                            }
                      putThing:
                        put: things
                        body: Thing?

                """)
        #expect(
            result.warnings == [
                "an example sends \"medium\", which the enum Size doesn't list; it is one of its cases "
                    + "(the document's examples win over its schema)"
            ])
    }

    @Test func anExampleOfAnotherStructureIsLeftOut() throws {
        let result = try imported(
            Self.thing, example: "[{ id: 1, name: lamp }]",
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: Int
                      name: String

                tools:
                  Things:
                    endpoints:
                      listThings:
                        get: things
                        response: Thing
                      putThing:
                        put: things
                        body: Thing?

                """)
        #expect(try field("name", of: result.spec).type == .string)
        #expect(
            result.warnings == [
                "an example of 'listThings' doesn't read as its schema in a way no more lenient type follows "
                    + "(the document is an array here, but the response is Thing, an object); it is no sample"
            ])
    }

    @Test func anExampleWhoseVariantCantBeToldIsLeftOut() throws {
        let schemas = """
                Thing:
                  oneOf: [{ $ref: '#/components/schemas/Lamp' }, { $ref: '#/components/schemas/Chair' }]
                  discriminator: { propertyName: kind }
                Lamp:
                  type: object
                  required: [kind]
                  properties: { kind: { type: string }, watts: { type: integer } }
                Chair:
                  type: object
                  required: [kind]
                  properties: { kind: { type: string }, legs: { type: integer } }
            """
        let result = try imported(
            schemas, example: "{ watts: 40 }",
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    oneOf: { Lamp: Lamp, Chair: Chair }
                    discriminator: kind
                  Lamp:
                    fields:
                      kind: String
                      watts: Int?
                  Chair:
                    fields:
                      kind: String
                      legs: Int?

                tools:
                  Things:
                    endpoints:
                      listThings:
                        get: things
                        response: Thing
                      putThing:
                        put: things
                        body: Thing?

                """)
        #expect(
            result.warnings == [
                "an example of 'listThings' doesn't read as its schema in a way no more lenient type "
                    + "follows (the document has no string 'kind' here to tell which of Thing's variants (Lamp, "
                    + "Chair) it is; it reads as .unknown); it is no sample"
            ])
    }

    @Test func classesAreOneWarningEach() throws {
        let schemas = """
                Thing:
                  type: object
                  required: [id, name, parts]
                  properties:
                    id: { type: integer }
                    name: { type: string }
                    parts: { type: array, items: { $ref: '#/components/schemas/Part' } }
                Part:
                  type: object
                  required: [code, weight]
                  properties:
                    code: { type: string }
                    weight: { type: number }
            """
        let result = try imported(schemas, example: "{ id: 1, parts: [{ weight: \"2.5\" }] }")
        #expect(
            result.warnings.sorted() == [
                "'code' of Part is required, but an example leaves it out or nulls it; it is optional "
                    + "(the document's examples win over its schema) (in 2 places: Part.code, Thing.name)",
                "an example writes a number as text or text as a number ('weight' of Part), so the field reads "
                    + "leniently (lenient: true) (the document's examples win over its schema)",
            ])
    }

    @Test func respellingReplacesTheOneScalar() {
        #expect(DraftPasses.respelled("[Int]", as: "String", replacing: ["Int"])?.0 == "[String]")
        #expect(DraftPasses.respelled("[String: Int64]", as: "Double", replacing: ["Int64"])?.0 == "[String: Double]")
        #expect(DraftPasses.respelled("Thing", as: "String", replacing: ["Int"]) == nil)
    }
}
