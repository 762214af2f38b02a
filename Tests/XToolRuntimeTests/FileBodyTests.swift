import Foundation
import TestSupport
import Testing
import XToolRuntime

/// `.fileBody(_:)`: a file's bytes as the whole body, with its content type (an `image/jpeg`
/// upload; issue 20, item 9); the fixed parameters go to the query, and a file on disk is sent
/// from a copy, the caller's file left where it was.
@Suite struct FileBodyTests {
    @Test func aFileIsTheWholeBodyWithItsContentType() async throws {
        let server = try TestServer.scope()
        let client = APIClient(baseURL: server.baseURL, fixed: [.literal("client", "ios")])
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let echo: Echo = try await client.send(
            RequestDescription(.put, "avatars/{id}"),
            [.path("id", 7), .fileBody(MultipartFile(data: jpeg, filename: "me.jpg", contentType: "image/jpeg"))])
        #expect(echo.method == "PUT")
        #expect(echo.query == "client=ios")
        #expect(echo.headers["content-type"] == "image/jpeg")
        #expect(echo.length == jpeg.count)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xtool-file-body-\(UUID().uuidString).csv")
        try Data("a,b\n1,2\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromDisk: Echo = try await client.send(
            RequestDescription(.post, "imports"), [.fileBody(MultipartFile(fileURL: file, contentType: "text/csv"))])
        #expect(fromDisk.body == "a,b\n1,2\n")
        #expect(fromDisk.headers["content-type"] == "text/csv")
        #expect(FileManager.default.fileExists(atPath: file.path), "the caller's file stays")
        let copies = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("xtool-body-") }
        #expect(copies == [], "the copy it was sent from is gone")
    }
}
