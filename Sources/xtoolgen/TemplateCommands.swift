import Foundation
import XToolCommandLine
import XToolDiagnostics
import XToolFrontHalf
import XToolGenerator
import XToolMustache
import XToolSpec

/// `xtoolgen context SPEC`: the JSON the templates receive, for template authors.
enum ContextCommand {
    static let commandOptions = [
        GeneratorOptions.commandOptions[0], GeneratorOptions.commandOptions[1],
        CommandOption("--nonisolated", help: "As generate's: accepted and ignored"),
    ]

    static let help = """
        USAGE: xtoolgen context SPEC [--access LEVEL] [--param NAME=VALUE] [--nonisolated]

        Prints the JSON the templates receive for SPEC (for template authors; the keys are
        listed in docs/templates.md).

        OPTIONS:
        \(commandOptions.helpText)
          -h, --help            Show this help

        Exit status: 0 when printed, 1 on errors in the spec, 2 on a usage error.
        """

    static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(UsageError) -> ExitCode {
        let parsed = try ParsedArguments(
            commandLine: arguments, command: "context", flags: commandOptions.flags,
            options: commandOptions.valued)
        guard parsed.positional.count == 1, let path = parsed.positional.first?.text else {
            throw UsageError(message: "'context' takes exactly one spec")
        }
        let loaded = SpecFiles.load(path: path)
        for diagnostic in loaded.diagnostics { terminal.report(diagnostic) }
        guard let spec = loaded.sampled else { return .failure }
        let options = try GenerateCommand.generatorOptions(parsed)
        do {
            FileHandle.standardOutput.write(try Generator.contextJSON(for: spec, options: options))
            return .success
        } catch {
            terminal.report(Diagnostic(.error, "can't encode the context: \(error)"))
            return .failure
        }
    }
}

/// `xtoolgen render TEMPLATE --context FILE.json [--partials DIR] [--escape none|html] [--raw]`:
/// renders one template against any JSON value and writes it to stdout, its marked lists laid
/// out as `generate` lays them out (with `--raw`, exactly the rendered bytes).
enum RenderCommand {
    static let commandOptions = [
        CommandOption("--context", value: "FILE.json", help: "The value the template is rendered against"),
        CommandOption("--partials", value: "DIR", help: "Where partials are: a partial `name` is DIR/name.mustache"),
        CommandOption("--escape", value: "none|html", help: "How {{name}} is escaped (default: none)"),
        CommandOption("--raw", help: "Write the rendered bytes as they are, list markers included"),
    ]

    static let help = """
        USAGE: xtoolgen render TEMPLATE --context FILE.json [--partials DIR] [--escape none|html] [--raw]

        Renders one Mustache template against any JSON value and writes it to stdout. Lists
        marked ⟦element⟧ are laid out as generate lays them out; a line without markers is
        written as rendered. With --raw, exactly the rendered bytes.

        OPTIONS:
        \(commandOptions.helpText)
          -h, --help            Show this help

        Exit status: 0 when rendered, 1 on an error in the template or the files, 2 on a usage
        error.
        """

    static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(UsageError) -> ExitCode {
        let parsed = try ParsedArguments(
            commandLine: arguments, command: "render", flags: commandOptions.flags, options: commandOptions.valued)
        guard parsed.positional.count == 1, let templatePath = parsed.positional.first?.text else {
            throw UsageError(message: "'render' takes exactly one template")
        }
        guard let contextPath = parsed.value("--context") else {
            throw UsageError(message: "'render' needs --context FILE.json")
        }
        let escaping: MustacheEscaping
        switch parsed.value("--escape") ?? "none" {
        case "none": escaping = .none
        case "html": escaping = .html
        case let other: throw UsageError(message: "'--escape' takes none or html, not '\(other)'")
        }
        let context: MustacheValue
        let templateData: Data
        do throws(Diagnostic) {
            let contextData = try InputFile.contents(of: contextPath)
            guard let json = try? MustacheValue(json: contextData) else {
                throw Diagnostic(.error, "not valid JSON", file: contextPath)
            }
            context = json
            templateData = try InputFile.contents(of: templatePath)
        } catch {
            terminal.report(error)
            return .failure
        }
        do throws(MustacheError) {
            let template = try MustacheTemplate(String(decoding: templateData, as: UTF8.self), name: templatePath)
            var partials = try MustacheLibrary(templates: [:])
            if let folder = parsed.value("--partials") {
                partials = try MustacheLibrary(directory: URL(fileURLWithPath: folder))
            }
            let rendered = try partials.render(template: template, context, escaping: escaping)
            let output = parsed.flags.contains("--raw") ? rendered : LineWrapper().wrap(rendered)
            FileHandle.standardOutput.write(Data(output.utf8))
            return .success
        } catch {
            terminal.report(Diagnostic(error))
            return .failure
        }
    }
}
