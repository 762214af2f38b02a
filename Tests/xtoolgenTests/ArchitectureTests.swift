import Foundation
import TestSupport
import Testing

/// docs/architecture.md, the map a newcomer leans on, against the tree: what the page names in
/// backticks exists (paths in the repository, Swift names in the sources), and every module and
/// source file is on the page. The checks read what the page says, whatever its tables hold.
@Suite struct ArchitectureTests {
    static let root = SharedTestData.repositoryRoot
    static let page = "docs/architecture.md"

    /// Every file and folder of the repository that git would see (no `.build`, no `.git`), as
    /// paths relative to the root; folders end with `/`.
    static let tree: [String] = {
        let skipped: Set<String> = [".build", ".git", ".swiftpm"]
        var paths: [String] = []
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [])
        else { return [] }
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if skipped.contains(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            paths.append(isFolder ? relative + "/" : relative)
        }
        return paths
    }()

    /// The page's inline code spans (not its fenced blocks).
    static func spans() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        let prose = text.replacing(#/```[\s\S]*?```/#, with: "")
        return prose.matches(of: #/`([^`\n]+)`/#).map { String($0.output.1) }
    }

    /// The extensions that make a span without a slash a file name.
    static let fileExtensions: Set<String> = ["swift", "md", "yaml", "yml", "json", "mustache", "py", "txt", "h"]

    /// Whether a span names a path: it has a slash, or ends in a file extension.
    static func isPath(_ span: String) -> Bool {
        guard !span.contains(" "), !span.hasPrefix("-"), !span.hasPrefix("@") else { return false }
        if span.contains("/") { return true }
        let parts = span.split(separator: ".")
        return parts.count > 1 && fileExtensions.contains(String(parts.last!))
    }

    /// Whether the path a span names exists: from the root, or (a file or folder name, `Parsing/`,
    /// `SpecReader.swift`, `+Types.swift` after `SpecReader+Models.swift`) as the end of a path
    /// in the tree. A wildcard (`Specs/*.yaml`, `Generated/<Api>/`) stands for any name: what
    /// comes before it must exist.
    static func exists(_ span: String) -> Bool {
        var path = span
        if let wildcard = path.firstIndex(where: { "*<…".contains($0) }) {
            path = String(path[..<wildcard])
            path =
                path.hasSuffix("/") || path.isEmpty
                ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
            if path.isEmpty { return true }
        }
        if path.hasPrefix("../") { return true }  // outside the repository (../shared/testdata)
        return tree.contains { entry in
            entry == path || entry == path + "/" || entry.hasSuffix("/" + path) || entry.hasSuffix("/" + path + "/")
                || (path.hasPrefix("+") && !path.contains("/") && entry.hasSuffix(path))
        }
    }

    @Test func everyPathThePageNamesExists() throws {
        let paths = try Self.spans().filter(Self.isPath)
        #expect(paths.count > 50)
        let missing = paths.filter { !Self.exists($0) }
        #expect(missing == [], "docs/architecture.md names paths that don't exist")
    }

    /// The identifiers a span names when it is Swift (`SpecKeys.endpoint`, `YAMLNode.inFile(_:)`,
    /// `Spec.Tool`, `load(bytes)`): each dotted part before any parenthesis. Other spans
    /// (`paginate:`, `--access`, `Result<…>`, `node["key"]`, `…API`) are none.
    static func swiftNames(_ span: String) -> [String]? {
        guard let match = span.wholeMatch(of: #/([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\([^()]*\))?/#)
        else { return nil }
        return match.output.1.split(separator: ".").map(String.init)
    }

    /// The words of every Swift source, template, manifest and script of the repository (not the
    /// generated code, and not this file, which spells a stale name on purpose).
    static let sourceWords: Set<String> = {
        var words: Set<String> = []
        for path in tree
        where [".swift", ".py", ".mustache", ".swift-format"].contains(where: path.hasSuffix)
            || path.hasPrefix("scripts/")
        {
            guard !path.hasPrefix("Generated/"), !path.hasSuffix("/"), !path.hasSuffix("/ArchitectureTests.swift"),
                let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            else { continue }
            for word in text.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#) { words.insert(String(word.output)) }
        }
        return words
    }()

    @Test func everySwiftNameThePageNamesIsInTheSources() throws {
        let names = try Self.spans().filter { !Self.isPath($0) }.compactMap(Self.swiftNames)
        #expect(names.count > 100)
        let missing = names.filter { !$0.allSatisfy(Self.sourceWords.contains) }.map { $0.joined(separator: ".") }
        #expect(missing == [], "docs/architecture.md names what no source declares")
    }

    /// The catch of the two tests above: a renamed key list, a made-up file.
    @Test func staleNamesAreCaught() {
        #expect(Self.swiftNames("SpecKeys.endpoint") == ["SpecKeys", "endpoint"])
        #expect(Self.swiftNames("YAMLNode.inFile(_:)") == ["YAMLNode", "inFile"])
        #expect(Self.swiftNames("paginate:") == nil)
        #expect(!Self.sourceWords.contains("topLevelKeys"))
        #expect(Self.sourceWords.contains("SpecKeys"))
        #expect(Self.exists("Sources/XToolSpec/SpecKeys.swift"))
        #expect(Self.exists("+Types.swift"))
        #expect(Self.exists("Parsing/"))
        #expect(!Self.exists("Sources/XToolSpec/Nothing.swift"))
        #expect(!Self.exists("Nothing.swift"))
    }

    /// The modules of Package.swift that are the project's own code: every target and plugin
    /// whose sources are in `Sources/` or `Plugins/` (the generated, test and benchmark targets
    /// name a `path:` elsewhere).
    static func modules() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declarations = manifest.matches(
            of: #/\.(target|executableTarget|systemLibrary|plugin|testTarget)\(\s*name:\s*"([^"]+)"/#)
        var modules: [String] = []
        for (index, declaration) in declarations.enumerated() {
            let end = index + 1 < declarations.count ? declarations[index + 1].range.lowerBound : manifest.endIndex
            let arguments = manifest[declaration.range.upperBound..<end]
            guard declaration.output.1 != "testTarget", !arguments.contains("path:") else { continue }
            modules.append(String(declaration.output.2))
        }
        return modules
    }

    @Test func everyModuleIsOnThePage() throws {
        let modules = try Self.modules()
        #expect(modules.contains("XToolRuntime") && modules.contains("XToolGenPlugin"))
        let spans = Set(try Self.spans())
        #expect(modules.filter { !spans.contains($0) } == [], "modules of Package.swift missing from the page")
        // And each is a folder of Sources/ or Plugins/.
        let folders = modules.filter { !Self.tree.contains("Sources/\($0)/") && !Self.tree.contains("Plugins/\($0)/") }
        #expect(folders == [])
    }

    /// Each Swift file directly in a module's folder is named (by its name, or `+Types.swift`
    /// after a file of the same stem), and each folder within one (`Parsing/`, `Client/`) is:
    /// its files are what the folder's row says.
    @Test func everySourceFileOrFolderIsOnThePage() throws {
        let spans = try Self.spans()
        let named = Set(spans.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
        let shorthands = spans.filter { $0.hasPrefix("+") }
        var missing: [String] = []
        for module in try Self.modules() where Self.tree.contains("Sources/\(module)/") {
            let prefix = "Sources/\(module)/"
            for entry in Self.tree where entry.hasPrefix(prefix) {
                let rest = entry.dropFirst(prefix.count)
                if rest.hasSuffix("/"), rest.dropLast().contains("/") == false {
                    if !spans.contains(String(rest)) { missing.append(entry) }
                } else if !rest.contains("/"), rest.hasSuffix(".swift") {
                    let name = String(rest)
                    if !named.contains(name) && !shorthands.contains(where: name.hasSuffix) { missing.append(entry) }
                }
            }
        }
        #expect(missing == [], "source files and folders missing from docs/architecture.md")
    }
}
