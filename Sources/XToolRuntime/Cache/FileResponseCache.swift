import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps each entry in a file of its own in `directory`, written atomically and readable only
/// by the user, with the least recently used entries removed once the files together pass
/// `maxBytes`.
///
/// The file name is a stable hash of the key and the file begins with the key itself, so that
/// a new process (or a new API value on the same folder) finds what an earlier one stored, and a
/// hash collision reads as a miss. The body's length and checksum follow the key, so a truncated,
/// corrupt, foreign or unreadable file is a miss, never a crash. Writing is best effort: when the
/// folder is read-only or the disk is full, nothing is stored and the request is unaffected.
public struct FileResponseCache: ResponseCache {
    /// How many bytes the entries of a cache may take by default: 64 MiB.
    public static let defaultMaxBytes = 64 << 20

    /// The folder that holds the entries.
    public let directory: URL
    /// The most bytes the entry files may take together; storing past it removes the least
    /// recently used entries (read or written), and an entry bigger than the whole bound is not
    /// stored at all.
    public let maxBytes: Int

    /// Nothing is created until the first write; the folder is then created readable only by
    /// the user (0700), and each file too (0600).
    public init(directory: URL, maxBytes: Int = FileResponseCache.defaultMaxBytes) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
    }

    /// A folder named `name` under `XToolRuntime` in the user's caches folder.
    public init(named name: String, maxBytes: Int = FileResponseCache.defaultMaxBytes) {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.init(
            directory: caches.appendingPathComponent("XToolRuntime", isDirectory: true)
                .appendingPathComponent(name, isDirectory: true),
            maxBytes: maxBytes)
    }

    public func data(forKey key: String) async -> Data? {
        await Self.offThePool { [self] in entry(forKey: key) }
    }

    public func store(_ data: Data, forKey key: String) async {
        await Self.offThePool { [self] in keep(data, forKey: key) }
    }

    /// File work blocks its thread, so it runs on a queue of its own rather than on the
    /// tasks' cooperative threads, which a busy cache would otherwise hold up.
    private static let files = DispatchQueue(
        label: "XToolRuntime.FileResponseCache", qos: .utility, attributes: .concurrent)

    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            files.async { continuation.resume(returning: work()) }
        }
    }

    private func entry(forKey key: String) -> Data? {
        let path = fileURL(forKey: key).path
        guard let contents = Self.readFile(atPath: path, limit: maxBytes),
            let body = CacheEntry.body(of: contents, key: key)
        else { return nil }
        _ = utimes(path, nil)  // the modification time is the entry's last use, for eviction
        return body
    }

    private func keep(_ data: Data, forKey key: String) {
        let entry = CacheEntry.contents(data, key: key)
        let path = fileURL(forKey: key).path
        guard entry.count <= maxBytes else {
            // The newer response cannot be kept; the older one must not stand in for it.
            _ = unlink(path)
            return
        }
        guard createDirectory() else { return }
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp").path
        guard Self.writeFile(entry, atPath: temporary), rename(temporary, path) == 0 else {
            // A full disk or a folder gone read-only: no partial file, and no stale entry.
            _ = unlink(temporary)
            _ = unlink(path)
            return
        }
        evict(keeping: path)
    }

    /// Creates the folder (0700) when it is missing; false when it cannot be.
    private func createDirectory() -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            return isDirectory.boolValue
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }

    /// Removes the least recently used entries until the rest fit `maxBytes`, and temporary
    /// files that a crashed writer left behind an hour ago or more.
    private func evict(keeping kept: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(path: String, size: Int, used: Double)] = []
        var total = 0
        let now = Date().timeIntervalSince1970
        for name in names {
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else { continue }
            let used = Self.modificationTime(info)
            if name.hasSuffix(".tmp") {
                if now - used > 3_600 { _ = unlink(path) }
            } else if name.hasSuffix(".response") {
                entries.append((path, Int(info.st_size), used))
                total += Int(info.st_size)
            }
        }
        guard total > maxBytes else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where entry.path != kept {
            if unlink(entry.path) == 0 || errno == ENOENT {
                total -= entry.size
            }
            if total <= maxBytes { break }
        }
    }

    private func fileURL(forKey key: String) -> URL {
        directory.appendingPathComponent(stableHash(key) + ".response")
    }

    private static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// The file's bytes, or nil when it is missing, not a regular file, unreadable, or longer
    /// than `limit` (so a stray huge file is never loaded).
    private static func readFile(atPath path: String, limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a named pipe must not block
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG),
            Int(info.st_size) <= limit
        else {
            return nil
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else { return nil }
        }
    }

    /// Writes a new file readable only by the user; false on any failure (full disk, no rights).
    private static func writeFile(_ data: Data, atPath path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var written = 0
        let complete = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        return close(descriptor) == 0 && complete
    }
}

/// An entry file: a version tag, the key, the body's length and checksum, each on a line of
/// its own, then the body. Keys never hold a newline: their parts are escaped.
enum CacheEntry {
    static func contents(_ body: Data, key: String) -> Data {
        header(key) + Data("\(body.count) \(checksum(body))\n".utf8) + body
    }

    /// The body, when `contents` is a whole entry for `key` whose body matches its checksum.
    static func body(of contents: Data, key: String) -> Data? {
        let header = header(key)
        guard contents.starts(with: header) else { return nil }
        let rest = contents.dropFirst(header.count)
        guard let newline = rest.prefix(48).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let fields = String(decoding: rest[..<newline], as: UTF8.self).split(separator: " ")
        let body = Data(rest[rest.index(after: newline)...])
        guard fields.count == 2, Int(fields[0]) == body.count, fields[1] == checksum(body) else { return nil }
        return body
    }

    private static func header(_ key: String) -> Data {
        Data("XToolCache 2\n\(key)\n".utf8)
    }

    /// 64-bit FNV-1a, in hex.
    static func checksum(_ data: Data) -> String {
        let hash = data.withUnsafeBytes { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
        return String(hash, radix: 16)
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
