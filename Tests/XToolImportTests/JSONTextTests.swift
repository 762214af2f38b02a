import Foundation
import Testing
import XToolDiagnostics
import XToolImport
import XToolSamples
import XToolSpec

/// JSON read as JSON wherever a front end meets it: an OpenAPI `.json` document, a capture's
/// answers and a sample file that write an emoji as a surrogate pair (`"\ud83d\udc1e"`), which
/// YAML's parser refuses.
@Suite struct JSONTextTests {
    @Test func anOpenAPIJSONDocumentWithASurrogatePairImports() throws {
        try expectImport(
            #"""
            {
              "openapi": "3.0.3",
              "info": {"title": "Test API", "version": "1"},
              "servers": [{"url": "https://api.example.com/v1"}],
              "paths": {"/bugs": {"get": {"operationId": "bug", "responses": {"200": {
                "description": "the bug \ud83d\udc1e",
                "content": {"application/json": {
                  "schema": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
                  "example": {"name": "\ud83d\udc1e in \u00e9t\u00e9"}
                }}
              }}}}}
            }
            """#, name: "test.json",
            gives: """
                # Imported from test.json (OpenAPI 3.0.3: Test API 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Test
                baseURL: https://api.example.com/v1/
                summary: Test API

                headers:
                  Accept: application/json

                models:
                  BugResponse:
                    fields:
                      name: String

                tools:
                  Bugs:
                    endpoints:
                      bug:
                        get: bugs
                        response: BugResponse
                        sample:
                          body: {
                              "name": "🐞 in été"
                            }

                """)
    }

    @Test func aCapturesAnswerWithASurrogatePairIsReadAndKeptAsASample() throws {
        let answer = #"{"id": 7, "title": "\ud83d\udc1e fixed"}"#
        let entries = (7...8).map { id in
            CaptureImportTests.entry("GET", "https://bugs.example.com/v1/bugs/\(id)", body: nil)
                .merging(
                    ["response": ["status": 200, "content": ["mimeType": "application/json", "text": answer]]]
                ) { $1 }
        }
        let (text, spec, result) = try CaptureImportTests.imported(CaptureImportTests.capture(entries))
        #expect(result.summary.first == "2 calls to bugs.example.com: 1 endpoint in 1 tool, 1 model from 2 JSON bodies")
        #expect(spec.spec.models.map(\.name) == ["Bug"])
        #expect(
            text.hasSuffix(
                """
                        response: Bug
                        sample:
                          body: {
                              "id": 7,
                              "title": "🐞 fixed"
                            }
                          source: "captured: GET https://bugs.example.com/v1/bugs/7"

                """), "\(text)")
    }

    @Test func aSampleFileWithASurrogatePairReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"name": "\ud83d\udc1e"}"#.utf8).write(to: folder.appendingPathComponent("bug.json"))
        let spec = try #require(
            SpecLoader.load(
                Array(
                    """
                    xtoolgen: 1
                    api: Bugs
                    baseURL: https://api.example.com/
                    models:
                      Bug: { fields: { name: String } }
                    tools:
                      Bug:
                        endpoints:
                          bug: { get: bug, response: Bug, sample: bug.json }
                    """.utf8), fileName: "Bugs.yaml"
            ).spec)
        let read = SampleFiles.load(spec, specPath: "Bugs.yaml", folder: folder)
        #expect(read.diagnostics == [])
        let body = read.spec.spec.tools.first?.endpoints.first?.samples.first?.body
        #expect(body == "{\n  \"name\": \"🐞\"\n}")
    }
}
