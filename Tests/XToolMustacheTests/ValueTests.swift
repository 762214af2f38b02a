import Foundation
import Testing
import XToolMustache

/// How values interpolate and how JSON becomes values.
struct ValueTests {
    @Test func numbersRenderAsWritten() throws {
        let context: MustacheValue = [
            "big": 12_345_678_901_234, "decimal": 1.21, "whole": 3.0, "negative": -0.5, "tiny": 1e-7,
        ]
        #expect(
            try render("{{big}} {{decimal}} {{whole}} {{negative}} {{tiny}}", context)
                == "12345678901234 1.21 3 -0.5 1e-07")
    }

    @Test func scalarsInterpolateAndContainersDoNot() throws {
        let context: MustacheValue = ["yes": true, "no": false, "nothing": nil, "list": [1, 2], "object": ["a": 1]]
        #expect(
            try render("[{{yes}}|{{no}}|{{nothing}}|{{list}}|{{object}}|{{missing}}]", context) == "[true|false||||]")
    }

    @Test func truthiness() throws {
        let context: MustacheValue = [
            "zero": 0, "empty": "", "emptyObject": [:], "emptyList": [], "null": nil, "false": false,
        ]
        let template =
            "{{#zero}}0{{/zero}}{{#empty}}e{{/empty}}{{#emptyObject}}o{{/emptyObject}}"
            + "{{^emptyList}}L{{/emptyList}}{{^null}}N{{/null}}{{^false}}F{{/false}}"
        #expect(try render(template, context) == "0eoLNF")
    }

    @Test func jsonKeepsIntegersExactAndAcceptsAnyTopLevelValue() throws {
        let object = try MustacheValue(
            json: Data(#"{"n": 12345678901234, "d": 1.210, "b": true, "s": "x", "z": null, "a": [1]}"#.utf8))
        #expect(object == ["n": 12_345_678_901_234, "d": 1.21, "b": true, "s": "x", "z": nil, "a": [1]])
        #expect(try MustacheValue(json: Data("[1, \"two\"]".utf8)) == [1, "two"])
        #expect(try MustacheValue(json: Data("\"text\"".utf8)) == "text")
        #expect(try MustacheValue(json: Data("85".utf8)) == 85)
        #expect(try MustacheValue(json: Data("false".utf8)) == false)
        #expect(try render("{{n}} {{d}}", object) == "12345678901234 1.21")
    }

    @Test func malformedJSONThrows() {
        #expect(throws: DecodingError.self) { try MustacheValue(json: Data("{\"a\": ".utf8)) }
    }

    @Test func htmlEscapingAndNone() throws {
        let context: MustacheValue = ["v": "<a href=\"x\">&'</a>"]
        #expect(try render("{{v}}", context, escaping: .html) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
        #expect(try render("{{{v}}}{{&v}}", context, escaping: .html) == "<a href=\"x\">&'</a><a href=\"x\">&'</a>")
        #expect(try render("{{v}}", context, escaping: .none) == "<a href=\"x\">&'</a>")
    }

    @Test func dottedNamesAndContextStack() throws {
        let context: MustacheValue = [
            "type": ["name": "Point", "fields": [["name": "x"], ["name": "y"]]], "prefix": "let",
        ]
        let template = "{{#type.fields}}{{prefix}} {{type.name}}.{{name}}\n{{/type.fields}}"
        #expect(try render(template, context) == "let Point.x\nlet Point.y\n")
    }

    private struct Item: Encodable {
        var name: String
        var note: String?
        var count: Int64
        var ratio: Double
        var flags: [Bool]
        var child: [String: Int]?
        /// Numbers of other types, through the generic path of an array of optionals.
        var scores: [Float?] = [1.5, nil]
        var sizes: [UInt64?] = [7]
    }

    @Test func encodableValuesConvertDirectlyAndNilIsNull() throws {
        let value = try MustacheValue(
            encoding: Item(name: "a", note: nil, count: 3, ratio: 0.5, flags: [true, false], child: ["x": 1]))
        #expect(
            value == [
                "name": "a", "note": nil, "count": 3, "ratio": 0.5, "flags": [true, false], "child": ["x": 1],
                "scores": [1.5, nil], "sizes": [7],
            ])
    }

    @Test func aNilMemberStopsTheLookupInsteadOfReachingAnOuterContext() throws {
        let context: MustacheValue = try [
            "note": "outer",
            "items": [MustacheValue(encoding: Item(name: "a", note: nil, count: 1, ratio: 1, flags: [], child: nil))],
        ]
        #expect(try render("{{#items}}{{name}}:{{note}}{{#child}}!{{/child}}{{/items}}", context) == "a:")
    }
}
