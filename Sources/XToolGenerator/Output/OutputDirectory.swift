import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A generated source file, by its path relative to the output folder.
package struct GeneratedFile: Sendable, Hashable {
    /// `Weibo/StatusTool.swift`.
    package var path: String
    package var contents: String

    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The output folder (`Generated/`): writes only what changed, removes the files it owns that
/// no longer have a source, and tells what is stale without writing (`check`).
package struct OutputDirectory: Sendable {
    /// What a run changed (or, for `check`, would change), as relative paths.
    package struct Changes: Sendable, Hashable {
        package var written: [String] = []
        package var removed: [String] = []
        package var isEmpty: Bool { written.isEmpty && removed.isEmpty }
    }

    package let root: URL

    package init(root: URL) {
        self.root = root
    }

    /// What writing `files` would change: files whose bytes differ or are missing, and owned
    /// files under `folders` that neither `files` nor `unchanged` (the paths of outputs known to
    /// be current, `GenerationStamp`) holds.
    package func changes(
        for files: [GeneratedFile], unchanged: [String] = [], cleaning folders: [String]
    ) -> Changes {
        var changes = Changes()
        for file in files where !Self.holds(url(file.path).path, file.contents) {
            changes.written.append(file.path)
        }
        // Only a file that nothing generates any more is opened to see whether it is owned.
        let kept = Set(files.map(\.path) + unchanged)
        changes.removed = swiftFiles(in: folders).filter { !kept.contains($0) && isOwned($0) }
        return changes
    }

    /// Writes the files whose bytes changed and removes stale owned files.
    ///
    /// A changed file is rewritten in place (its new bytes over the old ones, then cut to the
    /// new length) and a new one is created: neither a temporary file plus a rename nor a
    /// truncation to zero, which make ext4 flush each file to disk as it is replaced (2,002
    /// files: about 6 s instead of 0.1 s). No reader runs while the generator writes (the
    /// build-tool plugin's output is compiled after the command ends); a run that is killed
    /// half-way leaves files whose bytes differ, so the next run (or `check`) sees and rewrites
    /// them.
    @discardableResult
    package func write(_ files: [GeneratedFile], unchanged: [String] = [], cleaning folders: [String]) throws -> Changes
    {
        let changes = changes(for: files, unchanged: unchanged, cleaning: folders)
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
        var createdFolders: Set<String> = []
        for path in changes.written {
            let target = url(path)
            let folder = target.deletingLastPathComponent()
            if createdFolders.insert(folder.path).inserted {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Self.overwrite(
                target.path, with: byPath[path, default: GeneratedFile(path: path, contents: "")].contents)
        }
        for path in changes.removed {
            try FileManager.default.removeItem(at: url(path))
            let folder = url(path).deletingLastPathComponent()
            if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try FileManager.default.removeItem(at: folder)
            }
        }
        return changes
    }

    /// The digest of the file at `path` (relative), nil when it can't be read.
    package func digest(of path: String) -> ContentDigest? {
        FileManager.default.contents(atPath: url(path).path).map(ContentDigest.init)
    }

    /// Every folder directly under the root (to clean them all when every spec is generated).
    package func allFolders() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// The `.swift` files under `folders`, sorted, as relative paths.
    private func swiftFiles(in folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    /// Whether the file starts with the ownership mark.
    private func isOwned(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url(path).path) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: GeneratedFileMarks.ownership.utf8.count)) ?? Data()
        return start == Data(GeneratedFileMarks.ownership.utf8)
    }

    /// Whether the file at `path` holds exactly the UTF-8 of `contents` (false when it is
    /// missing or can't be read). Its size is compared before any byte is read.
    private static func holds(_ path: String, _ contents: String) -> Bool {
        var contents = contents
        return contents.withUTF8 { expected in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, Int(status.st_size) == expected.count else { return false }
            guard expected.count > 0 else { return true }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: expected.count + 1, alignment: 1)
            defer { buffer.deallocate() }
            var filled = 0
            // One byte more than expected is asked for, to see a file that grew meanwhile.
            while filled <= expected.count {
                let count = read(descriptor, buffer.baseAddress! + filled, expected.count + 1 - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            return filled == expected.count && memcmp(buffer.baseAddress!, expected.baseAddress!, expected.count) == 0
        }
    }

    /// Writes `contents` over the file at `path` in place, creating it when it is missing, and
    /// cuts what is left of longer old contents.
    private static func overwrite(_ path: String, with contents: String) throws {
        var contents = contents
        let failure: (operation: String, code: Int32)? = contents.withUTF8 { bytes in
            // A new file needs no truncation; an existing one is opened as it is (see above).
            var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            let isNew = descriptor >= 0
            if !isNew, errno == EEXIST { descriptor = open(path, O_WRONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { return ("open", errno) }
            var written = 0
            while written < bytes.count {
                let count = writeBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    let code = errno
                    close(descriptor)
                    return ("write", code)
                }
                written += count
            }
            guard isNew || ftruncate(descriptor, off_t(bytes.count)) == 0 else {
                let code = errno
                close(descriptor)
                return ("truncate", code)
            }
            guard close(descriptor) == 0 else { return ("close", errno) }
            return nil
        }
        if let failure {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: path,
                    NSLocalizedDescriptionKey:
                        "can't \(failure.operation) \(path): \(String(cString: strerror(failure.code)))",
                ])
        }
    }

    /// (`isDirectory:` given: without it, Foundation asks the file system.)
    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path, isDirectory: false)
    }
}

/// POSIX `write(2)` (under another name, out of reach of `OutputDirectory.write`).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
