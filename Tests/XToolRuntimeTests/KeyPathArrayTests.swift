import Foundation
import Testing
@_spi(Generated) import XToolRuntime

/// Key paths that read each element of an array (`data.children[].data`), as generated models
/// call `FieldDecoder` and `FieldEncoder` for them.
@Suite struct KeyPathArrayTests {
    /// A listing in Reddit's shape: every item wrapped as `{"kind": "t3", "data": {…}}`.
    private static let listing = #"""
        {"kind": "Listing", "data": {"after": "t3_b", "children": [
          {"kind": "t3", "data": {"id": "a", "title": "First", "score": 3}},
          {"kind": "t3", "data": {"id": "b", "title": "Second", "score": 1}}]}}
        """#

    private struct Post: Codable, Equatable {
        let id: String
        let title: String
    }

    /// `ids` and `posts` share the array `children`; `kinds` reads a key of each element itself.
    private struct Listing: Codable, Equatable {
        let after: String?
        let posts: [Post]
        let ids: [String]
        let kinds: [String]
        let scores: [Int]?
        let nested: [[String]]?

        init(after: String?, posts: [Post], ids: [String], kinds: [String], scores: [Int]?, nested: [[String]]?) {
            self.after = after
            self.posts = posts
            self.ids = ids
            self.kinds = kinds
            self.scores = scores
            self.nested = nested
        }

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            after = try c.decode("data.after")
            posts = try c.decode("data.children[].data")
            ids = try c.decode("data.children[].data.id")
            kinds = try c.decode("data.children[].kind")
            scores = try c.decodeIfPresent("data.children[].data.score")
            nested = try c.decodeIfPresent("data.groups[].members[].name")
        }

        func encode(to encoder: any Encoder) throws {
            var c = FieldEncoder(encoder)
            try c.encode(after, "data.after")
            try c.encode(posts, "data.children[].data")
            try c.encode(kinds, "data.children[].kind")
            try c.encode(scores, "data.children[].data.score")
            try c.encode(nested, "data.groups[].members[].name")
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func eachElementsMemberIsReadIntoAnArray() throws {
        let listing = try decode(Listing.self, Self.listing)
        #expect(listing.posts == [Post(id: "a", title: "First"), Post(id: "b", title: "Second")])
        #expect(listing.ids == ["a", "b"])
        #expect(listing.kinds == ["t3", "t3"])
        #expect(listing.scores == [3, 1])
        #expect(listing.nested == nil, "a missing array is nil for an optional")
        #expect(listing.after == "t3_b")
    }

    @Test func arraysInsideEachElementNest() throws {
        let json = #"""
            {"data": {"children": [], "groups": [{"members": [{"name": "a"}, {"name": "b"}]}, {"members": []}]}}
            """#
        let listing = try decode(Listing.self, json)
        #expect(listing.nested == [["a", "b"], []])
        #expect(listing.posts == [] && listing.kinds == [])
    }

    @Test func aMissingMemberOfOneElementNamesItsIndex() throws {
        let json = Self.listing.replacingOccurrences(of: #""title": "Second", "#, with: "")
        let error = #expect(throws: DecodingError.self) { try decode(Listing.self, json) }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "title")
        #expect(
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } == [
                "data", "children", "[1]", "data",
            ])
    }

    @Test func aNullElementIsNilOnlyForAnOptionalElement() throws {
        struct Optionals: Decodable {
            let titles: [String?]
            init(from decoder: any Decoder) throws {
                titles = try FieldDecoder(decoder).decode("items[].title")
            }
        }
        struct Required: Decodable {
            let titles: [String]
            init(from decoder: any Decoder) throws {
                titles = try FieldDecoder(decoder).decode("items[].title")
            }
        }
        let json = #"{"items": [{"title": "a"}, null, {"title": null}]}"#
        #expect(try decode(Optionals.self, json).titles == ["a", nil, nil])
        #expect(throws: DecodingError.self) { try decode(Required.self, json) }
    }

    @Test func aValueThatIsNoArrayIsADecodingError() throws {
        struct Scalar: Decodable {
            init(from decoder: any Decoder) throws {
                let _: String = try FieldDecoder(decoder).decode("items[].title")
            }
        }
        let error = #expect(throws: DecodingError.self) { try decode(Scalar.self, #"{"items": []}"#) }
        #expect(String(describing: error).contains("'[]' reads each element of an array into an array"))
    }

    @Test func encodingWritesTheSameShapeBack() throws {
        let listing = try decode(Listing.self, Self.listing)
        let json = try JSON(data: JSONEncoder().encode(listing))
        #expect(json["data"]["children"][0] == ["kind": "t3", "data": ["id": "a", "title": "First", "score": 3]])
        #expect(json["data"]["children"][1]["data"]["id"] == "b")
        #expect(try decode(Listing.self, json.description) == listing)

        let empty = Listing(after: nil, posts: [], ids: [], kinds: [], scores: [], nested: [["x"], []])
        let emptyJSON = try JSON(data: JSONEncoder().encode(empty))
        #expect(emptyJSON["data"]["children"] == [], "an empty array is written, so that it reads back")
        #expect(emptyJSON["data"]["groups"] == [["members": [["name": "x"]]], ["members": []]])
        #expect(try decode(Listing.self, emptyJSON.description) == empty)
    }
}

/// `T | false` in the spec: a value, or `false` when there is none.
@Suite struct UnlessFalseTests {
    /// Reddit's `edited`: `false`, or the time of the edit in seconds since 1970.
    private struct Post: Codable, Equatable {
        let edited: Date?
        let score: Int?

        init(edited: Date?, score: Int?) {
            self.edited = edited
            self.score = score
        }

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder, lenient: true)
            edited = try c.decodeUnlessFalse("edited", dateFormat: .secondsSince1970)
            score = try c.decodeUnlessFalse("data.score")
        }

        func encode(to encoder: any Encoder) throws {
            var c = FieldEncoder(encoder)
            try c.encodeOrFalse(edited, "edited", dateFormat: .secondsSince1970)
            try c.encodeOrFalse(score, "data.score")
        }
    }

    private func decode(_ json: String) throws -> Post {
        try JSONDecoder().decode(Post.self, from: Data(json.utf8))
    }

    @Test func falseMissingAndNullAreNil() throws {
        #expect(try decode(#"{"edited": false, "data": {"score": false}}"#) == Post(edited: nil, score: nil))
        #expect(try decode(#"{"edited": null}"#) == Post(edited: nil, score: nil))
        #expect(try decode("{}") == Post(edited: nil, score: nil))
    }

    @Test func anyOtherValueIsReadAsTheType() throws {
        let post = try decode(#"{"edited": 1700000000.0, "data": {"score": 0}}"#)
        #expect(post == Post(edited: Date(timeIntervalSince1970: 1_700_000_000), score: 0), "0 is no false")
        #expect(try decode(#"{"data": {"score": "7"}}"#).score == 7, "leniency still applies")
        #expect(throws: DecodingError.self, "true is neither false nor a date") { try decode(#"{"edited": true}"#) }
    }

    @Test func nilIsWrittenAsFalse() throws {
        let json = try JSON(data: JSONEncoder().encode(Post(edited: nil, score: 3)))
        #expect(json == ["edited": false, "data": ["score": 3]])
        let edited = Post(edited: Date(timeIntervalSince1970: 1_700_000_000), score: nil)
        #expect(try decode(JSON(data: JSONEncoder().encode(edited)).description) == edited)
    }
}
