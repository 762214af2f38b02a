/// A value from the server, or the last stored one when the request failed.
public struct Cached<Value> {
    /// Fresh from the server, or the last stored value when `failure` is set.
    public let value: Value
    /// Nil when `value` is fresh from the server; otherwise why it had to come from the cache.
    public let failure: XToolError?

    public init(value: Value, failure: XToolError? = nil) {
        self.value = value
        self.failure = failure
    }

    /// Whether `value` came from the server just now.
    public var isFresh: Bool { failure == nil }
}

extension Cached: Sendable where Value: Sendable {}
extension Cached: Equatable where Value: Equatable {}
extension Cached: Hashable where Value: Hashable {}
