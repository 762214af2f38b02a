import XToolCommandLine
import XToolDiagnostics

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
