/// A type with a value that stands for "missing or null": `Optional`, and `Indirect` around one.
/// `FieldDecoder` gives it for a missing or null field; `FieldEncoder` leaves it out.
protocol NullRepresentable {
    static var null: Self { get }
    var isNull: Bool { get }
}

extension Optional: NullRepresentable {
    static var null: Self { nil }
    var isNull: Bool { self == nil }
}
