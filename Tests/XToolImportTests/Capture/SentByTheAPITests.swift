import Testing

@testable import XToolImport

/// What the API sends on every call by itself (`SentByTheAPI`), inferred from each call's
/// parameters: constants, the request's time, the signature.
@Suite struct SentByTheAPITests {
    static let md5 = ["9e107d9d372bb6826bd81d3542a419d6", "e4d909c290d0fb1ca068ffaddf22cbd0"]
    static let sha1 = ["2fd4e1c67a2d28fced849ee1bb76e7391b93eb12", "de9f2c7fd25e1b3afad3e85a0bd17d9b100db4b3"]
    static let sha256 = [
        "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    ]

    /// Each call's parameters, and what the API sends by itself.
    static let captures: [(String, [[(String, String)]], SentByTheAPI)] = [
        ("one call shows no constant", [[("format", "json")]], SentByTheAPI()),
        (
            "a value two calls send is a constant; one that differs is not",
            [[("format", "json"), ("q", "a")], [("format", "json"), ("q", "b")]],
            SentByTheAPI(constants: ["format": "json"])
        ),
        ("a value a call leaves out is no constant", [[("lang", "en")], [("lang", "en")], []], SentByTheAPI()),
        (
            "a page, a page size or an offset is never a constant",
            [[("page", "1"), ("count", "20"), ("offset", "0")], [("page", "1"), ("count", "20"), ("offset", "0")]],
            SentByTheAPI()
        ),
        (
            "a credential is never a constant",
            [[("access_token", "abc123"), ("appkey", "42")], [("access_token", "abc123"), ("appkey", "42")]],
            SentByTheAPI()
        ),
        (
            "epoch seconds, later each call within a day, are the time",
            [[("ts", "1700000000")], [("ts", "1700000060")], [("ts", "1700080000")]],
            SentByTheAPI(times: ["ts": "secondsSince1970"])
        ),
        (
            "epoch milliseconds are the time too",
            [[("t", "1700000000000")], [("t", "1700000000500")]],
            SentByTheAPI(times: ["t": "millisecondsSince1970"])
        ),
        ("a time going back is no time", [[("ts", "1700000060")], [("ts", "1700000000")]], SentByTheAPI()),
        ("times more than a day apart are no time", [[("ts", "1700000000")], [("ts", "1700100000")]], SentByTheAPI()),
        ("one call's time is no time", [[("ts", "1700000000")]], SentByTheAPI()),
        (
            "a time sent twice is a constant",
            [[("ts", "1700000000")], [("ts", "1700000000")]],
            SentByTheAPI(constants: ["ts": "1700000000"])
        ),
        (
            "an MD5 digest differing every call is the signature", [[("sign", md5[0])], [("sign", md5[1])]],
            SentByTheAPI(signature: "sign")
        ),
        ("a SHA-1 digest too", [[("sign", sha1[0])], [("sign", sha1[1])]], SentByTheAPI(signature: "sign")),
        ("a SHA-256 digest too", [[("sign", sha256[0])], [("sign", sha256[1])]], SentByTheAPI(signature: "sign")),
        (
            "hex of 16 characters is no digest", [[("id", "deadbeefdeadbeef")], [("id", "cafebabecafebabe")]],
            SentByTheAPI()
        ),
        (
            "a digest sent twice is a constant, not a signature",
            [[("sign", md5[0])], [("sign", md5[0])]],
            SentByTheAPI(constants: ["sign": md5[0]])
        ),
        (
            "the first digest is the signature",
            [[("nonce", md5[0]), ("sign", sha1[0])], [("nonce", md5[1]), ("sign", sha1[1])]],
            SentByTheAPI(signature: "nonce")
        ),
        (
            "all three at once",
            [
                [("v", "2"), ("ts", "1700000000"), ("sig", md5[0])],
                [("v", "2"), ("ts", "1700000001"), ("sig", md5[1])],
            ],
            SentByTheAPI(constants: ["v": "2"], times: ["ts": "secondsSince1970"], signature: "sig")
        ),
    ]

    @Test(arguments: captures) func whatTheCallsShow(
        _ name: String, _ calls: [[(String, String)]], _ sent: SentByTheAPI
    ) {
        #expect(SentByTheAPI.inferred(from: calls.map { CapturedExchange.call("GET /", $0) }) == sent, "\(name)")
    }
}
