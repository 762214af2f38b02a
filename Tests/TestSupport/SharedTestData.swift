import Foundation

/// Locates the conformance data in `../shared/testdata/` (beside the repository).
///
/// Outside CI a test whose data is absent is skipped with a visible message; `.ci/run` sets
/// `XTOOLGEN_REQUIRE_TESTDATA=1`, which makes the absence a failure instead.
public enum SharedTestData {
    /// The repository's root folder, found from this file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `../shared/testdata/<name>`, or `$XTOOLGEN_TESTDATA/<name>` when that is set.
    public static func directory(_ name: String) -> URL {
        let base =
            ProcessInfo.processInfo.environment["XTOOLGEN_TESTDATA"].map { URL(fileURLWithPath: $0) }
            ?? repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata")
        return base.appendingPathComponent(name)
    }

    /// Whether the data set `name` is present.
    public static func isPresent(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory(name).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Whether a test needing `name` should run: when the data is there, or when CI requires it
    /// (so that the test fails loudly instead of being skipped).
    public static func shouldRun(_ name: String) -> Bool {
        isPresent(name) || ProcessInfo.processInfo.environment["XTOOLGEN_REQUIRE_TESTDATA"] == "1"
    }
}
