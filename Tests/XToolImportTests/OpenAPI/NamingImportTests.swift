import Foundation
import Testing
import XToolImport

/// Names: models, enums, tools and endpoints named as Swift reads them, apart where they would clash.
@Suite struct NamingImportTests {
    /// A schema named `Error` is `ErrorModel`, so that an app's `struct LoginFailure: Error`
    /// still means Swift's `Error`.
    @Test(.needs(Repro.issue29)) func aSchemaNamedLikeASwiftTypeAnAppWritesIsRenamed() throws {
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

    /// Names read as Swift: a leading digit spelled (`1-Click Applications` ->
    /// `OneClickApplications`, `"0"` -> `zero` of `LinkZero`), `self` -> `selfValue`, an inline
    /// enum named `type` a shared enum of its owner's name instead of `Type_`; the generated
    /// tool of `FloatingIPActions` is `FloatingIPActionsTool` (`SwiftNamingTests`).
    @Test(.needs(Repro.issue29)) func namesReadAsSwift() throws {
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
                      self: { type: "URL?", name: selfValue }
                      "0": { type: "LinkZero?", name: zero }
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

    /// Schema files of one last part are named apart as components are (`Pet`, `Pet2`), and a
    /// file's `title` that is a type name names its model (issue 41 item 3).
    @Test func schemaFilesOfOneNameAreNamedApartAndATitleNames() throws {
        let pet = "type: object\nrequired: [id]\nproperties: { id: { type: string } }\n"
        let folder = try Snippet.folder(files: [
            "schemas/com.example.store.Pet.yaml": pet,
            "schemas/com.example.admin.Pet.yaml": pet + "title: Pet\n",
            "schemas/com.example.store.Owner.yaml": "title: Keeper\n" + pet,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func get(_ path: String, _ schema: String) -> String {
            """
              /\(path):
                get:
                  operationId: get\(path.capitalized)
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: { $ref: "schemas/\(schema)" } } }

            """
        }
        let document =
            "openapi: 3.0.3\ninfo: { title: Store, version: \"1\" }\nservers: [{ url: \"https://api.example.com\" }]\n"
            + "paths:\n" + get("pets", "com.example.store.Pet.yaml") + get("admins", "com.example.admin.Pet.yaml")
            + get("owners", "com.example.store.Owner.yaml")
        try expectImport(
            document, name: "openapi.yaml", path: folder.appendingPathComponent("openapi.yaml").path,
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Store 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Store
                baseURL: https://api.example.com/
                summary: Store

                headers:
                  Accept: application/json

                models:
                  Pet:
                    fields:
                      id: String
                  Pet2:
                    fields:
                      id: String
                  Keeper:
                    fields:
                      id: String

                tools:
                  Pets:
                    endpoints:
                      getPets:
                        get: pets
                        response: Pet
                  Admins:
                    endpoints:
                      getAdmins:
                        get: admins
                        response: Pet2
                  Owners:
                    endpoints:
                      getOwners:
                        get: owners
                        response: Keeper

                """)
    }

    /// Schema files named like Java classes (`com.example.store.data.Pet.yaml`) give models named
    /// after their last part, one shared enum (`PetKind`) for both models that refer to its file,
    /// and a body label that reads as Swift (`order:`) (issue 41 item 3).
    @Test(.needs(Repro.issue41)) func dottedSchemaFilesNameTheirModels() throws {
        try Repro.issue41.expectImport(
            "r2-dotted-schema-files",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Store 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Store
                baseURL: https://api.example.com/
                summary: Store

                headers:
                  Accept: application/json

                models:
                  Pet:
                    fields:
                      id: String
                      kind: PetKind
                  PetKind:
                    enum: [cat, dog]
                  Order:
                    fields:
                      petID: String
                      petKind: PetKind?

                tools:
                  Pets:
                    endpoints:
                      getPet:
                        get: pets/{id}
                        params:
                          id: String
                        response: Pet
                  Orders:
                    endpoints:
                      createOrder:
                        post: orders
                        body: Order?
                        response: Order

                """)
    }

    /// Operations without an operationId at one URL are named apart by their paths' fragments, a
    /// `name=value` fragment by its value's last dotted part (AWS's documents; issue 41 item 5).
    @Test func endpointsOfOneURLAreNamedByTheirFragments() throws {
        let post = "post: { responses: { '200': { description: ok } } }"
        try expectImport(
            Snippet.document(
                paths: """
                      /#X-Amz-Target=Translate_20170701.DeleteTerminology:
                        \(post)
                      /#X-Amz-Target=Translate_20170701.GetTerminology:
                        \(post)
                      /flows#clone+json:
                        \(post)
                    """),
            gives: Snippet.preamble() + """
                tools:
                  Default:
                    endpoints:
                      postDeleteTerminology:
                        post: ""
                        # the document's path is '/#X-Amz-Target=Translate_20170701.DeleteTerminology': a fragment is never sent, so this is POST the base URL
                      postGetTerminology:
                        post: ""
                        # named like a read ('Get'): say 'read: true' if it only reads, to have it retried after a 429 or a dropped connection
                        read: false
                        # the document's path is '/#X-Amz-Target=Translate_20170701.GetTerminology': a fragment is never sent, so this is POST the base URL
                  Flows:
                    endpoints:
                      postFlowsCloneJSON:
                        post: flows
                        # the document's path is '/flows#clone+json': a fragment is never sent, so this is POST flows

                """,
            diagnostics: [
                "6:3: warning: the path '/#X-Amz-Target=Translate_20170701.DeleteTerminology' has a fragment, which "
                    + "no request sends: its operations are sent to '/' (in 3 places: "
                    + "/#X-Amz-Target=Translate_20170701.DeleteTerminology, "
                    + "/#X-Amz-Target=Translate_20170701.GetTerminology, /flows#clone+json)"
            ])
    }

    /// Without operationIds, versions in the path (`/2.0/`) and tags that are versions
    /// (`2012-09-25`) name nothing: tools and endpoints are named after what the paths hold.
    @Test(.needs(Repro.issue41)) func versionsNameNoToolOrEndpoint() throws {
        try Repro.issue41.expectImport(
            "r7-version-segments",
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
}
