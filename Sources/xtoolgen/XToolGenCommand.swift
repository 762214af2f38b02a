import Foundation
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// The `xtoolgen` command: dispatches to a subcommand and turns its outcome into an exit code
/// (0 clean, 1 errors in specs or files, 2 a usage mistake).
enum XToolGenCommand {
    static let version = "0.1.0"

    static let help = """
        xtoolgen \(version): generates a Swift data layer (models and …Tool wrappers) from YAML API specs.

        USAGE: xtoolgen <command> [options]

        COMMANDS:
          validate [SPEC...]    Check specs; every problem is reported as path:line:column
          import DOCUMENT [--api Name] [--output Specs/Name.yaml]
                                Write the spec of an OpenAPI 3.0 or 3.1 document (YAML or
                                JSON) to the file or to stdout; what the spec language can't
                                say is a warning at the document's line and column
          generate [SPEC...]    Write Generated/<Api>/ from the specs: only files whose bytes
                                changed, and generated files whose spec is gone are removed
          check [SPEC...]       Exit 1, naming the stale files, when Generated/ is not what
                                generate would write (for CI)
          context SPEC          Print the JSON the templates receive (for template authors)
          render TEMPLATE --context FILE.json [--partials DIR] [--escape none|html]
                                Render one template against any JSON value to stdout
                                (a partial `name` is DIR/name.mustache; escaping: none)

        SPEC... defaults to every Specs/*.yaml (.yml, .json) of the current folder. An OpenAPI
        document (a file with an openapi: key) is a spec too: it is imported in memory.

        OPTIONS of generate and check (context takes --access and --nonisolated):
          --output DIR          Where generated files go (default: Generated)
          --output-file FILE    Write one spec's whole data layer into the single file FILE
                                (what the build-tool plugin compiles)
          --options-file FILE   Read --access and --nonisolated from FILE (# comments);
                                options on the command line win
          --templates DIR       Templates that replace the defaults of the same name
          --access LEVEL        public (default), package or internal
          --nonisolated         Mark generated types nonisolated (for modules whose default
                                isolation is the main actor)

          -h, --help            Show this help
          --version             Show the version

        Exit status: 0 when clean (warnings allowed), 1 on errors, 2 on a usage error.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let terminal = Terminal()
        guard let command = arguments.first else {
            terminal.err(help)
            return 2
        }
        do throws(UsageError) {
            switch command {
            case "-h", "--help", "help":
                terminal.out(help)
                return 0
            case "--version":
                terminal.out(version)
                return 0
            case "validate":
                return try ValidateCommand.run(arguments.dropFirst(), terminal: terminal)
            case "import":
                return try ImportCommand.run(arguments.dropFirst(), terminal: terminal)
            case "generate":
                return try GenerateCommand.run(arguments.dropFirst(), checkOnly: false, terminal: terminal)
            case "check":
                return try GenerateCommand.run(arguments.dropFirst(), checkOnly: true, terminal: terminal)
            case "context":
                return try ContextCommand.run(arguments.dropFirst(), terminal: terminal)
            case "render":
                return try RenderCommand.run(arguments.dropFirst(), terminal: terminal)
            default:
                let commands = ["validate", "import", "generate", "check", "context", "render", "help"]
                throw UsageError(
                    message: "unknown command '\(command)'" + Suggestions.didYouMean(command, in: commands)
                        + " (see 'xtoolgen --help')")
            }
        } catch {
            for diagnostic in error.diagnostics { terminal.report(diagnostic) }
            return 2
        }
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
    static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(UsageError) -> Int32 {
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
        return failed ? 1 : 0
    }
}
