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
/// Once its entries (keys and bodies) pass `maxBytes`, the least recently used go first.
public final class MemoryResponseCache: ResponseCache {
    /// How many bytes the entries may take by default: 16 MiB.
    public static let defaultMaxBytes = 16 << 20

    private struct Entry {
        var data: Data
        var lastUse: UInt64
        var size: Int
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var total = 0
        var clock: UInt64 = 0
    }

    /// The most bytes the keys and bodies may take together; an entry bigger than that is not kept.
    public let maxBytes: Int
    private let state = Locked(State())

    public init(maxBytes: Int = MemoryResponseCache.defaultMaxBytes) {
        self.maxBytes = max(0, maxBytes)
    }

    public func data(forKey key: String) async -> Data? {
        state.withLock { state in
            guard state.entries[key] != nil else { return nil }
            state.clock += 1
            state.entries[key]!.lastUse = state.clock
            return state.entries[key]!.data
        }
    }

    public func store(_ data: Data, forKey key: String) async {
        let size = key.utf8.count + data.count
        let maxBytes = self.maxBytes
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) {
                state.total -= old.size
            }
            guard size <= maxBytes else { return }
            state.clock += 1
            state.entries[key] = Entry(data: data, lastUse: state.clock, size: size)
            state.total += size
            while state.total > maxBytes,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries.removeValue(forKey: oldest.key)
                state.total -= oldest.value.size
            }
        }
    }
}
