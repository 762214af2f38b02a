import Foundation
import TestSupport
import Testing

@testable import XToolRuntime

/// The fallback cache under concurrent use and in broken states: it answers with a whole entry
/// or a miss, never a crash, and a cache that cannot write never fails a request.
@Suite struct CacheHardeningTests {
    let server: ServerScope
    let directory: URL

    init() throws {
        server = try TestServer.scope()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-cache-\(UUID().uuidString)")
    }

    private static let timeline = RequestDescription(.get, "timeline", cache: .fallback)

    /// The payload writer `writer` stores the `n`th time: its size varies, and it says who wrote it.
    private static func payload(writer: Int, n: Int) -> Data {
        let size = (writer * 7_919 + n * 104_729) % 200_000
        return Data("\(writer) \(n) ".utf8) + Data(repeating: UInt8(ascii: "a") + UInt8((writer + n) % 26), count: size)
    }

    /// Parses who wrote `data`, and says whether it is exactly what that writer stored.
    private static func isWhole(_ data: Data) -> Bool {
        let fields = data.prefix(32).split(separator: UInt8(ascii: " "), maxSplits: 2)
        guard fields.count >= 2, let writer = Int(String(decoding: fields[0], as: UTF8.self)),
            let n = Int(String(decoding: fields[1], as: UTF8.self))
        else { return false }
        return data == payload(writer: writer, n: n)
    }

