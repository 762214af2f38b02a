/// A scalar resolved by the YAML 1.2 core schema: what a plain `1`, `true`, `~` or `1.5` means.
///
/// Only a consumer that wants a typed value asks for this; a spec that wants a string keeps the
/// node's text, so `NO` or `1.10` never turns into a Bool or a number behind its back.
package enum CoreScalar: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(String)
}

extension YAMLNode {
    /// The core-schema value of a scalar node (nil for sequences and mappings).
    ///
    /// Quoted and block scalars are strings; an explicit `!!str`, `!!int`, `!!float`, `!!bool` or
    /// `!!null` tag decides the type when the text fits it; the non-specific tag `!` and local
    /// tags give strings.
    package var coreScalar: CoreScalar? {
        guard case .scalar(let text, let style) = content else { return nil }
        switch tag {
        case nil:
            return style == .plain ? CoreScalar.resolvePlain(text) : .string(text)
        case "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool",
            "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
            return CoreScalar.resolvePlain(text)
        default:
            return .string(text)
        }
    }
}

extension CoreScalar {
    /// Resolves the text of a plain scalar by the core schema's regular expressions.
    static func resolvePlain(_ text: String) -> CoreScalar {
        // Most plain scalars of a spec are names (`id`, `Status`, `get`): text that starts
        // with a letter no keyword of the schema starts with is a string, without trying each.
        if let first = text.utf8.first, Self.startsOnlyStrings(first) { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let integer = integer(text) { return integer }
        if isFloat(text), let value = Double(text) { return .float(value) }
        return .string(text)
    }

    /// Whether a plain scalar that starts with `byte` can only be a string: not a digit, a sign,
    /// a dot or `~`, and not the first letter of null, true, false (any case).
    private static func startsOnlyStrings(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            false
        default:
            byte < 0x80
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`; an integer too large for Int64 is a float.
    private static func integer(_ text: String) -> CoreScalar? {
        let utf8 = Array(text.utf8)
        func all(_ bytes: ArraySlice<UInt8>, _ isDigit: (UInt8) -> Bool) -> Bool {
            !bytes.isEmpty && bytes.allSatisfy(isDigit)
        }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0") {
            let digits = utf8[2...]
            if utf8[1] == UInt8(ascii: "o"), all(digits, { (0x30...0x37).contains($0) }) {
                return Int64(String(decoding: digits, as: UTF8.self), radix: 8).map(CoreScalar.int)
            }
            if utf8[1] == UInt8(ascii: "x"), all(digits, { $0.isHexDigit }) {
                return Int64(String(decoding: digits, as: UTF8.self), radix: 16).map(CoreScalar.int)
            }
        }
        let signed = utf8.first == UInt8(ascii: "-") || utf8.first == UInt8(ascii: "+")
        guard all(utf8[(signed ? 1 : 0)...], { $0.isDecimalDigit }) else { return nil }
        if let value = Int64(text) { return .int(value) }
        return Double(text).map(CoreScalar.float)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isFloat(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func skipDigits() -> Int {
            let count = bytes.prefix(while: { $0.isDecimalDigit }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        let integerDigits = skipDigits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if skipDigits() == 0 && integerDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            if skipDigits() == 0 { return false }
        }
        return bytes.isEmpty
    }
}

extension UInt8 {
    fileprivate var isDecimalDigit: Bool { (0x30...0x39).contains(self) }
    fileprivate var isHexDigit: Bool {
        isDecimalDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
