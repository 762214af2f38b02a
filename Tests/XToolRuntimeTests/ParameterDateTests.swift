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
