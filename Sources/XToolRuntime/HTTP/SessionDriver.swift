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
    /// Where the delegate's callbacks run: a dispatch queue, without the operation objects an
    /// operation queue of its own makes for each. Held here: the operation queue doesn't own it.
    private let callbacks = DispatchQueue(label: "XToolRuntime.SessionDriver")

    init(configuration: URLSessionConfiguration) {
        events = SessionEvents()
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = callbacks
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: delegateQueue)
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
        // FoundationNetworking sometimes never completes a task (seen for about one call in 1,500
        // under load, cancelled or not): the call ends on its own terms anyway. Cancelling ends it
        // at once, and the session's watchdog fails it as timed out once the session has said
        // nothing about it past its timeout and a grace period.
        let silence = Duration.seconds(max(1, request.timeoutInterval)) + .seconds(2)
        let events = self.events
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                events.begin(
                    task, maxResponseBytes: maxResponseBytes, silence: silence, progress: progress,
                    continuation: continuation)
                task.resume()
                // A cancellation that came before `begin` found nothing to end.
                if Task.isCancelled {
                    events.abandon(task)
                }
            }
        } onCancel: {
            events.abandon(task)
        }
    }
}

/// The session's delegate: collects each task's body up to its limit, reports progress, and
/// resumes the task's continuation exactly once: when it completes, or as soon as its response
/// proves too large (the task is then cancelled, and its completion finds nothing to resume).
/// (Responses are allowed by default; the task holds its `response`.)
private final class SessionEvents: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        let task: URLSessionTask
        let continuation: CheckedContinuation<HTTPResponse, any Error>
        let progress: TransferProgress.Handler?
        let maxResponseBytes: Int
        /// How long the session may say nothing about the task before the watchdog ends it.
        let silence: Duration
        var body = Data()
        /// When the session last said anything about the task.
        var lastNews = ContinuousClock.now
    }

    private let transfers = Locked<[Int: Transfer]>([:])
    /// Whether the watchdog is running: it does while there are transfers, and then stops.
    private let watching = Locked(false)

    func begin(
        _ task: URLSessionTask, maxResponseBytes: Int, silence: Duration, progress: TransferProgress.Handler?,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        transfers.withLock {
            $0[task.taskIdentifier] = Transfer(
                task: task, continuation: continuation, progress: progress, maxResponseBytes: maxResponseBytes,
                silence: silence)
        }
        let start = watching.withLock { watching in
            defer { watching = true }
            return !watching
        }
        if start {
            // One task for the whole session, not one per request: it sleeps its second out
            // rather than being cancelled early.
            Task { [self] in
                repeat {
                    try? await Task.sleep(for: .seconds(1))
                    expireSilentTransfers()
                } while watching.withLock { watching in
                    watching = !transfers.withLock { $0.isEmpty }
                    return watching
                }
            }
        }
    }

    /// Fails as timed out (and cancels) every task the session has said nothing about for longer
    /// than its `silence`.
    private func expireSilentTransfers() {
        let now = ContinuousClock.now
        let expired = transfers.withLock { transfers in
            let silent = transfers.filter { now - $0.value.lastNews > $0.value.silence }.map(\.key)
            return silent.compactMap { transfers.removeValue(forKey: $0) }
        }
        for transfer in expired {
            transfer.continuation.resume(throwing: URLError(.timedOut))
            transfer.task.cancel()
        }
    }

    /// Ends the task's call with a cancellation (unless it already ended) and cancels the task.
    func abandon(_ task: URLSessionTask) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.continuation.resume(throwing: CancellationError())
        task.cancel()
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
        let progress = transfers.withLock { transfers in
            transfers[task.taskIdentifier]?.lastNews = .now
            return transfers[task.taskIdentifier]?.progress
        }
        progress?(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var refused: Transfer?
        let expected = dataTask.response?.expectedContentLength ?? -1
        let update: (TransferProgress.Handler, TransferProgress)? = transfers.withLock { transfers in
            // A response that announces more than the limit is refused at its first bytes, one that
            // sends more at the bytes that pass it. (Not in `didReceive response:`: implementing
            // that one makes FoundationNetworking leave some cancelled transfers hanging open.)
            if let transfer = transfers[dataTask.taskIdentifier],
                expected > Int64(transfer.maxResponseBytes)
                    || transfer.body.count + data.count > transfer.maxResponseBytes
            {
                refused = transfers.removeValue(forKey: dataTask.taskIdentifier)
                return nil
            }
            // Appended in place: copying the transfer out would copy the whole body each time.
            transfers[dataTask.taskIdentifier]?.body.append(data)
            transfers[dataTask.taskIdentifier]?.lastNews = .now
            guard let transfer = transfers[dataTask.taskIdentifier], let progress = transfer.progress else {
                return nil
            }
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

    /// Follows no redirect: the redirect is the task's response, and `APIClient` follows it by
    /// its own rule of what may cross to another origin. (URLSession would send every header of
    /// the request to wherever `Location` points, and FoundationNetworking would drop a 307's body.)
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = task.response as? HTTPURLResponse {
            transfer.continuation.resume(
                returning: HTTPResponse(
                    status: response.statusCode, headers: Self.headers(of: response), body: transfer.body))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        HTTPHeaders(
            response.allHeaderFields.compactMap { name, value in
                // Values are strings; interpolating `Any` would go through a dynamic cast each.
                (name as? String).map { HTTPHeaders.Field(name: $0, value: value as? String ?? "\(value)") }
            }.sorted { $0.name < $1.name })
    }
}
