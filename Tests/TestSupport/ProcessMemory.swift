import Foundation

/// The test process's memory, as Linux reports it in `/proc/self/status`.
public enum ProcessMemory {
    /// Resident memory in bytes (`VmRSS`), or nil where `/proc` is missing.
    public static var resident: Int? { field("VmRSS:") }

    /// The most resident memory so far in bytes (`VmHWM`), or nil where `/proc` is missing.
    public static var peak: Int? { field("VmHWM:") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }
}
