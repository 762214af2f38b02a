import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// `body: File`: a file's bytes as the whole body (issue 20, item 9).
@Suite struct FileBodySpecTests {
    private func load(_ endpoint: String) -> LoadedSpec {
        let yaml =
            "xtoolgen: 1\napi: Test\nbaseURL: https://api.example.com/\ntools:\n  Avatars:\n    endpoints:\n" + endpoint
        return SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
    }

    @Test func aFileBodyIsSentAsItIs() throws {
        let result = load(
            """
                  put:
                    put: avatars/{id}
                    params:
                      id: Int
                    body: { type: File, name: photo }

            """)
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        let tool = try #require(files.first { $0.path == "Test/AvatarsTool.swift" }).contents
        #expect(tool.contains("public func put(id: Int, photo: MultipartFile) async throws(XToolError)"))
        #expect(tool.contains("[.path(\"id\", id), .fileBody(photo)]"))
    }

    @Test func aFileBodyLeavesNoRoomForAMultipartPart() {
        let result = load(
            """
                  put:
                    put: avatars
                    params:
                      thumbnail: File
                    body: File

            """)
        #expect(
            result.diagnostics.map(\.description) == [
                "Test.yaml:10:11: error: the endpoint 'put' sends 'body:' as its whole body, so 'thumbnail' can't go in the body; send it in the query, a header or the path with in:"
            ])
    }
}
