import Testing
import XToolYAML

@testable import XToolImport

/// Whether digits a call sends are text, by how the answers hold digits (`DigitsInAnswers`).
@Suite struct DigitsInAnswersTests {
    static let answers = [
        #"{"adcode": "110101", "pois": [{"typecode": "160303"}, {"typecode": "160336"}]}"#,
        #"{"count": "6", "citycode": 10, "radius_m": "2000", "radius": 2000}"#,
    ]

    static let sent: [(name: String, value: String, isText: Bool)] = [
        // The same digits, only ever text.
        ("city", "110101", true),
        // Digits as wide, only text, at a key named like the parameter (`types` → `typecode`).
        ("types", "160300", true),
        ("type", "160300", true),
        // As wide, but at a key named otherwise, or of another width.
        ("kinds", "160300", false),
        ("types", "16030", false),
        // A key that holds a number too says nothing (`radius` beside `radius_m`).
        ("citycode", "1000", false),
        ("radius", "2000", false),
        // Fewer than four digits, or a name too short to tell by.
        ("count", "6", false),
        ("ty", "160300", false),
    ]

    @Test(arguments: sent) func digitsSentAre(_ name: String, _ value: String, _ isText: Bool) throws {
        let digits = DigitsInAnswers(try Self.answers.map { try JSONReader().parseDocument($0) })
        #expect(digits.areText(value, sentAs: name) == isText)
    }
}
