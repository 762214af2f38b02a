import Foundation
import XToolSpec

/// Printing to stdout and stderr, with colour only on a terminal and never under `NO_COLOR`.
struct Terminal {
    let colorsErrors: Bool

    init() {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        colorsErrors = isatty(2) == 1 && noColor.isEmpty
    }

    func out(_ line: String) {
        print(line)
    }

    func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// `path:line:column: error: message`, the severity in red or yellow on a terminal.
    func report(_ diagnostic: Diagnostic, path: String) {
        guard colorsErrors else { return err(diagnostic.formatted(path: path)) }
        let color = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
        err("\u{1B}[1m\(path):\(diagnostic.location):\u{1B}[0m \(color)\(diagnostic.severity.rawValue):\u{1B}[0m "
            + "\u{1B}[1m\(diagnostic.message)\u{1B}[0m")
    }

    /// A message about the command itself, `xtoolgen: error: …`.
    func fail(_ message: String) {
        let prefix = colorsErrors ? "xtoolgen: \u{1B}[1;31merror:\u{1B}[0m" : "xtoolgen: error:"
        err("\(prefix) \(message)")
    }
}
