import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Multipart bodies and upload progress.
@Suite struct UploadTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    @Test func filesAndFieldsMakeAMultipartBody() async throws {
        let api = APIClient(
            baseURL: server.baseURL, fixed: [.literal("source", "211160679"), .provided("access_token", { "tok" })],
            signature: Signature(name: "sign") { _ in "sig" }, body: .form)
        let echo: Echo = try await api.send(
            RequestDescription(.post, "statuses/upload.json"),
            [
                .body("status", "hello 微博"), .body("tags", ["a", "b"]), .body("lat", Double?.none),
                .file(
                    "pic",
                    MultipartFile(data: Data("PNGDATA".utf8), filename: "cat \"1\".png", contentType: "image/png")),
            ])
        let contentType = try #require(echo.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        func part(_ name: String, _ value: String) -> String {
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        let expected =
            part("source", "211160679") + part("access_token", "tok") + part("status", "hello 微博") + part("tags", "a")
            + part("tags", "b") + part("sign", "sig")
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"pic\"; filename=\"cat %221%22.png\"\r\n"
            + "Content-Type: image/png\r\n\r\nPNGDATA\r\n--\(boundary)--\r\n"
        #expect(echo.body == expected)
    }

    @Test func uploadProgressReachesTheWholeBody() async throws {
        let api = APIClient(baseURL: server.baseURL)
        let file = MultipartFile(data: Data(repeating: 7, count: 3_000_000), filename: "big.bin")
        let progress = Recorder<TransferProgress>()
        let echo: Echo = try await withTransferProgress({ progress.append($0) }) {
            () async throws(XToolError) -> Echo in
            try await api.send(RequestDescription(.post, "upload"), [.file("file", file)])
        }
        let uploads = progress.values.filter { $0.direction == .upload }
        #expect(uploads.count > 1)
        #expect(uploads.map(\.completedBytes) == uploads.map(\.completedBytes).sorted())
        #expect(uploads.last?.completedBytes == Int64(echo.length))
        #expect(uploads.last?.totalBytes == Int64(echo.length))
        #expect(echo.length > 1_000_000)
        #expect(progress.values.contains { $0.direction == .download })
    }
}
