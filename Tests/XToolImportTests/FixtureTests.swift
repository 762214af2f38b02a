import Foundation
import Testing
import XToolImport
import XToolSpec

/// Every `Fixtures/*.yaml` is a document that ends with the diagnostics importing it must
/// produce, one `# expect: [file:]line:column: severity: message` comment each, in order (a
/// file other than the document itself is named relative to `Fixtures/`, which `<fixtures>`
/// stands for in a message). A document without errors must give a spec that loads.
@Suite struct FixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }
        .sorted()

    @Test func thereAreFixtures() {
        #expect(Self.files.count >= 4)
    }

    @Test(arguments: files)
    func reportsExactlyTheExpectedDiagnostics(_ file: String) throws {
        let path = Self.folder.appendingPathComponent(file).path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("# expect: ") }.map { String($0.dropFirst("# expect: ".count)) }
        #expect(!expected.isEmpty, "\(file) states no expectation")

        let result = OpenAPIImporter.importDocument(bytes, path: path, documentName: file)
        let prefix = Self.folder.path + "/"
        let reported = result.diagnostics.map { diagnostic in
            let file = diagnostic.file.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            let place = [file, diagnostic.location?.description].compactMap { $0 }.joined(separator: ":")
            let message = diagnostic.message.replacingOccurrences(of: prefix, with: "<fixtures>/")
            return "\(place): \(diagnostic.severity.rawValue): \(message)"
        }
        #expect(reported == expected)
        guard !result.hasErrors else { return }
        let text = try #require(result.specText)
        let loaded = SpecLoader.load(Array(text.utf8), fileName: file)
        #expect(loaded.spec != nil, "\(loaded.diagnostics)")
    }

    /// What the constructs of `unsupported-constructs.yaml` become: the nearest valid spec, with
    /// a note where a person decides (and the unions and error body it does express).
    @Test func theNearestValidSpecKeepsANoteForEachConstruct() throws {
        let path = Self.folder.appendingPathComponent("unsupported-constructs.yaml").path
        let result = OpenAPIImporter.importDocument(
            try Array(Data(contentsOf: URL(fileURLWithPath: path))), path: path,
            documentName: "unsupported-constructs.yaml")
        let text = try #require(result.specText)
        for note in [
            "      # oneOf [Circle, Square]: Circle and Square each read the other's values, and no discriminator tells them "
                + "apart; JSON here\n      shape: JSON?\n",
            "      event: JSON?\n",
            "  ThingSize:\n    # the String variant is a date, yyyy-MM-dd\n    oneOf: [Int, String]\n",
            "  ThingCode:\n    oneOf: [String, Int]\n",
            "      kind: ThingKind?\n",
            "  ThingKind:\n    enum: [a, b]\n",
            "      event: JSON?\n    others: String\n",
            "          type: Thing\n          headers:\n            X-Rate-Limit: Int?\n        errors: { type: Problem, message: title }\n",
            "        # the 400 error body (string) is no model: XToolError.status(code:body:) carries it\n",
            "        response: [Thing]\n        errors: { type: Problem, message: title, status: { 500: Kind } }\n",
            "        # 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1: "
                + "add paginate: { page: page, start: … } if the API pages\n",
            "        # the response header 'X-Next-Page' leads to the next page: paginate: follows a Link header, a cursor, "
                + "page numbers or offsets, not this header\n",
            "        # the cookie parameter 'session' is left out: the spec language sends no cookies\n",
            "      # HEAD /things/{id} is left out: the spec language has no HEAD\n",
            "          # an array of files in the document; one file here\n          files: File?\n",
            "  Authorization: { provided: accessToken, optional: true, prefix: \"Bearer \" }\n",
            "          name: { type: String, nullable: true }\n",
        ] {
            #expect(text.contains(note), "missing:\n\(note)")
        }
    }
}
