/// "Did you mean …?" for misspelt keys and names.
package enum Suggestions {
    /// The candidate closest to `word` by edit distance, ignoring case, when it is close enough
    /// to be a likely typo: at most a third of the word's length (at least one edit), and never
    /// every character of it. With `matchingParts` (for names often written with a word more or
    /// less: `DateTime`, `Integer`, `UserModel`, `Str`), failing that, the longest candidate of at
    /// least three characters that starts the word or that the word starts, else the longest that
    /// the word contains or that contains the word.
    package static func closest(to word: String, in candidates: [String], matchingParts: Bool = false) -> String? {
        let word = word.lowercased()
        let limit = min(max(1, word.count / 3), word.count - 1)
        let scored = candidates.map { ($0, editDistance(word, $0.lowercased())) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit { return best.0 }
        guard matchingParts else { return nil }
        let related = candidates.filter {
            let candidate = $0.lowercased()
            return min(candidate.count, word.count) >= 3 && (word.contains(candidate) || candidate.contains(word))
        }
        let startsTogether = related.filter {
            let candidate = $0.lowercased()
            return word.hasPrefix(candidate) || candidate.hasPrefix(word)
        }
        return (startsTogether.isEmpty ? related : startsTogether).max { $0.count < $1.count }
    }

    /// `"; did you mean 'response'?"`, or nothing.
    package static func didYouMean(_ word: String, in candidates: [String], matchingParts: Bool = false) -> String {
        closest(to: word, in: candidates, matchingParts: matchingParts).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each cost one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
