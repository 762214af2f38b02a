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

extension APIClient {
    /// `send(request, parameters)` with a completion handler: what a generated tool's completion
    /// form calls, so that it compiles to one plain call rather than an async closure of its own.
    @discardableResult
    public func task<T: Decodable & Sendable>(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = [],
        progress: TransferProgress.Handler? = nil,
        _ completion: @escaping @Sendable (Result<T, XToolError>) -> Void
    ) -> XToolTask {
        task(progress: progress, completion) { () async throws(XToolError) -> T in try await send(request, parameters) }
    }

    /// `send(request, parameters)` of an endpoint that returns nothing, with a completion handler.
    @discardableResult
    public func task(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = [],
        progress: TransferProgress.Handler? = nil,
        _ completion: @escaping @Sendable (Result<Void, XToolError>) -> Void
    ) -> XToolTask {
        task(progress: progress, completion) { () async throws(XToolError) in try await send(request, parameters) }
    }

    /// `cached(request, parameters)` with a completion handler.
    @discardableResult
    public func cachedTask<T: Decodable & Sendable>(
        _ request: __owned RequestDescription, _ parameters: __owned [Parameter] = [],
        progress: TransferProgress.Handler? = nil,
        _ completion: @escaping @Sendable (Result<Cached<T>, XToolError>) -> Void
    ) -> XToolTask {
        task(progress: progress, completion) { () async throws(XToolError) -> Cached<T> in
            try await cached(request, parameters)
        }
    }

    /// `page(request, parameters, from: cursor)` with a completion handler.
    @discardableResult
    public func pageTask<Element: Decodable & Sendable>(
        _ request: RequestDescription, _ parameters: [Parameter] = [], from cursor: PageCursor?,
        progress: TransferProgress.Handler? = nil,
        _ completion: @escaping @Sendable (Result<Page<Element>, XToolError>) -> Void
    ) -> XToolTask {
        task(progress: progress, completion) { () async throws(XToolError) -> Page<Element> in
            try await page(request, parameters, from: cursor)
        }
    }
}
