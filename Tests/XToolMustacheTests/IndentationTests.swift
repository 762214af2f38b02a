import Testing
import XToolMustache

/// Whitespace rules as code templates rely on them: standalone lines vanish, standalone partials,
/// parents and blocks indent what they include, and indenting never leaves trailing blanks.
struct IndentationTests {
    @Test func standalonePartialIndentsEveryLineButLeavesBlankLinesEmpty() throws {
        let partials = ["members": "let a: Int\n{{#more}}\nlet b: Int\n{{/more}}\n\nvar c: Int {\n    1\n}\n"]
        let output = try render("struct A {\n    {{>members}}\n}\n", ["more": true], partials: partials)
        #expect(output == "struct A {\n    let a: Int\n    let b: Int\n\n    var c: Int {\n        1\n    }\n}\n")
    }

    @Test func nestedStandalonePartialsAddUpTheirIndentation() throws {
        let partials = [
            "function": "func f() {\n    {{>body}}\n}\n",
            "body": "if x {\n    {{>statement}}\n}\n",
            "statement": "return 1\n",
        ]
        let output = try render("struct S {\n    {{>function}}\n}\n", partials: partials)
        #expect(output == "struct S {\n    func f() {\n        if x {\n            return 1\n        }\n    }\n}\n")
    }

    @Test func inlinePartialLinesKeepTheEnclosingIndentation() throws {
        let partials = ["declaration": "let x = {{>call}}\n", "call": "f(\n    1\n)"]
        let output = try render("do {\n    {{>declaration}}\n}\n", partials: partials)
        #expect(output == "do {\n    let x = f(\n        1\n    )\n}\n")
    }

    @Test func interpolatedLinesAreNotReindented() throws {
        // As the spec's "Standalone Indentation" test wants: only template lines are indented.
        let output = try render(
            "enum E {\n    {{>doc}}\n}\n", ["text": "/// a\n/// b"], partials: ["doc": "{{{text}}}\n"])
        #expect(output == "enum E {\n    /// a\n/// b\n}\n")
    }

    @Test func parentBlockTakesTheIndentationOfItsParameter() throws {
        let parent = "public struct {{name}} {\n    {{$members}}\n    {{/members}}\n}\n"
        let flush = "{{<type}}\n{{$members}}\nlet id: Int\nlet name: String\n{{/members}}\n{{/type}}\n"
        let indented =
            "{{<type}}\n    {{$members}}\n        let id: Int\n        let name: String\n    {{/members}}\n{{/type}}\n"
        let expected = "public struct User {\n    let id: Int\n    let name: String\n}\n"
        #expect(try render(flush, ["name": "User"], partials: ["type": parent]) == expected)
        #expect(try render(indented, ["name": "User"], partials: ["type": parent]) == expected)
    }

    @Test func crlfLineEndingsArePreserved() throws {
        let template = "a\r\n{{#s}}\r\n  b\r\n{{/s}}\r\n{{! note }}\r\n  {{>p}}\r\nc"
        let output = try render(template, ["s": true], partials: ["p": "x\r\n\r\ny\r\n"])
        #expect(output.utf8.elementsEqual("a\r\n  b\r\n  x\r\n\r\n  y\r\nc".utf8))
    }

    @Test func deeplyNestedSectionsRender() throws {
        let template = String(repeating: "{{#a}}", count: 100) + "{{v}}" + String(repeating: "{{/a}}", count: 100)
        #expect(try render(template, ["a": [true], "v": "deep"]) == "deep")
    }

    @Test func recursivePartialRendersADeepTree() throws {
        let leaf: MustacheValue = ["name": "n40", "children": []]
        let tree = (1..<40).reversed().reduce(leaf) { child, level in
            ["name": .string("n\(level)"), "children": [child]]
        }
        let output = try render("{{>node}}", tree, partials: ["node": "{{name}}{{#children}}({{>node}}){{/children}}"])
        #expect(output == (1...40).map { "n\($0)" }.joined(separator: "(") + String(repeating: ")", count: 39))
    }
}
