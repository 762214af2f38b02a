import Testing

@testable import XToolImport

/// `Importer.summary`: the first sentence of a description. ASCII text takes a path of its own,
/// by bytes; each case is also read with an accented letter in it, which takes the path by
/// characters, and both must agree.
@Suite struct DescriptionSummaryTests {
    private static let cases: [(description: String, summary: String?)] = [
        ("Lists the items. Each page holds 30.", "Lists the items."),
        ("Lists   the\titems\nof the user.\nSecond line starts a sentence.", "Lists the items of the user."),
        ("The version 1.2 API. More below.", "The version 1.2 API."),
        ("Returns a [Link](x). [More](y)", "Returns a [Link](x)."),
        ("Use `x`! `y` is next", "Use `x`!"),
        ("Done? yes, done", "Done? yes, done"),
        ("Ends with a period.", "Ends with a period."),
        ("No period here", "No period here"),
        ("First line\n   \nsecond", "First line second"),
        ("a\u{0B}b\u{0C}c", "a b c"),
        ("   \n\n  \n\nThe second paragraph. Not this.", "The second paragraph."),
        ("   \n\n  ", nil),
    ]

    @Test func theFirstSentenceOfASCIIText() {
        for (description, summary) in Self.cases {
            #expect(Importer.summary(description) == summary, "\(description)")
        }
    }

    @Test func textWithOtherCharactersReadsTheSameByCharacters() {
        for (description, summary) in Self.cases {
            let accented = description.replacingFirst("e", with: "é")
            #expect(Importer.summary(accented) == summary?.replacingFirst("e", with: "é"), "\(accented)")
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ character: Character, with replacement: Character) -> String {
        guard let index = firstIndex(of: character) else { return self }
        var copy = self
        copy.replaceSubrange(index...index, with: String(replacement))
        return copy
    }
}
