import Foundation

/// A folder of its own under the temporary directory for one test's `FileResponseCache`; it is
/// not created here (the cache creates it on its first write).
struct TemporaryDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-e2e-\(UUID().uuidString)")

    /// The contents of every file in it.
    func contents() throws -> [Data] {
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).map {
            try Data(contentsOf: $0)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
