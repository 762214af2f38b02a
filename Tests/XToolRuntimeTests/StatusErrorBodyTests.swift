import Foundation
import TestSupport
import Testing
import XToolRuntime

/// `ErrorBody.forStatus(_:_:)`: a status (`429`) or a class of them (`4XX`) with a body of its
/// own (issue 20, item 4).
@Suite struct StatusErrorBodyTests {
    struct ErrorResponse: Decodable, Sendable, Equatable {
        let code: Int
        let message: String
    }

    struct RatelimitedResponse: Decodable, Sendable, Equatable {
        let message: String
        let retryAfter: Double

        enum CodingKeys: String, CodingKey {
            case message
            case retryAfter = "retry_after"
        }
    }

    struct ServerError: Decodable, Sendable, Equatable {
        let detail: String
    }

    private func failure(_ status: Int, _ body: String, errors: ErrorBody) async throws -> XToolError? {
        let server = try TestServer.scope()
        try await server.route("thing", .json(body, status: status))
        let client = APIClient(baseURL: server.baseURL, errors: errors)
        do {
            let _: JSON = try await client.send(RequestDescription(.get, "thing"))
            return nil
        } catch {
            return error
        }
    }

    @Test func aStatusReadsItsOwnBodyBeforeItsClassAndTheRest() async throws {
        let errors = ErrorBody(ErrorResponse.self, message: "message", code: "code")
            .forStatus("5XX", ErrorBody(ServerError.self, message: "detail"))
            .forStatus("429", ErrorBody(RatelimitedResponse.self, message: "message"))
        guard
            case .rejected(let limited)? = try await failure(
                429, #"{"message": "You are being rate limited.", "retry_after": 64.57}"#, errors: errors)
        else {
            Issue.record("429 is no rejection")
            return
        }
        #expect(limited.model(as: RatelimitedResponse.self)?.retryAfter == 64.57)
        #expect(limited.message == "You are being rate limited.")
        #expect(limited.code == nil)

        guard
            case .rejected(let missing)? = try await failure(
                404, #"{"code": 10003, "message": "Unknown Channel"}"#, errors: errors)
        else {
            Issue.record("404 is no rejection")
            return
        }
        #expect(missing.model(as: ErrorResponse.self) == ErrorResponse(code: 10003, message: "Unknown Channel"))

        guard case .rejected(let down)? = try await failure(503, #"{"detail": "down"}"#, errors: errors)
        else {
            Issue.record("503 is no rejection")
            return
        }
        #expect(down.model(as: ServerError.self) == ServerError(detail: "down"))
    }

    @Test func statusesAloneLeaveTheOthersToTheStatus() async throws {
        let errors = ErrorBody().forStatus("429", ErrorBody(RatelimitedResponse.self, message: "message"))
        guard
            case .status(let code, _)? = try await failure(
                404, #"{"code": 10003, "message": "Unknown Channel"}"#, errors: errors)
        else {
            Issue.record("404 is not .status")
            return
        }
        #expect(code == 404)
    }
}
