import XToolCommandLine
import XToolDiagnostics

/// A usage mistake: exit code 2 with its diagnostics.
struct UsageError: Error {
    var diagnostics: [Diagnostic]

    init(message: String) {
        diagnostics = [Diagnostic(.error, message)]
    }

    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

extension ParsedArguments {
    /// The arguments of `command` parsed against the flags and options it accepts; any mistake
    /// is a usage error.
    init(commandLine arguments: ArraySlice<String>, command: String, flags: Set<String>, options: Set<String>)
        throws(UsageError)
    {
        self.init(
            arguments.map { ArgumentWord($0) }, flags: flags, options: options,
            unknown: { "unknown option '\($0)' for '\(command)'" })
        guard diagnostics.isEmpty else { throw UsageError(diagnostics) }
    }
}
