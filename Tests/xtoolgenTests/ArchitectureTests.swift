import Foundation
import TestSupport
import Testing

/// docs/architecture.md, the map a newcomer leans on, against the tree: every path it names
/// exists, and the map's places, names, imports and diagrams are the tree's (`ArchitectureMap`),
/// which each of the changes an earlier test let through must break.
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

    /// The map as `ArchitectureMap` reads it: the page, every file, the Swift of the sources,
    /// tests, plugins and generated code, and the manifest.
    static func map() throws -> ArchitectureMap {
        let files = tree.filter { !$0.hasSuffix("/") }
        var swift: [String: String] = [:]
        for path in files where path.hasSuffix(".swift") && !path.hasPrefix("Examples/") {
            swift[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return ArchitectureMap(
            page: try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8), files: files,
            swift: swift,
            manifest: try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    /// Every file the page names is in the folders of its section, every source file is named
    /// by its module's section, every Swift name is declared, the modules' imports are the
    /// manifest's and the diagrams name what exists.
    @Test func theMapIsTrue() throws {
        let map = try Self.map()
        #expect(map.sections.count > 15 && map.sourceFiles.count > 200 && map.modules.count > 10)
        #expect(map.problems() == [])
    }

    /// A change to the tree that the page doesn't follow, each of which the map must catch (the
    /// changes issue 38 found an earlier map test let through).
    enum Change: String, CaseIterable, Sendable {
        case deleteParameter, deletePagination, deleteSpecReaderTypes, moveEnvelopeToTheGenerator,
            addGeneratorPagination, addClientBackoff, addSamplesResponseTypes, renameSpecKeysKeepingAComment,
            addAModuleDependency

        func apply(to map: inout ArchitectureMap) {
            func remove(_ path: String) {
                map.files.removeAll { $0 == path }
                map.swift[path] = nil
            }
            func add(_ path: String, _ text: String) {
                map.files.append(path)
                map.swift[path] = text
            }
            switch self {
            case .deleteParameter: remove("Sources/XToolSpec/Parameter.swift")
            case .deletePagination: remove("Sources/XToolSpec/Pagination.swift")
            case .deleteSpecReaderTypes: remove("Sources/XToolSpec/SpecReader+Types.swift")
            case .moveEnvelopeToTheGenerator:
                let text = map.swift["Sources/XToolSpec/Envelope.swift"] ?? ""
                remove("Sources/XToolSpec/Envelope.swift")
                add("Sources/XToolGenerator/Envelope.swift", text)
            case .addGeneratorPagination: add("Sources/XToolGenerator/Pagination.swift", "struct Pages {}\n")
            case .addClientBackoff: add("Sources/XToolRuntime/Client/Backoff.swift", "struct Backoff {}\n")
            case .addSamplesResponseTypes: add("Sources/XToolSamples/Response+Types.swift", "extension Spec {}\n")
            case .renameSpecKeysKeepingAComment:
                map.swift = map.swift.mapValues { $0.replacingOccurrences(of: "SpecKeys", with: "SpecKeyLists") }
                map.swift["Sources/XToolSpec/Spec.swift", default: ""] += "\n// Once called SpecKeys.\n"
            case .addAModuleDependency:
                map.manifest = map.manifest.replacingOccurrences(
                    of: #"name: "XToolGenerator", dependencies: ["XToolDiagnostics","#,
                    with: #"name: "XToolGenerator", dependencies: ["XToolYAML", "XToolDiagnostics","#)
            }
        }
    }

    /// The test of the test: each change fails the map.
    @Test(arguments: Change.allCases) func aChangeThePageDoesNotFollowFailsTheMap(_ change: Change) throws {
        var map = try Self.map()
        let before = map
        change.apply(to: &map)
        #expect(map.files != before.files || map.swift != before.swift || map.manifest != before.manifest)
        #expect(map.problems() != [], "\(change) went unseen")
    }
}
