import Foundation
import XToolCommandLine
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// The `xtoolgen` command: dispatches to a subcommand (or prints its help) and turns its
/// outcome into an exit status.
enum XToolGenCommand {
    static let version = "0.1.0"

    static let help = """
        xtoolgen \(version): generates a Swift data layer (models and …Tool wrappers) from YAML API specs.

        USAGE: xtoolgen <command> [options]

        COMMANDS:
          validate [SPEC...]    Check specs; every problem is reported as path:line:column
          import DOCUMENT [--api Name] [--host H] [--output Specs/Name.yaml]
                                Write the spec of an OpenAPI 3.0 or 3.1 document (YAML or
                                JSON) or of a HAR capture to the file or to stdout; what the
                                spec language can't say is a warning at the document's line
                                and column
          verify [SPEC...] --traffic CAPTURE.har
                                Replay a HAR capture against the specs: each call's endpoint,
                                unknown parameters, responses that don't read, unread keys
          generate [SPEC...]    Write Generated/<Api>/ from the specs: only files whose bytes
                                changed, and generated files whose spec is gone are removed
          check [SPEC...]       Exit 1, naming the stale files, when Generated/ is not what
                                generate would write (for CI)
          context SPEC          Print the JSON the templates receive (for template authors)
          render TEMPLATE --context FILE.json [--partials DIR] [--escape none|html] [--raw]
                                Render one template against any JSON value to stdout, its
                                marked lists laid out as generate does (a partial `name` is
                                DIR/name.mustache; escaping: none)

        SPEC... defaults to every Specs/*.yaml (.yml, .json, .har) of the current folder. An
        OpenAPI document (a file with an openapi: key) or a HAR capture is a spec too: it is
        imported in memory.

        OPTIONS of generate and check (context takes --access and --nonisolated):
        \(GenerateCommand.optionsHelp)

          -h, --help            Show this help; after a command, that command's help
                                (also: xtoolgen help COMMAND)
          --version             Show the version

        Exit status: 0 when clean (warnings allowed), 1 on errors, 2 on a usage error.
        """

    /// Every subcommand, in the order the help lists them.
    static let subcommands: [Subcommand] = [
        Subcommand(name: "validate", help: ValidateCommand.help) { arguments, terminal throws(UsageError) in
            try ValidateCommand.run(arguments, terminal: terminal)
        },
        Subcommand(name: "import", help: ImportCommand.help) { arguments, terminal throws(UsageError) in
            try ImportCommand.run(arguments, terminal: terminal)
        },
        Subcommand(name: "verify", help: VerifyCommand.help) { arguments, terminal throws(UsageError) in
            try VerifyCommand.run(arguments, terminal: terminal)
        },
        Subcommand(name: "generate", help: GenerateCommand.generateHelp) { arguments, terminal throws(UsageError) in
            try GenerateCommand.run(arguments, checkOnly: false, terminal: terminal)
        },
        Subcommand(name: "check", help: GenerateCommand.checkHelp) { arguments, terminal throws(UsageError) in
            try GenerateCommand.run(arguments, checkOnly: true, terminal: terminal)
        },
        Subcommand(name: "context", help: ContextCommand.help) { arguments, terminal throws(UsageError) in
            try ContextCommand.run(arguments, terminal: terminal)
        },
        Subcommand(name: "render", help: RenderCommand.help) { arguments, terminal throws(UsageError) in
            try RenderCommand.run(arguments, terminal: terminal)
        },
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let terminal = Terminal()
        guard let command = arguments.first else {
            terminal.err(help)
            return .usage
        }
        let rest = arguments.dropFirst()
        do throws(UsageError) {
            switch command {
            case "-h", "--help":
                terminal.out(help)
                return .success
            case "help":
                // `help COMMAND`: that command's help; anything else, the general one.
                terminal.out(rest.first.flatMap { name in subcommands.first { $0.name == name } }?.help ?? help)
                return .success
            case "--version":
                terminal.out(version)
                return .success
            default:
                let subcommand = try subcommand(command)
                if Subcommand.asksForHelp(rest) {
                    terminal.out(subcommand.help)
                    return .success
                }
                return try subcommand.run(rest, terminal)
            }
        } catch {
            for diagnostic in error.diagnostics { terminal.report(diagnostic) }
            return .usage
        }
    }

    /// The subcommand `name`; an unknown name is a usage error with a suggestion.
    static func subcommand(_ name: String) throws(UsageError) -> Subcommand {
        if let subcommand = subcommands.first(where: { $0.name == name }) { return subcommand }
        let names = subcommands.map(\.name) + ["help"]
        throw UsageError(
            message: "unknown command '\(name)'" + Suggestions.didYouMean(name, in: names) + " (see 'xtoolgen --help')")
    }

    /// The specs named on the command line, or every `Specs/*.yaml` (`.yml`, `.json`) of the
    /// current folder.
    static func specPaths(_ positional: [ArgumentWord]) throws(UsageError) -> [String] {
        if !positional.isEmpty { return positional.map(\.text) }
        let paths = SpecFiles.defaultPaths(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        guard !paths.isEmpty else {
            throw UsageError(message: "no specs given and no Specs/*.yaml in the current folder")
        }
        return paths
    }
}

/// `xtoolgen validate [SPEC...]`
enum ValidateCommand {
    static let help = """
        USAGE: xtoolgen validate [SPEC...]

        Checks specs: every problem is reported as path:line:column: severity: message, and
        each valid spec is listed with its counts of models, tools and endpoints.

        SPEC... defaults to every Specs/*.yaml (.yml, .json, .har) of the current folder; an
        OpenAPI (or Swagger 2.0) document or a HAR capture among them is imported in memory.

        OPTIONS:
          -h, --help            Show this help

        Exit status: 0 when every spec is valid (warnings allowed), 1 on errors, 2 on a usage
        error.
        """

    static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(UsageError) -> ExitCode {
        let parsed = try ParsedArguments(commandLine: arguments, command: "validate", flags: [], options: [])
        var failed = false
        for path in try XToolGenCommand.specPaths(parsed.positional) {
            let loaded = SpecFiles.load(path: path)
            for diagnostic in loaded.diagnostics { terminal.report(diagnostic) }
            if let spec = loaded.spec {
                let endpoints = spec.tools.reduce(0) { $0 + $1.endpoints.count }
                let counts = [
                    (spec.models.count, "model"), (spec.enums.count, "enum"), (spec.tools.count, "tool"),
                    (endpoints, "endpoint"),
                ]
                .filter { $0.0 > 0 || $0.1 != "enum" }  // enums only when there are some
                .map { "\($0) \($1)\($0 == 1 ? "" : "s")" }
                terminal.out("\(path): valid (\(counts.joined(separator: ", ")))")
            } else {
                failed = true
            }
        }
        return failed ? .failure : .success
    }
}
