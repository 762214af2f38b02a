import Foundation
import Testing
import XToolRules
@_spi(Generated) import XToolRuntime
import XToolSpec
import XToolYAML

@testable import XToolSamples

/// The samples' checker reads samples by the runtime's rules (`KeyPathSyntax`, `DateRules`), with
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
}
