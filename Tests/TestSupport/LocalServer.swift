import Foundation

/// A helper server process for tests: runs a Python 3 script that prints one line (its port,
/// in whatever form the script chooses) and serves until its standard input closes.
///
/// Standard input stays open as long as this process lives, so the server goes away with the
/// test process even when `stop()` is never called.
public final class LocalServer: @unchecked Sendable {
    // `@unchecked`: the stored properties are set once in `init`; afterwards only `stop()`
    // touches them, and closing a pipe and waiting for exit are safe from any thread.

    /// The first line the script printed.
    public let announcement: String
    private let process = Process()
    private let input = Pipe()

    public init(script: URL, arguments: [String] = []) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        announcement = try Self.firstLine(of: output.fileHandleForReading)
    }

    /// Closes the script's standard input and waits for it to exit.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private static func firstLine(of handle: FileHandle) throws -> String {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                throw CocoaError(
                    .fileReadCorruptFile,
                    userInfo: [NSLocalizedDescriptionKey: "The server exited before printing its port."])
            }
            bytes.append(chunk)
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
