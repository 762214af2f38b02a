import Testing
import XToolMustache

/// A template that starts with `{{! joined …}}` is written over several lines and renders as one.
struct JoinedLinesTests {
    @Test func linesJoinWithoutTheirBreaksAndLeadingBlanks() throws {
        let template = """
            {{! joined: a call }}
            call(
              {{#items}}
              ⟦{{name}}: {{value}}
                {{#more}} (more){{/more}}⟧
              {{/items}}
            )
            """
        let context: MustacheValue = [
            "items": [["name": "a", "value": "1"], ["name": "b", "value": "2", "more": true]]
        ]
        // Blanks inside a line stay (`a: 1`, ` (more)`); the ones that start a line go.
        #expect(try render(template, context) == "call(⟦a: 1⟧⟦b: 2 (more)⟧)")
    }

    @Test func aStandalonePartialIsNotIndented() throws {
        let template = "{{! joined }}\nf(\n    {{> argument}}\n)\n"
        #expect(try render(template, partials: ["argument": "x"]) == "f(x)")
    }

    @Test func otherTemplatesKeepTheirLines() throws {
        #expect(try render("{{! a note }}\nf(\n  x\n)\n") == "f(\n  x\n)\n")
    }

    @Test func errorsKeepTheirLinesAndColumns() throws {
        let error = #expect(throws: MustacheError.self) {
            try MustacheTemplate("{{! joined }}\na(\n  {{#open}}\n)\n", name: "joined")
        }
        #expect(error?.line == 3)
        #expect(error?.column == 3)
    }
}

/// `{{! joined line …}}`: the one line ends with a line break, so the partial can stand alone on
/// a line of a template written line by line.
struct JoinedLineTests {
    @Test func aStandaloneJoinedLinePartialKeepsTheLinesAroundIt() throws {
        let statement = "{{! joined line: a statement }}\ntry container.encode(\n  ⟦{{name}}⟧\n)\n"
        let template = "func f() {\n{{#fields}}\n  {{> statement}}\n{{/fields}}\n}\n"
        let output = try render(
            template, ["fields": [["name": "a"], ["name": "b"]]], partials: ["statement": statement])
        #expect(output == "func f() {\n  try container.encode(⟦a⟧)\n  try container.encode(⟦b⟧)\n}\n")
    }
}
