import Foundation
import PackagePlugin

/// `swift package xtoolgen validate [SPEC...]` (and `check`, `context`, `help`): runs the
/// xtoolgen that the package's plugins build, in the package's folder, for the commands that
/// only read, so a package that uses the build-tool plugin can check its specs without finding
/// `.build/<triple>/debug/xtoolgen-tool`. Writing `Generated/` is `generate-data-layer`'s job.
@main
struct XToolGenCommand: CommandPlugin {
    /// The xtoolgen commands that write nothing into the package.
    static let readingCommands: Set<String> = ["validate", "check", "context", "help", "--help", "-h"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let command = arguments.first, Self.readingCommands.contains(command) else {
            throw CommandError.unsupported(arguments.first)
        }
        let process = Process()
        process.executableURL = try context.tool(named: "xtoolgen").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError.failed(command, status: process.terminationStatus)
        }
    }
}

enum CommandError: Error, CustomStringConvertible {
    case unsupported(String?)
    case failed(String, status: Int32)

    var description: String {
        switch self {
        case .unsupported(let command):
            "swift package xtoolgen runs \(XToolGenCommand.readingCommands.filter { !$0.hasPrefix("-") }.sorted().joined(separator: ", "))"
                + (command.map { ", not '\($0)'" } ?? "")
                + "; generate with `swift package --allow-writing-to-package-directory generate-data-layer`"
        case .failed(let command, let status):
            "xtoolgen \(command) exited with status \(status)\(status == 1 ? " (see the problems above)" : "")"
        }
    }
}
