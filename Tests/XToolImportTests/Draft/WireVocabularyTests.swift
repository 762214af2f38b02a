import Foundation
import TestSupport
import Testing

@testable import XToolImport

/// docs/capture.md's table of the wire names both importers read is `WireVocabulary`, row by
/// row and name by name, in order.
@Suite struct WireVocabularyTests {
    @Test func theDocsTableListsEveryNameInItsOrder() throws {
        let page = try String(
            contentsOf: SharedTestData.repositoryRoot.appendingPathComponent("docs/capture.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## The wire names read").dropFirst().first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| meaning") }
        let listed = rows.map { row -> [String] in
            // The names, before any remark in parentheses.
            let names = row.split(separator: "|")[1].split(separator: "(")[0]
            return names.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        #expect(
            listed == [
                WireVocabulary.page, WireVocabulary.limit, WireVocabulary.offset, WireVocabulary.pageToken,
                WireVocabulary.cursor, WireVocabulary.previousCursor, WireVocabulary.nextCursor, WireVocabulary.total,
                WireVocabulary.pageMetadata,
                WireVocabulary.hasMore,
                WireVocabulary.lastPage, WireVocabulary.nextLink,
                WireVocabulary.message, WireVocabulary.code, WireVocabulary.status, WireVocabulary.data,
            ])
    }
}
