import Foundation
import Testing

/// The documents the sources and templates cite are the repository's own: every `….md` named in
/// Sources/ and Templates/ exists (a path from the repository's root), and a section named
/// after it (`docs/spec-language.md "Deriving Swift names"`) is a heading there. (SPEC.md, the
/// contract, lives outside the repository, where a reader of the code can't follow it.)
@Suite struct SourceCitationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `(file, the cited path, the cited section or nil)` for every citation in `folder`.
    private static func citations(in folder: String) throws -> [(file: String, path: String, section: String?)] {
        let base = repository.appendingPathComponent(folder)
        let files = try FileManager.default.subpathsOfDirectory(atPath: base.path)
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".mustache") }.sorted()
        let citation = #/([A-Za-z0-9_./-]+\.md)\b(?: "([^"]+)")?/#
        return try files.flatMap { file in
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            return text.matches(of: citation).map { match in
                ("\(folder)/\(file)", String(match.output.1), match.output.2.map(String.init))
            }
        }
    }

    @Test func everyCitedDocumentIsInTheRepository() throws {
        let cited = try Self.citations(in: "Sources") + Self.citations(in: "Templates")
        #expect(cited.count >= 3, "found \(cited.count) citations")
        for (file, path, section) in cited {
            #expect(!path.hasPrefix(".."), "\(file) cites \(path), outside the repository")
            let url = Self.repository.appendingPathComponent(path)
            let text = try? String(contentsOf: url, encoding: .utf8)
            #expect(text != nil, "\(file) cites \(path), which is not a file of the repository")
            if let text, let section {
                let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }
                    .map { $0.drop { $0 == "#" || $0 == " " } }
                #expect(
                    headings.contains(Substring(section)),
                    "\(file) cites the section '\(section)' of \(path), which has none")
            }
        }
    }
}
