import Foundation

/// Collects values from `@Sendable` callbacks for a test to inspect afterwards.
final class Recorder<Value: Sendable>: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: [Value] = []

    /// Adds `value` and returns how many values there are now.
    @discardableResult
    func append(_ value: Value) -> Int {
        lock.withLock {
            stored.append(value)
            return stored.count
        }
    }

    var values: [Value] {
        lock.withLock { stored }
    }
}

/// Counts from 1, safely across tasks.
final class Counter: Sendable {
    private let recorder = Recorder<Void>()

    func next() -> Int {
        recorder.append(())
    }
}
