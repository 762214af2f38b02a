import Foundation
import XToolDiagnostics

/// Reading a file the user named: a spec, an options file, a template or a context.
package enum InputFile {
    /// The bytes of the file at `path`; one that is missing or unreadable is an error at its
    /// line 1, column 1, so that an editor or a build log points at the file. A missing file
    /// named by a relative path also names the absolute path that was tried.
    package static func contents(of path: String) throws(Diagnostic) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let reason: String
            if FileManager.default.fileExists(atPath: path) {
                reason = "can't read the file"
            } else {
                reason = absolute == path ? "no such file" : "no such file (looked for \(absolute))"
            }
            throw Diagnostic(.error, reason, file: path, at: SourceLocation(line: 1, column: 1))
        }
        return data
    }
}
