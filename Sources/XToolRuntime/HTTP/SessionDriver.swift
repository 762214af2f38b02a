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
        _ request: URLRequest, body: Data?, bodyFile: URL?, progress: TransferProgress.Handler?
    ) async throws -> HTTPResponse {
        if progress == nil, bodyFile == nil {
            return try await runWithoutProgress(request, body: body)
        }
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
                events.begin(task, progress: progress, continuation: continuation)
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

extension SessionDriver {
    /// A request whose progress nobody follows: the task hands over its body once, when it
    /// completes, as `URLSession.data(for:)` does, without a trip through the delegate's queue
    /// for the response and for every chunk.
    private func runWithoutProgress(_ request: URLRequest, body: Data?) async throws -> HTTPResponse {
        let started = Locked<URLSessionTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(
                            returning: HTTPResponse(
                                status: response.statusCode, headers: SessionEvents.headers(of: response), body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                let task =
                    if let body, !body.isEmpty {
                        session.uploadTask(with: request, from: body, completionHandler: completion)
                    } else {
                        session.dataTask(with: request, completionHandler: completion)
                    }
                started.withLock { $0 = task }
                task.resume()
                // A cancellation that came before `resume()` would be lost on some platforms.
                if Task.isCancelled {
                    task.cancel()
                }
            }
        } onCancel: {
            started.withLock { $0 }?.cancel()
        }
    }
}

/// The session's delegate: collects each task's body, reports progress, and resumes the task's
/// continuation exactly once when it completes. (Responses are allowed by default; the task
/// holds its `response`.)
final class SessionEvents: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        let continuation: CheckedContinuation<HTTPResponse, any Error>
        let progress: TransferProgress.Handler?
        var body = Data()

        /// Appends a chunk in place; the handler and the bytes so far when progress is wanted.
        mutating func receive(_ data: Data) -> (TransferProgress.Handler, Int64)? {
            body.append(data)
            return progress.map { ($0, Int64(body.count)) }
        }
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    func begin(
        _ task: URLSessionTask, progress: TransferProgress.Handler?,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation, progress: progress) }
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
        // One lookup, appended in place: copying the transfer out would copy the whole body.
        let update = transfers.withLock { $0[dataTask.taskIdentifier]?.receive(data) } ?? nil
        if let (handler, received) = update {
            let expected = dataTask.response?.expectedContentLength ?? -1
            handler(TransferProgress(direction: .download, completedBytes: received, totalBytes: expected >= 0 ? expected : nil))
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

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        HTTPHeaders(
            response.allHeaderFields.compactMap { name, value in
                (name as? String).map { HTTPHeaders.Field(name: $0, value: value as? String ?? "\(value)") }
            }.sorted { $0.name < $1.name })
    }
}
