import Foundation
import XToolCommandLine
import XToolDiagnostics
import XToolGenerator
import XToolSpec

/// `xtoolgen generate` and `xtoolgen check`: specs in, `Generated/<Api>/` out (or compared).
enum GenerateCommand {
    /// The options of generate and check, in the order the help lists them.
    static let commandOptions =
        [
            CommandOption("--output", value: "DIR", help: "Where generated files go (default: Generated)"),
            CommandOption(
                "--output-file", value: "FILE", help: "Write one spec's whole data layer into the single file FILE",
                "(what the build-tool plugin compiles)"),
            CommandOption(
                "--options-file", value: "FILE", help: "Read --access, --param and --nonisolated from FILE",
                "(# comments); options on the command line win"),
            CommandOption("--templates", value: "DIR", help: "Templates that replace the defaults of the same name"),
            CommandOption(
                "--same-module", value: "SPEC", help: "Another spec compiled into the same module (repeatable): a",
                "type both declare is an error naming both (the build-tool", "plugin passes the target's other specs)"),
        ] + GeneratorOptions.commandOptions

    static let generateHelp = """
        USAGE: xtoolgen generate [SPEC...] [options]

        Writes Generated/<Api>/ from the specs, one file per type: only files whose bytes
        changed are written, and generated files whose spec is gone are removed.

        \(sharedHelp)

        Exit status: 0 when generated (warnings allowed), 1 on errors in a spec, an options
        file or a template, 2 on a usage error.
        """

    static let checkHelp = """
        USAGE: xtoolgen check [SPEC...] [options]

        Compares the output folder with what generate would write, and names each stale file
        (for CI). Takes the options of generate.

        \(sharedHelp)

        Exit status: 0 when up to date (warnings allowed), 1 when a file is stale or a spec has
        errors, 2 on a usage error.
        """

    /// What generate and check share: the specs and the options.
    private static let sharedHelp = """
        SPEC... defaults to every Specs/*.yaml (.yml, .json, .har) of the current folder; an
        OpenAPI (or Swagger 2.0) document or a HAR capture among them is imported in memory.

        OPTIONS:
        \(optionsHelp)
          -h, --help            Show this help
        """

    /// The options of generate and check, one to a line (the general help lists them too).
    static let optionsHelp = commandOptions.helpText

    /// Reads the arguments of `generate` (or, with `checkOnly`, `check`) and runs the
    /// `GenerateRun` they describe; 1 when a spec has errors or, for `check`, when a file is stale.
    static func run(_ arguments: ArraySlice<String>, checkOnly: Bool, terminal: Terminal) throws(UsageError) -> ExitCode
    {
        let command = checkOnly ? "check" : "generate"
        let parsed = try ParsedArguments(
            commandLine: arguments, command: command, flags: commandOptions.flags, options: commandOptions.valued)
        var baseOptions = GeneratorOptions()
        if let optionsFile = parsed.value("--options-file") {
            let read = OptionsFile.apply(path: optionsFile, to: baseOptions)
            for diagnostic in read.diagnostics { terminal.report(diagnostic) }
            guard read.diagnostics.isEmpty else { return .failure }
            baseOptions = read.options
        }
        let generatorOptions = try generatorOptions(parsed, over: baseOptions)
        let paths = try XToolGenCommand.specPaths(parsed.positional)
        let outputFile = parsed.value("--output-file")
        if outputFile != nil {
            guard parsed.value("--output") == nil else {
                throw UsageError(message: "'--output' and '--output-file' can't be used together")
            }
            guard paths.count == 1 else {
                throw UsageError(message: "'--output-file' takes exactly one spec, not \(paths.count)")
            }
        }
        let output = OutputDirectory(
            root: outputFile.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
                ?? URL(fileURLWithPath: parsed.value("--output") ?? "Generated"))
        let templates: TemplateSet
        do {
            templates = try TemplateSet(overrides: parsed.value("--templates").map { URL(fileURLWithPath: $0) })
        } catch {
            terminal.report(error)
            return .failure
        }
        let generation = GenerateRun(
            specs: paths, cleansEveryFolder: parsed.positional.isEmpty, output: output, outputFile: outputFile,
            templates: templates, options: generatorOptions,
            sameModule: (parsed.values["--same-module"] ?? []).map(\.text), checkOnly: checkOnly)
        let outcome = generation.run { report in
            switch report {
            case .diagnostic(let diagnostic): terminal.report(diagnostic)
            case .out(let line): terminal.out(line)
            case .err(let line): terminal.err(line)
            }
        }
        return outcome.succeeded ? .success : .failure
    }

    /// `--access` (and the ignored `--nonisolated`), over those of an options file; a bad level is
    /// a usage error.
    static func generatorOptions(
        _ parsed: ParsedArguments, over base: GeneratorOptions = GeneratorOptions()
    ) throws(UsageError) -> GeneratorOptions {
        let applied = base.applying(parsed)
        guard applied.diagnostics.isEmpty else { throw UsageError(applied.diagnostics) }
        return applied.options
    }
}
