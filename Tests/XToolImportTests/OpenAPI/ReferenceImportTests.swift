import Foundation
import Testing
import XToolImport

/// References: operations and path items written as references, files named with a `#`, anchors.
@Suite struct ReferenceImportTests {
    /// `get: { $ref: ops/get-pet.yml }` is followed relative to the file that holds it, and
    /// that file's own references relative to it (`../schemas.yml#/Pet`).
    @Test(.needs(Repro.issue29)) func anOperationWrittenAsAReferenceIsFollowed() throws {
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

    /// An operation reference that leads nowhere, or to no mapping, is an error, never an endpoint
    /// without its contents (`Repro.issue29`'s r1-operation-ref, written inline).
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

    /// A file whose name holds `#` (`flows_{flowID}#clone.yaml`, as Redocly's split writes it) is
    /// referred to as it is named and percent-encoded (`%7B…%23…`): a fragment starts only at a
    /// `#` followed by `/` or an anchor a file declares (issue 41 item 2). The two path keys with
    /// a fragment are one URL (`aPathKeysFragmentIsNotSent`), and the clone's vendor media type is
    /// its Content-Type (`aVendorMediaTypeIsTheBodysContentType`).
    @Test(.needs(Repro.issue41)) func aFileNameWithAHashIsAFile() throws {
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

    /// A reference with a `#` that names no file says what was looked for, and how to write the
    /// document so that it is found; nothing is written (issue 41 item 2, beside
    /// `Repro.issue41`'s r1-hash-in-file-name).
    @Test(.needs(Repro.issue41)) func aMissingFileWithAHashSaysHowToFixTheReference() throws {
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

    /// The text before a `#` that names a folder is no file to find an anchor in: the whole text is
    /// the file's name (`flows#clone.yaml` beside the folder `flows/`; issue 41 item 2).
    @Test func aFolderBeforeTheHashIsNoFile() throws {
        let clone = """
            post:
              operationId: cloneFlow
              responses: { "204": { description: Cloned. } }
            """
        let folder = try Snippet.folder(files: ["paths/flows#clone.yaml": clone], folders: ["paths/flows"])
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

    /// A plain-name fragment is an anchor (`$anchor`), in the document itself too (issue 41 item 2).
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
}
