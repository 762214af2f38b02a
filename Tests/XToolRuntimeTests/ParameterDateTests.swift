import Foundation
import TestSupport
import Testing
import XToolRuntime

/// A parameter's own date style (`format:` of a parameter in the spec) beside the client's:
/// Asana's `due_on.before` is a day while its timestamps are ISO 8601 (issue 20, item 8).
@Suite struct ParameterDateTests {
    @Test func aParametersOwnDateStyleWinsOverTheClients() async throws {
        let server = try TestServer.scope()
        let client = APIClient(baseURL: server.baseURL, dates: .iso8601, body: .form)
        let date = Date(timeIntervalSince1970: 1_717_200_000)  // 2024-06-01T00:00:00Z
        let echo: Echo = try await client.send(
            RequestDescription(.post, "tasks/{day}"),
            [
                .path("day", date, dates: "yyyy-MM-dd"), .query("due_on.before", date, dates: "yyyy-MM-dd"),
                .query("modified_since", date), .header("X-Day", date, dates: .secondsSince1970),
                .body("due_on", [date], dates: "yyyy-MM-dd"),
            ])
        #expect(echo.path.hasSuffix("/tasks/2024-06-01"))
        #expect(echo.query == "due_on.before=2024-06-01&modified_since=2024-06-01T00%3A00%3A00Z")
        #expect(echo.headers["x-day"] == "1717200000")
        #expect(echo.body == "due_on=2024-06-01")
    }

    /// Issue 40 item 2: a fixed value that is the time of the request (`now:`), in a format and
    /// zone (a gateway's `timestamp` in GMT+8), in epoch seconds and in milliseconds, each the
    /// time the request was sent.
    @Test func nowIsTheTimeOfTheRequestInItsStyle() async throws {
        let server = try TestServer.scope()
        let client = APIClient(
            baseURL: server.baseURL,
            fixed: [
                .now("timestamp", .formatted("yyyy-MM-dd HH:mm:ss", timeZone: "Asia/Shanghai"), in: .query),
                .now("ms", .millisecondsSince1970, in: .query),
            ],
            headers: [.now("X-Time", .secondsSince1970)])
        let before = Date().timeIntervalSince1970.rounded(.down)
        let echo: Echo = try await client.send(RequestDescription(.get, "items"))
        let after = Date().timeIntervalSince1970.rounded(.up)
        let query = Dictionary(
            uniqueKeysWithValues: (URLComponents(string: "?" + echo.query)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            })
        let seconds = try #require(echo.headers["x-time"].flatMap(Double.init))
        #expect(seconds.rounded() == seconds && (before...after).contains(seconds), "whole epoch seconds")
        let milliseconds = try #require(query["ms"].flatMap(Double.init))
        #expect((before * 1000...after * 1000).contains(milliseconds))
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "Asia/Shanghai")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let sent = try #require(query["timestamp"].flatMap(format.date(from:))).timeIntervalSince1970
        #expect((before...after).contains(sent), "\(query)")
    }

    /// Issue 40 item 2's nonce: a value made afresh for each request, in the form the spec says.
    @Test func aNonceIsNewOnEveryRequest() async throws {
        let server = try TestServer.scope()
        let client = APIClient(
            baseURL: server.baseURL,
            fixed: [
                .nonce("id", .uuid, in: .query), .nonce("salt", .hex, in: .query), .nonce("Nonce", .number, in: .query),
            ])
        var seen: [[String: String]] = []
        for _ in 0..<2 {
            let echo: Echo = try await client.send(RequestDescription(.get, "items"))
            seen.append(
                Dictionary(
                    uniqueKeysWithValues: (URLComponents(string: "?" + echo.query)?.queryItems ?? []).map {
                        ($0.name, $0.value ?? "")
                    }))
        }
        for query in seen {
            #expect(query["id"].flatMap(UUID.init(uuidString:)) != nil && query["id"] == query["id"]?.lowercased())
            #expect(query["salt"]?.count == 32 && query["salt"]?.allSatisfy(\.isHexDigit) == true)
            #expect(query["Nonce"].flatMap(Int.init).map { (1..<(1 << 31)).contains($0) } == true)
        }
        #expect(seen[0]["id"] != seen[1]["id"] && seen[0]["salt"] != seen[1]["salt"])
    }

    /// A nullable JSON body member (`nullable: true`) that holds a date takes its own style too:
    /// the generated code passes `dates:` for it as for any other date.
    @Test func aNullableDateTakesItsOwnStyle() async throws {
        let server = try TestServer.scope()
        let client = APIClient(baseURL: server.baseURL, dates: .iso8601, body: .json)
        let date = Date(timeIntervalSince1970: 1_717_200_000)
        let echo: Echo = try await client.send(
            RequestDescription(.post, "tasks"),
            [
                .body("due", Nullable<Date>.value(date), dates: .secondsSince1970),
                .body("done", Nullable<Date>.null, dates: .secondsSince1970),
                .body("gone", Nullable<Date>?.none, dates: .secondsSince1970),
            ])
        #expect(echo.body == #"{"done":null,"due":1717200000}"#)
    }
}
