/// A request started with a completion handler; `cancel()` stops it, and the completion then
/// receives `.failure(.cancelled)`.
public struct XToolTask: Sendable, Hashable {
    let task: Task<Void, Never>

    /// Cancels the request; the completion then receives `.failure(.cancelled)` (unless it
    /// already ran).
    public func cancel() {
        task.cancel()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { task.isCancelled }
}

extension APIClient {
    /// Runs `operation` and calls `completion` exactly once with its result, or with
    /// `.failure(.cancelled)` when the task was cancelled before the result was delivered.
    /// `progress` receives the transfer progress of the requests `operation` sends.
    ///
    /// ```swift
    /// @discardableResult
    /// public func newStatuses(sinceID: String? = nil,
    ///     completion: @escaping @Sendable (Result<Cached<[Status]>, XToolError>) -> Void) -> XToolTask {
    ///     api.client.task(completion) { () async throws(XToolError) in try await newStatuses(sinceID: sinceID) }
    /// }
    /// ```
    @discardableResult
    public func task<T: Sendable>(
        progress: TransferProgress.Handler? = nil,
        _ completion: @escaping @Sendable (Result<T, XToolError>) -> Void,
        _ operation: @escaping @Sendable () async throws(XToolError) -> T
    ) -> XToolTask {
        let onMainActor = options.deliversOnMainActor
        return XToolTask(
            task: Task {
                let outcome: Result<T, XToolError> = await TransferProgress.$handler.withValue(progress) {
                    do throws(XToolError) {
                        return .success(try await operation())
                    } catch {
                        return .failure(error)
                    }
                }
                let result = Task.isCancelled ? .failure(.cancelled) : outcome
                if onMainActor {
                    await MainActor.run { completion(result) }
                } else {
                    completion(result)
                }
            })
    }
}
