import Foundation
import Testing
import XToolRules
import XToolYAML

@_spi(Generated) @testable import XToolRuntime
@testable import XToolSamples
@testable import XToolSpec

/// The samples' checker reads samples by the runtime's rules (`KeyPathSyntax`, `DateRules`,
/// `EnvelopeRules`), with
/// walks of its own over YAML nodes: it walks a key path through a sample
/// (`ValueReader.lookUp`) where the runtime's `FieldDecoder` walks it through a response, and reads
/// a date (`DateReader`) where the runtime's `DateStyle` does: the same documents, the same
/// outcomes, or the test fails at the first difference.
@Suite struct RuntimeAgreementTests {
    /// What a walk ended in: the value's JSON text, nothing (missing or null), or an error.
    enum Outcome: Equatable {
        case value(String)
        case nothing
        case error
    }

    /// A model with one optional field at the key path the decoder's user info holds.
    struct Probe: Decodable {
        static let pathKey = CodingUserInfoKey(rawValue: "path")!
        let value: JSON?

        init(from decoder: any Decoder) throws {
            let path = decoder.userInfo[Self.pathKey] as? String ?? ""
            value = try FieldDecoder(decoder).decodeIfPresent(path)
        }
    }

    static func runtime(_ document: String, _ path: String) -> Outcome {
        let decoder = JSONDecoder()
        decoder.userInfo[Probe.pathKey] = path
        guard let probe = try? decoder.decode(Probe.self, from: Data(document.utf8)) else { return .error }
        guard let value = probe.value, value != .null else { return .nothing }
        return .value(value.description)
    }

    static func samples(_ document: String, _ path: String) throws -> Outcome {
        let root = try SpecLoader.document(Array(document.utf8)).get()
        switch ValueReader.lookUp(KeyPathSyntax.components(of: path), in: root) {
        case .found(let node, _):
            // The same value as JSON text, through the runtime's own JSON.
            let json = try JSONDecoder().decode(JSON.self, from: Data(SampleJSON.text(of: node).utf8))
            return json == .null ? .nothing : .value(json.description)
        case .missing: return .nothing
        case .notObject: return .error
        }
    }

