import Foundation
import PackagePlugin

/// Generates a target's data layer at build time. Each spec directly in a folder named `Specs`
/// of the target (`Sources/App/Specs/Timeline.yaml`, `.yml` too, and OpenAPI documents, `.yaml`,
/// `.yml` or `.json`, and HAR captures, `.har`, which xtoolgen imports in memory) becomes one
/// build command,
/// `xtoolgen generate SPEC --output-file <work dir>/Timeline.xtoolgen.swift`, and that file is
/// compiled into the target. Nothing is written into the package.
///
/// Outputs must be declared before any spec is read, and the per-type files `xtoolgen` writes
/// by default are named after the spec's contents, so each spec becomes one file named after
/// the spec file. Beside the specs, `xtoolgen.options` (`--access LEVEL`, `--nonisolated`) is
/// passed with `--options-file` and `*.mustache` files replace default templates
/// (`--templates`). SwiftPM re-invokes this plugin only when files are added or removed, so the
/// command line depends only on which files exist, never on what they contain; their contents
/// are the command's inputs, and so is every file in a subfolder of `Specs` (the samples a
/// spec names, `Specs/samples/…`). The build system runs a command only when an input (or xtoolgen
/// itself) changed, and xtoolgen rewrites the output only when its bytes changed.
/// Spec errors come out of xtoolgen as `/absolute/path.yaml:line:column: error: …`. Each command
/// also names the target's other specs (`--same-module`, and as inputs), so that two specs that
/// declare one type fail with an error at each declaration naming the other spec, rather than
/// with the compiler's hundreds of redeclarations.
///
/// Packages and Xcode app targets (the `XcodeBuildToolPlugin` conformance below) share
/// `commands(xtoolgen:files:workDirectory:targetName:)`; only the lookup of the target's files
/// differs.
@main
struct XToolGenPlugin: BuildToolPlugin {
    static let optionsFileName = "xtoolgen.options"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            xtoolgen: context.tool(named: "xtoolgen").url, files: target.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)
    }

    /// One command per spec among `files` (all of the target's files), writing into
    /// `workDirectory`.
    static func commands(xtoolgen: URL, files allFiles: [URL], workDirectory: URL, targetName: String) throws
        -> [Command]
    {
        let files = allFiles.filter { $0.deletingLastPathComponent().lastPathComponent == "Specs" }
        let specs = files.filter { ["yaml", "yml", "json", "har"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        guard !specs.isEmpty else {
            Diagnostics.warning(
                "XToolGenPlugin: the target '\(targetName)' has no spec; put its *.yaml specs in a Specs folder of the target"
            )
            return []
        }
        var byOutputName: [String: URL] = [:]
        for spec in specs {
            let name = outputName(spec)
            if let other = byOutputName[name] {
                throw PluginError("\(other.path) and \(spec.path) would both generate \(name); rename one")
            }
            byOutputName[name] = spec
        }
        return specs.map { spec in
            let folder = spec.deletingLastPathComponent()
            let beside = files.filter { $0.deletingLastPathComponent() == folder }
            let optionsFiles = beside.filter { $0.lastPathComponent == optionsFileName }
            let templates = beside.filter { $0.pathExtension == "mustache" }.sorted { $0.path < $1.path }
            // Every file below the spec's folder (`Specs/samples/…`): the sample files a spec
            // names, and the files an OpenAPI document refers to, so editing one regenerates.
            let below = allFiles.filter {
                $0.path.hasPrefix(folder.path + "/") && $0.deletingLastPathComponent().path != folder.path
            }.sorted { $0.path < $1.path }
            let output = workDirectory.appendingPathComponent(outputName(spec))
            let others = specs.filter { $0 != spec }
            var arguments = ["generate", spec.path, "--output-file", output.path]
            for file in optionsFiles { arguments += ["--options-file", file.path] }
            if !templates.isEmpty { arguments += ["--templates", folder.path] }
            for other in others { arguments += ["--same-module", other.path] }
            return .buildCommand(
                displayName: "Generating \(output.lastPathComponent) from \(spec.lastPathComponent)",
                executable: xtoolgen,
                arguments: arguments,
                inputFiles: [spec] + optionsFiles + templates + below + others,
                outputFiles: [output])
        }
    }

    /// `Timeline.yaml` -> `Timeline.xtoolgen.swift`: never the name of a hand-written
    /// `Timeline.swift` (a target can't hold two source files with the same name).
    static func outputName(_ spec: URL) -> String {
        spec.deletingPathExtension().lastPathComponent + ".xtoolgen.swift"
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same commands for a target of an Xcode project: its input files are every file that
    /// belongs to the target, the specs among them found by their `Specs` folder on disk.
    /// (Compiled only by Xcode; untested on the Linux machines this project is built on.)
    extension XToolGenPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                xtoolgen: context.tool(named: "xtoolgen").url, files: target.inputFiles.map(\.url),
                workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)
        }
    }
#endif

struct PluginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
