import Testing
import XToolSpec

@Suite struct SuggestionsTests {
    @Test func typosAreFoundByEditDistance() {
        #expect(Suggestions.closest(to: "reponse", in: ["path", "response"]) == "response")
        #expect(Suggestions.closest(to: "Usr", in: ["URL", "User"]) == "User")
        #expect(Suggestions.closest(to: "nickname", in: ["name", "summary"]) == nil)
    }

    @Test func namesWithAWordMoreOrLessMatchByTheirParts() {
        let types = ["Bool", "Date", "Int", "Int64", "JSON", "String", "User"]
        for (word, type) in [
            ("DateTime", "Date"), ("Integer", "Int"), ("Int32", "Int"), ("Str", "String"), ("UserModel", "User"),
            ("NSDate", "Date"), ("JSONObject", "JSON"),
        ] {
            #expect(Suggestions.closest(to: word, in: types, matchingParts: true) == type, "\(word)")
        }
        #expect(Suggestions.closest(to: "DateTime", in: types) == nil)
        #expect(Suggestions.closest(to: "Timestamp", in: types, matchingParts: true) == nil)
    }
}
