import XToolDiagnostics

/// What xtoolgen's exit status says (the README and `xtoolgen --help` list them).
enum ExitCode: Int32 {
    /// Clean: warnings allowed.
    case success = 0
    /// Errors in specs or other files, or (for `check`) stale generated files.
    case failure = 1
    /// A usage mistake: an unknown command or option, a missing or extra argument.
    case usage = 2
}

/// A usage mistake: exit status 2 with its diagnostics.
struct UsageError: Error {
    var diagnostics: [Diagnostic]

    init(message: String) {
        diagnostics = [Diagnostic(.error, message)]
    }

    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// One subcommand of xtoolgen: its name, its help (`xtoolgen NAME --help`) and what runs it.
struct Subcommand: Sendable {
    let name: String
    let help: String
    let run: @Sendable (ArraySlice<String>, Terminal) throws(UsageError) -> ExitCode

    /// Whether the arguments ask for the command's help: `-h` or `--help` before any `--`.
    static func asksForHelp(_ arguments: ArraySlice<String>) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }
}
