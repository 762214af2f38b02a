import Foundation
import Testing
@_spi(Generated) import XToolRuntime
import XToolYAML

@testable import XToolSamples
@testable import XToolSpec

/// The samples' checker reads a field's value where the runtime's `FieldDecoder` does, and fails
/// where it fails, for the rules they share: leniency (`ScalarRules`: numbers as text and back,
/// Bools as `"1"` or `0`), numbers written as text (`format: string`), `emptyAsNil`, and null or nothing for a field with a default. Each
/// table runs every value through a generated-style `init(from:)` and through the sample check
/// of a spec with the same field; the test fails at the first value they read differently.
@Suite struct FieldRuleAgreementTests {
    /// How a generated `init(from:)` reads the field `v`: with the API's `lenient` and
    /// `emptyAsNil`.
    typealias Read = @Sendable (_ decoder: any Decoder, _ lenient: Bool, _ emptyAsNil: Bool) throws -> Void

    /// A model whose decoding is the `Read` its decoder's user info holds.
    struct Probe: Decodable {
        static let readKey = CodingUserInfoKey(rawValue: "read")!
        static let lenientKey = CodingUserInfoKey(rawValue: "lenient")!
        static let emptyAsNilKey = CodingUserInfoKey(rawValue: "emptyAsNil")!

        init(from decoder: any Decoder) throws {
            let read = try #require(decoder.userInfo[Self.readKey] as? Read)
            try read(
                decoder, decoder.userInfo[Self.lenientKey] as? Bool == true,
                decoder.userInfo[Self.emptyAsNilKey] as? Bool == true)
        }
    }

    /// A required field of `type`, read as the generated code reads it.
    static func required<T: Decodable & SendableMetatype>(_ type: T.Type) -> Read {
        { _ = try FieldDecoder($0, lenient: $1, emptyAsNil: $2).decode("v") as T }
    }

    /// An optional field of `type`.
    static func optional<T: Decodable & SendableMetatype>(_ type: T.Type) -> Read {
        { _ = try FieldDecoder($0, lenient: $1, emptyAsNil: $2).decodeIfPresent("v") as T? }
    }

    /// A number written as text (`format: string`) of `type`.
    static func text<T: NumberText & SendableMetatype>(_ type: T.Type) -> Read {
        { decoder, _, _ in _ = try FieldDecoder(decoder).decodeNumberText("v") as T }
    }

    /// A field with a default.
    static func defaulted<T: Decodable & Sendable>(_ value: T) -> Read {
        { _ = try FieldDecoder($0, lenient: $1, emptyAsNil: $2).decode("v", default: value) }
    }

