import Foundation
import TestSupport
import XToolRuntime

/// Sends every request to the test server's refused port, keeping the rest of its URL: the
/// same API on the same cache folder, with the network down.
struct UnreachableTransport: HTTPTransport {
    func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        components.port = try TestServer.refusedBaseURL.port
        var refused = request
        refused.url = components.url!
        return try await URLSessionTransport().send(refused, progress: progress)
    }
}
