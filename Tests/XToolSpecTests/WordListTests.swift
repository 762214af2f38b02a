import Testing
import XToolDiagnostics

/// `WordList`, the one way messages and doc comments list names.
@Suite struct WordListTests {
    @Test(arguments: [
        ([], Int.max, ""),
        (["a"], Int.max, "a"),
        (["a", "b"], Int.max, "a and b"),
        (["a", "b", "c", "d", "e"], Int.max, "a, b, c, d and e"),
        (["a", "b", "c"], 3, "a, b and c"),
        (["a", "b", "c", "d"], 3, "a, b, c and 1 more"),
        (["a", "b", "c", "d"], 4, "a, b, c and d"),
        (["a", "b", "c", "d", "e", "f"], 4, "a, b, c and 3 more"),
    ])
    func listsNamesAndCountsTheRestPastTheLimit(items: [String], limit: Int, expected: String) {
        #expect(WordList.joined(items, limit: limit) == expected)
    }
}
