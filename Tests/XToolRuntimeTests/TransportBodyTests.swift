import Foundation
import TestSupport
import Testing
import XToolRuntime

/// What `URLSessionTransport` hands over is the whole body, decoded, and the call's own: a
/// compressed body's `Content-Length` is not the length of what arrives, and a kept-alive
/// connection carries one response after another.
@Suite struct TransportBodyTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private var client: APIClient { APIClient(baseURL: server.baseURL) }

    private struct Items: Decodable, Sendable {
        struct Item: Decodable, Sendable {
            let id: Int
            let name: String
        }
        let items: [Item]
    }

    /// `{"items": [{"id": 0, "name": "item"}, … 199]}` (5,701 bytes) gzipped to 519 bytes: the
    /// `Content-Length` counts the compressed bytes, fewer than the ones handed over.
    private static let gzippedItems = Data(
        base64Encoded:
            "H4sIAAAAAAACA33YPWpbQQCF0a2IV7uYO/+TrYQUgbhw4TR2Z7z3mJAuvFNJcCsdpKdv5uN6eX9+fbu+Pb5/XC+/vl7L0+P6/fP1+evt3+36fHr8m3I/1fup3U/9fhr307yf1v2076eDjywOeAQggUhAEpgEKIFKwBK4VLhUfU/gUuFS4VLhUuFS4VLhUuHS4NLg0vQDgkuDS4NLg0uDS4NLg0uHS4dLh0vXkwUuHS4dLh0uHS4dLgMuAy4DLgMuQ49cuAy4DLgMuAy4TLhMuEy4TLhMuEz9F8FlwmXCZcJlwWXBZcFlwWXBZcFl6U8aLgsuCy4bLhsuGy4bLhsuGy4bLlv1ApcNlwOXA5cDlwOXA5cDlwOXA5ejrGPXKeyKyq4o7YrarijuiuquKO+K+q4o8IqEnL4SYvyyfpm/7F8GMAuYCawGjiI4lacDCamDoxCOSjhK4aiFoxiOajjK4aiH03iAkpCSOGriKIqjKo6yOOriKIyjMo7SOJ1nTAmpjqM8jvo4CuSokKNEjho5iuSokjN4DJeQQjkq5SiVo1aOYjmq5SiXo16OgjmTNxUSUjNH0RxVc5TNUTdH4RyVc5TOUTtn8TJHQsrnqJ+jgI4KOkroqKGjiI4qOsrobN53SUglHaV01NJRTEc1HeV01NNRUEdFncMrwf+Ffnz+AScjgNtFFgAA"
    )!

    @Test func aCompressedBodyIsReadWholeNotCutAtItsAnnouncedLength() async throws {
        var canned = Canned.bytes(Self.gzippedItems)
        canned.headers["Content-Encoding"] = "gzip"
        try await server.route("gzipped", canned)
        let value: Items = try await client.send(RequestDescription(.get, "gzipped"))
        #expect(value.items.count == 200)
        #expect(value.items.last?.id == 199)
    }

    /// Calls one after another on a kept-alive connection: each ends at its own body's last byte,
    /// and the next gets its own response, not the rest of the previous one.
    @Test func callsInARowOnOneConnectionEachGetTheirOwnBody() async throws {
        for index in 0..<50 {
            let padding = String(repeating: "x", count: index * 37)
            try await server.route("row\(index)", .json(#"{"id": \#(index), "name": "\#(padding)"}"#))
        }
        for index in 0..<50 {
            let item: Items.Item = try await client.send(RequestDescription(.get, "row\(index)"))
            #expect(item.id == index)
            #expect(item.name.count == index * 37)
        }
    }
}
