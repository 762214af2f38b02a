import Foundation
import TestSupport
import Testing

/// The helpers the other tests trust: a broken one would let them pass for the wrong reason.
@Suite struct SupportTests {
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        ),
        (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
    func sha1MatchesTheStandardsVectors(message: String, digest: String) {
        #expect(SHA1.hex(Data(message.utf8)) == digest)
    }

    @Test func formFieldsArePercentDecodedInOrder() {
        let fields = FormFields("city=%E5%8C%97%E4%BA%AC&q=5%2B%20stars&empty=&sign=AB")
        #expect(fields.names == ["city", "q", "empty", "sign"])
        #expect(fields["city"] == "北京")
        #expect(fields["q"] == "5+ stars")
        #expect(fields.dictionary(excluding: "sign") == ["city": "北京", "q": "5+ stars", "empty": ""])
    }

    @Test func anExcerptIsConsecutiveLinesWithOneIndentation() {
        let source = "struct A {\n    func f() {\n        let a = 1\n\n        let b = 2\n    }\n}\n"
        #expect(isExcerpt("let a = 1\n\nlet b = 2", of: source))
        #expect(isExcerpt("\nfunc f() {\n    let a = 1\n", of: source))
        #expect(!isExcerpt("let a = 1\nlet b = 2", of: source), "lines apart")
        #expect(!isExcerpt("func f() {\nlet a = 1", of: source), "indentation changed")
        #expect(!isExcerpt("a = 1", of: source), "part of a line")
        #expect(!isExcerpt("let c = 3", of: source))
    }

    @Test func codeBlocksKeepTheirLanguageTextAndLine() {
        let markdown = "# T\n\n```swift\nlet a = 1\n```\n\ntext\n\n```\nplain\n\n```\n"
        let blocks = CodeBlock.all(in: markdown)
        #expect(blocks.map(\.language) == ["swift", ""])
        #expect(blocks.map(\.text) == ["let a = 1", "plain\n"])
        #expect(blocks.map(\.line) == [3, 9])
    }
}
