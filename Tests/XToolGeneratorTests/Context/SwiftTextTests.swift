import Foundation
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

    /// ASCII text is wrapped by bytes, anything else by characters: the two agree on where lines
    /// break, and a word longer than the width stands on a line of its own.
    @Test func docCommentsWrapASCIIAndOtherTextAlike() {
        let text =
            "Returns   the items of a user,  newest first.\n\n  Each page holds thirty; ask for the next one "
            + "with the cursor of the last.\nhttps://example.com/a-very-long-address-that-fits-on-no-line-of-forty\n\n"
        let ascii = SwiftText.docCommentLines(text, width: 40)
        #expect(ascii.first == "/// Returns the items of a user, newest")
        #expect(ascii.contains("/// https://example.com/a-very-long-address-that-fits-on-no-line-of-forty"))
        #expect(ascii.last?.hasPrefix("/// https://") == true, "trailing empty lines dropped")
        let accented = SwiftText.docCommentLines(text.replacingOccurrences(of: "items", with: "itéms"), width: 40)
        #expect(accented == ascii.map { $0.replacingOccurrences(of: "items", with: "itéms") })
    }

    @Test(arguments: [
        ("plain text", "#"), (#"a \ backslash"#, "#"), (#"ends """ here"#, "#"), (##"a """# in it"##, "##"),
        (##"quotes """"# run on"##, "##"), (###"escape \## here"###, "###"), (##""" #"##, "#"),
    ])
    func rawLiteralsHaveTheHashesTheirTextNeeds(text: String, hashes: String) {
        let literal = SwiftText.rawStringLiteral(text)
        #expect(literal.open == hashes + "\"\"\"" && literal.close == "\"\"\"" + hashes)
        #expect(literal.lines == [text])
    }

    @Test func commentTextStaysOnOneLine() {
        #expect(SwiftText.commentText("a\nb\u{2029}c") == "a b c")
    }
}
