import Testing

@testable import XToolImport

/// The path a diagnostic names for a file a reference led to: the referring file's folder joined
/// with the reference, `.` and `name/..` removed (issue 29: a split document's warnings named
/// `resources/ssh_keys/../../shared/parameters.yml`).
@Suite struct DocumentPathTests {
    @Test func pathsAreNormalised() {
        #expect(Importer.normalized("resources/ssh_keys/../../shared/parameters.yml") == "shared/parameters.yml")
        #expect(
            Importer.normalized("/data/do/resources/a/responses/../models/b.yml") == "/data/do/resources/a/models/b.yml"
        )
        #expect(Importer.normalized("./ops/./get.yml") == "./ops/get.yml")
        #expect(Importer.normalized("ops//get.yml") == "ops/get.yml")
        #expect(Importer.normalized("../shared/x.yml") == "../shared/x.yml")
        #expect(Importer.normalized("a/../../x.yml") == "../x.yml")
        #expect(Importer.normalized("/a/../..") == "/")
    }
}
