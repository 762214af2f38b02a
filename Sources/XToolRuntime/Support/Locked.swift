import Foundation

/// A value guarded by a lock: the one place that holds mutable state shared across tasks.
///
/// `@unchecked Sendable` is sound because `state` is only reached inside `withLock`, and the
/// callers never let a reference to non-Sendable state escape the closure.
final class Locked<State>: @unchecked Sendable {
    private var state: State
    private let lock = NSLock()

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
