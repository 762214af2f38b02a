import Foundation
import XToolRuntime

/// Sends through another transport and keeps every request it was given, so a test can look at
/// what only the transport sees (the temporary file a multipart body streams from).
public final class RecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let recorder = Recorder<HTTPRequest>()

    public init(_ base: any HTTPTransport) {
        self.base = base
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { recorder.values }

    public func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
        recorder.append(request)
        return try await base.send(request, progress: progress)
    }

    public func send(_ request: HTTPRequest, maxResponseBytes: Int, progress: TransferProgress.Handler?) async throws
        -> HTTPResponse
    {
        recorder.append(request)
        return try await base.send(request, maxResponseBytes: maxResponseBytes, progress: progress)
    }
}
