/// Holds an app-wide value (`WeiboAPI.shared`): set once at start-up, read from anywhere.
@_spi(Generated)
public final class SharedInstance<Value: Sendable>: Sendable {
    private let storage: Locked<Value?>
    private let missingMessage: String

    /// Starts with `value`.
    public init(_ value: Value) {
        storage = Locked(value)
        missingMessage = ""
    }

    /// Starts empty; reading before a value is set stops the program with `missing`.
    public init(missing: String) {
        storage = Locked(nil)
        missingMessage = missing
    }

    public var value: Value {
        get {
            guard let value = storage.withLock({ $0 }) else { preconditionFailure(missingMessage) }
            return value
        }
        set {
            storage.withLock { $0 = newValue }
        }
    }
}
