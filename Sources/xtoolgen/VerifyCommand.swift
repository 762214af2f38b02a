import Foundation
import XToolCommandLine
import XToolDiagnostics
import XToolFrontHalf
import XToolImport
import XToolSamples
import XToolSpec
import XToolYAML

/// `xtoolgen verify [SPEC...] --traffic CAPTURE.har`: a capture replayed against the specs
/// (`TrafficCheck`).
enum VerifyCommand {
    static let commandOptions = [
        CommandOption(
            "--traffic", value: "CAPTURE.har", help: "The HAR 1.2 capture whose calls are replayed (required)"),
        CommandOption(
            "--calls", help: "First, a line per call: the endpoint it matched, and any it", "matches alike (ambiguous)"),
    ]

    static let help = """
        USAGE: xtoolgen verify [SPEC...] --traffic CAPTURE.har

        Replays each call of a HAR capture against the specs: the endpoint it matches (or
        none), the parameters it sends that the spec can't, and whether its response reads as
        the spec's types with no key left unread (data the app would drop). One line per
        endpoint, then a summary.

        SPEC... defaults to every Specs/*.yaml (.yml, .json, .har) of the current folder.

        OPTIONS:
        \(commandOptions.helpText)
          -h, --help            Show this help

        Exit status: 0 when every call matches an endpoint and reads, 1 on any drift or
        errors in a spec or the capture, 2 on a usage error.
        """

    static func run(_ arguments: ArraySlice<String>, terminal: Terminal) throws(UsageError) -> ExitCode {
        let parsed = try ParsedArguments(
            commandLine: arguments, command: "verify", flags: commandOptions.flags, options: commandOptions.valued)
        guard let capture = parsed.value("--traffic") else {
            throw UsageError(message: "'verify' needs the capture: --traffic CAPTURE.har")
        }
        var specs: [SampledSpec] = []
        var failed = false
        for path in try XToolGenCommand.specPaths(parsed.positional) {
            let loaded = SpecFiles.load(path: path)
            for diagnostic in loaded.diagnostics where diagnostic.severity == .error { terminal.report(diagnostic) }
            if let spec = loaded.sampled { specs.append(spec) } else { failed = true }
        }
        let document: Document
        do {
            document = Document(Array(try InputFile.contents(of: capture)))
        } catch {
            terminal.report(error)
            return .failure
        }
        let traffic: CapturedTraffic
        switch document {
        case .capture(let read): traffic = read
        case .spec(.failure(let error)):
            terminal.report(error.file == nil ? error.inFile(capture) : error)
            return .failure
        case .spec(.success), .openAPI:
            terminal.report(Diagnostic(.error, "not a HAR capture: it has no log.entries", file: capture))
            return .failure
        }
        for problem in traffic.problems { terminal.report(problem.inFile(capture)) }
        let check = TrafficCheck.check(traffic.exchanges, against: specs)
        if parsed.flags.contains("--calls") { for line in check.callLines { terminal.out(line) } }
        for line in check.lines { terminal.out(line) }
        return failed || check.failed || !traffic.problems.isEmpty ? .failure : .success
    }
}
