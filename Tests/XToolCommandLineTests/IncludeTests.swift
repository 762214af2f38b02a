import Foundation
import Testing
import XToolCommandLine
import XToolFrontHalf
import XToolSpec

/// `include:` (issue 22, item 3): specs that share models name a models file relative to their
/// folder instead of declaring the models twice; its diagnostics point into it.
@Suite struct IncludeTests {
    /// A folder with `Specs/` and the given files in it, removed afterwards.
    private func withSpecs(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("include-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try body(folder.path)
    }

    /// The diagnostics of the spec at `path` in `folder`, with their paths relative to it.
    private func diagnostics(of path: String, in folder: String) -> (spec: Spec?, descriptions: [String]) {
        let loaded = SpecFiles.load(path: folder + "/" + path)
        return (loaded.spec, loaded.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") })
    }

    /// Reddit's things, shared by two specs of one API (say, one per module).
    private static let things = """
        models:
          Link:
            fields:
              name: String
              title: String
          Comment:
            fields:
              name: String
              body: String
          Thing:
            oneOf:
              t1: { type: Comment, name: comment }
              t3: { type: Link, name: link }
            discriminator: kind
        """

    private static func spec(api: String, endpoint: String, extra: String = "") -> String {
        """
        xtoolgen: 1
        api: \(api)
        baseURL: https://oauth.reddit.com/
        include: models/things.yaml
        \(extra)
        tools:
          Listing:
            endpoints:
              \(endpoint):
                get: \(endpoint)
                response: { path: "data.children[].data", type: [Link] }
              info:
                get: api/info
                response: { path: data.children, type: [Thing] }
        """
    }

    @Test func twoSpecsShareTheModelsOfOneFile() throws {
        try withSpecs([
            "Specs/models/things.yaml": Self.things,
            "Specs/Listings.yaml": Self.spec(api: "Listings", endpoint: "hot"),
            "Specs/Search.yaml": Self.spec(api: "Search", endpoint: "search"),
        ]) { folder in
            for name in ["Listings", "Search"] {
                let loaded = SpecFiles.load(path: folder + "/Specs/\(name).yaml")
                #expect(loaded.diagnostics.isEmpty)
                #expect(loaded.spec?.models.map(\.name) == ["Link", "Comment", "Thing"])
            }
        }
    }

    /// In one module, two specs that include one file both declare its types: the clash is
    /// reported at the declaration in the file, for each spec.
    @Test func twoSpecsOfOneModuleThatIncludeOneFileClashInIt() throws {
        try withSpecs([
            "Specs/models/things.yaml": Self.things,
            "Specs/Listings.yaml": Self.spec(api: "Listings", endpoint: "hot"),
            "Specs/Search.yaml": Self.spec(api: "Search", endpoint: "search"),
        ]) { folder in
            let listings = SpecFiles.load(path: folder + "/Specs/Listings.yaml")
            let search = SpecFiles.load(path: folder + "/Specs/Search.yaml")
            let clashes = ModuleClashes.diagnostics(for: listings, against: [listings, search])
                .map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
            #expect(clashes.count == 4)  // Link, Comment and Thing, and the tool Listing
            #expect(
                clashes.contains(
                    "Specs/models/things.yaml:2:3: error: the model 'Link' and the model 'Link' of "
                        + "Specs/models/things.yaml:2:3 both declare the type 'Link' in one module; rename one, or give "
                        + "each spec a target of its own"))
        }
    }

    @Test func aModelDeclaredByTheSpecAndTheFileIsAnErrorAtBoth() throws {
        try withSpecs([
            "Specs/models/things.yaml": Self.things,
            "Specs/Listings.yaml": Self.spec(
                api: "Listings", endpoint: "hot", extra: "models:\n  Link:\n    fields: { id: String }"),
        ]) { folder in
            let loaded = diagnostics(of: "Specs/Listings.yaml", in: folder)
            #expect(loaded.spec == nil)
            #expect(
                loaded.descriptions == [
                    "Specs/Listings.yaml:6:3: error: the model 'Link' is declared twice, here and at "
                        + "Specs/models/things.yaml:2:3",
                    "Specs/models/things.yaml:2:3: error: the model 'Link' is declared twice, here and at "
                        + "Listings.yaml:6:3",
                ])
        }
    }

    @Test func aMistakeInTheFileIsReportedInTheFile() throws {
        try withSpecs([
            "Specs/models/things.yaml": "models:\n  Link:\n    fields:\n      title: Strin\ntools: {}\n",
            "Specs/Listings.yaml": Self.spec(api: "Listings", endpoint: "hot")
                .replacingOccurrences(of: "[Thing]", with: "[Link]"),
        ]) { folder in
            #expect(
                diagnostics(of: "Specs/Listings.yaml", in: folder).descriptions == [
                    "Specs/models/things.yaml:4:14: error: unknown type 'Strin'; did you mean 'String'?\n"
                        + "Specs/models/things.yaml:4:14: note: the built-in types are Bool, Date, DayOrDate, Decimal, Double, "
                        + "File, Int, Int64, JSON, String and URL; the spec's model is Link",
                    "Specs/models/things.yaml:5:1: error: unknown key 'tools' in the models file 'models/things.yaml'",
                ])
        }
    }

    @Test func aFileThatIsMissingOrNotYAMLIsReportedWhereItShould() throws {
        try withSpecs([
            "Specs/models/broken.yaml": "models:\n  Link: [\n",
            "Specs/Listings.yaml": Self.spec(api: "Listings", endpoint: "hot")
                .replacingOccurrences(
                    of: "include: models/things.yaml", with: "include: [models/missing.yaml, models/broken.yaml]"),
        ]) { folder in
            let descriptions = diagnostics(of: "Specs/Listings.yaml", in: folder).descriptions
            #expect(
                descriptions.first?.hasPrefix(
                    "Specs/Listings.yaml:4:11: error: can't include 'models/missing.yaml': no such file") == true)
            #expect(descriptions.contains { $0.hasPrefix("Specs/models/broken.yaml:3:1: error: ") })
        }
    }

    @Test func aSpecReadWithoutItsFolderCantInclude() {
        let result = SpecLoader.load(
            Array(Self.spec(api: "Listings", endpoint: "hot").utf8), fileName: "Listings.yaml")
        #expect(
            result.diagnostics.first?.description
                == "4:10: error: this spec is read without its folder, so it can't include 'models/things.yaml'; "
                + "include files in a spec read from disk")
    }
}