    static let cases: [(document: String, paths: [String])] = [
        (#"{"a": {"b": 1, "c": null}}"#, ["a.b", "a.c", "a.d", "a", "a.b.c", "d.e"]),
        (#"{"w": [{"d": "x"}, null]}"#, ["w.0.d", "w.1.d", "w.2.d", "w.0", "w.d"]),
        (#"{"a": {"0": "zero"}, "n": 5}"#, ["a.0", "n.x", "n.0"]),
        (#"{"a.b": 1, "a": {"b": 2}}"#, [#"a\.b"#, "a.b"]),
        (#"{"x": {"y": {"z": [1, 2, 3]}}}"#, ["x.y.z.2", "x.y.z.3", "x.y.z"]),
    ]

    @Test func theSamplesCheckerAndTheRuntimeWalkKeyPathsAlike() throws {
        var compared = 0
        for (document, paths) in Self.cases {
            for path in paths {
                let runtime = Self.runtime(document, path)
                let samples = try Self.samples(document, path)
                #expect(samples == runtime, "\(path) in \(document)")
                compared += 1
            }
        }
        #expect(compared == 19)
    }

    /// A date in a style, read by the runtime's `DateStyle` (from a single value).
    struct DateProbe: Decodable {
        static let styleKey = CodingUserInfoKey(rawValue: "style")!
        init(from decoder: any Decoder) throws {
            _ = try (decoder.userInfo[Self.styleKey] as? DateStyle ?? .iso8601).decode(from: decoder)
        }
    }

    /// The samples' checker (`DateReader`) reads a date in a style where the runtime does, and
    /// fails where it fails.
    @Test func theSamplesCheckerAndTheRuntimeReadDatesAlike() throws {
        let cases: [(Spec.DateStyle, DateStyle, [String])] = [
            (
                .iso8601, .iso8601,
                [#""2024-05-01T12:00:00Z""#, #""2024-05-01T12:00:00.811+02:00""#, #""2024-05-01""#, "1714564800"]
            ),
            (.secondsSince1970, .secondsSince1970, ["1714564800", "1.5", #""1714564800""#, #""soon""#, "true"]),
            (.millisecondsSince1970, .millisecondsSince1970, ["1714564800000", #""12""#, #""x""#]),
            (.formatted("yyyy-MM-dd"), .formatted("yyyy-MM-dd"), [#""2024-05-01""#, #""2024/05/01""#, "20240501"]),
            (
                .oneOf([.formatted("yyyy-MM-dd"), .iso8601]), [.formatted("yyyy-MM-dd"), .iso8601],
                [#""2024-05-01""#, #""2024-05-01T12:00:00Z""#, #""May 1""#]
            ),
        ]
        let reader = DateReader()
        var compared = 0
        for (spec, runtime, values) in cases {
            for value in values {
                let decoder = JSONDecoder()
                decoder.userInfo[DateProbe.styleKey] = runtime
                let runtimeReads = (try? decoder.decode(DateProbe.self, from: Data(value.utf8))) != nil
                let node = try SpecLoader.document(Array(value.utf8)).get()
                #expect(reader.reads(node, in: spec) == runtimeReads, "\(value) in \(spec)")
                compared += 1
            }
        }
        #expect(compared == 18)
    }

    /// An envelope's success tests on a document, run by the runtime (`Envelope.check`).
    struct EnvelopeProbe: Decodable {
        static let envelopeKey = CodingUserInfoKey(rawValue: "envelope")!
        init(from decoder: any Decoder) throws {
            try (decoder.userInfo[Self.envelopeKey] as? Envelope)?.check(FieldDecoder(decoder))
        }
    }

    /// A success test as a spec declares it: a path, the values that mean success (none: a test
    /// of absence), and whether a missing value is a success.
    typealias SuccessCase = (path: String, equals: [String], missingIsSuccess: Bool)

    /// The samples' checker and the runtime's envelope call the same documents a success or a
    /// failure, for every kind of success test: numbers as text (`0`, `"0"`, `0.0`), booleans,
    /// several values, a missing or null value with and without `missing: success`, and tests of
    /// absence against empty and non-empty strings, arrays and objects.
    @Test func theSamplesCheckerAndTheRuntimeTellSuccessAlike() throws {
        let tests: [SuccessCase] = [
            ("code", ["0"], false), ("code", ["0"], true), ("code", ["0", "200"], false), ("ok", ["true"], false),
            ("errors", [], true), ("data.result.userErrors", [], true),
        ]
        let documents = [
            #"{"code": 0}"#, #"{"code": "0"}"#, #"{"code": 0.0}"#, #"{"code": 200}"#, #"{"code": 1}"#,
            #"{"code": 20.5}"#, #"{"code": null}"#, #"{}"#, #"{"ok": true}"#, #"{"ok": "true"}"#, #"{"ok": false}"#,
            #"{"errors": []}"#, #"{"errors": [{"message": "no"}]}"#, #"{"errors": ""}"#, #"{"errors": {}}"#,
            #"{"errors": "throttled"}"#, #"{"data": {"result": {"userErrors": []}}}"#,
            #"{"data": {"result": {"userErrors": [{"field": "x"}]}}}"#, #"{"data": {"result": null}}"#,
        ]
        var compared = 0
        var failures = 0
        for test in tests {
            let values = test.equals.map(JSON.string)
            let success: Envelope.Success =
                switch values.count {
                case 0: .init(absent: test.path)
                case 1: .init(path: test.path, equals: values[0], missingIsSuccess: test.missingIsSuccess)
                default: .init(path: test.path, equals: values[0], values[1], missingIsSuccess: test.missingIsSuccess)
                }
            let runtime = Envelope(successes: [success])
            let spec = Spec.Envelope.SuccessTest(
                path: Spec.KeyPath(parsing: test.path), equals: test.equals, missingIsSuccess: test.missingIsSuccess)
            for document in documents {
                let decoder = JSONDecoder()
                decoder.userInfo[EnvelopeProbe.envelopeKey] = runtime
                let runtimeSucceeds = (try? decoder.decode(EnvelopeProbe.self, from: Data(document.utf8))) != nil
                let root = try SpecLoader.document(Array(document.utf8)).get()
                let checkerSucceeds = ValueReader.failureReported(by: spec, in: root) == nil
                #expect(checkerSucceeds == runtimeSucceeds, "\(test) on \(document)")
                compared += 1
                if !runtimeSucceeds { failures += 1 }
            }
        }
        #expect(compared == 114)
        #expect(failures > 30 && failures < 90, "both outcomes are exercised")
    }
}
