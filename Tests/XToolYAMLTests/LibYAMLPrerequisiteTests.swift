import Foundation
import TestSupport
import Testing

/// A machine without libyaml stops the build at the one line of `Sources/CXToolYAML/shim.h`
/// that names the fix; the README and docs/plugins.md, where a newcomer looks first, give the
/// same commands and quote that line and SwiftPM's hint from Package.swift's providers.
@Suite struct LibYAMLPrerequisiteTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: SharedTestData.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theDocsQuoteTheBuildsOwnMessages() throws {
        let shim = try Self.text("Sources/CXToolYAML/shim.h").split(separator: "\n", omittingEmptySubsequences: false)
        let errorLine = try #require(shim.firstIndex { $0.hasPrefix("#error ") })
        let message = shim[errorLine].dropFirst("#error ".count)
        #expect(message.contains("'brew install libyaml pkg-config'"))
        #expect(message.contains("'apt-get install libyaml-dev pkg-config'"))

        let plugins = try Self.text("docs/plugins.md")
        #expect(plugins.contains("Sources/CXToolYAML/shim.h:\(errorLine + 1):2: error: \(message)\n"))
        #expect(try Self.text("Package.swift").contains(#"providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]"#))
        #expect(
            plugins.contains(
                "you may be able to install yaml-0.1 using your system-packager:\n    brew install libyaml\n"))

        let readme = try Self.text("README.md")
        for doc in [readme, plugins] {
            #expect(doc.contains("brew install libyaml pkg-config"))
            #expect(doc.contains("apt-get install libyaml-dev pkg-config"))
        }
        #expect(readme.contains(String(message.prefix(40))))
    }
}
