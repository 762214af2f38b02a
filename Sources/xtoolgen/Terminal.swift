import Foundation
import XToolDiagnostics

/// Printing to stdout and stderr, with colour only on a terminal and never under `NO_COLOR`.
struct Terminal {
    let colorsErrors: Bool

    init() {
        colorsErrors = Self.colors(isTerminal: isatty(2) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// Whether stderr gets colour: only on a terminal, and not when `NO_COLOR` is set to
    /// anything but the empty string (no-color.org).
    static func colors(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    func out(_ line: String) {
        print(line)
    }

    func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints a diagnostic of any stage to stderr (see `format`).
    func report(_ diagnostic: Diagnostic) {
        err(Self.format(diagnostic, colors: colorsErrors))
    }

    /// The one format of every diagnostic, the compiler's: `path:line:column: severity: message`,
    /// `path: severity: message` for a whole file, `xtoolgen: severity: message` for no file,
    /// then a note at the same place on a line of its own. With `colors`, the place and the
    /// message are bold and the severity red (error), yellow (warning) or cyan (note).
    static func format(_ diagnostic: Diagnostic, colors: Bool) -> String {
        let place = (diagnostic.place ?? "xtoolgen") + ":"
        return diagnostic.lines.map { label, text in
            guard colors else { return "\(place) \(label): \(text)" }
            let color =
                switch label {
                case "error": "\u{1B}[1;31m"
                case "warning": "\u{1B}[1;33m"
                default: "\u{1B}[1;36m"
                }
            return "\u{1B}[1m\(place)\u{1B}[0m \(color)\(label):\u{1B}[0m \u{1B}[1m\(text)\u{1B}[0m"
        }.joined(separator: "\n")
    }
}
