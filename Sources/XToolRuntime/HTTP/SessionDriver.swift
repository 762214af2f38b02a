import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Owns a URLSession and turns its delegate callbacks into one async result per request,
/// with progress along the way.
final class SessionDriver: Sendable {
    static let shared: SessionDriver = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return SessionDriver(configuration: configuration)
    }()

    private let session: URLSession
    private let events: SessionEvents

    init(configuration: URLSessionConfiguration) {
        events = SessionEvents()
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    func run(
        _ request: URLRequest, body: Data?, bodyFile: URL?, maxResponseBytes: Int, progress: TransferProgress.Handler?
    ) async throws -> HTTPResponse {
        let task =
            if let bodyFile {
                session.uploadTask(with: request, fromFile: bodyFile)
            } else if let body, !body.isEmpty {
                session.uploadTask(with: request, from: body)
            } else {
                session.dataTask(with: request)
            }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                events.begin(task, maxResponseBytes: maxResponseBytes, progress: progress, continuation: continuation)
                task.resume()
                // A cancellation that came before `resume()` would be lost on some platforms.
                if Task.isCancelled {
                    task.cancel()
                }
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session's delegate: collects each task's body up to its limit, reports progress, and
/// resumes the task's continuation exactly once: when it completes, or as soon as its response
/// proves too large (the task is then cancelled, and its completion finds nothing to resume).
/// (Responses are allowed by default; the task holds its `response`.)
private final class SessionEvents: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        let continuation: CheckedContinuation<HTTPResponse, any Error>
        let progress: TransferProgress.Handler?
        let maxResponseBytes: Int
        var body = Data()
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    func begin(
        _ task: URLSessionTask, maxResponseBytes: Int, progress: TransferProgress.Handler?,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        transfers.withLock {
            $0[task.taskIdentifier] = Transfer(
                continuation: continuation, progress: progress, maxResponseBytes: maxResponseBytes)
        }
    }

    /// Fails the task's call with `.responseTooLarge` and cancels the task.
    private func refuse(_ task: URLSessionTask, _ transfer: Transfer) {
        transfer.continuation.resume(throwing: TransportFailure.responseTooLarge(limit: transfer.maxResponseBytes))
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        let progress = transfers.withLock { $0[task.taskIdentifier]?.progress }
        progress?(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var refused: Transfer?
        let update: (TransferProgress.Handler, TransferProgress)? = transfers.withLock { transfers in
            // A response that announces more than the limit is refused at its first bytes, one that
            // sends more at the bytes that pass it. (Not in `didReceive response:`: implementing
            // that one makes FoundationNetworking leave some cancelled transfers hanging open.)
            if let transfer = transfers[dataTask.taskIdentifier],
                (dataTask.response?.expectedContentLength ?? -1) > Int64(transfer.maxResponseBytes)
                    || transfer.body.count + data.count > transfer.maxResponseBytes
            {
                refused = transfers.removeValue(forKey: dataTask.taskIdentifier)
                return nil
            }
            // Appended in place: copying the transfer out would copy the whole body each time.
            transfers[dataTask.taskIdentifier]?.body.append(data)
            guard let transfer = transfers[dataTask.taskIdentifier], let progress = transfer.progress else { return nil }
            let expected = dataTask.response?.expectedContentLength ?? -1
            return (
                progress,
                TransferProgress(
                    direction: .download, completedBytes: Int64(transfer.body.count),
                    totalBytes: expected >= 0 ? expected : nil)
            )
        }
        if let refused {
            refuse(dataTask, refused)
        } else if let (handler, progress) = update {
            handler(progress)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = task.response as? HTTPURLResponse {
            transfer.continuation.resume(returning: HTTPResponse(status: response.statusCode, headers: Self.headers(of: response), body: transfer.body))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        HTTPHeaders(
            response.allHeaderFields.compactMap { name, value in
                (name as? String).map { HTTPHeaders.Field(name: $0, value: "\(value)") }
            }.sorted { $0.name < $1.name })
    }
}
