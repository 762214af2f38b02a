import Foundation
import TestSupport
import Testing
import XToolGenerator
import XToolImport
import XToolSamples
import XToolSpec

/// Issue 41's defects, each on its minimal document (`Repro.issue41`): the whole spec it imports to.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun(Repro.issue41.name),
        "the documents of ../shared/testdata/openapi/repros-import-3 not found; issue 41's defects are not checked"))
struct Repro3ImportTests {
    /// r1 (item 2): a file whose name holds `#` (`flows_{flowID}#clone.yaml`, as Redocly's split
    /// writes it) is referred to as it is named and percent-encoded (`%7B…%23…`): a fragment
    /// starts only at a `#` followed by `/` or an anchor a file declares. The two path keys with
    /// a fragment are one URL (r5), and the clone's vendor media type is its Content-Type (r4).
    @Test func aFileNameWithAHashIsAFile() throws {
        try Repro.issue41.expectImport(
            "r1-hash-in-file-name",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.1.0: Flows 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Flows
                baseURL: https://api.example.com/v1/
                summary: Flows

                headers:
                  Accept: application/json

                models:
                  GetFlowResponse:
                    fields:
                      id: String
                      name: String?
                  CloneFlowResponse:
                    fields:
                      id: String

                tools:
                  Flows:
                    endpoints:
                      getFlow:
                        get: flows/{flowID}
                        params:
                          flowID: String
                        response: GetFlowResponse
                      cloneFlow:
                        post: flows/{flowID}
                        params:
                          flowID: String
                          name: String?
                        headers: { Content-Type: application/vnd.example.flow.clone+json }
                        response: CloneFlowResponse
                        # the document's path is '/flows/{flowID}#clone': a fragment is never sent, so this is POST flows/{flowID}
                      cloneFlowCopy:
                        post: flows/{flowID}
                        params:
                          flowID: String
                          name: String?
                        headers: { Content-Type: application/vnd.example.flow.clone+json }
                        response: CloneFlowResponse
                        # the document's path is '/flows/{flowID}#copy': a fragment is never sent, so this is POST flows/{flowID}

                """,
            diagnostics: [
                "8:3: warning: the path '/flows/{flowID}#clone' has a fragment, which no request sends: its operations "
                    + "are sent to '/flows/{flowID}' (in 2 places: /flows/{flowID}#clone, /flows/{flowID}#copy)"
            ])
    }

    /// r1 (item 2): a reference with a `#` that names no file says what was looked for, and how
    /// to write the document so that it is found; nothing is written.
    @Test func aMissingFileWithAHashSaysHowToFixTheReference() throws {
        let path = Repro.issue41.document("r1-hash-in-file-name")
        let document = """
            openapi: 3.1.0
            info: { title: Flows, version: "1" }
            paths:
              /flows/{flowID}#move:
                $ref: "paths/flows_{flowID}#move.yaml"
            """
        let result = OpenAPIImporter.importDocument(Array(document.utf8), path: path, documentName: "openapi.yaml")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("paths").path
        #expect(
            result.diagnostics.map(\.description).filter { $0.contains("error") } == [
                "5:11: error: the reference 'paths/flows_{flowID}#move.yaml' names a file that can't be read (looked "
                    + "for \(folder)/flows_{flowID} with the anchor 'move.yaml', then for \(folder)/flows_{flowID}#move.yaml); "
                    + "correct the reference's path, or put the file there (a '#' in a file's name is written as it is "
                    + "or as %23; a place in a file starts at '#/')"
            ])
        #expect(result.hasErrors)
    }

    /// A new temporary folder holding `files` (path: text) and the folders `folders`.
    private static func folder(files: [String: String], folders: [String] = []) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        for path in folders {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    /// Item 2: the text before a `#` that names a folder is no file to find an anchor in: the
    /// whole text is the file's name (`flows#clone.yaml` beside the folder `flows/`).
    @Test func aFolderBeforeTheHashIsNoFile() throws {
        let clone = """
            post:
              operationId: cloneFlow
              responses: { "204": { description: Cloned. } }
            """
        let folder = try Self.folder(files: ["paths/flows#clone.yaml": clone], folders: ["paths/flows"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = """
            openapi: 3.1.0
            info: { title: Flows, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /flows:
                $ref: "paths/flows#clone.yaml"
            """
        try expectImport(
            document, name: "openapi.yaml", path: folder.appendingPathComponent("openapi.yaml").path,
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.1.0: Flows 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Flows
                baseURL: https://api.example.com/
                summary: Flows

                tools:
                  Flows:
                    endpoints:
                      cloneFlow:
                        post: flows

                """)
    }

    /// Item 3: schema files of one last part are named apart as components are (`Pet`, `Pet2`),
    /// and a file's `title` that is a type name names its model.
    @Test func schemaFilesOfOneNameAreNamedApartAndATitleNames() throws {
        let pet = "type: object\nrequired: [id]\nproperties: { id: { type: string } }\n"
        let folder = try Self.folder(files: [
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

    /// Item 2: a plain-name fragment is an anchor (`$anchor`), in the document itself too.
    @Test func aPlainNameFragmentIsAnAnchor() throws {
        let document = Snippet.thingsDocument(
            version: "3.1.0",
            schemas: """
                    Thing: { type: object, required: [id], properties: { id: { type: string }, part: { $ref: '#part' } } }
                    Other: { type: object, properties: { inner: { $anchor: part, type: object, properties: { a: { type: string } } } } }
                """)
        try expectImport(
            document,
            gives: Snippet.preamble(version: "3.1.0") + """
                headers:
                  Accept: application/json

                models:
                  # Not imported, as no operation's types reach them:
                  #   Other
                  Thing:
                    fields:
                      id: String
                      part: Part?
                  Part:
                    fields:
                      a: String?

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing

                """)
    }

    /// r2 (item 3): schema files named like Java classes (`com.example.store.data.Pet.yaml`)
    /// give models named after their last part, one shared enum (`PetKind`) for both models
    /// that refer to its file, and a body label that reads as Swift (`order:`).
    @Test func dottedSchemaFilesNameTheirModels() throws {
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

    /// r4 (item 4): a JSON body documented as a vendor media type is sent as that type, and the
    /// response's type is the `Accept` header.
    @Test func aVendorMediaTypeIsTheBodysContentType() throws {
        try Repro.issue41.expectImport(
            "r4-vendor-media-types",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Keys 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Keys
                baseURL: https://api.example.com/
                summary: Keys

                headers:
                  Accept: application/vnd.example.app+json

                models:
                  RotateKeyResponse:
                    fields:
                      id: String

                tools:
                  Apps:
                    endpoints:
                      rotateKey:
                        post: apps/{id}
                        params:
                          id: String
                          reason: String?
                        headers: { Content-Type: application/vnd.example.app.rotateKey+json }
                        response: RotateKeyResponse

                """)
    }

    /// Item 5: operations without an operationId at one URL are named apart by their paths'
    /// fragments, a `name=value` fragment by its value's last dotted part (AWS's documents).
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

    /// r4 (item 4): the media type reaches the generated request's description, whose headers
    /// the runtime sends instead of its JSON default (`RequestEncodingTests` in XToolRuntimeTests).
    @Test func theVendorMediaTypeReachesTheGeneratedRequest() throws {
        let tool = try Self.generatedFile("AppsTool.swift", of: "r4-vendor-media-types")
        #expect(
            tool.contains(#"headers: [.literal("Content-Type", "application/vnd.example.app.rotateKey+json")]"#),
            "\(tool)")
    }

    /// r5 (item 5): a path key's fragment is never sent: the request is the path before `#`,
    /// with a warning and a note, and the body's vendor media type tells the server which it is.
    @Test func aPathKeysFragmentIsNotSent() throws {
        try Repro.issue41.expectImport(
            "r5-hash-in-path-key",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Flows 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Flows
                baseURL: https://api.example.com/
                summary: Flows

                tools:
                  Flows:
                    endpoints:
                      deployFlow:
                        post: flows/{flowID}
                        params:
                          flowID: String
                        body: "[String: JSON]?"
                        headers: { Content-Type: application/vnd.example.flow.deploy+json }
                        # the document's path is '/flows/{flowID}#deploy': a fragment is never sent, so this is POST flows/{flowID}

                """,
            diagnostics: [
                "5:3: warning: the path '/flows/{flowID}#deploy' has a fragment, which no request sends: its "
                    + "operations are sent to '/flows/{flowID}'"
            ])
    }

    /// r6: keys that hold a dot are members whose key escapes the dot (the generated CodingKey
    /// is the key itself, CornersTests), and the example reads with no key left unread.
    @Test func keysThatHoldADotAreMembers() throws {
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

    /// r8: an `id` with an enum of its own, optional, imports as written; the generated model is
    /// then not Identifiable, whose `ID` its nested enum would be (NamesTests compiles one).
    @Test func anIDWithAnEnumOfItsOwn() throws {
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

    /// r3: a HAL collection pages: its items are `_embedded`'s one array, its next page
    /// `_links.next.href`.
    @Test func aHALCollectionPages() throws {
        try Repro.issue41.expectImport(
            "r3-hal-collection",
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

    /// r10 (item 7): typed members and any other: `_links.self` typed, and every other link
    /// (`license`, `billing`) in the model's `others:`, which the example's keys all reach.
    @Test func typedMembersAndAnyOther() throws {
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
        let links = try Self.generatedFile("GetOrgResponseLinks.swift", of: "r10-typed-and-additional-members")
        #expect(links.contains("public let others: [String: Link]"), "\(links)")
        #expect(links.contains(#"self.others = try container.decodeOthers(except: ["self"])"#), "\(links)")
    }

    /// r9 (item 8): the server's variables are the spec's `baseURLVariables:`, the region an
    /// enum nested in the API type, chosen by name through `RegionsAPI.baseURL(tld:basePath:)`,
    /// the initializer's default.
    @Test func serverVariablesAreChosenByTheApp() throws {
        try Repro.issue41.expectImport(
            "r9-server-variables",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.1.0: Regions 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Regions
                baseURL: https://api.example.{tld}/{basePath}/
                baseURLVariables:
                  tld: { enum: [com, eu, asia, ca] }
                  basePath: v1
                summary: Regions

                headers:
                  Accept: application/json

                tools:
                  Environments:
                    endpoints:
                      environments:
                        get: environments
                        response: [String]

                """)
        let api = try Self.generatedFile("RegionsAPI.swift", of: "r9-server-variables")
        #expect(api.contains("baseURL: URL = RegionsAPI.baseURL()"), "\(api)")
        #expect(api.contains("public static func baseURL(tld: Tld = .com, basePath: String = \"v1\") -> URL"), "\(api)")
        #expect(api.contains("public enum Tld: String, Sendable, CaseIterable {"), "\(api)")
    }

    /// The Swift file `name` generated from the spec the repro `repro` imports to.
    private static func generatedFile(_ name: String, of repro: String) throws -> String {
        let path = Repro.issue41.document(repro)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let text = try #require(
            OpenAPIImporter.importDocument(bytes, path: path, documentName: "openapi.yaml").specText)
        let spec = try #require(SpecLoader.load(Array(text.utf8), fileName: "Repro.yaml").spec)
        let files = try Generator(templates: TemplateSet())
            .files(for: SampleFiles.load(spec, specPath: "Repro.yaml", folder: nil).spec)
        return try #require(files.first { $0.path.hasSuffix("/" + name) }?.contents)
    }
}
