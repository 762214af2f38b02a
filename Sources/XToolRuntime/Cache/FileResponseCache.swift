import Foundation

/// Keeps each entry in a file of its own in `directory`, written atomically.
///
/// The file name is a stable hash of the key and the file begins with the key itself, so that
/// a new process (or a new API value on the same folder) finds what an earlier one stored, and a
/// hash collision reads as a miss. A corrupt, foreign or unreadable file is a miss, never a crash.
public struct FileResponseCache: ResponseCache {
    /// The folder that holds the entries.
    public let directory: URL

    /// Nothing is created until the first write.
    public init(directory: URL) {
        self.directory = directory
    }

    /// A folder named `name` under `XToolRuntime` in the user's caches folder.
    public init(named name: String) {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.init(directory: caches.appendingPathComponent("XToolRuntime", isDirectory: true).appendingPathComponent(name, isDirectory: true))
    }

    public func data(forKey key: String) async -> Data? {
        guard let contents = try? Data(contentsOf: fileURL(forKey: key)) else { return nil }
        let header = Self.header(forKey: key)
        guard contents.starts(with: header) else { return nil }
        return Data(contents.dropFirst(header.count))
    }

    public func store(_ data: Data, forKey key: String) async {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? (Self.header(forKey: key) + data).write(to: fileURL(forKey: key), options: .atomic)
    }

    /// A version tag and the key, then a newline (keys never hold one: their parts are escaped).
    private static func header(forKey key: String) -> Data {
        Data("XToolCache 1\n\(key)\n".utf8)
    }

    private func fileURL(forKey key: String) -> URL {
        directory.appendingPathComponent(stableHash(key) + ".response")
    }
}

/// 128 bits of FNV-1a in hex: the same on every run and machine, unlike `Hasher`.
func stableHash(_ text: String) -> String {
    func fnv1a(basis: UInt64) -> UInt64 {
        text.utf8.reduce(basis) { hash, byte in (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    let halves = [fnv1a(basis: 0xCBF2_9CE4_8422_2325), fnv1a(basis: 0x6C62_272E_07BB_0142)]
    return halves.map { String($0, radix: 16).leftPadded(to: 16) }.joined()
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
