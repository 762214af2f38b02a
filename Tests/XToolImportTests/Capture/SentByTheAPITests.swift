import Testing
import XToolRules

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
            "a value of the kind another parameter varies is data (an origin beside destinations)",
            [[("from", "116.48,39.98"), ("to", "116.46,40.00")], [("from", "116.48,39.98"), ("to", "116.43,39.90")]],
            SentByTheAPI()
        ),
        (
            "a parameter some calls leave out, with one value, varies nothing",
            [[("from", "2024-01-01"), ("day", "2024-02-02")], [("from", "2024-01-01")]],
            SentByTheAPI(constants: ["from": "2024-01-01"])
        ),
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
            signed("sign", "md5")
        ),
        ("a SHA-1 digest too", [[("sign", sha1[0])], [("sign", sha1[1])]], signed("sign", "sha1")),
        ("a SHA-256 digest too", [[("sign", sha256[0])], [("sign", sha256[1])]], signed("sign", "sha256")),
        (
            "an upper-case MD5 too, signed in upper case",
            [[("token", md5[0].uppercased())], [("token", md5[1].uppercased())]], signed("token", "md5", upper: true)
        ),
        (
            "hex of mixed case is no digest",
            [[("h", "9e107d9d372bb6826bd81d3542a419D6")], [("h", "e4d909c290d0fb1ca068ffaddf22cbd0")]], SentByTheAPI()
        ),
        (
            "hex of 16 characters is no digest", [[("id", "deadbeefdeadbeef")], [("id", "cafebabecafebabe")]],
            SentByTheAPI()
        ),
        (
            "a call repeated as it was sends its signature again",
            [
                [("q", "a"), ("sign", md5[0])], [("q", "b"), ("sign", md5[1])], [("q", "b"), ("sign", md5[1])],
            ],
            signed("sign", "md5")
        ),
        (
            "a digest two different calls send is none",
            [[("q", "a"), ("h", md5[0])], [("q", "b"), ("h", md5[1])], [("q", "c"), ("h", md5[1])]],
            SentByTheAPI()
        ),
        (
            "a digest sent twice is a constant, not a signature",
            [[("sign", md5[0])], [("sign", md5[0])]],
            SentByTheAPI(constants: ["sign": md5[0]])
        ),
        (
            "of two digests, the one named as a signature is the signature",
            [[("sign", sha1[0]), ("r", md5[0])], [("sign", sha1[1]), ("r", md5[1])]], signed("sign", "sha1")
        ),
        (
            "else the last sent",
            [[("a", md5[0]), ("b", sha1[0])], [("a", md5[1]), ("b", sha1[1])]], signed("b", "sha1")
        ),
        (
            "all three at once",
            [
                [("v", "2"), ("ts", "1700000000"), ("sig", md5[0])],
                [("v", "2"), ("ts", "1700000001"), ("sig", md5[1])],
            ],
            SentByTheAPI(
                constants: ["v": "2"], times: ["ts": "secondsSince1970"], signature: "sig",
                recipe: .init(digest: "md5"))
        ),
    ]

    /// The API signs with `name`, a `digest` recipe's guess.
    static func signed(_ name: String, _ digest: String, upper: Bool = false) -> SentByTheAPI {
        SentByTheAPI(signature: name, recipe: .init(digest: digest, upperCase: upper))
    }

    /// A digest that differs every call but only one path of several sends is that path's own
    /// (a file's hash), no signature; sent to two paths, it is.
    @Test func aSignatureIsSentToMoreThanOnePath() {
        let calls = [
            CapturedExchange.call("POST /files", [("hash", Self.md5[0])]),
            CapturedExchange.call("POST /files", [("hash", Self.md5[1])]), CapturedExchange.call("GET /user", []),
        ]
        #expect(SentByTheAPI.inferred(from: calls).signature == nil)
        let signed = [
            CapturedExchange.call("POST /files", [("s", Self.md5[0])]),
            CapturedExchange.call("GET /user", [("s", Self.md5[1])]),
        ]
        #expect(SentByTheAPI.inferred(from: signed).signature == "s")
    }

    /// A nonce every call to two paths sends anew, which a call repeated as it was (a retry)
    /// sends again.
    @Test func aRetrySendsItsNonceAgain() {
        let uuids = ["1b4e28ba-2fa1-11d2-883f-0016d3cca427", "6fa459ea-ee8a-3ca4-894e-db77e160355e"]
        let calls = [
            CapturedExchange.call("GET /a", [("n", uuids[0])]), CapturedExchange.call("GET /b", [("n", uuids[1])]),
            CapturedExchange.call("GET /b", [("n", uuids[1])]),
        ]
        #expect(SentByTheAPI.inferred(from: calls).nonces == ["n": "uuid"])
    }

    @Test(arguments: captures) func whatTheCallsShow(
        _ name: String, _ calls: [[(String, String)]], _ sent: SentByTheAPI
    ) {
        #expect(SentByTheAPI.inferred(from: calls.map { CapturedExchange.call("GET /", $0) }) == sent, "\(name)")
    }

    /// Values made afresh for each call, sent by every call to two paths or more: the kind of
    /// `nonce:` that makes them, `provided` for one none makes, nil for none.
    static let randoms: [(String, [String], String?)] = [
        (
            "lower-case UUIDs", ["1b4e28ba-2fa1-11d2-883f-0016d3cca427", "6fa459ea-ee8a-3ca4-894e-db77e160355e"],
            "uuid"
        ),
        (
            "upper-case UUIDs are the app's",
            ["1B4E28BA-2FA1-11D2-883F-0016D3CCA427", "6FA459EA-EE8A-3CA4-894E-DB77E160355E"], "provided"
        ),
        ("32 lower-case hex digits", md5, "hex"),
        ("letters and digits of one length", ["a8Kd02LmQz", "p0Zx7Yc3Vb"], "provided"),
        ("numbers in no order", ["83811", "1204", "55120"], "number"),
        ("numbers going up are a counter or a time", ["1", "2", "3"], nil),
        ("a value sent twice is none", ["a8Kd02LmQz", "a8Kd02LmQz"], nil),
        ("words are none", ["shanghai", "beijing1"], nil),
    ]

    @Test(arguments: randoms) func aValueMadeForEachCall(_ name: String, _ values: [String], _ kind: String?) {
        #expect(SentByTheAPI.nonceKind(of: values, everyCall: true) == kind, "\(name)")
        #expect(SentByTheAPI.nonceKind(of: values, everyCall: false) == nil, "\(name)")
    }

    /// Times sent as text, each call's own (its `startedDateTime`), and the style and zone of
    /// the `now:` they are; nil for none.
    static let textTimes: [(String, [(sent: String, started: String)], String?)] = [
        (
            "a format in the call's own zone",
            [
                ("2026-01-01 10:00:00", "2026-01-01T10:00:00.120+08:00"),
                ("2026-01-01 10:00:02", "2026-01-01T10:00:02+08:00"),
            ],
            "yyyy-MM-dd HH:mm:ss Asia/Shanghai"
        ),
        (
            "in another zone than the capture's",
            [("2026-01-01 10:00:00", "2026-01-01T02:00:00Z"), ("2026-01-01 10:00:01", "2026-01-01T02:00:01Z")],
            "yyyy-MM-dd HH:mm:ss Asia/Shanghai"
        ),
        (
            "in UTC",
            [("20260101020000", "2026-01-01T02:00:00Z"), ("20260101020001", "2026-01-01T02:00:01Z")],
            "yyyyMMddHHmmss UTC"
        ),
        (
            "a format, with no call's time to tell its zone",
            [("2026-01-01 10:00:00", ""), ("2026-01-01 10:00:01", "")], "yyyy-MM-dd HH:mm:ss -"
        ),
        (
            "ISO 8601",
            [("2026-01-01T02:00:00Z", "2026-01-01T02:00:00Z"), ("2026-01-01T10:00:05+08:00", "2026-01-01T02:00:05Z")],
            "iso8601 -"
        ),
        (
            "a date far from the call is no time",
            [
                ("2020-01-01 10:00:00", "2026-01-01T10:00:00+08:00"),
                ("2020-01-01 10:00:02", "2026-01-01T10:00:02+08:00"),
            ],
            nil
        ),
        (
            "calls of one second send one value, each call's",
            [
                ("2026-01-01 10:00:00", "2026-01-01T10:00:00.100+08:00"),
                ("2026-01-01 10:00:00", "2026-01-01T10:00:00.600+08:00"),
            ],
            "yyyy-MM-dd HH:mm:ss Asia/Shanghai"
        ),
        (
            "one value sent twice, with no call's time, is a constant",
            [("2026-01-01 10:00:00", ""), ("2026-01-01 10:00:00", "")],
            nil
        ),
    ]

    @Test(arguments: textTimes) func aTimeSentAsText(
        _ name: String, _ calls: [(sent: String, started: String)], _ style: String?
    ) {
        let exchanges = calls.map { call in
            var exchange = CapturedExchange.call("GET /", [("timestamp", call.sent)])
            exchange.started = DateRules.isoDate(call.started)
            return exchange
        }
        let found = SentByTheAPI.textTime("timestamp", in: exchanges)
        #expect(found.map { "\($0.style) \($0.zone ?? "-")" } == style, "\(name)")
    }

    /// Epoch times, each call's own by its `startedDateTime`, are the time even when calls of
    /// one second send one value; far from the call, they are the time only as a capture
    /// without calls' times shows it (different, going up).
    @Test func anEpochTimeIsTheCallsOwn() {
        let exchanges = { (values: [String], started: [String]) in
            zip(values, started).map { value, started in
                var exchange = CapturedExchange.call("GET /", [("ts", value)])
                exchange.started = DateRules.isoDate(started)
                return exchange
            }
        }
        let started = ["2023-11-14T22:13:20.100Z", "2023-11-14T22:13:20.900Z"]
        #expect(
            SentByTheAPI.inferred(from: exchanges(["1700000000", "1700000000"], started))
                == SentByTheAPI(times: ["ts": "secondsSince1970"]))
        #expect(
            SentByTheAPI.inferred(from: exchanges(["1700000000100", "1700000000900"], started))
                == SentByTheAPI(times: ["ts": "millisecondsSince1970"]))
        #expect(
            SentByTheAPI.inferred(from: exchanges(["1600000000", "1600000001"], started))
                == SentByTheAPI(times: ["ts": "secondsSince1970"]))
        #expect(SentByTheAPI.inferred(from: exchanges(["1600000000", "1600000000"], started)).times == [:])
    }
}
