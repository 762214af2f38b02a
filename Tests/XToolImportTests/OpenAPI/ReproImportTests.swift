import Foundation
import TestSupport
import Testing
import XToolImport

/// Issue 29's defects, each on its minimal document (`Repro`): the whole spec it imports to.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun(Repro.issue29.name),
        "the documents of ../shared/testdata/openapi/repros-import-2 not found; issue 29's defects are not checked"))
struct ReproImportTests {
    /// r1: `get: { $ref: ops/get-pet.yml }` is followed relative to the file that holds it, and
    /// that file's own references relative to it (`../schemas.yml#/Pet`).
    @Test func anOperationWrittenAsAReferenceIsFollowed() throws {
        try Repro.issue29.expectImport(
            "r1-operation-ref",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Pets 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Pets
                baseURL: https://api.example.com/v1/
                summary: Pets

                headers:
                  Accept: application/json

                models:
                  Pet:
                    fields:
                      id: Int
                      name: String

                tools:
                  Pets:
                    endpoints:
                      getPet:
                        get: pets/{pet_id}
                        params:
                          pet_id: Int
                        response: Pet

                """)
    }

    /// r1: an operation reference that leads nowhere, or to no mapping, is an error, never an
    /// endpoint without its contents.
    @Test func anOperationThatCantBeFollowedIsAnError() throws {
        let document = Snippet.document(
            paths: """
                  /pets:
                    get: { $ref: '#/components/x-operations/missing' }
                    post: { $ref: '#/components/x-operations/text' }
                """,
            components: """
                  x-operations:
                    text: an operation
                """)
        let result = OpenAPIImporter.importDocument(Array(document.utf8), path: nil, documentName: "test.yaml")
        #expect(
            result.diagnostics.map(\.description) == [
                "7:18: error: the reference '#/components/x-operations/missing' points to nothing: there is no 'missing'",
                "13:11: error: an operation is a mapping (with 'responses'); 'post' is left out",
            ])
        #expect(result.hasErrors)
    }

    /// r11: a member of a request body with a `default:`, not required, is optional with the
    /// server's default in its summary: nil leaves it out, so a rename doesn't re-activate.
    @Test func aRequestBodySendsNoDefaultTheCallerDidntGive() throws {
        try Repro.issue29.expectImport(
            "r11-update-sends-defaults",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://demo.example.org/api/
                summary: Ledger

                models:
                  AccountUpdate:
                    fields:
                      name: String
                      active: { type: Bool?, summary: "If omitted, defaults to true. The server's default: true." }
                      notes: { type: String?, nullable: true }

                tools:
                  Accounts:
                    endpoints:
                      updateAccount:
                        summary: Update existing account (only the fields sent change)
                        put: v1/accounts/{id}
                        params:
                          id: String
                        body: AccountUpdate

                """)
    }

    /// r2: only a read pages: a POST whose answer has `links.next` returns the page it got, with
    /// a note and a warning, since asking for the next page would send the POST again.
    @Test func aPOSTIsNotPaginated() throws {
        try Repro.issue29.expectImport(
            "r2-post-paginated",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Rates 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Rates
                baseURL: https://api.example.com/v1/
                summary: Rates

                headers:
                  Accept: application/json

                models:
                  TransactionList:
                    fields:
                      data: [Transaction]
                      links: TransactionListLinks?
                  TransactionListLinks:
                    fields:
                      next: URL?
                  Transaction:
                    fields:
                      id: String

                tools:
                  Recurrences:
                    endpoints:
                      triggerRecurrence:
                        summary: Creates today's transactions of a recurrence (not idempotent)
                        post: recurrences/{id}/trigger
                        params:
                          id: String
                        response: TransactionList
                        # the response is a page of a list, but this is a POST: asking for the next page would send it again; add paginate: if the call only reads

                """,
            diagnostics: [
                "16:23: warning: a POST whose response pages is not paginated: asking for the next page would send the POST again"
            ])
    }

    /// r3: a `page` parameter that doesn't say where pages start doesn't hide `links.next`:
    /// both lists follow the link.
    @Test func aPageNumberWithoutAStartDoesntHideANextLink() throws {
        try Repro.issue29.expectImport(
            "r3-page-param-hides-next-link",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://api.example.com/v1/
                summary: Ledger

                headers:
                  Accept: application/json

                models:
                  ListTransactionsResponseData:
                    fields:
                      id: String

                tools:
                  Transactions:
                    endpoints:
                      listTransactions:
                        get: transactions
                        params:
                          limit: { type: Int?, summary: Items per page }
                          page: { type: Int?, summary: Page number }
                        response: { path: data, type: [ListTransactionsResponseData] }
                        paginate: { link: links.next }
                        # the pages are returned, not the list's meta, links
                  Rules:
                    endpoints:
                      listRules:
                        get: rules
                        params:
                          limit: { type: Int?, summary: Items per page }
                        response: { path: data, type: [ListTransactionsResponseData] }
                        paginate: { link: links.next }
                        # the pages are returned, not the list's meta, links

                """)
    }

