import Foundation
import XToolDiagnostics
import XToolSpec

/// One word of a command line or of an options file; a file's words know where they stand.
package struct ArgumentWord: Sendable, Hashable {
    package var text: String
    /// The word's line and column in its file, or nil on the command line.
    package var location: SourceLocation?

    package init(_ text: String, at location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }
}

/// An option a command takes, declared once: its name, the placeholder of its value (nil for a
/// flag) and its help, from which the parser's sets (`flags`, `valued`) and the help's lines
/// (`helpText`) are made.
package struct CommandOption: Sendable, Hashable {
    package var name: String
    /// The value's placeholder in the help (`DIR`); nil for a flag.
    package var value: String?
    /// The help, a line each as the help prints them.
    package var help: [String]

    package init(_ name: String, value: String? = nil, help: String...) {
        self.name = name
        self.value = value
        self.help = help
    }

    /// The column the help starts at, after the indented name and placeholder.
    static let helpColumn = 24
}

extension [CommandOption] {
    /// The names of the flags, which take no value.
    package var flags: Set<String> { Set(filter { $0.value == nil }.map(\.name)) }
    /// The names of the options that take a value.
    package var valued: Set<String> { Set(filter { $0.value != nil }.map(\.name)) }

    /// The lines of a help's OPTIONS, each option's name and placeholder indented by two, its
    /// help in a column beside them, then `-h, --help`.
    package var helpText: String {
        let column = CommandOption.helpColumn
        let lines = flatMap { option in
            let head = "  " + option.name + (option.value.map { " " + $0 } ?? "")
            let first = head.padding(toLength: Swift.max(column, head.count + 1), withPad: " ", startingAt: 0)
            return zip(option.help.indices, option.help).map { index, line in
                (index == 0 ? first : String(repeating: " ", count: column)) + line
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The one parser of xtoolgen's options, for the command line and for options files:
/// `--flag`, `--option value`, `--option=value` and, on a command line, `--` before words that
/// only look like options. Every mistake is a diagnostic at the word that makes it.
///
/// Hand-written rather than swift-argument-parser because the project takes no package
/// dependencies (the build-tool plugin builds xtoolgen inside every app that uses it), and
/// because an options file must report a mistake at its line and column, which a parser of
/// `CommandLine.arguments` has no notion of; six subcommands with a dozen options need little
/// more than this.
package struct ParsedArguments: Sendable {
    /// The words that are no option or option value, in order.
    package private(set) var positional: [ArgumentWord] = []
    package private(set) var flags: Set<String> = []
    /// Every value each option was given, in order.
    package private(set) var values: [String: [ArgumentWord]] = [:]
    /// Unknown options, flags given a value and options without one, in order.
    package private(set) var diagnostics: [Diagnostic] = []

    /// Parses `words` against the flags and options allowed; `unknown` says what is wrong with
    /// an option that is neither (a close spelling is suggested after it).
    package init(
        _ words: [ArgumentWord], flags allowedFlags: Set<String>, options allowedOptions: Set<String>,
        unknown: (String) -> String
    ) {
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.text.hasPrefix("-"), word.text != "-" else {
                positional.append(word)
                continue
            }
            if word.text == "--" {
                positional += rest
                break
            }
            let parts = word.text.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if allowedFlags.contains(name) {
                if parts.count == 2 {
                    diagnostics.append(Diagnostic(.error, "'\(name)' takes no value", at: word.location))
                } else {
                    flags.insert(name)
                }
            } else if allowedOptions.contains(name) {
                // The value of `--option=value` starts after the `=`.
                let inline = word.location.map { SourceLocation(line: $0.line, column: $0.column + name.count + 1) }
                guard let value = parts.count == 2 ? ArgumentWord(parts[1], at: inline) : rest.popFirst() else {
                    diagnostics.append(Diagnostic(.error, "'\(name)' needs a value", at: word.location))
                    continue
                }
                values[name, default: []].append(value)
            } else {
                let known = allowedFlags.union(allowedOptions).sorted()
                diagnostics.append(
                    Diagnostic(.error, unknown(name) + Suggestions.didYouMean(name, in: known), at: word.location))
            }
        }
    }

    /// The last value given to `option`.
    package func value(_ option: String) -> String? {
        values[option]?.last?.text
    }
}
