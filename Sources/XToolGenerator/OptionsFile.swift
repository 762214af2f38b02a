import Foundation
import XToolSpec

/// An options file (`xtoolgen generate --options-file FILE`): the generate options that shape
/// the code, kept beside the specs, so that a build-tool plugin's command line never depends on
/// a file's contents. White space separates `--access LEVEL` (or `--access=LEVEL`) and
/// `--nonisolated`; `#` starts a comment that runs to the end of the line.
public enum OptionsFile {
    /// The options of the file at `path` applied over `options`, or the diagnostics (naming the
    /// file, with line and column) when it can't be read or holds anything else.
    public static func apply(
        path: String, to options: GeneratorOptions
    ) -> (options: GeneratorOptions, diagnostics: [Diagnostic]) {
        let data: Data
        do {
            data = try InputFile.contents(of: path)
        } catch {
            return (options, [error])
        }
        let read = apply(String(decoding: data, as: UTF8.self), to: options)
        return (read.options, read.diagnostics.map { $0.inFile(path) })
    }

    /// The options of `text` applied over `options`.
    public static func apply(
        _ text: String, to options: GeneratorOptions
    ) -> (options: GeneratorOptions, diagnostics: [Diagnostic]) {
        var options = options
        var diagnostics: [Diagnostic] = []
        var words = Self.words(text)[...]
        while let (word, line, column) = words.popFirst() {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            switch parts[0] {
            case "--nonisolated" where parts.count == 1:
                options.nonisolated = true
            case "--access":
                let value: (word: String, line: Int, column: Int)? =
                    parts.count == 2 ? (parts[1], line, column + parts[0].count + 1) : words.popFirst()
                guard let value else {
                    diagnostics.append(Diagnostic(.error, "'--access' needs a value", at: .init(line: line, column: column)))
                    continue
                }
                switch GeneratorOptions.AccessLevel.named(value.word) {
                case .success(let level):
                    options.access = level
                case .failure(let error):
                    diagnostics.append(
                        Diagnostic(.error, error.message, at: .init(line: value.line, column: value.column)))
                }
            default:
                diagnostics.append(Diagnostic(
                    .error, "'\(word)' can't be used in an options file; it takes --access LEVEL and --nonisolated",
                    at: .init(line: line, column: column)))
            }
        }
        return (options, diagnostics)
    }

    /// The words of `text` with their 1-based line and column (in characters), comments left out.
    static func words(_ text: String) -> [(word: String, line: Int, column: Int)] {
        var words: [(word: String, line: Int, column: Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var column = 1
            var current: (word: String, column: Int)?
            for character in line.prefix(while: { $0 != "#" }) {
                if character.isWhitespace {
                    if let word = current { words.append((word.word, index + 1, word.column)) }
                    current = nil
                } else if current == nil {
                    current = (String(character), column)
                } else {
                    current?.word.append(character)
                }
                column += 1
            }
            if let word = current { words.append((word.word, index + 1, word.column)) }
        }
        return words
    }
}
