import Testing
import XToolMustache

/// Broken templates fail with the template's name, a 1-based line and character column, and a
/// clear message.
struct ParseErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let template: String
        let line: Int
        let column: Int
        let message: String

        var testDescription: String { template.debugDescription }
    }

    static let cases: [Case] = [
        Case(template: "{{#a}}x", line: 1, column: 1, message: "unclosed section 'a': no closing tag 'a'"),
        Case(template: "{{^a}}\n{{#b}}{{/b}}", line: 1, column: 1, message: "unclosed inverted section 'a'"),
        Case(template: "{{^a}}\n{{/a}}\n{{<p}}", line: 3, column: 1, message: "unclosed parent 'p'"),
        Case(template: "{{$b}}{{#c}}{{/c}}", line: 1, column: 1, message: "unclosed block 'b'"),
        Case(template: "{{#a}}{{#b}}{{/b}}\n", line: 1, column: 1, message: "unclosed section 'a'"),
        Case(
            template: "a\n  {{#a}}{{/b}}", line: 2, column: 9,
            message: "closing tag 'b' does not match the open section 'a' (opened at line 2, column 3)"),
        Case(
            template: "x\n\n {{/a}}", line: 3, column: 2,
            message: "closing tag 'a' has no open section, parent or block"),
        Case(
            template: "Hello {{name", line: 1, column: 7,
            message: "unclosed tag: '}}' expected before the end of the template"),
        Case(template: "{{{name}}", line: 1, column: 1, message: "unclosed tag: '}}}' expected"),
        Case(template: "{{! never closed", line: 1, column: 1, message: "unclosed tag"),
        Case(template: "{{=| |=}}\n|name", line: 2, column: 1, message: "unclosed tag: '|' expected"),
        Case(template: "{{=<% =}}", line: 1, column: 1, message: "invalid delimiter change '{{=<% =}}'"),
        Case(template: "{{= a b c =}}", line: 1, column: 1, message: "expected two delimiters"),
        Case(template: "{{=a= b=}}", line: 1, column: 1, message: "without '='"),
        Case(template: "{{}}", line: 1, column: 1, message: "empty name in tag '{{}}'"),
        Case(template: "x{{# }}", line: 1, column: 2, message: "empty name in tag '{{# }}'"),
        Case(template: "{{>*}}", line: 1, column: 1, message: "empty name"),
        Case(
            template: "{{a b}}", line: 1, column: 1,
            message: "invalid name 'a b' in tag '{{a b}}': names cannot contain whitespace"),
        Case(
            template: "{{a..b}}", line: 1, column: 1,
            message: "invalid name 'a..b' in tag '{{a..b}}': empty part in dotted name"),
        Case(template: "{{#.a}}{{/.a}}", line: 1, column: 1, message: "empty part in dotted name"),
        // Columns count characters, not bytes: "é" is two bytes, the flag is eight.
        Case(template: "héllo 🇫🇷 {{#a}}", line: 1, column: 9, message: "unclosed section 'a'"),
        // "\r\n" ends a line like "\n".
        Case(template: "a\r\nb {{/x}}\r\n", line: 2, column: 3, message: "no open section"),
        // Delimiter changes move the error but keep the position in characters.
        Case(template: "{{=<% %>=}}<%#a%>x<%/b%>", line: 1, column: 19, message: "closing tag 'b' does not match"),
        Case(
            template: String(repeating: "{{#a}}", count: 101), line: 1, column: 601,
            message: "sections, parents and blocks nested more than 100 deep"),
    ]

    @Test(arguments: cases)
    func malformedTemplate(_ testCase: Case) {
        let error = #expect(throws: MustacheError.self) {
            try MustacheTemplate(testCase.template, name: "broken.mustache")
        }
        #expect(error?.templateName == "broken.mustache")
        #expect(error?.line == testCase.line)
        #expect(error?.column == testCase.column)
        #expect(error?.message.contains(testCase.message) == true, "message: \(error?.message ?? "none")")
    }

    @Test func descriptionGivesNameLineColumnAndMessage() {
        let error = MustacheError(templateName: "t.mustache", line: 3, column: 7, message: "unclosed tag")
        #expect(error.description == "t.mustache:3:7: unclosed tag")
        #expect(MustacheError(templateName: "t", line: 0, column: 0, message: "unknown").description == "t: unknown")
    }

    @Test func libraryErrorNamesTheBrokenTemplate() {
        let expected = MustacheError(
            templateName: "b", line: 1, column: 3, message: "unclosed tag: '}}' expected before the end of the template"
        )
        #expect(throws: expected) {
            try MustacheLibrary(templates: ["a": "fine", "b": "x {{y", "c": "{{fine}}"])
        }
    }
}
