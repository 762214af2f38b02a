import Foundation
import Testing
import Weibo
@_spi(Generated) import XToolRuntime

/// The helpers generated models call: `FieldDecoder`, `FieldEncoder`, `Indirect`, `StringEnum`;
/// the generated Weibo models (`Generated/Weibo`, a strict API) use the first three.
@Suite struct ModelCodingTests {
    private static let status = #"""
        {"id": 3871, "idstr": "3871", "text": "hi", "created_at": "Tue May 31 17:46:55 +0800 2011",
         "user": {"id": 1404376560, "idstr": "1404376560", "screen_name": "zaku", "name": "zaku", "profile_image_url": null},
         "retweeted_status": {"id": 3870, "idstr": "3870", "text": "first", "created_at": "Mon May 30 17:00:00 +0800 2011",
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
        #expect(
            status.user
                == User(id: 1_404_376_560, idstr: "1404376560", screenName: "zaku", name: "zaku", profileImageURL: nil))
        #expect(status.visibility == 2, "visible.type")
        #expect(status.picURLs == [])
        #expect(status.source == "" && !status.favorited, "missing -> default")
        let retweeted = try #require(status.retweetedStatus)
        #expect(retweeted.id == 3870)
        #expect(retweeted.repostsCount == 0, "missing -> default")
        #expect(retweeted.coordinates == nil, "no geo object -> nil")
        #expect(retweeted.visibility == nil, "a null object on the way -> nil")
        #expect(retweeted.retweetedStatus == nil)
        #expect(retweeted.createdAt.timeIntervalSince1970 == 1_306_746_000)
    }

    @Test func aModelRoundTripsThroughItsOwnEncoding() throws {
        let status = try decode(Status.self, Self.status)
        let json = try encode(status)
        #expect(json["geo"] == ["coordinates": [39.9, 116.4]])
        #expect(json["created_at"] == "Tue May 31 09:46:55 +0000 2011", "Weibo's dates: style, outside a client too")
        #expect(json["retweeted_status"]["created_at"] == "Mon May 30 09:00:00 +0000 2011")
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
            let date: Date? = try c.decodeIfPresent("when")
            let missingDate: Date? = try c.decodeIfPresent("never")
            guard date == Date(timeIntervalSince1970: 0), missingDate == nil else {
                throw CocoaError(.coderInvalidValue)
            }
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
        #expect(
            try decode(Strict.self, #"{"meta": null, "when": "2024-02-29"}"#).when
                == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"meta": {"count": null}}"#) }
        #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"meta": {"count": "5"}}"#) }
        #expect(throws: DecodingError.self) { try decode(Strict.self, #"{"when": "29/02/2024"}"#) }
    }

    /// A dotted key path of plain names, which the clean path walks through nested objects.
    private struct Deep: Decodable, Equatable {
        let count: Int?
        let countOrSeven: Int
        let name: String?
        let tags: [String]?

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            count = try c.decodeIfPresent("a.b.count")
            countOrSeven = try c.decode("a.b.count", default: 7)
            name = try c.decodeIfPresent("a.b.name")
            tags = try c.decode("a.tags")
        }

