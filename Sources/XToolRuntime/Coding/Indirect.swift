/// Boxes a value so that a model can contain itself (`retweeted_status: Status?`); reads and
/// writes like the value, and codes like it.
///
/// ```swift
/// @Indirect public private(set) var retweetedStatus: Status?
/// ```
@_spi(Generated)
@propertyWrapper
public struct Indirect<Value> {
    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

// The box is immutable, so sharing it is as safe as sharing its value.
extension Indirect: @unchecked Sendable where Value: Sendable {}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}

extension Indirect: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try Value(from: decoder))
    }
}

extension Indirect: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension Indirect: NullRepresentable where Value: NullRepresentable {
    static var null: Self { Indirect(wrappedValue: .null) }
    var isNull: Bool { wrappedValue.isNull }
}
