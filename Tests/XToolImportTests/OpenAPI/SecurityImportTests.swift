import Foundation
import Testing
import XToolImport
import XToolSpec

/// Security schemes: credentials as provided values.
@Suite struct SecurityImportTests {
    @Test func credentialsAreProvidedValuesAndPublicOperationsOmitThem() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /me:
                        get:
                          operationId: me
                          responses: { '204': { description: ok } }
                      /status:
                        get:
                          operationId: status
                          security: []
                          responses: { '204': { description: ok } }
                    """,
                components: """
                      securitySchemes:
                        bearer: { type: http, scheme: bearer, bearerFormat: JWT }
                        key: { type: apiKey, in: query, name: api_key }
                        app: { type: apiKey, in: header, name: X-App }
                        basic: { type: http, scheme: basic }
                    """,
                top: "security: [{ bearer: [], key: [], app: [] }, { basic: [] }]"),
            gives: Snippet.preamble() + """
                fixed:
                  api_key: { provided: apiKey, in: query, optional: true }

                headers:
                  # a JWT bearer token
                  Authorization: { provided: token, optional: true, prefix: "Bearer " }
                  X-App: { provided: app, optional: true }
                  # security scheme basic shares 'Authorization' with another scheme; only the first is sent

                tools:
                  Me:
                    endpoints:
                      me:
                        get: me
                  Status:
                    endpoints:
                      status:
                        get: status
                        omit: [Authorization, api_key, X-App]

                """,
            diagnostics: [
                "22:5: warning: the security scheme 'basic' also uses 'Authorization'; the spec sends the first scheme's value there"
            ])
    }
}