        init(_ count: Int?, _ countOrSeven: Int, _ name: String?, _ tags: [String]?) {
            (self.count, self.countOrSeven, self.name, self.tags) = (count, countOrSeven, name, tags)
        }
    }

    @Test func aKeyPathOfNamesReadsThroughNestedObjectsAndMissingOnesOnTheWay() throws {
        let cases: [(String, Deep)] = [
            (#"{"a": {"b": {"count": 3, "name": "x"}, "tags": ["t"]}}"#, Deep(3, 3, "x", ["t"])),
            ("{}", Deep(nil, 7, nil, nil)),
            (#"{"a": null}"#, Deep(nil, 7, nil, nil)),
            (#"{"a": {"b": null, "tags": null}}"#, Deep(nil, 7, nil, nil)),
            (#"{"a": {"b": {}}}"#, Deep(nil, 7, nil, nil)),
        ]
        for (json, expected) in cases {
            #expect(try decode(Deep.self, json) == expected, "\(json)")
        }
        // Strict values, and something other than an object on the way, are errors as before.
        for json in [
            #"{"a": {"b": {"count": "3"}}}"#, #"{"a": {"b": {"count": null}}}"#, #"{"a": [1]}"#,
            #"{"a": {"b": 4}}"#,
        ] {
            #expect(throws: DecodingError.self, "\(json)") { try decode(Deep.self, json) }
        }
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
                    case .keyNotFound(let key, let context):
                        .init(codingPath: context.codingPath + [key], debugDescription: "")
                    case .valueNotFound(_, let context): context
                    default: nil
                    }
                let described = context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(
                    separator: ".")
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
            #"{"values": ["1", "0", "true", "false", 1, 0, true, "TRUE"], "text": [12, 1.5, "x"], "numbers": ["1.5", 2, " 3 "], "amount": "12.50"}"#
        )
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

    /// Key paths that index arrays, as the generator writes them for `weather.0.description`.
    private struct Indexed: Codable, Equatable {
        let first: String
        let firstIcon: String?
        let second: String?
        let tag: String?
        let grid: Int?
        let day: Date?

        init(first: String, firstIcon: String?, second: String?, tag: String?, grid: Int?, day: Date?) {
            (self.first, self.firstIcon, self.second, self.tag, self.grid, self.day) = (
                first, firstIcon, second, tag, grid, day
            )
        }

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            first = try c.decode("weather.0.main")
            firstIcon = try c.decode("weather.0.icon")
            second = try c.decode("weather.1.main")
            tag = try c.decode("tags.2")
            grid = try c.decode("grid.1.0")
            day = try c.decode("days.0", dateFormat: "yyyy-MM-dd")
        }

        func encode(to encoder: any Encoder) throws {
            var c = FieldEncoder(encoder)
            try c.encode(first, "weather.0.main")
            try c.encode(firstIcon, "weather.0.icon")
            try c.encode(second, "weather.1.main")
            try c.encode(tag, "tags.2")
            try c.encode(grid, "grid.1.0")
            try c.encode(day, "days.0", dateFormat: "yyyy-MM-dd")
        }
    }

    @Test func anIndexInAKeyPathReachesIntoAnArray() throws {
        let value = try decode(
            Indexed.self,
            #"""
            {"weather": [{"main": "Rain", "icon": "10d"}, {"main": "Mist"}], "tags": ["a", "b", "c"],
             "grid": [[1], [2, 3]], "days": ["2019-11-24"]}
            """#)
        #expect(
            value
                == Indexed(
                    first: "Rain", firstIcon: "10d", second: "Mist", tag: "c", grid: 2,
                    day: .init(timeIntervalSince1970: 1_574_553_600)))

        let short = try decode(
            Indexed.self, #"{"weather": [{"main": "Rain"}, null], "tags": [], "grid": null, "days": []}"#)
        #expect(
            short == Indexed(first: "Rain", firstIcon: nil, second: nil, tag: nil, grid: nil, day: nil),
            "past the end or null: nil")

        // An object whose keys are digits is still an object.
        let object = try decode(Indexed.self, #"{"weather": {"0": {"main": "Snow"}}}"#)
        #expect(object.first == "Snow")
    }

    @Test func aMissingElementIsAnErrorNamingItsIndex() async throws {
        let client = APIClient(
            baseURL: URL(string: "https://example.com/")!,
            transport: StubTransport { _ in .json(["weather": []]) })
        let error = await #expect(throws: XToolError.self) {
            let _: Indexed = try await client.send(RequestDescription(.get, "weather"))
        }
        #expect(error?.decodingPath == "weather[0]")
        #expect(error?.decodingMessage == "No element at index 0: the array has 0.")
        let response = await #expect(throws: XToolError.self) {
            let _: String = try await client.send(RequestDescription(.get, "weather", response: "weather.3.main"))
        }
        #expect(response?.decodingPath == "weather[3]")
    }

    @Test func indexesWriteArraysInOrder() throws {
        let value = Indexed(
            first: "Rain", firstIcon: "10d", second: "Mist", tag: "c", grid: 2, day: .init(timeIntervalSince1970: 0))
        #expect(
            try encode(value) == [
                "weather": [["main": "Rain", "icon": "10d"], ["main": "Mist"]], "tags": [nil, nil, "c"],
                "grid": [nil, [2]], "days": ["1970-01-01"],
            ])
        #expect(try decode(Indexed.self, encode(value).description) == value)
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
        let comment = try decode(
            Comment.self, #"{"text": "c", "parent": {"text": "b", "parent": {"text": "a", "parent": null}}}"#)
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

    @Test func aModelDecodesAlikeThroughItsClientAndAPlainDecoder() async throws {
        let api = WeiboAPI(
            transport: StubTransport { _ in .init(body: Data(Self.status.utf8)) }, cache: MemoryResponseCache(),
            accessToken: { "t" })
        let status = try await StatusTool(api: api).status(id: 3871)
        #expect(status.createdAt == Date(timeIntervalSince1970: 1_306_835_215))
        #expect(status.retweetedStatus?.createdAt == Date(timeIntervalSince1970: 1_306_746_000))
        #expect(try decode(Status.self, Self.status) == status)
    }

    /// A model of an ISO 8601 API (the default `dates:`) whose dates live in arrays, dictionaries
    /// and optionals, and one field that takes either of two styles, as the generator writes it.
    private struct Dated: Codable, Equatable {
        let days: [Date]
        let byName: [String: Date?]
        let lastStatusAt: Date?

        init(days: [Date], byName: [String: Date?], lastStatusAt: Date?) {
            (self.days, self.byName, self.lastStatusAt) = (days, byName, lastStatusAt)
        }

        init(from decoder: any Decoder) throws {
            let c = try FieldDecoder(decoder)
            days = try c.decode("days")
            byName = try c.decode("by_name")
            lastStatusAt = try c.decode("last_status_at", dateFormat: ["iso8601", "yyyy-MM-dd"])
        }

        func encode(to encoder: any Encoder) throws {
            var c = FieldEncoder(encoder)
            try c.encode(days, "days")
            try c.encode(byName, "by_name")
            try c.encode(lastStatusAt, "last_status_at", dateFormat: ["iso8601", "yyyy-MM-dd"])
        }
    }

    @Test func datesInsideCollectionsAndInEitherOfTwoStylesDecodeWithAPlainDecoder() throws {
        let new = try decode(
            Dated.self,
            #"{"days": ["2019-11-24T00:00:00Z"], "by_name": {"a": "2019-11-24T00:00:00.5Z", "b": null}, "last_status_at": "2019-11-24"}"#
        )
        let day = Date(timeIntervalSince1970: 1_574_553_600)
        #expect(new == Dated(days: [day], byName: ["a": day.addingTimeInterval(0.5), "b": nil], lastStatusAt: day))
        let old = try decode(Dated.self, #"{"days": [], "by_name": {}, "last_status_at": "2019-11-24T15:49:42.251Z"}"#)
        #expect(abs((old.lastStatusAt?.timeIntervalSince1970 ?? 0) - 1_574_610_582.251) < 0.001)
        #expect(try encode(old)["last_status_at"] == "2019-11-24T15:49:42.251Z", "milliseconds rounded, not truncated")

        #expect(
            try encode(new) == [
                "days": ["2019-11-24T00:00:00Z"], "by_name": ["a": "2019-11-24T00:00:00.500Z", "b": nil],
                "last_status_at": "2019-11-24T00:00:00Z",
            ], "written in the first style")
        #expect(try decode(Dated.self, encode(new).description) == new)

        let error = #expect(throws: DecodingError.self) {
            try decode(Dated.self, #"{"days": [], "by_name": {}, "last_status_at": "24/11/2019"}"#)
        }
        guard case .dataCorrupted(let context) = error else { return }
        #expect(
            context.debugDescription
                == #"Expected a date in one of the styles iso8601, 'yyyy-MM-dd', found "24/11/2019"."#)
    }
}

/// A model with a `nullable:` field, as generated: `Nullable<T>?` written by `FieldEncoder.encodeNullable` and
/// read by `FieldDecoder.decodeNullable`, at a plain key and along a key path.
struct Clearable: Codable, Equatable, Sendable {
    let note: Nullable<String>?
    let due: Nullable<Date>?

    init(note: Nullable<String>?, due: Nullable<Date>?) {
        self.note = note
        self.due = due
    }

    init(from decoder: any Decoder) throws {
        let container = try FieldDecoder(decoder)
        note = try container.decodeNullable("note")
        due = try container.decodeNullable("plan.due", dateFormat: .secondsSince1970)
    }

    func encode(to encoder: any Encoder) throws {
        var container = FieldEncoder(encoder)
        try container.encodeNullable(note, "note")
        try container.encodeNullable(due, "plan.due", dateFormat: .secondsSince1970)
    }
}

@Suite struct NullableFieldTests {
    @Test(arguments: [
        (Clearable(note: .null, due: .null), #"{"note":null,"plan":{"due":null}}"#),
        (Clearable(note: .value("x"), due: .value(Date(timeIntervalSince1970: 5))), #"{"note":"x","plan":{"due":5}}"#),
        (Clearable(note: nil, due: nil), "{}"),
    ])
    func nullValueAndMissingAreWrittenAndReadApart(value: Clearable, json: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == json)
        let decoded = try JSONDecoder().decode(Clearable.self, from: Data(json.utf8))
        #expect(decoded == value)
    }
}
