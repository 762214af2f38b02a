/// How much of a request's body has been sent, or of a response's body received.
public struct TransferProgress: Sendable, Hashable {
    /// Receives progress; called on no particular thread, possibly many times.
    public typealias Handler = @Sendable (TransferProgress) -> Void

    public enum Direction: Sendable, Hashable {
        case upload, download
    }

    /// Whether the request's body is going out or the response's body coming in.
    public var direction: Direction
    /// Bytes sent or received so far.
    public var completedBytes: Int64
    /// Nil when the size is not known in advance.
    public var totalBytes: Int64?

    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// From 0 to 1, or nil when the total is unknown.
    public var fractionCompleted: Double? {
        totalBytes.map { $0 > 0 ? Double(completedBytes) / Double($0) : 1 }
    }

    /// The handler of the current task, set by `withTransferProgress` and `APIClient.task(progress:…)`.
    @TaskLocal static var handler: Handler?
}

/// Runs `operation` with `handler` receiving the progress of every request it sends.
///
/// ```swift
/// let status = try await withTransferProgress({ print($0.fractionCompleted ?? 0) }) {
///     try await StatusTool().upload(text: "hi", picture: file)
/// }
/// ```
public func withTransferProgress<T, Failure: Error>(
    _ handler: @escaping TransferProgress.Handler,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(Failure) -> T
) async throws(Failure) -> T {
    let result: Result<T, Failure> = await TransferProgress.$handler.withValue(handler) {
        do throws(Failure) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}
