import Foundation
import TestSupport
import Testing
import XToolDiagnostics
import XToolYAML

@Suite struct JSONReaderTests {
    private func read(_ text: String, reader: JSONReader = JSONReader()) throws(YAMLError) -> YAMLNode {
        try reader.parseDocument(text)
    }

    private func error(_ text: String, reader: JSONReader = JSONReader()) -> YAMLError? {
        error(Array(text.utf8), reader: reader)
    }

    private func error(_ bytes: [UInt8], reader: JSONReader = JSONReader()) -> YAMLError? {
        do {
            _ = try reader.parseDocument(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func surrogatePairsAreOneCharacterAndEscapesAreUndone() throws {
        let root = try read(#"{"bug": "\ud83d\udc1e", "text": "a\"b\\c\/d\b\f\n\r\t\u00e9\u4E2D"}"#)
        #expect(root["bug"]?.content == .scalar(text: "🐞", style: .doubleQuoted))
        #expect(root["text"]?.string == "a\"b\\c/d\u{8}\u{C}\n\r\té中")
    }

    @Test func aLoneSurrogateReadsAsTheReplacementCharacter() throws {
        let read = try read(#"["\ud83d", "\udc1e x", "\ud83d\u0041"]"#)
        #expect(read.items.map(\.string) == ["\u{FFFD}", "\u{FFFD} x", "\u{FFFD}A"])
    }

    @Test func numbersKeepTheirTextAndScalarsTypeAsYAMLCoreScalars() throws {
        let root = try read(#"[12345678901234567890123, 1.0, -0, 1e5, 2.5E-3, true, false, null, "12"]"#)
        #expect(
            root.items.map(\.scalarText) == [
                "12345678901234567890123", "1.0", "-0", "1e5", "2.5E-3", "true", "false", "null", "12",
            ])
        #expect(root.items[1].coreScalar == .float(1.0))
        #expect(root.items[5].coreScalar == .bool(true))
        #expect(root.items[7].coreScalar == .null)
        #expect(root.items[8].coreScalar == .string("12"))
    }

    @Test func everyNodeKnowsItsLineAndColumnInCharacters() throws {
        let root = try read("{\r\n  \"é\": [1,\n   \"ü\", {\"k\": null}]}")
        let entry = try #require(root.entries.first)
        #expect(root.location == SourceLocation(line: 1, column: 1))
        #expect(entry.keyNode.location == SourceLocation(line: 2, column: 3))
        #expect(entry.value.location == SourceLocation(line: 2, column: 8))
        #expect(entry.value.items[0].location == SourceLocation(line: 2, column: 9))
        #expect(entry.value.items[1].location == SourceLocation(line: 3, column: 4))
        #expect(entry.value.items[2]["k"]?.location == SourceLocation(line: 3, column: 15))
    }

    @Test func aScalarOrAnEmptyContainerIsAWholeText() throws {
        #expect(try read(" \"hi\" ").string == "hi")
        #expect(try read("\u{FEFF}{}").entries.isEmpty)
        #expect(try read("[]").items.isEmpty)
        #expect(try read("42").scalarText == "42")
    }

    @Test(arguments: [
        ("", 1, 1, "the JSON text is empty"),
        ("{\"a\": 1,}", 1, 9, "expected an object member's name"),
        ("[1, 2", 1, 6, "the JSON text ends too early"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
        ("[01]", 1, 2, "no leading zero"),
        ("[1.]", 1, 4, "digits after its '.'"),
        ("[-]", 1, 3, "digits after its '-'"),
        ("[1e]", 1, 4, "digits in its exponent"),
        ("[\"a\\x\"]", 1, 4, "escapes are"),
        ("[\"\\u12\"]", 1, 3, "four hex digits"),
        ("[\"a\nb\"]", 1, 4, "ends on its line"),
        ("[\"a\u{1}\"]", 1, 4, "no control character"),
        ("[\"abc", 1, 6, "ends inside a string"),
        ("{} []", 1, 4, "goes on after its value"),
        ("[tru]", 1, 2, "expected a JSON value"),
        ("{\"a\": 1,\n \"a\": 2}", 2, 2, "duplicate key 'a' (first defined at 1:2)"),
    ])
    func mistakesAreReportedWhereTheyAre(text: String, line: Int, column: Int, message: String) throws {
        let found = try #require(error(text))
        #expect(found.location == SourceLocation(line: line, column: column))
        #expect(found.message.contains(message), "\(found.message)")
    }

    @Test func duplicateNamesMayBeAllowed() throws {
        let root = try read(#"{"a": 1, "a": 2}"#, reader: JSONReader(rejectsDuplicateKeys: false))
        #expect(root.entries.map(\.value.scalarText) == ["1", "2"])
    }

    @Test func nestingIsBoundedWithoutRecursingPastTheBound() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let found = try #require(error(deep, reader: JSONReader(maxDepth: 64)))
        #expect(found.location == SourceLocation(line: 1, column: 65))
        #expect(found.message.contains("deeper than 64"))
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try read(deepest, reader: JSONReader(maxDepth: 64)).items.count == 1)
    }

    @Test func invalidUTF8IsAnError() throws {
        let found = try #require(error(Array(#"["ok", "a"#.utf8) + [0xFF] + Array(#""]"#.utf8)))
        #expect(found.location == SourceLocation(line: 1, column: 8))
        #expect(found.message.contains("UTF-8"))
    }

    @Test func theDocumentReaderTellsJSONFromYAML() throws {
        let reader = DocumentReader()
        #expect(try reader.parseDocument(Array(#"{"bug": "\ud83d\udc1e"}"#.utf8))["bug"]?.string == "🐞")
        // Opens like JSON but is YAML's flow mapping: read as YAML.
        #expect(try reader.parseDocument(Array("{a: 1}".utf8))["a"]?.scalarText == "1")
        #expect(try reader.parseDocument(Array("a: [1]\n".utf8))["a"]?.items.count == 1)
        // Neither: the JSON reader's error, at its place.
        #expect(throws: YAMLError("expected ',' or '}' after the member", at: SourceLocation(line: 1, column: 9))) {
            try reader.parseDocument(Array(#"{"a": 1 ]"#.utf8))
        }
    }

    /// Every JSON text of the YAML test suite reads as Foundation's JSON decoder reads it.
    @Test(.enabled(if: SharedTestData.shouldRun("yaml-test-suite"), "yaml-test-suite not found"))
    func readsTheYAMLTestSuitesJSONAsFoundationDoes() throws {
        let suite = SharedTestData.directory("yaml-test-suite")
        let cases = try FileManager.default.contentsOfDirectory(atPath: suite.path).sorted()
        var compared = 0
        for name in cases {
            let file = suite.appendingPathComponent(name).appendingPathComponent("in.json")
            guard let data = FileManager.default.contents(atPath: file.path),
                let expected = try? JSONDecoder().decode(JSONValue.self, from: data)
            else { continue }
            let node = try JSONReader(rejectsDuplicateKeys: false).parseDocument(Array(data))
            #expect(try JSONValue(yaml: node) == expected, "\(name)")
            compared += 1
        }
        #expect(compared > 150)
    }

    /// The captures of `../shared/testdata/capture`, and their answers' bodies, read as
    /// Foundation reads them (some answers write an emoji as a surrogate pair).
    @Test(.enabled(if: SharedTestData.shouldRun("capture"), "capture test data not found"))
    func readsCapturesAndTheirBodiesAsFoundationDoes() throws {
        let folder = SharedTestData.directory("capture")
        let captures = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }
        #expect(!captures.isEmpty)
        for name in captures.sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let root = try JSONReader().parseDocument(Array(data))
            #expect(try JSONValue(yaml: root) == JSONDecoder().decode(JSONValue.self, from: data), "\(name)")
            for entry in root["log"]?["entries"]?.items ?? [] {
                guard let text = entry["response"]?["content"]?["text"]?.string,
                    let expected = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
                else { continue }
                #expect(try JSONValue(yaml: JSONReader().parseDocument(text)) == expected, "\(name) \(entry.location)")
            }
        }
    }
}
