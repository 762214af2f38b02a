import Foundation
import TestSupport
import Testing

/// `docs/tutorial.md` quotes, never paraphrases: its YAML comes from `Specs/`, its Swift from
/// these tests, its unlabelled blocks from `Generated/Weibo/`, and its commands name real scripts.
@Suite struct DocumentationTests {
    private static let root = SharedTestData.repositoryRoot
    private let blocks: [CodeBlock]

    init() throws {
        blocks = CodeBlock.all(in: try Self.text(of: Self.root.appendingPathComponent("docs/tutorial.md")))
    }

    @Test func everyYAMLBlockIsPartOfASpec() throws {
        let specs = try Self.files(in: "Specs", ending: ".yaml")
        let yaml = blocks.filter { $0.language == "yaml" }
        #expect(yaml.count >= 4)
        for block in yaml {
            #expect(specs.contains { isExcerpt(block.text, of: $0) }, "docs/tutorial.md:\(block.line) is not in Specs/")
        }
        let weibo = try Self.text(of: Self.root.appendingPathComponent("Specs/Weibo.yaml"))
        #expect(yaml.filter { isExcerpt($0.text, of: weibo) }.count >= 3, "the tutorial walks through Specs/Weibo.yaml")
    }

    @Test func everySwiftBlockIsInTheEndToEndTests() throws {
        let tests = try Self.files(in: "Tests/EndToEndTests", ending: ".swift")
        let swift = blocks.filter { $0.language == "swift" }
        #expect(swift.count >= 6)
        for block in swift {
            #expect(
                tests.contains { isExcerpt(block.text, of: $0) },
                "docs/tutorial.md:\(block.line) is not in Tests/EndToEndTests/")
        }
    }

    /// The README's call-site examples (its Swift that calls a generated tool).
    @Test func theReadmesCallSitesAreInTheEndToEndTests() throws {
        let tests = try Self.files(in: "Tests/EndToEndTests", ending: ".swift")
        let readme = CodeBlock.all(in: try Self.text(of: Self.root.appendingPathComponent("README.md")))
        let swift = readme.filter { $0.language == "swift" && $0.text.contains("StatusTool") }
        #expect(swift.count >= 3)
        for block in swift {
            #expect(
                tests.contains { isExcerpt(block.text, of: $0) },
                "README.md:\(block.line) is not in Tests/EndToEndTests/")
        }
    }

    @Test func everyUnlabelledBlockIsGeneratedCode() throws {
        let generated = try Self.files(in: "Generated/Weibo", ending: ".swift")
        let plain = blocks.filter { $0.language.isEmpty }
        #expect(plain.count >= 2)
        for block in plain {
            #expect(
                generated.contains { isExcerpt(block.text, of: $0) },
                "docs/tutorial.md:\(block.line) is not in Generated/Weibo/")
        }
    }

    @Test func everyCommandIsSwiftOrAScriptOfTheRepository() {
        let commands = blocks.filter { $0.language == "sh" }.flatMap { $0.text.split(separator: "\n") }
        #expect(commands.contains("scripts/xtoolgen generate"))
        for command in commands {
            let program = String(command.prefix { $0 != " " })
            let isScript = FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(program).path)
            #expect(program == "swift" || isScript, "'\(command)' runs neither swift nor a script of the repository")
        }
    }

    /// docs/openapi.md quotes Specs/Petstore.yaml and PetstoreTests, and its table's example
    /// warnings are those the fixture with every unsupported construct expects.
    @Test func theOpenAPIPageQuotesThePetstoreAndTheFixture() throws {
        let page = try Self.text(of: Self.root.appendingPathComponent("docs/openapi.md"))
        let blocks = CodeBlock.all(in: page)
        let petstore = try Self.text(of: Self.root.appendingPathComponent("Specs/Petstore.yaml"))
        let tests = try Self.files(in: "Tests/EndToEndTests", ending: ".swift")
        #expect(blocks.filter { $0.language == "yaml" }.count == 1)
        for block in blocks where block.language == "yaml" {
            #expect(isExcerpt(block.text, of: petstore), "docs/openapi.md:\(block.line) is not in Specs/Petstore.yaml")
        }
        for block in blocks where block.language == "swift" {
            #expect(
                tests.contains { isExcerpt(block.text, of: $0) },
                "docs/openapi.md:\(block.line) is not in Tests/EndToEndTests/")
        }
        let fixture = try Self.text(
            of: Self.root.appendingPathComponent("Tests/XToolImportTests/Fixtures/unsupported-constructs.yaml"))
        let expected = fixture.split(separator: "\n").filter { $0.hasPrefix("# expect: ") }.map {
            $0.dropFirst("# expect: ".count)
        }
        let examples = page.split(separator: "`").filter { $0.first?.isNumber == true && $0.contains(": warning: ") }
        #expect(examples.count >= 20)
        for example in examples {
            let shown = example.hasSuffix(" …") ? example.dropLast(2) : example
            #expect(
                expected.contains { $0.hasPrefix(shown) },
                "docs/openapi.md shows '\(example)', which the fixture does not expect")
        }
    }

    @Test func everyBlockIsOfAKindThatIsChecked() {
        let unchecked = blocks.filter { !["yaml", "swift", "", "sh", "objc"].contains($0.language) }
        #expect(unchecked.map(\.line) == [], "blocks whose language no test checks")
    }

    private static func text(of url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The text of every file under `folder` (recursively) whose name ends with `suffix`.
    private static func files(in folder: String, ending suffix: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: base.path).filter { $0.hasSuffix(suffix) }
        return try paths.map { try text(of: base.appendingPathComponent($0)) }
    }
}
