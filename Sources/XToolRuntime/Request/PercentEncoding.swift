/// Percent-encodes everything but RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`),
/// byte by byte in UTF-8: space is `%20`, `+` is `%2B`, `/` is `%2F`.
func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    var encoded = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            encoded.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            encoded.unicodeScalars.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
    return encoded
}

/// A path parameter as one segment: percent-encoded, and a value of `.` or `..` escaped too so
/// that it cannot climb the path.
func pathSegment(_ text: String) -> String {
    text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : percentEncoded(text)
}

/// `name=value&…` for a query or a form body; an array repeats its name, null is left out.
func formEncoded(_ fields: [Field]) -> String {
    fields.flatMap { field in
        field.value.parameterTexts.map { percentEncoded(field.name) + "=" + percentEncoded($0) }
    }.joined(separator: "&")
}

/// A named JSON value on its way into a query, a body or a signature.
struct Field: Sendable, Hashable {
    let name: String
    let value: JSON
}

extension Field {
    /// The text a signer sees: the value as sent, an array's elements joined with `,`.
    var text: String { value.parameterTexts.joined(separator: ",") }
}
