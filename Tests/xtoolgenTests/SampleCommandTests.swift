import Foundation
import Testing

/// A spec's samples through the command line: a sample file's mismatch at its own path, line and
/// column, an unreadable one as an error, and an imported document's examples checked too.
@Suite struct SampleCommandTests {
    static let spec = """
        xtoolgen: 1
        api: Shop
        baseURL: https://api.example.com/
        models:
          Item:
            fields:
              id: Int64
              name: String
        tools:
          Item:
            endpoints:
              item:
                get: items/1
                response: Item
                sample: samples/item.json

        """

    @Test func aSampleFilesMismatchIsAWarningAtItsOwnLineAndAMissingFileAnError() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.spec, to: "Specs/Shop.yaml")
        try cli.write("{\n  \"id\": \"7\",\n  \"name\": \"Lamp\"\n}\n", to: "Specs/samples/item.json")

        let validated = try cli.run("validate")
        #expect(validated.status == 0)
        #expect(
            validated.stderr
                == "Specs/samples/item.json:2:9: warning: 'id' is the string \"7\" here, but the field is Int64 (add lenient: true?)\n"
        )
        let generated = try cli.run("generate")
        #expect(generated.status == 0)
        #expect(cli.read("Generated/Shop/ShopAPI+Samples.swift")?.contains(#""name": "Lamp""#) == true)

        try cli.write(
            Self.spec.replacingOccurrences(of: "samples/item.json", with: "samples/gone.json"), to: "Specs/Shop.yaml")
        let missing = try cli.run("validate")
        #expect(missing.status == 1)
        #expect(
            missing.stderr.hasPrefix(
                "Specs/Shop.yaml:15:17: error: the file 'Specs/samples/gone.json' of the sample doesn't exist"))
    }

    @Test func anImportedDocumentsExamplesAreCheckedAsSamples() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        let document = """
            openapi: 3.0.3
            info: { title: Shop, version: "1" }
            servers: [{ url: "https://api.example.com/" }]
            paths:
              /items/1:
                get:
                  operationId: item
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [id]
                            properties: { id: { type: integer, format: int64 } }
                          example: { id: seven }

            """
        try cli.write(document, to: "Specs/Shop.yaml")

        // The example wins over the schema: `id` is text, and the sample reads.
        let validated = try cli.run("validate")
        #expect(validated.status == 0)
        #expect(
            validated.stderr
                == "Specs/Shop.yaml:16:31: warning: an example gives 'id' of ItemResponse a value Int64 doesn't "
                + "read; it is String (the document's examples win over its schema)\n")
    }
}