    /// r10: the media types the responses are documented in are sent as `Accept`, API-wide
    /// where most endpoints agree (a server that needs `application/vnd.api+json` gets it).
    @Test func theResponsesMediaTypesAreSentAsAccept() throws {
        try Repro.issue29.expectImport(
            "r10-no-accept-header",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://demo.example.org/api/
                summary: Ledger

                headers:
                  Accept: application/vnd.api+json

                models:
                  GetAccountResponse:
                    fields:
                      type: String
                      id: String

                tools:
                  Accounts:
                    endpoints:
                      getAccount:
                        get: v1/accounts/{id}
                        params:
                          id: String
                        response: { path: data, type: GetAccountResponse }

                """)
    }

    /// r4: an API-wide `status:` body only where the endpoints that document the status agree:
    /// three answer 400 with `Error` and one with `NfsError`, so 400 is `Error` API-wide and
    /// `NfsError` on that one endpoint.
    @Test func anAPIWideStatusBodyNeedsTheEndpointsToAgree() throws {
        try Repro.issue29.expectImport(
            "r4-error-status-minority",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Cloud 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Cloud
                baseURL: https://api.example.com/v2/
                summary: Cloud

                headers:
                  Accept: application/json

                errors: { type: ErrorModel, message: message }

                models:
                  ErrorModel:
                    fields:
                      id: String
                      message: String
                  NfsError:
                    fields:
                      code: String
                      message: String

                tools:
                  Firewalls:
                    endpoints:
                      createFirewall:
                        post: firewalls
                        samples:
                          "400":
                            status: 400
                            body: {
                                "id": "bad_request",
                                "message": "error parsing request body"
                              }
                  Droplets:
                    endpoints:
                      createDroplet:
                        post: droplets
                        samples:
                          "400":
                            status: 400
                            body: {
                                "id": "bad_request",
                                "message": "error parsing request body"
                              }
                  Volumes:
                    endpoints:
                      createVolume:
                        post: volumes
                        samples:
                          "400":
                            status: 400
                            body: {
                                "id": "bad_request",
                                "message": "error parsing request body"
                              }
                  Nfs:
                    endpoints:
                      createShare:
                        post: nfs
                        errors:
                          type: ErrorModel
                          message: message
                          status:
                            400: { type: NfsError, message: message, code: code }

                """)
    }

    /// r5: an inline enum named like an unrelated model (`state` beside `State`) is a shared
    /// enum named after its owner and itself, not a String.
    @Test func anInlineEnumNamedLikeAModelIsASharedEnumOfItsOwnersName() throws {
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

    /// r6: a schema named `Error` is `ErrorModel`, so that an app's `struct LoginFailure: Error`
    /// still means Swift's `Error`.
    @Test func aSchemaNamedLikeASwiftTypeAnAppWritesIsRenamed() throws {
        try Repro.issue29.expectImport(
            "r6-model-named-error",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Cloud 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Cloud
                baseURL: https://api.example.com/v2/
                summary: Cloud

                headers:
                  Accept: application/json

                errors: { type: ErrorModel, message: message }

                models:
                  ErrorModel:
                    fields:
                      id: String
                      message: String
                  GetAccountResponse:
                    fields:
                      email: String?

                tools:
                  Account:
                    endpoints:
                      getAccount:
                        get: account
                        response: GetAccountResponse

                """)
    }

    /// r7: error bodies of one structure that the document names apart stay apart: a 404 reads
    /// as `NotFoundResponse`, not `UnauthenticatedResponse`.
    @Test func errorBodiesTheDocumentNamesApartStayApart() throws {
        try Repro.issue29.expectImport(
            "r7-merged-error-names",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Finance 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Finance
                baseURL: https://api.example.com/api/
                summary: Finance

                headers:
                  Accept: application/json

                errors:
                  type: UnauthenticatedResponse
                  message: message
                  status:
                    404: { type: NotFoundResponse, message: message }

                models:
                  UnauthenticatedResponse:
                    fields:
                      message: String?
                      exception: String?
                  NotFoundResponse:
                    fields:
                      message: String?
                      exception: String?
                  GetAccountResponse:
                    fields:
                      name: String?

                tools:
                  Accounts:
                    endpoints:
                      getAccount:
                        get: v1/accounts/{id}
                        params:
                          id: String
                        response: GetAccountResponse

                """)
    }

    /// r8: names read as Swift: a leading digit spelled (`1-Click Applications` ->
    /// `OneClickApplications`, `"0"` -> `zero` of `LinkZero`), `self` -> `selfValue`, an inline
    /// enum named `type` a shared enum of its owner's name instead of `Type_`; the generated
    /// tool of `FloatingIPActions` is `FloatingIPActionsTool` (`SwiftNamingTests`).
    @Test func namesReadAsSwift() throws {
        try Repro.issue29.expectImport(
            "r8-junk-names",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Names 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Names
                baseURL: https://api.example.com/v2/
                summary: Names

                headers:
                  Accept: application/json

                models:
                  Link:
                    fields:
                      self: { type: URL?, name: selfValue }
                      "0": { type: LinkZero?, name: zero }
                  LinkZero:
                    fields:
                      rel: String?
                      uri: String?
                  OneClickApplicationsType:
                    enum: [droplet, kubernetes]

                tools:
                  OneClickApplications:
                    endpoints:
                      oneClicksList:
                        get: 1-clicks
                        params:
                          type: OneClickApplicationsType?
                        response: Link
                  FloatingIPActions:
                    endpoints:
                      floatingIPsActionList:
                        get: floating_ips/{ip}/actions
                        params:
                          ip: String

                """)
    }

    /// r9: `items` beside `type: object` assembles no array: the object is `[String: JSON]`, and
    /// a sample that holds an array would contradict it, so none is assembled.
    @Test func anAssembledSampleReadsAsTheImportersTypes() throws {
        try Repro.issue29.expectImport(
            "r9-object-with-items-sample",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Charts 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Charts
                baseURL: https://api.example.com/api/
                summary: Charts

                headers:
                  Accept: application/json

                models:
                  GetChartResponse:
                    fields:
                      label: String
                      entries: { type: "[String: JSON]", summary: date -> value }

                tools:
                  Chart:
                    endpoints:
                      getChart:
                        get: v1/chart
                        response: GetChartResponse

                """)
    }
}
