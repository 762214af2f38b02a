import TestSupport
import Testing
import XToolMustache

/// Runs every case of the mustache spec (`../shared/testdata/mustache-spec`).
@Suite(
    .enabled(
        if: SharedTestData.shouldRun("mustache-spec"),
        "mustache-spec test data not found at \(SpecSuite.directory.path)"))
struct SpecConformanceTests {
    @Test(arguments: SpecSuite.cases.filter { !$0.isSkipped })
    func specCase(_ specCase: SpecCase) throws {
        try Self.check(specCase)
    }

    @Test(.disabled(Comment(rawValue: SpecSuite.skipReason)), arguments: SpecSuite.cases.filter(\.isSkipped))
    func skippedSpecCase(_ specCase: SpecCase) throws {
        try Self.check(specCase)
    }

    private static func check(_ specCase: SpecCase) throws {
        let output = try specCase.render()
        #expect(
            output.utf8.elementsEqual(specCase.expected.utf8),
            "rendered \(output.debugDescription), expected \(specCase.expected.debugDescription)")
    }

    /// Prints one line with the counts per group of files, and requires the core and
    /// `~inheritance` files to pass in full.
    @Test func summary() throws {
        let cases = try SpecSuite.loadCases()
        let files = Set(cases.map(\.file))
        #expect(
            files.isSuperset(of: SpecSuite.coreFiles.union(["~inheritance"])),
            "spec files missing from \(SpecSuite.directory.path)")

        let core = cases.filter { SpecSuite.coreFiles.contains($0.file) }
        let corePassed = core.filter(\.passes).count
        var groups = ["core \(corePassed)/\(core.count)"]
        for file in files.subtracting(SpecSuite.coreFiles).sorted(by: Self.optionalFileOrder) {
            let fileCases = cases.filter { $0.file == file }
            if fileCases.contains(where: \.isSkipped) {
                groups.append("\(file) skipped (optional)")
            } else {
                let passed = fileCases.filter(\.passes).count
                groups.append("\(file) \(passed)/\(fileCases.count)")
                if file == "~inheritance" {
                    #expect(passed == fileCases.count, "~inheritance: \(passed)/\(fileCases.count)")
                }
            }
        }
        print("mustache-spec: " + groups.joined(separator: ", "))
        #expect(corePassed == core.count, "core: \(corePassed)/\(core.count)")
    }

    /// `~inheritance` (required), `~lambdas` and `~dynamic-names` first, then any others by name.
    private static func optionalFileOrder(_ left: String, _ right: String) -> Bool {
        let known = ["~inheritance", "~lambdas", "~dynamic-names"]
        let rank = { (file: String) in known.firstIndex(of: file) ?? known.count }
        return (rank(left), left) < (rank(right), right)
    }
}
