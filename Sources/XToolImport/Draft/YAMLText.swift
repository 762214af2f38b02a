import XToolDiagnostics
import XToolSpec
import XToolYAML

/// Writing scalars so that they read back as the same strings: plain where YAML (and a person)
/// reads them plainly, double-quoted otherwise.
enum YAMLText {
    /// Characters that can't start a plain scalar.
    private static let indicators = Set("-?:,[]{}#&*!|>'\"%@`")
    /// Characters that end a plain scalar inside `[…]` or `{…}`: YAML 1.2's, and `?`, which
    /// YAML 1.1 readers other than libyaml (PyYAML's own parser, the readers of teams' scripts)
    /// take for one there, refusing `{ type: Int?, summary: … }`.
    private static let flowIndicators = Set(",[]{}?")
    /// Words other YAML readers (YAML 1.1) take for booleans.
    private static let yaml11Booleans: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    ]

    /// `text` as a scalar that reads back as the string `text`; `inFlow` for a value inside
    /// `[…]` or `{…}`.
    static func string(_ text: String, inFlow: Bool) -> String {
        isPlain(text, inFlow: inFlow) ? text : YAMLNode.doubleQuoted(text)
    }

    /// A spec's literal as a scalar of its YAML type (`0` a number, `"0"` a string).
    static func literal(_ literal: Spec.Literal, inFlow: Bool) -> String {
        switch literal {
        case .string(let text): string(text, inFlow: inFlow)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .null: "null"
        }
    }

    static func value(_ value: YAMLValue) -> String {
        switch value {
        case .plain(let text): text
        case .string(let text): string(text, inFlow: true)
        case .sequence(let items): "[" + items.map(Self.value).joined(separator: ", ") + "]"
        case .emptyMapping: "{}"
        }
    }

    /// Text of several lines as a literal block scalar: its indicator (`|-` without a final line
    /// break, `|` with one) and its lines; nil for text a block can't hold as it is (a first
    /// line that starts with a space, a line break at its start or two at its end, a carriage
    /// return, a character that is not printable).
    static func literalBlock(_ text: String) -> (indicator: String, lines: [String])? {
        guard text.contains("\n"), let first = text.unicodeScalars.first, first != " ", first != "\t", first != "\n",
            !text.hasSuffix("\n\n"),
            !text.unicodeScalars.contains(where: {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || YAMLNode.isUnprintable($0)
            })
        else { return nil }
        let ends = text.hasSuffix("\n")
        let lines = (ends ? String(text.dropLast()) : text).split(separator: "\n", omittingEmptySubsequences: false)
        return (ends ? "|" : "|-", lines.map(String.init))
    }

    private static func isPlain(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.first, let last = text.last, !indicators.contains(first), first != " ", last != " ",
            last != ":", text != "<<", !yaml11Booleans.contains(text)
        else { return false }
        // Foundation's `contains` is asked only when the bytes hold the pair: without them, no
        // text it takes for equal can be there either (neither character composes).
        guard !(hasPair(text, UInt8(ascii: ":"), UInt8(ascii: " ")) && text.contains(": ")),
            !(hasPair(text, UInt8(ascii: " "), UInt8(ascii: "#")) && text.contains(" #")),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || YAMLNode.isUnprintable($0) })
        else { return false }
        if inFlow, text.contains(where: flowIndicators.contains) { return false }
        return YAMLNode(.scalar(text: text, style: .plain), at: SourceLocation(line: 1, column: 1)).coreScalar
            == .string(text)
    }

    /// Whether the UTF-8 of `text` holds the byte `first` right before `second`.
    private static func hasPair(_ text: String, _ first: UInt8, _ second: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == first, byte == second { return true }
            previous = byte
        }
        return false
    }
}
