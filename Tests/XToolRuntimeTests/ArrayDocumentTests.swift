import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Response documents that are JSON arrays (issue 22, defect 1): a key path that starts with an
/// index, and an API-wide envelope on an endpoint that answers a bare array.
@Suite struct ArrayDocumentTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    /// OpenWeatherMap's geocoding answers an array of places
    /// (openweathermap.org/api/geocoding-api, "Example of API response"; trimmed).
    private static let places = #"""
        [{"name": "London", "lat": 51.5073219, "lon": -0.1276474, "country": "GB"},
         {"name": "City of London", "lat": 51.5156177, "lon": -0.0919983, "country": "GB"}]
        """#

    @Test func aKeyPathMayStartWithAnIndexIntoTheDocument() async throws {
        try await server.route("geo/1.0/direct", .json(Self.places))
        let client = APIClient(baseURL: server.baseURL)

        let name: String = try await client.send(RequestDescription(.get, "geo/1.0/direct", response: "0.name"))
        let second: Double = try await client.send(RequestDescription(.get, "geo/1.0/direct", response: "1.lat"))
        let first: JSON = try await client.send(RequestDescription(.get, "geo/1.0/direct", response: "0"))
        #expect(name == "London")
        #expect(second == 51.5156177)
        #expect(first["country"]?.stringValue == "GB")

        let third: String? = try await client.send(RequestDescription(.get, "geo/1.0/direct", response: "2.name"))
        #expect(third == nil, "an index past the end is a missing value")
        await #expect(
            throws: XToolError.decoding(path: "[2]", message: "No element at index 2: the array has 2.")
        ) {
            let _: String = try await client.send(RequestDescription(.get, "geo/1.0/direct", response: "2.name"))
        }
        await #expect(
            throws: XToolError.decoding(path: "name", message: "No value for key 'name': the value is an array.")
        ) {
            let _: String = try await client.send(RequestDescription(.get, "geo/1.0/direct", response: "name"))
        }
    }

    /// WeChat-style: failures carry `errcode`, successes may leave it out. A bare array has no
    /// `errcode`, so `missing: success` lets it through as the payload.
    @Test func anEnvelopeWhoseCodeMayBeMissingAcceptsABareArray() async throws {
        let envelope = Envelope(
            success: .init(path: "errcode", equals: 0, missingIsSuccess: true), message: "errmsg", code: "errcode")
        let client = APIClient(baseURL: server.baseURL, envelope: envelope)
        try await server.route("tags", .json(#"[{"id": 2, "name": "星标组"}, {"id": 100, "name": "test"}]"#))

        let tags: JSON = try await client.send(RequestDescription(.get, "tags"))
        let firstID: Int = try await client.send(RequestDescription(.get, "tags", response: "0.id"))
        try await client.send(RequestDescription(.get, "tags"))
        #expect(tags.arrayValue?.count == 2)
        #expect(firstID == 2)

        // Without `missing: success`, an array has no success value: the envelope's failure.
        let strict = APIClient(
            baseURL: server.baseURL, envelope: Envelope(success: .init(path: "errcode", equals: 0), message: "errmsg"))
        await #expect(throws: XToolError.server(message: nil, code: nil)) {
            let _: JSON = try await strict.send(RequestDescription(.get, "tags"))
        }
        // An envelope whose payload is at a key: an array has no such key.
        let wrapped = APIClient(baseURL: server.baseURL, envelope: Envelope(data: "data"))
        await #expect(
            throws: XToolError.decoding(path: "data", message: "No value for key 'data': the value is an array.")
        ) {
            let _: JSON = try await wrapped.send(RequestDescription(.get, "tags"))
        }
    }

    @Test func aModelStillRefusesAnArray() async throws {
        struct Place: Decodable, Sendable {
            let name: String
        }
        try await server.route("geo", .json(Self.places))
        let error = await #expect(throws: XToolError.self) {
            let _: Place = try await APIClient(baseURL: server.baseURL).send(RequestDescription(.get, "geo"))
        }
        #expect(error?.decodingPath == "")
    }
}
