import Foundation
import Testing

@testable import XToolImport

/// Issue 52's minimal documents (`Fixtures/repros-import-4/`, each with its EXPECTED.md): what
/// springfox and Redocly-style split documents publish, read as what it is.
@Suite struct ReproImport4Tests {
    /// A `$ref` in place of a `content` map, and of a response's `headers`, is followed; no
    /// media type is named `$ref`.
    @Test func aReferenceInPlaceOfContentIsFollowed() throws {
        try Repro.issue52.expectImport(
            "r1-content-ref",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Content Refs 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: ContentRefs
                baseURL: https://api.example.com/v1/
                summary: Content Refs

                headers:
                  Accept: application/json

                models:
                  ThingSchema:
                    fields:
                      id: Int
                      name: String
                  Problem:
                    fields:
                      message: String
                      code: String?

                tools:
                  Things:
                    endpoints:
                      listThings:
                        get: things
                        response: [ThingSchema]
                        errors: { type: Problem, message: message, code: code }
                      createThing:
                        post: things
                        body: ThingSchema
                        response:
                          type: ThingSchema
                          headers:
                            X-Request-Id: String?

                """)
    }

    /// A `content` reference that can't be followed is an error at it, not a media type.
    @Test func aContentReferenceThatCantBeFollowedIsAnError() {
        let document = Snippet.document(
            paths: """
                  /things:
                    get:
                      responses:
                        '200':
                          description: ok
                          content: { $ref: '#/components/content/missing' }
                """)
        let result = OpenAPIImporter.importDocument(Array(document.utf8), path: nil, documentName: "test.yaml")
        #expect(result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "11:28: error: the reference '#/components/content/missing' points to nothing: there is no 'content'"
            ])
    }

    /// springfox's `Map<String, Object>`: `additionalProperties: {type: object}` is a map of any
    /// JSON value.
    @Test func aMapOfObjectsIsAMapOfJSON() throws {
        try Repro.issue52.expectImport(
            "r2-map-of-objects",
            gives: """
                # Imported from openapi.yaml (Swagger 2.0: Settings 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Settings
                baseURL: https://api.example.com/
                summary: Settings

                headers:
                  Accept: application/json

                models:
                  Settings:
                    fields:
                      name: String?
                      values: "[String: JSON]?"

                tools:
                  Settings:
                    endpoints:
                      getSettings:
                        get: settings
                        response: Settings
                  Properties:
                    endpoints:
                      getProperties:
                        get: properties
                        response: "[String: JSON]"

                """)
    }

    /// One inline enum written on two operations and a model is one shared enum.
    @Test func anInlineEnumWrittenInManyPlacesIsOneEnum() throws {
        try Repro.issue52.expectImport(
            "r4-repeated-inline-enum",
            gives: """
                # Imported from openapi.yaml (Swagger 2.0: Items 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Items
                baseURL: https://api.example.com/
                summary: Items

                headers:
                  Accept: application/json

                models:
                  Item:
                    fields:
                      id: Int
                      type: ItemType
                      condition: Condition?
                  Condition:
                    enum: [MINT, WORN]
                  ItemType:
                    enum: [NEW, OLD]

                tools:
                  Items:
                    endpoints:
                      listItems:
                        get: items
                        params:
                          type: ItemType?
                        response: [Item]
                  Archive:
                    endpoints:
                      listArchived:
                        get: archive
                        params:
                          type: ItemType?
                          condition: Condition?
                        response: [Item]

                """)
    }

    /// An object query parameter in `form` style, exploded, sends each member by its own name
    /// (`style: form`); `deepObject` stays.
    @Test func aFormObjectQueryParameterIsStyleForm() throws {
        try Repro.issue52.expectImport(
            "r6-form-object-query",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Cursors 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Cursors
                baseURL: https://api.example.com/v1/
                summary: Cursors

                headers:
                  Accept: application/json

                models:
                  Cursor:
                    fields:
                      after: String?
                      limit: Int?
                  ListEventsFilter:
                    fields:
                      kind: String?

                tools:
                  Events:
                    endpoints:
                      listEvents:
                        get: events
                        params:
                          cursor: { type: Cursor?, style: form }
                          filter: { type: ListEventsFilter?, style: deepObject }
                        response: [String]
                        # 'cursor' looks like a cursor, but the response doesn't say where the next one is: add paginate: if the API pages

                """,
            diagnostics: [
                "9:11: warning: 'cursor' looks like a cursor, but the response doesn't say where the next one is; no paginate: is written"
            ])
        let file = try Repro.issue52.generatedFile("EventsTool.swift", of: "r6-form-object-query")
        #expect(file.contains(#".query("cursor", cursor, style: .form)"#))
    }
}