    /// Whether the runtime reads `{"v": value}` (`{}` for nil) as `read` does.
    static func runtimeReads(_ value: String?, _ read: @escaping Read, lenient: Bool, emptyAsNil: Bool) -> Bool {
        let decoder = JSONDecoder()
        decoder.userInfo[Probe.readKey] = read
        decoder.userInfo[Probe.lenientKey] = lenient
        decoder.userInfo[Probe.emptyAsNilKey] = emptyAsNil
        let document = value.map { #"{"v": \#($0)}"# } ?? "{}"
        return (try? decoder.decode(Probe.self, from: Data(document.utf8))) != nil
    }

    /// Whether the sample check reads `{"v": value}` (`{}` for nil) as a response whose model
    /// has the field `v: field` reads, with no finding that breaks it.
    static func checkerReads(_ value: String?, field: String, lenient: Bool, emptyAsNil: Bool) throws -> Bool {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            lenient: \(lenient)
            emptyAsNil: \(emptyAsNil)
            models:
              Probe:
                fields:
                  v: \(field)
            tools:
              Probe:
                endpoints:
                  probe:
                    get: probe
                    response: Probe
                    samples:
                      one: { body: \(value.map { #"{"v": \#($0)}"# } ?? "{}") }

            """
        let loaded = SpecLoader.load(Array(yaml.utf8), fileName: "Probe.yaml")
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)")
        return !SampleFiles.inlineFindings(of: spec).flatMap(\.findings).contains(where: \.breaks)
    }

    /// Runs every value of `values` through both sides for each field of `fields`, with each
    /// setting of `lenient` and `emptyAsNil` given; returns how many were compared and how
    /// many read.
    static func compare(
        _ fields: [(spec: String, read: Read)], _ values: [String?], lenient: [Bool], emptyAsNil: [Bool]
    ) throws -> (compared: Int, read: Int) {
        var compared = 0
        var read = 0
        for field in fields {
            for lenient in lenient {
                for emptyAsNil in emptyAsNil {
                    for value in values {
                        let runtime = runtimeReads(value, field.read, lenient: lenient, emptyAsNil: emptyAsNil)
                        let checker = try checkerReads(
                            value, field: field.spec, lenient: lenient, emptyAsNil: emptyAsNil)
                        #expect(
                            checker == runtime,
                            "\(value ?? "nothing") as \(field.spec), lenient: \(lenient), emptyAsNil: \(emptyAsNil)")
                        compared += 1
                        if runtime { read += 1 }
                    }
                }
            }
        }
        return (compared, read)
    }

    /// Scalars, strictly and leniently: text that spells a number (with spaces or a tab around
    /// it, a sign, an exponent) and text that doesn't (`inf`, `nan`, past Double, past Int64),
    /// numbers with and without a fraction, Bools as words, digits and numbers.
    @Test func scalarsReadAlikeStrictlyAndLeniently() throws {
        let fields: [(spec: String, read: Read)] = [
            ("String", Self.required(String.self)), ("Int", Self.required(Int.self)),
            ("Int64", Self.required(Int64.self)), ("Double", Self.required(Double.self)),
            ("Decimal", Self.required(Decimal.self)), ("Bool", Self.required(Bool.self)),
        ]
        let values: [String?] = [
            #""12""#, #"" 12 ""#, #""\t12""#, #""+12""#, #""-7""#, #""12.5""#, #""1e3""#, #""1e400""#, #""inf""#,
            #""nan""#, #""12abc""#, #""abc""#, #""""#, #""TRUE""#, #""false""#, #""1""#, #""0""#, #""2""#,
            #""9223372036854775808""#, "12", "-7", "12.0", "12.5", "0", "1", "2", "1e300", "1e127", "1e130",
            "9223372036854775807",
            "true", "false",
        ]
        let (compared, read) = try Self.compare(fields, values, lenient: [false, true], emptyAsNil: [false])
        #expect(compared == 384)
        #expect(read > 80 && read < 250, "both outcomes are exercised")
    }

    /// Numbers written as text (`format: string`): text that spells the type exactly, and text
    /// that doesn't (spaces, a suffix, past what the type holds), and numbers where text should be.
    @Test func numbersWrittenAsTextReadAlike() throws {
        let fields: [(spec: String, read: Read)] = [
            ("{ type: Int, format: string }", Self.text(Int.self)),
            ("{ type: Int64, format: string }", Self.text(Int64.self)),
            ("{ type: Double, format: string }", Self.text(Double.self)),
            ("{ type: Decimal, format: string }", Self.text(Decimal.self)),
        ]
        let values: [String?] = [
            #""29.99""#, #""12""#, #""-0.5""#, #""1e3""#, #"" 12""#, #""12abc""#, #""abc""#, #""""#, #""inf""#,
            #""1e300""#, #""1e127""#, #""9223372036854775808""#, "12", "29.99",
        ]
        let (compared, read) = try Self.compare(fields, values, lenient: [false], emptyAsNil: [false])
        #expect(compared == 56)
        #expect(read > 10 && read < 40, "both outcomes are exercised")
    }

    /// `emptyAsNil`: `""`, `[]` and `{}` where an optional field or one with a default has
    /// nothing, except where the empty value is of the field's own kind (`[]` for an array);
    /// null and a missing key, for a default, with and without leniency.
    @Test func emptyValuesAndNullsReadAlike() throws {
        let fields: [(spec: String, read: Read)] = [
            ("Int?", Self.optional(Int.self)), ("String?", Self.optional(String.self)),
            ("Bool?", Self.optional(Bool.self)), ("\"[String]?\"", Self.optional([String].self)),
            ("\"[String: Int]?\"", Self.optional([String: Int].self)),
            ("{ type: Int, default: 3 }", Self.defaulted(3)), ("{ type: String, default: x }", Self.defaulted("x")),
            ("Int", Self.required(Int.self)),
        ]
        let values: [String?] = [#""""#, "[]", "{}", "null", nil, #""x""#, "0", "[1]", #"{"a": 1}"#]
        let (compared, read) = try Self.compare(fields, values, lenient: [false, true], emptyAsNil: [false, true])
        #expect(compared == 288)
        #expect(read > 60 && read < 230, "both outcomes are exercised")
    }
}
