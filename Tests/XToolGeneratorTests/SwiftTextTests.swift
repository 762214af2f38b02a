import Testing

@testable import XToolGenerator

@Suite struct SwiftTextTests {
    @Test(arguments: [
        (#"plain"#, #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        (#"\(exit(1))"#, #""\\(exit(1))""#),
        ("two\nlines", #""two\nlines""#),
        (#"""" triple"#, #""\"\"\" triple""#),
        ("tab\there", #""tab\there""#),
        ("北京 🎉", #""北京 🎉""#),
        ("bidi\u{202E}override", #""bidi\u{202E}override""#),
        ("line\u{2028}separator", #""line\u{2028}separator""#),
        ("nul\0byte", #""nul\0byte""#),
        ("no\u{A0}break", #""no\u{A0}break""#),
        ("layout ⟦marks⟧", #""layout \u{27E6}marks\u{27E7}""#),
    ])
    func stringLiteralsSayExactlyTheText(text: String, literal: String) {
        #expect(SwiftText.stringLiteral(text) == literal)
    }

    @Test func docCommentsCannotBeBrokenOutOf() {
        let lines = SwiftText.docCommentLines("Ends */ here.\nNext line\u{2028}struct Evil {}\r\n\n")
        #expect(lines == ["/// Ends */ here.", "/// Next line", "/// struct Evil {}"])
        #expect(lines.allSatisfy { $0.hasPrefix("///") })
    }

    @Test func docCommentsWrapAtTheWidthAndKeepParagraphs() {
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        let lines = SwiftText.docCommentLines(words + "\n\nSecond paragraph.", width: 40)
        #expect(lines.allSatisfy { $0.count <= 44 })
        #expect(lines.contains("///"))
        #expect(lines.last == "/// Second paragraph.")
        #expect(SwiftText.docCommentLines(nil).isEmpty)
    }

    @Test func commentTextStaysOnOneLine() {
        #expect(SwiftText.commentText("a\nb\u{2029}c") == "a b c")
    }
}
