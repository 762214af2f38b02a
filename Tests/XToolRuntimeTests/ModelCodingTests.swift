import Foundation
import Testing
import Weibo
@_spi(Generated) import XToolRuntime

/// The helpers generated models call: `FieldDecoder`, `FieldEncoder`, `Indirect`, `StringEnum`;
/// the generated Weibo models (`Generated/Weibo`, a strict API) use the first three.
@Suite struct ModelCodingTests {
    private static let status = #"""
        {"id": 3871, "idstr": "3871", "text": "hi", "created_at": "2011-05-31T09:46:55Z",
         "user": {"id": 1404376560, "idstr": "1404376560", "screen_name": "zaku", "name": "zaku", "profile_image_url": null},
         "retweeted_status": {"id": 3870, "idstr": "3870", "text": "first", "created_at": "2011-05-30T09:00:00.5Z",
                              "visible": null},
         "reposts_count": 12, "geo": {"type": "Point", "coordinates": [39.9, 116.4]}, "visible": {"type": 2, "list_id": 0}}
        """#

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    private func encode(_ value: some Encodable) throws -> JSON {
        try JSON(data: JSONEncoder().encode(value))
    }

    @Test func aGeneratedModelDecodesWithDefaultsPathsAndRecursion() throws {
        let status = try decode(Status.self, Self.status)
        #expect(status.id == 3871)
        #expect(status.repostsCount == 12)
        #expect(status.coordinates == [39.9, 116.4])
        #expect(status.createdAt == Date(timeIntervalSince1970: 1_306_835_215))
        #expect(status.user == User(id: 1_404_376_560, idstr: "1404376560", screenName: "zaku", name: "zaku", profileImageURL: nil))
        #expect(status.visibility == 2, "visible.type")
        #expect(status.picURLs == [])
        #expect(status.source == "" && !status.favorited, "missing -> default")
        let retweeted = try #require(status.retweetedStatus)
        #expect(retweeted.id == 3870)
        #expect(retweeted.repostsCount == 0, "missing -> default")
        #expect(retweeted.coordinates == nil, "no geo object -> nil")
        #expect(retweeted.visibility == nil, "a null object on the way -> nil")
        #expect(retweeted.retweetedStatus == nil)
        #expect(retweeted.createdAt.timeIntervalSince1970 == 1_306_746_000.5)
    }

    @Test func aModelRoundTripsThroughItsOwnEncoding() throws {
        let status = try decode(Status.self, Self.status)
        let json = try encode(status)
        #expect(json["geo"] == ["coordinates": [39.9, 116.4]])
        #expect(json["created_at"] == "2011-05-31T09:46:55Z", "ISO 8601 outside a client")
        #expect(json["retweeted_status"]["created_at"] == "2011-05-30T09:00:00.500Z")
        #expect(json["retweeted_status"]["geo"] == nil, "nil optionals are left out")
        #expect(json["retweeted_status"]["visible"] == nil)
        #expect(json["user"]["screen_name"] == "zaku")
        #expect(json["visible"] == ["type": 2])
        #expect(try decode(Status.self, json.description) == status)
    }

    /// A lenient API's model, as the generator writes it for `lenient: true` (Specs/Home.yaml's
    /// models are; `HomeTests` decodes them from the server).
    private struct LenientPost: Decodable, Equatable {
        let id: Int64
        let repostsCount: Int
        let coordinates: [Double]?
        let visibility: Visibility

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder, lenient: true)
            id = try c.decode("id")
            repostsCount = try c.decode("reposts_count", default: 0)
            coordinates = try c.decode("geo.coordinates")
            visibility = try c.decode("visibility")
        }
    }

    /// An inline enum, as the generator writes it.
    private enum Visibility: StringEnum {
        case `public`, friends, `private`
        case unknown(String)

        static let knownCases: [Visibility] = [.public, .friends, .private]

        var rawString: String {
            switch self {
            case .public: "public"
            case .friends: "friends"
            case .private: "private"
            case .unknown(let value): value
            }
        }
    }

    @Test func aLenientModelTakesTextForNumbersAndNullForDefaults() throws {
        let posts = try decode(
            [LenientPost].self,
            #"""
            [{"id": "3871", "reposts_count": "12", "geo": {"type": "Point", "coordinates": ["39.9", 116.4]}, "visibility": "friends"},
             {"id": 3870, "reposts_count": null, "visibility": "circle"}]
            """#)
        #expect(posts.first?.id == 3871)
        #expect(posts.first?.repostsCount == 12)
        #expect(posts.first?.coordinates == [39.9, 116.4])
        #expect(posts.first?.visibility == .friends)
        #expect(posts.last?.repostsCount == 0, "null -> default for a lenient API")
        #expect(posts.last?.coordinates == nil, "no geo object -> nil")
        #expect(posts.last?.visibility == .unknown("circle"))
    }

    private struct Strict: Decodable, Equatable {
        let count: Int
        let label: String?
        let when: Date?

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            count = try c.decode("meta.count", default: 5)
            label = try c.decode("meta.label")
            when = try c.decode("when", dateFormat: "yyyy-MM-dd")
        }
    }

    /// An optional field read both ways: `decodeIfPresent` (what the generator writes now) and
    /// `decode` of an optional type (what it wrote before, still supported).
    private struct BothWays: Decodable {
        let present: [Int?]
        let same: Bool

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            let keys = ["a", "b", "c", "geo.lat", "none.lat", "null.lat"]
            let ifPresent: [Int?] = try keys.map { try c.decodeIfPresent($0) }
            let decoded: [Int?] = try keys.map { try c.decode($0) }
            present = ifPresent
            same = ifPresent == decoded
            let date: Date? = try c.decodeIfPresent("when"), missingDate: Date? = try c.decodeIfPresent("never")
            guard date == Date(timeIntervalSince1970: 0), missingDate == nil else { throw CocoaError(.coderInvalidValue) }
        }
    }

    @Test func decodeIfPresentReadsOptionalsLikeDecode() throws {
        let json = #"{"a": 1, "b": null, "geo": {"lat": 4}, "null": null, "when": "1970-01-01T00:00:00Z"}"#
        let both = try decode(BothWays.self, json)
        #expect(both.present == [1, nil, nil, 4, nil, nil])
        #expect(both.same)
        // A value of the wrong type is an error naming its path, as with decode.
        #expect(throws: DecodingError.self) { try decode(BothWays.self, #"{"a": "x"}"#) }
    }

    @Test func strictDecodingKeepsDefaultsForMissingValuesOnly() throws {
        #expect(try decode(Strict.self, "{}") == (try decode(Strict.self, #"{"meta": {"count": 5}}"#)))
        #expect(try decode(Strict.self, #"{"meta": null, "when": "2024-02-29"}"#).when == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"meta": {"count": null}}"#) }
        #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"meta": {"count": "5"}}"#) }
        #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"when": "29/02/2024"}"#) }
    }

    private struct Required: Decodable {
        let id: Int64
        init(from decoder: any Decoder) throws {
            id = try FieldDecoder(decoder).decode("user.id")
        }
    }

    @Test func missingAndNullValuesAreErrorsNamingTheirPath() throws {
        for (json, path) in [("{}", "user"), (#"{"user": {}}"#, "user.id"), (#"{"user": {"id": null}}"#, "user.id")] {
            do {
                _ = try decode([Required].self, "[{\"user\": {\"id\": 1}}, \(json)]")
                Issue.record("\(json) decoded")
            } catch let error as DecodingError {
                let context: DecodingError.Context? =
                    switch error {
                    case .keyNotFound(let key, let context): .init(codingPath: context.codingPath + [key], debugDescription: "")
                    case .valueNotFound(_, let context): context
                    default: nil
                    }
                let described = context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                #expect(described == "[1]." + path)
            }
        }
    }

    private struct Flags: Decodable {
        let values: [Bool]
        let text: [String]
        let numbers: [Double]
        let amount: Decimal
        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder, lenient: true)
            values = try c.decode("values")
            text = try c.decode("text")
            numbers = try c.decode("numbers")
            amount = try c.decode("amount")
        }
    }

    @Test func lenientDecodingTakesNumbersForStringsAndTheOtherWayRound() throws {
        let flags = try decode(
            Flags.self,
            #"{"values": ["1", "0", "true", "false", 1, 0, true, "TRUE"], "text": [12, 1.5, "x"], "numbers": ["1.5", 2, " 3 "], "amount": "12.50"}"#)
        #expect(flags.values == [true, false, true, false, true, false, true, true])
        #expect(flags.text == ["12", "1.5", "x"])
        #expect(flags.numbers == [1.5, 2, 3])
        #expect(flags.amount == Decimal(string: "12.5"))
        #expect {
            try decode(Flags.self, #"{"values": ["yes"], "text": [], "numbers": [], "amount": 1}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.debugDescription == #"Expected Bool (leniently), found the string "yes"."#
        }
    }

    private struct Nested: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = FieldEncoder(encoder)
            try c.encode(1, "a.b.c")
            try c.encode("x", "a.b.d")
            try c.encode(true, "a.e")
            try c.encode(Int?.none, "a.f")
            try c.encode(Date(timeIntervalSince1970: 0), "day", dateFormat: "yyyy-MM-dd")
            try c.encode(Date?(Date(timeIntervalSince1970: 1.5)), "ms", dateFormat: .millisecondsSince1970)
        }
    }

    @Test func dottedKeysMergeIntoNestedObjects() throws {
        #expect(try encode(Nested()) == ["a": ["b": ["c": 1, "d": "x"], "e": true], "day": "1970-01-01", "ms": 1500])
    }

    /// A recursive model with `Indirect` as a property wrapper (for plain Swift 6 modules).
    private struct Comment: Codable, Hashable {
        let text: String
        @Indirect private(set) var parent: Comment?

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            text = try c.decode("text")
            _parent = try c.decode("parent")
        }

        func encode(to encoder: any Encoder) throws {
            var c = FieldEncoder(encoder)
            try c.encode(text, "text")
            try c.encode(_parent, "parent")
        }
    }

    @Test func indirectAsAPropertyWrapperDecodesLikeItsValue() throws {
        let comment = try decode(Comment.self, #"{"text": "c", "parent": {"text": "b", "parent": {"text": "a", "parent": null}}}"#)
        #expect(comment.parent?.parent?.text == "a")
        #expect(comment.parent?.parent?.parent == nil)
        #expect(try encode(comment) == ["text": "c", "parent": ["text": "b", "parent": ["text": "a"]]])
    }

    @Test func indirectReadsAndComparesLikeItsValue() throws {
        var box = Indirect<Int?>(wrappedValue: 1)
        let copy = box
        box.wrappedValue = 2
        #expect(copy.wrappedValue == 1 && box.wrappedValue == 2)
        #expect(box != copy)
        #expect(Set([box, Indirect(wrappedValue: 2)]).count == 1)
        #expect(try JSONDecoder().decode(Indirect<[Int]>.self, from: Data("[1,2]".utf8)).wrappedValue == [1, 2])
    }

    @Test func stringEnumsKeepUnknownValues() throws {
        let values = try decode([Visibility].self, #"["public", "private", "circle"]"#)
        #expect(values == [.public, .private, .unknown("circle")])
        #expect(try encode(values) == ["public", "private", "circle"])
        #expect(Visibility.friends.description == "friends")
    }

    @Test func datesDecodeInTheClientsStyleInsideAClient() async throws {
        let json = Self.status.replacingOccurrences(of: "2011-05-31T09:46:55Z", with: "Tue May 31 17:46:55 +0800 2011")
            .replacingOccurrences(of: "2011-05-30T09:00:00.5Z", with: "Mon May 30 17:00:00 +0800 2011")
        let api = WeiboAPI(
            transport: StubTransport { _ in .init(body: Data(json.utf8)) }, cache: MemoryResponseCache(), accessToken: { "t" })
        let status = try await StatusTool(api: api).status(id: 3871)
        #expect(status.createdAt == Date(timeIntervalSince1970: 1_306_835_215))
        #expect(status.retweetedStatus?.createdAt == Date(timeIntervalSince1970: 1_306_746_000))
    }
}
