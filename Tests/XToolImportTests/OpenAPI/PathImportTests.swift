import Foundation
import Testing
import XToolImport

/// Path keys: the URL an operation is sent to.
@Suite struct PathImportTests {
    /// A path key's fragment is never sent: the request is the path before `#`, with a warning and
    /// a note, and the body's vendor media type tells the server which it is (issue 41 item 5).
    @Test(.needs(Repro.issue41)) func aPathKeysFragmentIsNotSent() throws {
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
}
