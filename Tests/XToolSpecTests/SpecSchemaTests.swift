import Foundation
import Testing
import XToolSpec
import XToolYAML

/// docs/xtoolgen-spec.schema.json, the JSON Schema of the spec language that editors with YAML
/// support complete and check specs by (`# yaml-language-server: $schema=…`), is kept true: its
/// objects list exactly the keys the reader accepts, and the specs in `Specs/` and the docs'
/// examples are valid by it, while a misspelt key or a value of the wrong kind is not.
@Suite struct SpecSchemaTests {
    static let schemaPath = "docs/xtoolgen-spec.schema.json"

    static func validator() throws -> SchemaValidator {
        try SchemaValidator(
            schema: String(
                contentsOf: DocumentationTests.repository.appendingPathComponent(schemaPath), encoding: .utf8))
    }

    static func document(_ text: String) throws -> YAMLNode {
        try YAMLParser().parseDocument(text)
    }

    @Test func theSchemaUsesOnlyKeywordsTheValidatorChecks() throws {
        #expect(try Self.validator().unknownKeywords() == [])
    }

    /// Each object of the language with keys of its own is a definition of the same name whose
    /// properties are the reader's keys, and no other definition closes its keys.
    @Test func eachDefinitionListsTheKeysTheReaderAccepts() throws {
        let definitions = try Self.validator().definitions
        for (name, keys) in SpecKeys.byDefinition {
            let definition = try #require(definitions[name], "no definition '\(name)'")
            #expect(Set(definition["properties"]?.entries.map(\.key) ?? []) == Set(keys), "\(name)")
            #expect(definition["additionalProperties"]?.coreScalar == .bool(false), "\(name) admits other keys")
        }
        let closed = definitions.filter { $0.value["additionalProperties"]?.coreScalar == .bool(false) }.keys
        #expect(Set(closed) == Set(SpecKeys.byDefinition.keys))
    }

    /// A key whose values are words of the language (`cache: fallback`) lists the values the
    /// reader takes, in the definition's property of that key (a list of words, `forms`, in its
    /// items).
    @Test func eachEnumListsTheValuesTheReaderAccepts() throws {
        let definitions = try Self.validator().definitions
        #expect(!SpecKeys.values.isEmpty)
        for (name, values) in SpecKeys.values {
            let parts = name.split(separator: ".").map(String.init)
            let definition = definitions[parts[0]]
            let found = parts.count == 1 ? definition?["items"] : definition?["properties"]?[parts[1]]
            let property = try #require(found, "no property \(name)")
            #expect(property["enum"]?.items.compactMap(\.scalarText) == values, "\(name)")
        }
    }

    /// An editor shows what each key means: every property has a description, or refers to a
    /// definition that has one.
    @Test func everyKeyIsDescribed() throws {
        let definitions = try Self.validator().definitions
        for (name, definition) in definitions {
            for property in definition["properties"]?.entries ?? [] where property.value.coreScalar != .bool(false) {
                let described = property.value["description"] != nil || property.value["$ref"] != nil
                #expect(described, "\(name).\(property.key) has no description")
            }
            #expect(definition["description"] != nil, "\(name) has no description")
        }
    }

    /// The reader takes the keys of every such object from `SpecKeys`, so that the test above
    /// sees them all: no mapping in its sources lists keys of its own.
    @Test func theReaderTakesItsKeysFromSpecKeys() throws {
        let folder = DocumentationTests.repository.appendingPathComponent("Sources/XToolSpec")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("allowedKeys: [\""), "Sources/XToolSpec/\(name)")
        }
    }

    /// Every spec in Specs/ (OpenAPI documents aside) is valid by the schema.
    @Test func theSpecsAreValid() throws {
        let validator = try Self.validator()
        let folder = DocumentationTests.repository.appendingPathComponent("Specs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        var checked = 0
        for name in names.sorted() {
            let root = try Self.document(String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            guard root["openapi"] == nil, root["swagger"] == nil else { continue }
            #expect(validator.validate(root).map(\.description) == [], "Specs/\(name)")
            checked += 1
        }
        #expect(checked >= 10)
    }

    /// The reference's examples, together and as files of their own, the README's and the
    /// tutorial's specs are valid by the schema.
    @Test func theDocumentationsExamplesAreValid() throws {
        let validator = try Self.validator()
        let reference = try DocumentationTests.blocks("yaml", in: "docs/spec-language.md")
            .filter { DocumentationTests.fileName(of: $0) == nil }.joined()
        #expect(validator.validate(try Self.document(reference)).map(\.description) == [])
        for (path, text) in try DocumentationTests.referenceFiles() {
            let root = try Self.document(text)
            let failures =
                root["xtoolgen"] == nil ? validator.validate(root, definition: "modelsFile") : validator.validate(root)
            #expect(failures.map(\.description) == [], "\(path)")
        }
        for file in ["README.md", "docs/tutorial.md"] {
            let specs = try DocumentationTests.blocks("yaml", in: file).filter { $0.contains("xtoolgen: 1") }
            #expect(!specs.isEmpty, "\(file)")
            for spec in specs {
                #expect(validator.validate(try Self.document(spec)).map(\.description) == [], "\(file)")
            }
        }
    }

    /// What an editor flags while typing: a misspelt key at its line and column, a value of the
    /// wrong kind, a missing key.
    @Test func mistakesAreFlaggedWhereTheyAre() throws {
        let spec = """
            xtoolgen: 1
            api: Reddit
            baseURL: https://oauth.reddit.com/
            tools:
              Listing:
                endpoints:
                  hot:
                    get: r/{subreddit}/hot
                    reponse: { path: "data.children[].data", type: [Link] }
                    cache: always
                    paginate: { cursor: after, start: first }
            models:
              Link:
                summary: A link.
            """
        let failures = try Self.validator().validate(try Self.document(spec)).map(\.description)
        #expect(failures.contains { $0.hasPrefix("9:9: 'reponse' is not a key the schema allows here") })
        #expect(
            failures.contains { $0.hasPrefix("10:16: 'tools.Listing.endpoints.hot.cache' is the string \"always\"") })
        #expect(failures.contains { $0.hasPrefix("11:43: 'tools.Listing.endpoints.hot.paginate.start' is the string") })
        #expect(failures.contains { $0.hasPrefix("14:5: 'models.Link' fits none of the forms") })
    }

    /// The hand-written specs in Specs/ (not those `xtoolgen import` writes) and the tutorial
    /// name the schema for the YAML language server.
    @Test func specsAndTheTutorialNameTheSchema() throws {
        let line = "# yaml-language-server: $schema=../docs/xtoolgen-spec.schema.json\nxtoolgen: 1\n"
        let folder = DocumentationTests.repository.appendingPathComponent("Specs")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".yaml") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let handWritten = text.contains("\nxtoolgen: 1\n") && !text.contains("by `xtoolgen import`")
            #expect(!handWritten || text.contains(line), "Specs/\(name)")
        }
        let tutorial = try String(
            contentsOf: DocumentationTests.repository.appendingPathComponent("docs/tutorial.md"), encoding: .utf8)
        #expect(tutorial.contains("# yaml-language-server: $schema="))
    }
}
