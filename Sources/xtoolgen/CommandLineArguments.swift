import XToolSpec

/// A usage mistake: exit code 2 with its diagnostics.
struct UsageError: Error {
    var diagnostics: [Diagnostic]

    init(message: String) {
        diagnostics = [Diagnostic(.error, message)]
    }
}

/// Hand-written argument parsing: positional arguments, `--flag`, `--option value` and
/// `--option=value`, checked against what a command accepts.
struct CommandLineArguments {
    var positional: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]

    init(_ arguments: ArraySlice<String>, command: String, flags allowedFlags: Set<String>,
         options allowedOptions: Set<String>) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                positional += rest
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if allowedFlags.contains(name), parts.count == 1 {
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                guard let value = parts.count == 2 ? parts[1] : rest.popFirst() else {
                    throw UsageError(message: "'\(name)' needs a value")
                }
                options[name] = value
            } else {
                let known = (allowedFlags.union(allowedOptions)).sorted()
                throw UsageError(
                    message: "unknown option '\(name)' for '\(command)'" + Suggestions.didYouMean(name, in: known))
            }
        }
    }
}
