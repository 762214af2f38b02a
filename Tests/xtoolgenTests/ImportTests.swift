import Foundation
import TestSupport
import Testing

/// `xtoolgen import`, and OpenAPI documents kept in `Specs/` in place of specs.
@Suite struct ImportTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Shop, version: "1" }
        servers: [{ url: "https://shop.example.com/v1" }]
        paths:
          /items/{id}:
            get:
              operationId: get-item
              tags: [items]
              parameters:
                - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }
              responses:
                '200':
                  description: an item
                  content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
        components:
          schemas:
            Item:
              type: object
              required: [id]
              properties:
                id: { type: integer, format: int64 }
                colour: { not: { type: string } }

        """

    static let warning =
        "openapi.yaml:22:19: warning: 'not' can't be expressed; the value is read as JSON\n"

    @Test func importWritesTheSpecAndItsWarningsAtTheDocumentsLines() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.document, to: "openapi.yaml")

        let printed = try cli.run("import", "openapi.yaml")
        #expect(printed.status == 0)
        #expect(printed.stderr == Self.warning)
        #expect(
            printed.stdout == """
                # Imported from openapi.yaml (OpenAPI 3.0.0: Shop 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Shop
                baseURL: https://shop.example.com/v1/
                summary: Shop

                headers:
                  Accept: application/json

                models:
                  Item:
                    fields:
                      id: Int64
                      # not: any value but the one described; JSON here
                      colour: JSON?

                tools:
                  Items:
                    endpoints:
                      getItem:
                        get: items/{id}
                        params:
                          id: Int64
                        response: Item

                """)

        let written = try cli.run("import", "openapi.yaml", "--output", "Specs/Store.yaml")
        #expect(written.status == 0)
        #expect(written.stdout == "Specs/Store.yaml: Store from openapi.yaml (1 model, 1 tool, 1 endpoint)\n")
        #expect(
            written.stderr == Self.warning
                + "openapi.yaml: note: the document gives no response examples, so Specs/Store.yaml has no samples: "
                + "no preview, no checkSamples() (add them from the API's documentation: docs/spec-language.md#samples)\n",
            "a document without examples says so (issue 41 item 11)")
        #expect(
            cli.read("Specs/Store.yaml") == printed.stdout.replacingOccurrences(of: "api: Shop", with: "api: Store"))
        let generated = try cli.run("generate")
        #expect(generated.status == 0)
        #expect(generated.stdout == "Store: 3 files in Generated/Store (3 written, 0 removed)\n")

        let named = try cli.run("import", "openapi.yaml", "--api", "Market")
        #expect(named.stdout == printed.stdout.replacingOccurrences(of: "api: Shop\n", with: "api: Market\n"))
    }

    /// The import follows the document's examples (issue 29 item 10): an example that doesn't
    /// read as the document's type makes the type one it reads as, with a warning at the
    /// document's line, so `validate` (whose warnings the import prints too) finds no sample
    /// that doesn't read.
    @Test func importFollowsTheExamplesSoValidateFindsNoSampleWarning() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(
            Self.document.replacingOccurrences(
                of: "content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }",
                with:
                    "content: { application/json: { schema: { $ref: '#/components/schemas/Item' }, example: { id: seven } } }"
            ), to: "openapi.yaml")
        let imported = try cli.run("import", "openapi.yaml", "--output", "Specs/Store.yaml")
        #expect(imported.status == 0)
        let validated = try cli.run("validate", "Specs/Store.yaml")
        #expect(validated.stderr == "")
        #expect(
            imported.stderr
                == "openapi.yaml:21:9: warning: an example gives 'id' of Item a value Int64 doesn't read; it is String "
                + "(the document's examples win over its schema)\n" + Self.warning)
        #expect(
            cli.read("Specs/Store.yaml") == """
                # Imported from openapi.yaml (OpenAPI 3.0.0: Shop 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Store
                baseURL: https://shop.example.com/v1/
                summary: Shop

                headers:
                  Accept: application/json

                models:
                  Item:
                    fields:
                      id: String
                      # not: any value but the one described; JSON here
                      colour: JSON?

                tools:
                  Items:
                    endpoints:
                      getItem:
                        get: items/{id}
                        params:
                          id: Int64
                        response: Item
                        sample:
                          body: {
                              "id": "seven"
                            }

                """)
    }

    @Test func aDocumentInSpecsIsImportedInMemoryByGenerateAndCheck() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.document, to: "Specs/Shop.yaml")
        let json = #"{"openapi": "3.1.0", "info": {"title": "Tiny", "version": "1"}, "paths": {}}"#
        try cli.write(json, to: "Specs/Tiny.json")

        let generated = try cli.run("generate")
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(
            generated.stdout
                == "Shop: 3 files in Generated/Shop (3 written, 0 removed)\nTiny: 1 files in Generated/Tiny (1 written, 0 removed)\n"
        )
        #expect(
            generated.stderr
                == "Specs/Shop.yaml:22:19: warning: 'not' can't be expressed; the value is read as JSON\n"
                + "Specs/Tiny.json:1:2: warning: the document names no server; baseURL is https://example.com/ until "
                + "you set it\n")
        #expect(
            cli.read("Generated/Shop/Item.swift") == """
                // Generated by xtoolgen from Shop.yaml. Do not edit.

                import Foundation
                @_spi(Generated) import XToolRuntime

                nonisolated public struct Item: Codable, Sendable, Hashable, Identifiable {
                  public let id: Int64
                  public let colour: JSON?

                  public init(id: Int64, colour: JSON? = nil) {
                    self.id = id
                    self.colour = colour
                  }
                }

                """)
        #expect(try cli.run("check").status == 0)

        try cli.write(Self.document.replacingOccurrences(of: "colour", with: "color"), to: "Specs/Shop.yaml")
        let stale = try cli.run("check")
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("Generated/Shop/Item.swift: stale"))
    }

    @Test func mistakesInTheDocumentAndOnTheCommandLine() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        #expect(try cli.run("import").status == 2)
        #expect(try cli.run("import", "a.yaml", "b.yaml").status == 2)
        let badName = try cli.run("import", "a.yaml", "--api", "my api")
        #expect(badName.status == 2)
        #expect(badName.stderr == "xtoolgen: error: '--api' takes a Swift type name, like Petstore, not 'my api'\n")

        try cli.write(
            Self.document.replacingOccurrences(of: "'#/components/schemas/Item'", with: "'models.yaml#/Item'"),
            to: "openapi.yaml")
        let missing = try cli.run("import", "openapi.yaml", "--output", "Specs/Shop.yaml")
        #expect(missing.status == 1)
        let tried = cli.folder.resolvingSymlinksInPath().appendingPathComponent("models.yaml").path
        #expect(
            missing.stderr
                == "openapi.yaml:14:58: error: the reference 'models.yaml' names a file that can't be read (looked for "
                + "\(tried)); correct the reference's path, or put the file there\n")
        #expect(cli.read("Specs/Shop.yaml") == nil, "nothing is written when the document has errors")
    }
}
