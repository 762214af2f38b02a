import Foundation
import TestSupport

/// Runs the built `xtoolgen` executable as a user would.
struct XToolGenCLI {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable beside this test bundle (the package's build folder).
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            beside, beside.deletingLastPathComponent(),
            SharedTestData.repositoryRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent("xtoolgen") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// A fresh temporary folder that the tests run the command in.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xtoolgen-cli-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.modificationDate]
            as? Date
    }

    func run(_ arguments: String...) throws -> Outcome {
        try run(program: Self.executable.path, arguments: arguments)
    }

    /// Runs `program` in the folder, with `environment` added to this process's.
    func run(program: String, _ arguments: String..., environment: [String: String] = [:]) throws -> Outcome {
        try run(program: program, arguments: arguments, environment: environment)
    }

    func run(program: String, arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
