import Foundation
import TestSupport
import Testing
import XToolOpenAPI

/// Issue 41's defects (../shared/testdata/openapi/repros-import-3, each with its
/// EXPECTED.md): the whole spec each minimal document imports to.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun(Repro.round3),
        "the documents of ../shared/testdata/openapi/repros-import-3 not found; issue 41's names are not checked"))
struct ReproRound3Tests {
    /// r6: keys that hold a dot are members whose key escapes the dot (the generated CodingKey
    /// is the key itself, CornersTests), and the example reads with no key left unread.
    @Test func keysThatHoldADotAreMembers() throws {
        try Repro.expectImport(
            "r6-dotted-json-keys", in: Repro.round3,
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
                      self: { type: GetAppResponseLinksSelf?, name: selfValue }
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

    /// r7: without operationIds, versions in the path (`/2.0/`) and tags that are versions
    /// (`2012-09-25`) name nothing: tools and endpoints are named after what the paths hold.
    @Test func versionsNameNoToolOrEndpoint() throws {
        try Repro.expectImport(
            "r7-version-segments", in: Repro.round3,
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Miles 2.0) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Miles
                baseURL: https://api.example.com/
                summary: Miles

                headers:
                  Accept: application/json

                models:
                  PostCalculateResponse:
                    fields:
                      total: Int?

                tools:
                  Calculate:
                    endpoints:
                      postCalculate:
                        post: 2.0/calculate
                        params:
                          miles: Int?
                        response: PostCalculateResponse
                  Programs:
                    endpoints:
                      getPrograms:
                        get: 2.0/programs
                        response: [String]

                """)
    }

    /// r8: an `id` with an enum of its own, optional, imports as written; the generated model is
    /// then not Identifiable, whose `ID` its nested enum would be (NamesTests compiles one).
    @Test func anIDWithAnEnumOfItsOwn() throws {
        try Repro.expectImport(
            "r8-member-named-like-a-protocol-type", in: Repro.round3,
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

    /// r3: a HAL collection pages: its items are `_embedded`'s one array, its next page
    /// `_links.next.href`.
    @Test func aHALCollectionPages() throws {
        try Repro.expectImport(
            "r3-hal-collection", in: Repro.round3,
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Directory 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Directory
                baseURL: https://api.example.com/v1/
                summary: Directory

                headers:
                  Accept: application/hal+json

                models:
                  Environment:
                    fields:
                      id: String
                      name: String?

                tools:
                  Environments:
                    endpoints:
                      listEnvironments:
                        get: environments
                        params:
                          limit: Int?
                          cursor: String?
                        response: { path: _embedded.environments, type: [Environment] }
                        paginate: { link: _links.next.href }
                        sample:
                          body: {
                              "_embedded": {
                                "environments": [
                                  {
                                    "id": "e1",
                                    "name": "Dev"
                                  }
                                ]
                              },
                              "_links": {
                                "self": {
                                  "href": "https://api.example.com/v1/environments?limit=1"
                                },
                                "next": {
                                  "href": "https://api.example.com/v1/environments?limit=1&cursor=abc"
                                }
                              },
                              "count": 2
                            }
                        # the pages are returned, not the list's _links, count

                """)
    }
}
