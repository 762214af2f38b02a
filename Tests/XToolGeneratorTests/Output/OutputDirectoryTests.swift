import Foundation
import Testing
import XToolGenerator

@Suite struct OutputDirectoryTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xtoolgen-output-\(UUID().uuidString)")

    private func file(_ path: String, _ body: String) -> GeneratedFile {
        GeneratedFile(path: path, contents: "\(GeneratedFileMarks.ownership) from A.yaml. Do not edit.\n\(body)\n")
    }

    private func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func writesOnlyWhatChangedAndRemovesOnlyItsOwnStaleFiles() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        let first = try output.write([file("A/One.swift", "1"), file("A/Two.swift", "2")], cleaning: ["A"])
        #expect(first.written == ["A/One.swift", "A/Two.swift"])

        try Data("// written by hand\n".utf8).write(to: root.appendingPathComponent("A/Mine.swift"))
        let second = try output.write([file("A/One.swift", "1"), file("A/Three.swift", "3")], cleaning: ["A"])
        #expect(second.written == ["A/Three.swift"])
        #expect(second.removed == ["A/Two.swift"])
        #expect(read("A/Two.swift") == nil)
        #expect(read("A/Mine.swift") == "// written by hand\n")

        let unchanged = try output.write([file("A/One.swift", "1"), file("A/Three.swift", "3")], cleaning: ["A"])
        #expect(unchanged.isEmpty)
    }

    @Test func aChangedFileIsRewrittenWhole() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        try output.write([file("A/One.swift", String(repeating: "long ", count: 100))], cleaning: ["A"])
        // Shorter: nothing of the old bytes is left after the new ones.
        #expect(try output.write([file("A/One.swift", "short")], cleaning: ["A"]).written == ["A/One.swift"])
        #expect(read("A/One.swift") == file("A/One.swift", "short").contents)
        // The same length, other bytes: compared by content, not by size.
        #expect(try output.write([file("A/One.swift", "SHORT")], cleaning: ["A"]).written == ["A/One.swift"])
        #expect(read("A/One.swift") == file("A/One.swift", "SHORT").contents)
        // Longer again, and an empty file.
        try output.write(
            [
                file("A/One.swift", String(repeating: "x", count: 5000)),
                GeneratedFile(path: "A/Empty.swift", contents: ""),
            ], cleaning: [])
        #expect(read("A/One.swift") == file("A/One.swift", String(repeating: "x", count: 5000)).contents)
        #expect(read("A/Empty.swift") == "")
        #expect(output.changes(for: [GeneratedFile(path: "A/Empty.swift", contents: "")], cleaning: []).isEmpty)
    }

    @Test func checkReportsWithoutWriting() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        try output.write([file("A/One.swift", "1"), file("B/Old.swift", "old")], cleaning: ["A", "B"])
        let changes = output.changes(for: [file("A/One.swift", "changed")], cleaning: output.allFolders())
        #expect(changes.written == ["A/One.swift"])
        #expect(changes.removed == ["B/Old.swift"])
        #expect(read("A/One.swift")?.contains("\n1\n") == true)
    }

    @Test func aFolderLeftEmptyIsRemoved() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        try output.write([file("Gone/Only.swift", "x")], cleaning: ["Gone"])
        try output.write([], cleaning: output.allFolders())
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Gone").path))
    }

    /// The output folder's own files (the `.swift-format` of the generated code's style, the
    /// stamp) are neither removed nor counted as stale, when every folder is cleaned.
    @Test func theStyleFileAtTheRootIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        try output.write([file("A/One.swift", "1")], cleaning: ["A"])
        let style = root.appendingPathComponent(".swift-format")
        try Data("{}\n".utf8).write(to: style)
        #expect(output.changes(for: [file("A/One.swift", "1")], cleaning: output.allFolders()).isEmpty)
        #expect(output.allFolders() == ["A"])
        let changes = try output.write([], cleaning: output.allFolders())
        #expect(changes.removed == ["A/One.swift"])
        #expect(read(".swift-format") == "{}\n")
    }
}
