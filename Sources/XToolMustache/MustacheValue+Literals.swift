/// `nil` is ``MustacheValue/null``.
extension MustacheValue: ExpressibleByNilLiteral {
    /// Creates ``MustacheValue/null``.
    package init(nilLiteral: ()) { self = .null }
}

/// `true` and `false` are ``MustacheValue/bool(_:)``.
extension MustacheValue: ExpressibleByBooleanLiteral {
    /// Creates a ``MustacheValue/bool(_:)``.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// Integer literals are ``MustacheValue/integer(_:)``.
extension MustacheValue: ExpressibleByIntegerLiteral {
    /// Creates an ``MustacheValue/integer(_:)``.
    package init(integerLiteral value: Int) { self = .integer(value) }
}

/// Floating-point literals are ``MustacheValue/double(_:)``.
extension MustacheValue: ExpressibleByFloatLiteral {
    /// Creates a ``MustacheValue/double(_:)``.
    package init(floatLiteral value: Double) { self = .double(value) }
}

/// String literals are ``MustacheValue/string(_:)``.
extension MustacheValue: ExpressibleByStringLiteral {
    /// Creates a ``MustacheValue/string(_:)``.
    package init(stringLiteral value: String) { self = .string(value) }
}

/// Array literals are ``MustacheValue/array(_:)``.
extension MustacheValue: ExpressibleByArrayLiteral {
    /// Creates an ``MustacheValue/array(_:)``.
    package init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

/// Dictionary literals are ``MustacheValue/object(_:)``; a repeated key keeps its last value.
extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Creates an ``MustacheValue/object(_:)``.
    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
