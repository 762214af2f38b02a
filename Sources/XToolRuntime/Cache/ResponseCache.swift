import Foundation

/// Where `cache: .fallback` endpoints keep the raw bytes of their last good response.
///
/// Keys are built from the method, the URL and the dynamic parameters, never from a provided
/// value or a signature. Storing is best effort: a cache that cannot write simply misses later.
public protocol ResponseCache: Sendable {
    /// The bytes stored under `key`, or nil when there are none or they cannot be read.
    func data(forKey key: String) async -> Data?
    /// Stores `data` under `key`, replacing what was there.
    func store(_ data: Data, forKey key: String) async
}

/// A cache that lives as long as the process: for tests, previews and clients that want no files.
public final class MemoryResponseCache: ResponseCache {
    private let entries = Locked<[String: Data]>([:])

    public init() {}

    public func data(forKey key: String) async -> Data? {
        entries.withLock { $0[key] }
    }

    public func store(_ data: Data, forKey key: String) async {
        entries.withLock { $0[key] = data }
    }
}
