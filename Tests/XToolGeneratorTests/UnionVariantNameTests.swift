import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// A variant's long form, `{ type: T, name: caseName }`, names its case: what an integer tag
/// (Discord's `"type": 1`) needs, since a number is no case name (issue 20, item 2).
@Suite struct UnionVariantNameTests {
    private func load(_ models: String) -> LoadedSpec {
        let yaml = "xtoolgen: 1\napi: Test\nbaseURL: https://api.example.com/\nmodels:\n" + models
        return SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
    }

    @Test func aVariantsNameNamesItsCase() throws {
        let result = load(
            """
              DM:
                fields:
                  id: String
              GroupDM:
                fields:
                  name: String
              Channel:
                oneOf:
                  1: { type: DM, name: dm }
                  3: { type: GroupDM, name: groupDM }
                discriminator: type
              Expandable:
                oneOf: [String, { type: DM, name: expanded }]

            """)
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        let channel = try #require(files.first { $0.path == "Test/Channel.swift" }).contents
        #expect(channel.contains("  case dm(DM)\n  case groupDM(GroupDM)\n"))
        #expect(channel.contains(#"case "1"?: self = .dm(try DM(from: decoder))"#))
        let expandable = try #require(files.first { $0.path == "Test/Expandable.swift" }).contents
        #expect(expandable.contains("  case string(String)\n  case expanded(DM)\n"))
    }

    @Test func aVariantsNameIsAnIdentifierOfItsOwn() {
        let result = load(
            """
              DM:
                fields:
                  id: String
              Channel:
                oneOf:
                  1: { type: DM, name: "direct message" }
                  2: { type: DM, name: unknown }
                  3: { name: dm }
                  4: { type: DM, name: dm, summary: A DM. }
                discriminator: type

            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "Test.yaml:10:28: error: 'direct message' is not a valid Swift identifier for the case name of the variant '1'; did you mean 'directMessage'?",
                "Test.yaml:11:7: error: the case 'unknown' holds what no variant decodes; a variant can't take it",
                "Test.yaml:12:10: error: missing key 'type' in the variant '3'",
                "Test.yaml:13:32: error: unknown key 'summary' in the variant '4'",
            ])
    }
}
