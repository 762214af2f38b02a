// A key path's component `name[]` reads each element of an array: `children[]` in
// `data.children[].data` is the array at `children`, and the rest of the path (`data`) is read in
// every element of it, so the value is an array of what the rest reads (Reddit's listings,
// GraphQL's `edges[].node`). `KeyPathSyntax.eachSplit` finds the component; these types read and
// write the arrays such a path makes.

/// An array read element by element along the rest of a key path: `[T]`, and `[T]?`.
protocol KeyPathArrayDecodable {
    init(from decoder: any Decoder, inEach path: [String], reader: FieldDecoder, dates: DateStyle) throws
}

extension Array: KeyPathArrayDecodable where Element: Decodable {
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

extension Optional: KeyPathArrayDecodable where Wrapped: KeyPathArrayDecodable {
    init(from decoder: any Decoder, inEach path: [String], reader: FieldDecoder, dates: DateStyle) throws {
        self =
            try decoder.singleValueContainer().decodeNil()
            ? nil : try Wrapped(from: decoder, inEach: path, reader: reader, dates: dates)
    }
}

/// An array written element by element along the rest of a key path: element `i` of the value
/// is written at `array.i.rest`, so that fields that share the array share its elements.
protocol KeyPathArrayEncodable {
    func encodeEach(into encoder: inout FieldEncoder, array: [String], inEach path: [String], dates: DateStyle) throws
}

extension Array: KeyPathArrayEncodable where Element: Encodable {
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

extension Optional: KeyPathArrayEncodable where Wrapped: KeyPathArrayEncodable {
    func encodeEach(into encoder: inout FieldEncoder, array: [String], inEach path: [String], dates: DateStyle) throws {
        try self?.encodeEach(into: &encoder, array: array, inEach: path, dates: dates)
    }
}
