import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Every way a request can fail, each turned into the right `XToolError`.
@Suite struct FaultTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private struct User: Decodable, Sendable, Equatable {
        let id: Int64
        let name: String
    }

    private var client: APIClient { APIClient(baseURL: server.baseURL) }

    @Test(arguments: [400, 401, 404, 500, 502, 503])
    func httpErrorsWithHTMLBodiesAreStatusErrors(code: Int) async throws {
        try await server.route("page", .html(code))
        let error = await #expect(throws: XToolError.self) {
            let _: User = try await client.send(RequestDescription(.get, "page"))
        }
        #expect(error?.statusCode == code)
        #expect(
            error?.statusBody.map { String(decoding: $0, as: UTF8.self) }?.contains("<h1>Error \(code)</h1>") == true)
        #expect(
            error?.description
                == "The server answered with HTTP \(code): <html><head><title>\(code)</title></head><body><h1>Error \(code)</h1></body></html>"
        )
    }

    @Test(arguments: [
        ("invalid JSON", #"{"id": 1, "name": nope}"#),
        ("truncated JSON", #"{"id": 1, "name": "Ann"#),
        ("an HTML page with status 200", "<html><body>maintenance</body></html>"),
    ])
    func unparsableBodiesAreDecodingErrorsAtTheRoot(_ what: String, body: String) async throws {
        try await server.route("bad", Canned(body: body))
        let error = await #expect(throws: XToolError.self, "\(what)") {
            let _: User = try await client.send(RequestDescription(.get, "bad"))
        }
        #expect(error?.decodingPath == "", "\(what)")
        #expect(error?.decodingMessage?.contains("not valid JSON") == true, "\(what)")
    }

    @Test func anEmptyBodyIsADecodingError() async throws {
        try await server.route("empty", Canned(body: ""))
        await #expect(
            throws: XToolError.decoding(
                path: "", message: "The response body is empty (HTTP 200); an optional response accepts that.")
        ) {
            let _: User = try await client.send(RequestDescription(.get, "empty"))
        }
    }

    @Test(arguments: [
        (#"{"user": {"id": "12", "name": "Ann"}}"#, "user.id", "a wrong type"),
        (#"{"user": {"id": 12}}"#, "user.name", "a missing key"),
        (#"{"user": {"id": 12, "name": null}}"#, "user.name", "a null"),
        (#"{"user": [1]}"#, "user", "an array for an object"),
    ])
    func badValuesAreDecodingErrorsAtTheirPath(body: String, path: String, what: String) async throws {
        try await server.route("user", .json(body))
        let error = await #expect(throws: XToolError.self, "\(what)") {
            let _: User = try await client.send(RequestDescription(.get, "user", response: "user"))
        }
        #expect(error?.decodingPath == path, "\(what)")
    }

    @Test func aSlowResponsePastTheTimeoutIsATransportTimeout() async throws {
        try await server.route("slow", .delayed(10))
        let started = ContinuousClock.now
        let quick = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 1))
        let error = await #expect(throws: XToolError.self) {
            try await quick.send(RequestDescription(.get, "slow"))
        }
        #expect(error?.transportFailure?.reason == .timedOut)
        // The server answers after 10 s: ending before that is the 1 s timeout firing (late by
        // seconds when the test run is loaded: FoundationNetworking checks timeouts coarsely).
        #expect(ContinuousClock.now - started < .seconds(9))
        try await server.wait("slow", for: "closed")
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let refused = APIClient(baseURL: try TestServer.refusedBaseURL)
        let error = await #expect(throws: XToolError.self) {
            try await refused.send(RequestDescription(.get, "anything"))
        }
        #expect(error?.transportFailure?.reason == .cannotConnect)
        #expect(error?.transportFailure?.code == .cannotConnectToHost)
    }

    @Test func aConnectionDroppedMidResponseIsATransportError() async throws {
        try await server.route("drop", .dropped())
        let error = await #expect(throws: XToolError.self) {
            let _: JSON = try await client.send(RequestDescription(.get, "drop"))
        }
        #expect(error?.transportFailure != nil)
    }

    @Test func cancellingTheAsyncCallCancelsTheHTTPRequest() async throws {
        try await server.route("hang", .hang)
        let client = self.client
        let call = Task { () async throws(XToolError) -> JSON in
            try await client.send(RequestDescription(.get, "hang"))
        }
        try await server.wait("hang", for: "arrived")
        call.cancel()
        await #expect(throws: XToolError.cancelled) { try await call.value }
        // The server saw the client go away: the HTTP request itself was cancelled.
        try await server.wait("hang", for: "closed")
    }

    @Test func aCallInACancelledTaskIsCancelledWithoutBeingSent() async throws {
        let transport = StubTransport { _ in .json([:]) }
        let client = APIClient(baseURL: server.baseURL, transport: transport)
        let call = Task { () async throws(XToolError) -> JSON in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(RequestDescription(.get, "never"))
        }
        await #expect(throws: XToolError.cancelled) { try await call.value }
        #expect(transport.requests.isEmpty)
    }

    @Test func errorDescriptionsAreReadable() {
        #expect(
            XToolError.server(message: "Invalid weibo user", code: "10013").description
                == "The server reported a failure: Invalid weibo user (code 10013).")
        #expect(
            XToolError.decoding(path: "data.statuses[3].user.id", message: "Expected Int64.").description
                == "The response could not be decoded at data.statuses[3].user.id: Expected Int64.")
        #expect(XToolError.status(code: 500, body: Data()).description == "The server answered with HTTP 500.")
        #expect(XToolError.cancelled.description == "The request was cancelled.")
        let timeout = XToolError.transport(
            TransportFailure(reason: .timedOut, message: "The request timed out.", code: .timedOut))
        #expect(
            timeout.description
                == "The request failed before a response arrived: The request timed out. (URLError -1001).")
    }
}