    private func entryFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
    }

    @Test func concurrentWritersAndReadersOfOneKeySeeWholeEntries() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FileResponseCache(directory: directory)
        let writers = 8
        let writes = 25
        let readers = 8
        let reads = try await withThrowingTaskGroup(of: (whole: Int, broken: Int).self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for n in 0..<writes {
                        await cache.store(Self.payload(writer: writer, n: n), forKey: "GET one")
                    }
                    return (0, 0)
                }
            }
            for _ in 0..<readers {
                group.addTask {
                    var counts = (whole: 0, broken: 0)
                    for _ in 0..<(writers * writes / 2) {
                        guard let data = await cache.data(forKey: "GET one") else { continue }
                        if Self.isWhole(data) { counts.whole += 1 } else { counts.broken += 1 }
                    }
                    return counts
                }
            }
            return try await group.reduce(into: (whole: 0, broken: 0)) {
                $0.whole += $1.whole
                $0.broken += $1.broken
            }
        }
        #expect(reads.broken == 0)
        #expect(reads.whole > 0)
        let last = try #require(await cache.data(forKey: "GET one"))
        #expect(Self.isWhole(last))
        let names = try entryFiles().map(\.lastPathComponent)
        #expect(names == [stableHash("GET one") + ".response"], "one entry, no temporary file left")
    }

    @Test func concurrentCallsOfOneFallbackEndpointGetAGoodValueOrTheFailure() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Good pages and failures alternate; every call answers with a whole good page.
        try await server.route(
            "timeline", .json("[1, 2, 3]"), .html(500), .json("[4, 5, 6]"), .dropped(), .json("[7, 8, 9]"), .html(503),
            .json("[10, 11, 12]"), .json("[13"))
        let api = APIClient(baseURL: server.baseURL, cache: FileResponseCache(directory: directory))
        let _: Cached<[Int]> = try await api.cached(Self.timeline)
        let results = try await withThrowingTaskGroup(of: Cached<[Int]>.self) { group in
            for _ in 0..<64 {
                group.addTask { try await api.cached(Self.timeline) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let good: Set<[Int]> = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
        #expect(results.count == 64)
        #expect(results.allSatisfy { good.contains($0.value) })
        #expect(results.contains { !$0.isFresh })
    }

    @Test func truncatedGarbageAndStrangeFilesAreMissesNeverCrashes() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FileResponseCache(directory: directory, maxBytes: 1 << 20)
        let body = Data(#"{"statuses": [{"id": 1}, {"id": 2}]}"#.utf8)
        await cache.store(body, forKey: "GET timeline")
        let entry = try #require(try entryFiles().first)
        let stored = try Data(contentsOf: entry)
        #expect(await cache.data(forKey: "GET timeline") == body)

        // Every truncation of a good entry, and a byte flipped at every position.
        for length in 0..<stored.count {
            try stored.prefix(length).write(to: entry)
            #expect(await cache.data(forKey: "GET timeline") == nil, "cut at \(length)")
        }
        for position in 0..<stored.count {
            var flipped = stored
            flipped[position] ^= 0x20
            try flipped.write(to: entry)
            #expect(await cache.data(forKey: "GET timeline") == nil, "flipped at \(position)")
        }
        var generator = SeededGenerator(seed: 12)
        for round in 0..<200 {
            let garbage = Data(
                (0..<Int.random(in: 0..<4_096, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                })
            try garbage.write(to: entry)
            #expect(await cache.data(forKey: "GET timeline") == nil, "garbage \(round)")
        }
        // A garbage file of the right shape whose length lies.
        try (stored + Data("more".utf8)).write(to: entry)
        #expect(await cache.data(forKey: "GET timeline") == nil)

        let strange: [(String, (URL) throws -> Void)] = [
            ("a directory", { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) }),
            (
                "a file past the bound (sparse)",
                { url in
                    #expect(FileManager.default.createFile(atPath: url.path, contents: stored))
                    let handle = try FileHandle(forWritingTo: url)
                    try handle.truncate(atOffset: 8 << 30)
                    try handle.close()
                }
            ),
            ("a named pipe with no writer", { #expect(mkfifo($0.path, 0o600) == 0) }),
            (
                "a link to /dev/zero",
                { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/dev/zero") }
            ),
            (
                "a dangling link",
                { try FileManager.default.createSymbolicLink(atPath: $0.path, withDestinationPath: "/nonexistent/x") }
            ),
        ]
        for (what, make) in strange {
            try? FileManager.default.removeItem(at: entry)
            try make(entry)
            #expect(await cache.data(forKey: "GET timeline") == nil, "\(what)")
        }

        // Through a client: a broken entry is a miss, and the next good response replaces it.
        let folder = directory.appendingPathComponent("client")
        try await server.route("timeline", .json("[5]"), .html(500), .json("[6]"), .html(502))
        let api = APIClient(baseURL: server.baseURL, cache: FileResponseCache(directory: folder))
        #expect(try await api.cached(Self.timeline) == Cached(value: [5]))
        let file = try #require(
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first)
        try Data(try Data(contentsOf: file).dropLast(2)).write(to: file)
        let error = await #expect(throws: XToolError.self) {
            let _: Cached<[Int]> = try await api.cached(Self.timeline)
        }
        #expect(error?.statusCode == 500)
        #expect(try await api.cached(Self.timeline) == Cached(value: [6]))
        let fallback: Cached<[Int]> = try await api.cached(Self.timeline)
        #expect(fallback.value == [6] && fallback.failure?.statusCode == 502)
    }

    @Test func aCacheThatCannotWriteNeverFailsTheRequest() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let aFile = directory.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: aFile)
        let readOnly = directory.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        #expect(chmod(readOnly.path, 0o500) == 0)  // read-only for a user; root writes anyway
        defer { chmod(readOnly.path, 0o700) }
        let unwritable: [(String, URL)] = [
            ("a folder under a file", aFile.appendingPathComponent("cache")),
            ("a read-only folder", readOnly),
            ("a folder nobody can write, even root (/proc/self)", URL(fileURLWithPath: "/proc/self")),
            ("a folder that cannot be created (/proc)", URL(fileURLWithPath: "/proc/xtool-cache")),
        ]
        try await server.route("timeline", .json("[1]"))
        for (what, folder) in unwritable {
            let api = APIClient(baseURL: server.baseURL, cache: FileResponseCache(directory: folder))
            #expect(try await api.cached(Self.timeline) == Cached(value: [1]), "\(what)")
            let value: [Int] = try await api.send(Self.timeline)
            #expect(value == [1], "\(what)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/proc/xtool-cache"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self").allSatisfy { !$0.hasSuffix(".response") })
    }

    /// A full disk, as a file size limit in a process of its own: the write fails part-way, the
    /// request still succeeds, no partial file is left, and the stale entry is gone rather than
    /// standing in for the newer response.
    @Test func aFullDiskNeverFailsTheRequestNorLeavesAPartialEntry() async throws {
        await #expect(processExitsWith: .success) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xtool-full-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let cache = FileResponseCache(directory: directory)
            await cache.store(Data("[0]".utf8), forKey: "GET https://api.example.com/timeline q: b: h:")
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 4_096, rlim_max: rlim_t.max)
            guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else { exit(3) }
            let big = "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]"
            let stub = StubTransport { _ in .init(status: 200, body: Data(big.utf8)) }
            let api = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: stub, cache: cache)
            let fresh: Cached<[Int]> = try await api.cached(RequestDescription(.get, "timeline", cache: .fallback))
            guard fresh.isFresh, fresh.value.count == 10_000 else { exit(4) }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            guard names.isEmpty else {
                print("left behind: \(names)")
                exit(5)
            }
        }
    }

    @Test func entriesAreReadableOnlyByTheUser() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let previous = umask(0)  // the most permissive mask: the cache must not rely on one
        defer { umask(previous) }
        let cache = FileResponseCache(directory: directory)
        await cache.store(Data("secret-ish".utf8), forKey: "GET a")
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((folder[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
        for file in try entryFiles() {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600, "\(file.lastPathComponent)")
        }
    }

    @Test func fileEntriesPastTheBoundGoLeastRecentlyUsedFirst() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = Data(repeating: UInt8(ascii: "x"), count: 1_000)
        let entrySize = CacheEntry.contents(body, key: "GET a").count
        let cache = FileResponseCache(directory: directory, maxBytes: entrySize * 3 + 10)
        for key in ["GET a", "GET b", "GET c"] {
            await cache.store(body, forKey: key)
        }
        #expect(await cache.data(forKey: "GET a") == body)  // a is now the most recently used
        await cache.store(body, forKey: "GET d")
        #expect(await cache.data(forKey: "GET b") == nil)
        for key in ["GET a", "GET c", "GET d"] {
            #expect(await cache.data(forKey: key) == body, "\(key)")
        }
        #expect(try entryFiles().count == 3)

        // An entry bigger than the whole bound is not kept, and the older one goes with it.
        await cache.store(Data(repeating: 1, count: entrySize * 4), forKey: "GET a")
        #expect(await cache.data(forKey: "GET a") == nil)
        #expect(try entryFiles().count == 2)

        // Many writers at once: once they are done, the next store brings the total under the bound.
        await withTaskGroup(of: Void.self) { group in
            for n in 0..<100 {
                group.addTask { await cache.store(body, forKey: "GET many \(n)") }
            }
        }
        await cache.store(body, forKey: "GET last")
        let sizes = try entryFiles().map {
            try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int ?? 0
        }
        #expect(sizes.reduce(0, +) <= cache.maxBytes)
        #expect(await cache.data(forKey: "GET last") == body)
    }

    @Test func memoryEntriesPastTheBoundGoLeastRecentlyUsedFirst() async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 1_000)
        let cache = MemoryResponseCache(maxBytes: 3 * (1_000 + 5))
        for key in ["GET a", "GET b", "GET c"] {
            await cache.store(body, forKey: key)
        }
        #expect(await cache.data(forKey: "GET a") == body)
        await cache.store(body, forKey: "GET d")
        #expect(await cache.data(forKey: "GET b") == nil)
        for key in ["GET a", "GET c", "GET d"] {
            #expect(await cache.data(forKey: key) == body, "\(key)")
        }
        await cache.store(Data(count: 10_000), forKey: "GET c")
        #expect(await cache.data(forKey: "GET c") == nil)
        #expect(MemoryResponseCache().maxBytes == 16 << 20)
        #expect(FileResponseCache(directory: directory).maxBytes == 64 << 20)
    }
}

/// SplitMix64: the same numbers from the same seed on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
