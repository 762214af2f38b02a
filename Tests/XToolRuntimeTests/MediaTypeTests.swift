import Foundation
import TestSupport
import Testing
import XToolRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An endpoint's own `Content-Type` and `Accept` (a spec's endpoint `headers:`, which the import
/// writes for a vendor media type, issue 41 item 4) are what goes on the wire: the JSON default
/// never replaces the one, the API's `Accept` never joins the other.
@Suite struct MediaTypeTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private static let rotateKey = RequestDescription(
        .post, "apps/{id}", name: "AppsTool.rotateKey",
        headers: [
            .literal("Content-Type", "application/vnd.example.app.rotateKey+json"),
            .literal("Accept", "application/vnd.example.app+json"),
        ])

    /// The request as the transport got it and as the server read it, from a client whose API
    /// sends `Accept: application/json`.
    private func send(_ parameters: [Parameter]) async throws -> (request: HTTPRequest, echo: Echo) {
        let transport = RecordingTransport(URLSessionTransport(timeout: 5))
        let client = APIClient(
            baseURL: server.baseURL, transport: transport, headers: [.literal("Accept", "application/json")])
        let echo: Echo = try await client.send(Self.rotateKey, parameters)
        return (try #require(transport.requests.last), echo)
    }

    @Test func aJSONBodyOfParametersIsSentAsTheEndpointsMediaType() async throws {
        let (request, echo) = try await send([.path("id", "a1"), .body("reason", "leaked")])
        #expect(request.headers.fields.filter { $0.name.lowercased() == "content-type" }.count == 1)
        #expect(echo.headers["content-type"] == "application/vnd.example.app.rotateKey+json")
        #expect(echo.headers["accept"] == "application/vnd.example.app+json")
        #expect(echo.body == #"{"reason":"leaked"}"#)
    }

    @Test func aWholeJSONBodyIsSentAsTheEndpointsMediaType() async throws {
        let (request, echo) = try await send([.path("id", "a1"), .jsonBody(["reason": "leaked"])])
        #expect(request.headers.fields.filter { $0.name.lowercased() == "content-type" }.count == 1)
        #expect(echo.headers["content-type"] == "application/vnd.example.app.rotateKey+json")
        #expect(echo.headers["accept"] == "application/vnd.example.app+json")
        #expect(echo.body == #"{"reason":"leaked"}"#)
    }
}
