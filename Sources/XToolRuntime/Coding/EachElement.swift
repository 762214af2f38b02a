internal import XToolRules

/// A key path's component that reads each element of an array: `children[]` in
/// `data.children[].data` is the array at `children`, and the rest of the path (`data`) is read
/// in every element of it, so the value is an array of what the rest reads (Reddit's listings,
/// GraphQL's `edges[].node`).
enum EachElement {
    /// Whether `component` reads each element (`children[]`, or `[]` alone).
    static func isEach(_ component: String) -> Bool {
        KeyPathSyntax.isEach(component)
    }

    /// `components` split at the first component that reads each element: the path to the
    /// array, and the path read in each element; nil when no component does.
    static func split(_ components: [String]) -> (array: [String], inEach: [String])? {
        KeyPathSyntax.eachSplit(components)
    }
}

/// An array read element by element along the rest of a key path: `[T]`, and `[T]?`.
protocol EachElementDecodable {
    init(from decoder: any Decoder, inEach path: [String], reader: FieldDecoder, dates: DateStyle) throws
}

extension Array: EachElementDecodable where Element: Decodable {
    init(from decoder: any Decoder, inEach path: [String], reader: FieldDecoder, dates: DateStyle) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        elements.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd {
            elements.append(try reader.element(Element.self, at: path, in: container.superDecoder(), dates: dates))
        }
        self = elements
    }
}

extension Optional: EachElementDecodable where Wrapped: EachElementDecodable {
    init(from decoder: any Decoder, inEach path: [String], reader: FieldDecoder, dates: DateStyle) throws {
        self =
            try decoder.singleValueContainer().decodeNil()
            ? nil : try Wrapped(from: decoder, inEach: path, reader: reader, dates: dates)
    }
}

/// An array written element by element along the rest of a key path: element `i` of the value
/// is written at `array.i.rest`, so that fields that share the array share its elements.
protocol EachElementEncodable {
    func encodeEach(into encoder: inout FieldEncoder, array: [String], inEach path: [String], dates: DateStyle) throws
}

extension Array: EachElementEncodable where Element: Encodable {
    func encodeEach(into encoder: inout FieldEncoder, array: [String], inEach path: [String], dates: DateStyle) throws {
        guard !isEmpty else {
            try encoder.encodeEmptyArray(at: array, value: self)
            return
        }
        for (index, element) in enumerated() {
            try encoder.encode(element, at: array + [String(index)] + path, dates: dates)
        }
    }
}

extension Optional: EachElementEncodable where Wrapped: EachElementEncodable {
    func encodeEach(into encoder: inout FieldEncoder, array: [String], inEach path: [String], dates: DateStyle) throws {
        try self?.encodeEach(into: &encoder, array: array, inEach: path, dates: dates)
    }
}
