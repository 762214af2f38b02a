import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-data-layer [SPEC...] [options]`:
/// runs `xtoolgen generate` in the package's folder, so `Specs/*.yaml` (and OpenAPI documents
/// there, `.yaml`, `.yml` or `.json`) become `Generated/` (committed sources). Every argument
/// goes to xtoolgen as given (`--access internal`, `--nonisolated`, `--templates DIR`,
/// `--output DIR`, spec paths), except the `--target NAME` that Xcode adds. xtoolgen writes only
/// the files whose bytes changed, and prints spec errors as
/// `Specs/Name.yaml:line:column: error: …`, relative to the package.
@main
struct GenerateDataLayer: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "xtoolgen").url
        process.arguments = ["generate"] + Self.droppingTargets(arguments)
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw GenerateError(status: process.terminationStatus)
        }
    }

    /// The arguments without `--target NAME` / `--target=NAME`: the command works on the
    /// package's `Specs/`, whichever target it was started from.
    static func droppingTargets(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--target" {
                _ = rest.popFirst()
            } else if !argument.hasPrefix("--target=") {
                kept.append(argument)
            }
        }
        return kept
    }
}

struct GenerateError: Error, CustomStringConvertible {
    var status: Int32

    var description: String {
        "xtoolgen generate exited with status \(status)\(status == 1 ? " (errors in the specs or the output folder)" : "")"
    }
}
