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

    /// springfox's names: `Using<METHOD>` and `_1` left out of operationIds (a duplicate named
    /// after its path), `-controller` out of tags, and said so; a host without schemes is
    /// `http` for a local host, with a warning.
    @Test func springfoxSuffixesAreLeftOutOfNames() throws {
        try Repro.issue52.expectImport(
            "r3-springfox-names",
            gives: """
                # Imported from openapi.yaml (Swagger 2.0: Users 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Users
                # other servers: https://localhost:8080
                baseURL: http://localhost:8080/
                summary: Users

                headers:
                  Accept: application/json

                tools:
                  User:
                    summary: User Controller
                    endpoints:
                      list:
                        get: users
                        params:
                          page: Int?
                        response: [String]
                        # 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1: add paginate: { page: page, start: … } if the API pages
                  Photo:
                    summary: Photo Controller
                    endpoints:
                      getPhoto:
                        get: users/{id}/photo
                        params:
                          id: String
                        response: String
                      getPhotoCover:
                        get: albums/{id}/cover
                        params:
                          id: String
                        response: String

                """,
            diagnostics: [
                "3:7: warning: the document names no 'schemes' (it means the scheme it is served with; springfox's is http): the base URL is http://localhost:8080/, and https a note",
                "15:11: warning: 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1 (no default or minimum); no paginate: is written",
            ])
        let path = Repro.issue52.document("r3-springfox-names")
        let result = OpenAPIImporter.importDocument(
            try Array(Data(contentsOf: URL(fileURLWithPath: path))), path: path, documentName: "openapi.yaml")
        #expect(
            result.summary == [
                "3 operationIds lose springfox's suffix ('UsingGET', and '_1' for another of the name: listUsersUsingGET_1 -> listUsers); an endpoint whose name another has is named after its path",
                "2 tools are named without their tag's class suffix (photo-controller -> Photo, user-controller -> User)",
            ])
    }

    /// `Using<METHOD>` with or without `_<n>` is the suffix; `_<n>` alone is not.
    @Test func springfoxSuffixesAreRecognised() {
        #expect(Importer.springfoxStem("getPhotoUsingGET_12") == "getPhoto")
        #expect(Importer.springfoxStem("listUsingPOST") == "list")
        #expect(Importer.springfoxStem("UsingGET") == nil)
        #expect(Importer.springfoxStem("getThing_2") == nil)
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

    /// A union told apart by a key whose values each variant lists has one case per variant,
    /// not per value: the values are its tags.
    @Test func aUnionHasOneCasePerVariantWhateverItsTags() throws {
        try Repro.issue52.expectImport(
            "r5-union-by-enum-values",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Shipping 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Shipping
                baseURL: https://api.example.com/
                summary: Shipping

                headers:
                  Accept: application/json

                models:
                  Address:
                    # tagged by 'country': each alternative lists values of its own there (a value without one is kept as it came)
                    oneOf:
                      US: { type: DomesticAddress, name: domesticAddress }
                      CA: { type: InternationalAddress, name: internationalAddress }
                      DE: { type: InternationalAddress, name: internationalAddress }
                      FR: { type: InternationalAddress, name: internationalAddress }
                      JP: { type: InternationalAddress, name: internationalAddress }
                    discriminator: country
                  DomesticAddress:
                    fields:
                      # always US
                      country: String
                      postal_code: String
                      state: String?
                  InternationalAddress:
                    fields:
                      country: { enum: [CA, DE, FR, JP] }
                      postal_code: String
                      region: String?

                tools:
                  Addresses:
                    endpoints:
                      getAddress:
                        get: addresses/{id}
                        params:
                          id: String
                        response: Address

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
                          cursor: { type: "Cursor?", style: form }
                          filter: { type: "ListEventsFilter?", style: deepObject }
                        response: [String]
                        # 'cursor' looks like a cursor, but the response doesn't say where the next one is: add paginate: if the API pages

                """,
            diagnostics: [
                "9:11: warning: 'cursor' looks like a cursor, but the response doesn't say where the next one is; no paginate: is written"
            ])
        let file = try Repro.issue52.generatedFile("EventsTool.swift", of: "r6-form-object-query")
        #expect(file.contains(#".query("cursor", cursor, style: .form)"#))
    }

    /// Spring Data's `page`, `size` and `sort` count pages from 0: `paginate:` with `start: 0`.
    @Test func springDataPagesCountFromZero() throws {
        try Repro.issue52.expectImport(
            "r7-spring-data-paging",
            gives: """
                # Imported from openapi.yaml (Swagger 2.0: Orders 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Orders
                baseURL: https://api.example.com/
                summary: Orders

                headers:
                  Accept: application/json

                models:
                  Order:
                    fields:
                      id: Int64?

                tools:
                  Order:
                    endpoints:
                      list:
                        get: orders
                        params:
                          page: { type: "Int?", summary: Results page you want to retrieve (0..N) }
                          size: { type: "Int?", summary: Number of records per page. }
                          sort:
                            type: "[String]?"
                            summary: "Sorting criteria in the format: property(,asc|desc)."
                        response: { path: content, type: [Order] }
                        paginate: { page: page, limit: size, start: 0 }
                        # the pages are returned, not the list's totalPages, number, last

                """)
    }

    /// A member of a file whose name another file's member has taken is named from its file.
    @Test func aFileMemberNamedLikeAnotherIsNamedFromItsFile() throws {
        try Repro.issue52.expectImport(
            "r8-file-members-named-alike",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Details 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Details
                baseURL: https://api.example.com/
                summary: Details

                models:
                  Writable:
                    fields:
                      name: String?
                  BDetailsWritable:
                    fields:
                      size: Int?

                tools:
                  A:
                    endpoints:
                      updateA:
                        patch: a/{id}
                        params:
                          id: String
                        body: Writable
                  B:
                    endpoints:
                      updateB:
                        patch: b/{id}
                        params:
                          id: String
                        body: BDetailsWritable

                """)
    }

    /// An inline model's name says the words its model ends with and its member starts with
    /// once.
    @Test func repeatedNamePartsAreSaidOnce() throws {
        try Repro.issue52.expectImport(
            "r9-repeated-name-parts",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Accounts 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Accounts
                baseURL: https://api.example.com/
                summary: Accounts

                headers:
                  Accept: application/json

                models:
                  AccountVerify:
                    fields:
                      id: String?
                      account_verify_amounts: AccountVerifyAmounts?
                  AccountVerifyAmounts:
                    fields:
                      first: Double?
                      second: Double?

                tools:
                  Accounts:
                    endpoints:
                      getVerification:
                        get: accounts/verify
                        response: AccountVerify

                """)
    }
}
