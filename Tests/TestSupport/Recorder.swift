import Foundation

/// Collects values from `@Sendable` callbacks for a test to inspect afterwards.
public final class Recorder<Value: Sendable>: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: [Value] = []

    public init() {}

    /// Adds `value` and returns how many values there are now.
    @discardableResult
    public func append(_ value: Value) -> Int {
        lock.withLock {
            stored.append(value)
            return stored.count
        }
    }

    public var values: [Value] {
        lock.withLock { stored }
    }
}

/// Counts from 1, safely across tasks.
public final class Counter: Sendable {
    private let recorder = Recorder<Void>()

    public init() {}

    public func next() -> Int {
        recorder.append(())
    }
}
