import Foundation
import Testing
import XToolRuntime

@Suite struct JSONTests {
    private let document: JSON = [
        "statuses": [["id": 4_567_890_123_456_789, "user": ["name": "Ann"]], ["id": 2, "score": 1.5]],
        "ok": true, "none": nil,
    ]

    @Test func subscriptsChainByKeyAndIndex() {
        #expect(document["statuses"][0]["user"]["name"] == "Ann")
        #expect(document["statuses"][1]["score"]?.doubleValue == 1.5)
        #expect(document["statuses"][2] == nil)
        #expect(document["statuses"][-1] == nil)
        #expect(document["ok"][0] == nil)
        #expect(document["missing"]["deeper"] == nil)
        #expect(document["none"] == .null)
        #expect(document["none"]?.isNull == true)
    }

    @Test func accessorsConvertOnlyWhatFits() {
        #expect(document["statuses"][0]["id"]?.int64Value == 4_567_890_123_456_789)
        #expect(JSON.double(2).intValue == 2)
        #expect(JSON.double(2.5).intValue == nil)
        #expect(JSON.int(3).doubleValue == 3)
        #expect(JSON.string("3").intValue == nil)
        #expect(document["ok"]?.boolValue == true)
        #expect(document["statuses"]?.arrayValue?.count == 2)
        #expect(document.objectValue?.keys.sorted() == ["none", "ok", "statuses"])
    }

    @Test func parsingKeepsIntegersExactAndTypesDistinct() throws {
        let parsed = try JSON(
            data: Data(#"{"id": 4567890123456789012, "f": 0.1, "s": "1", "b": false, "n": null, "a": []}"#.utf8))
        #expect(parsed == ["id": .int(4_567_890_123_456_789_012), "f": 0.1, "s": "1", "b": false, "n": nil, "a": []])
        #expect(try JSON(data: JSONEncoder().encode(parsed)) == parsed)
    }

    @Test func descriptionIsCompactJSONWithSortedKeys() {
        #expect(
            document.description
                == #"{"none":null,"ok":true,"statuses":[{"id":4567890123456789,"user":{"name":"Ann"}},{"id":2,"score":1.5}]}"#
        )
        #expect(JSON.string("a/b").description == #""a/b""#)
    }

    @Test func invalidDocumentsThrow() {
        #expect(throws: DecodingError.self) { try JSON(data: Data("{".utf8)) }
    }
}
