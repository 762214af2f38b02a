import Foundation
import TestSupport
import Testing
import XToolImport
import XToolSamples
import XToolSpec

/// Responses' examples become samples: a media type's `example` and `examples` (references
/// followed), an error response's with its status, else the schema's `example`, else one
/// assembled from its properties' examples, marked as assembled.
@Suite struct SampleImportTests {
    @Test func examplesBecomeSamplesAndErrorExamplesTakeTheirStatus() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /things/{id}:
                        get:
                          operationId: thing
                          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: { $ref: '#/components/schemas/Thing' }
                                  examples:
                                    plain: { value: { id: t1, name: Lamp } }
                                    shared: { $ref: '#/components/examples/Chair' }
                            '404':
                              description: missing
                              content:
                                application/json:
                                  schema: { $ref: '#/components/schemas/Error' }
                                  example: { message: no thing t9 }
                    """,
                schemas: """
                        Thing:
                          type: object
                          required: [id, name]
                          properties:
                            id: { type: string }
                            name: { type: string }
                            size: { type: integer }
                        Error:
                          type: object
                          required: [message]
                          properties:
                            message: { type: string }
                    """,
                components: """
                      examples:
                        Chair:
                          value: { id: t2, name: Chair, size: 3 }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                errors: { type: ErrorModel, message: message }

                models:
                  Thing:
                    fields:
                      id: String
                      name: String
                      size: Int?
                  ErrorModel:
                    fields:
                      message: String

                tools:
                  Things:
                    endpoints:
                      thing:
                        get: things/{id}
                        params:
                          id: String
                        response: Thing
                        samples:
                          plain:
                            body: {
                                "id": "t1",
                                "name": "Lamp"
                              }
                          shared:
                            body: {
                                "id": "t2",
                                "name": "Chair",
                                "size": 3
                              }
                          "404":
                            status: 404
                            body: {
                                "message": "no thing t9"
                              }

                """)
    }

    /// Without examples of the response, the schema's own; without that, one put together from
    /// its properties' examples when they cover what it requires.
    @Test func aSchemasExampleOrOneAssembledFromItsPropertiesIsTheSample() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /things:
                        get:
                          operationId: things
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Thing' } } } }
                      /things/first:
                        get:
                          operationId: first
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { $ref: '#/components/schemas/Described' } } }
                      /things/partial:
                        get:
                          operationId: partial
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { $ref: '#/components/schemas/Partial' } } }
                    """,
                schemas: """
                        Thing:
                          type: object
                          required: [id]
                          properties:
                            id: { type: string, example: t1 }
                            owner: { $ref: '#/components/schemas/Owner' }
                            size: { type: integer }
                        Owner:
                          type: object
                          properties:
                            login: { type: string, example: octocat }
                        Described:
                          type: object
                          properties:
                            id: { type: string }
                          example: { id: t9 }
                        Partial:
                          type: object
                          required: [id, name]
                          properties:
                            id: { type: string, example: t1 }
                            name: { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: String
                      owner: Owner?
                      size: Int?
                  Owner:
                    fields:
                      login: String?
                  Described:
                    fields:
                      id: String?
                  Partial:
                    fields:
                      id: String
                      name: String

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: [Thing]
                        sample:
                          body: [
                              {
                                "id": "t1",
                                "owner": {
                                  "login": "octocat"
                                }
                              }
                            ]
                          source: assembled from the document's property examples
                      first:
                        get: things/first
                        response: Described
                        sample:
                          body: {
                              "id": "t9"
                            }
                      partial:
                        get: things/partial
                        response: Partial

                """)
    }

    /// `items` beside `type: object` assembles no array: the object is `[String: JSON]`, and
    /// a sample that holds an array would contradict it, so none is assembled.
    @Test(.needs(Repro.issue29)) func anAssembledSampleReadsAsTheImportersTypes() throws {
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

extension SampleImportTests {
    /// A schema that contains itself is assembled once on each path: its recursive property is
    /// left out, and the import ends.
    @Test func aRecursiveSchemaIsAssembledWithoutItsRecursion() throws {
        try expectImport(
            Snippet.thingsDocument(
                schemas: """
                        Thing:
                          type: object
                          required: [id]
                          properties:
                            id: { type: string, example: t1 }
                            parts: { type: array, items: { $ref: '#/components/schemas/Thing' } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Thing:
                    fields:
                      id: String
                      parts: "[Thing]?"

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing
                        sample:
                          body: {
                              "id": "t1"
                            }
                          source: assembled from the document's property examples

                """)
    }
}

/// docs/openapi.md's table of the documents in `../shared/testdata/openapi/` (and `real/`, `split/`): how
/// many endpoints each gives, how many of those got a sample from its examples, and how many of
/// those read as the spec says (no sample of theirs has a warning beyond a value read as
/// `.unknown`), as `SampleFiles` checks them.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun("openapi"),
        "OpenAPI documents not found at ../shared/testdata/openapi; their samples are not counted"))
struct DocumentSampleTests {
    static let folder = SharedTestData.directory("openapi")

    static let documents: [String] =
        ["", "real/"].flatMap { sub in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)) ?? [])
                .filter { ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension) }.sorted()
                .map { sub + $0 }
        } + DocumentTests.splitRoots()

    @Test func everyDocumentIsCounted() {
        #expect(Self.documents.count >= 14, "found \(Self.documents)")
    }

    /// The row of the document on the page; and every example the import keeps reads as the
    /// imported types: the import prints no sample warning (issue 29 item 10). One test, so that
    /// each document is imported once.
    @Test(arguments: documents)
    func theOpenAPIPageCountsTheDocumentsSamplesAndEachReads(_ document: String) throws {
        let page = try String(
            contentsOf: SharedTestData.repositoryRoot.appendingPathComponent("docs/openapi.md"), encoding: .utf8)
        let counts = try Self.counts(document)
        let row =
            counts.map { "| `\(document)` | \($0.endpoints) | \($0.withSamples) | \($0.reading) |" }
            ?? "| `\(document)` | does not import yet | | |"
        #expect(page.contains("\n\(row)\n"), "docs/openapi.md lacks the row \(row)")
        let warnings = try #require(counts).warnings
        #expect(warnings.isEmpty, "\(warnings.prefix(5))")
    }

    /// The endpoints of the document's spec, those with a sample, those whose samples read, and
    /// every sample warning, as printed; nil when it doesn't import.
    static func counts(
        _ document: String
    ) throws -> (endpoints: Int, withSamples: Int, reading: Int, warnings: [String])? {
        let path = folder.appendingPathComponent(document).path
        let imported = OpenAPIImporter.importDocument(
            Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path, documentName: document)
        guard !imported.hasErrors, let text = imported.specText,
            let spec = SpecLoader.load(Array(text.utf8), fileName: "spec.yaml").spec
        else { return nil }
        let all = SampleFiles.load(spec, specPath: "spec.yaml", folder: nil).diagnostics
        let warnings = all.filter { !$0.message.hasSuffix("it reads as .unknown") }
        let endpoints = spec.tools.flatMap(\.endpoints)
        let sampled = endpoints.filter { !$0.samples.isEmpty }
        // Where each sampled endpoint's samples are in the spec's text: from its first sample's
        // line to the next sampled endpoint's.
        let starts = sampled.compactMap { $0.samples.first?.location.line }
        let failing = Set(
            warnings.compactMap { warning in
                warning.location.flatMap { location in starts.lastIndex { $0 <= location.line } }
            })
        return (endpoints.count, sampled.count, sampled.count - failing.count, all.map(\.description))
    }
}
