import Foundation
import XToolDiagnostics
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// An options file (`xtoolgen generate --options-file FILE`): the generate options that shape
/// the code, kept beside the specs, so that a build-tool plugin's command line never depends on
/// a file's contents. White space separates `--access LEVEL` (or `--access=LEVEL`),
/// `--param NAME=VALUE` and `--nonisolated`; `#` starts a comment that runs to the end of the
/// line.
package enum OptionsFile {
    /// The options of the file at `path` applied over `options`, or the diagnostics (naming the
    /// file, with line and column) when it can't be read or holds anything else.
    package static func apply(
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

    /// The options of `text` applied over `options`; the diagnostics are in source order.
    package static func apply(
        _ text: String, to options: GeneratorOptions
    ) -> (options: GeneratorOptions, diagnostics: [Diagnostic]) {
        let unknown = { (word: String) in
            "'\(word)' can't be used in an options file; it takes --access LEVEL, --param NAME=VALUE and --nonisolated"
        }
        let parsed = ParsedArguments(
            words(text), flags: GeneratorOptions.flags, options: GeneratorOptions.options, unknown: unknown)
        let applied = options.applying(parsed)
        let positional = parsed.positional.map { Diagnostic(.error, unknown($0.text), at: $0.location) }
        return (applied.options, (parsed.diagnostics + positional + applied.diagnostics).sortedBySource)
    }

    /// The words of `text` at their 1-based line and column (in characters), comments left out.
    static func words(_ text: String) -> [ArgumentWord] {
        var words: [ArgumentWord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var column = 1
            var current: ArgumentWord?
            for character in line.prefix(while: { $0 != "#" }) {
                if character.isWhitespace {
                    if let word = current { words.append(word) }
                    current = nil
                } else if current == nil {
                    current = ArgumentWord(String(character), at: SourceLocation(line: index + 1, column: column))
                } else {
                    current?.text.append(character)
                }
                column += 1
            }
            if let word = current { words.append(word) }
        }
        return words
    }
}
