import Foundation
import StripeCharges
import TestSupport
import Testing
import XToolRuntime

/// Stripe's charges, generated from `Specs/StripeCharges.yaml`, against the local server with the
/// examples of Stripe's API reference (`Specs/samples/stripe/SOURCE.md`).
@Suite struct StripeChargesTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private var api: StripeChargesAPI {
        StripeChargesAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), secretKey: { "sk_test_e2e" })
    }

    @Test func aChargeIsCreatedWithAFormBody() async throws {
        try await server.route("charges", try Fixture.response("stripe/charge.json"))

        let charge = try await ChargeTool(api: api).create(amount: 1099, currency: "usd", source: "tok_visa")

        #expect(charge.id == "ch_3MmlLrLkdIwHu7ix0snN0B15")
        #expect(charge.status == .succeeded && charge.paid)
        #expect(charge.created == Date(timeIntervalSince1970: 1_679_090_539))
        let sent = try #require(try await server.requests("charges").first)
        #expect(FormFields(sent.body) == FormFields("amount=1099&currency=usd&source=tok_visa"))
        #expect(sent.headers["authorization"] == "Bearer sk_test_e2e")
    }

    /// A declined card: 402 and Stripe's error body. The caller gets the status, the message and
    /// the code (in the description too) and the decoded `StripeError`, without decoding by hand.
    @Test func aDeclinedCardIsARejectionWithTheTypedError() async throws {
        try await server.route("charges", .json(try Fixture.text("stripe/card-declined.json"), status: 402))

        let error = await #expect(throws: XToolError.self) {
            try await ChargeTool(api: api).create(amount: 1099, currency: "usd", source: "tok_chargeDeclined")
        }
        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 402)
        #expect(failure.message == "Your card was declined.")
        #expect(failure.code == "card_declined")
        let stripeError = try #require(failure.model(as: StripeError.self))
        #expect(stripeError.kind == .cardError)
        #expect(stripeError.declineCode == "generic_decline")
        #expect(stripeError.param == "")
        #expect(stripeError.docURL == URL(string: "https://stripe.com/docs/error-codes/card-declined"))
        #expect(failure.body == Data(try Fixture.text("stripe/card-declined.json").utf8))
        #expect(
            error?.description
                == "The server reported a failure with HTTP 402: Your card was declined. (code card_declined).")
    }

    /// An unknown key: 401 and an error with a message but no code. It reads as declared (the
    /// model decodes, the code is optional), so it is a rejection whose code is nil, not a bare
    /// status (issue 22, defect 9).
    @Test func anErrorWithAMessageButNoCodeIsARejectionWithoutACode() async throws {
        try await server.route("charges", .json(try Fixture.text("stripe/invalid-api-key.json"), status: 401))

        let error = await #expect(throws: XToolError.self) {
            try await ChargeTool(api: api).create(amount: 1099, currency: "usd", source: "tok_visa")
        }
        let failure = try #require(error?.serverFailure)
        #expect(failure.status == 401)
        #expect(failure.message == "Invalid API Key provided: sk_test_****")
        #expect(failure.code == nil)
        #expect(failure.model(as: StripeError.self)?.kind == .invalidRequestError)
        #expect(
            error?.description == "The server reported a failure with HTTP 401: Invalid API Key provided: sk_test_****."
        )
    }

    /// A body that isn't Stripe's error (a proxy's HTML page) still fails with the status and
    /// the body.
    @Test func aBodyThatIsNotTheDeclaredErrorIsTheStatus() async throws {
        try await server.route("charges/ch_1", .html(502), .json(#"{"error": {"message": "no type"}}"#, status: 500))
        let tool = ChargeTool(api: api)

        let proxy = await #expect(throws: XToolError.self) { try await tool.charge(id: "ch_1") }
        #expect(proxy?.statusCode == 502)
        #expect(proxy?.statusBody.map { String(decoding: $0, as: UTF8.self) }?.contains("Error 502") == true)
        let undecodable = await #expect(throws: XToolError.self) { try await tool.charge(id: "ch_1") }
        #expect(undecodable?.statusCode == 500, "StripeError needs a type: the body doesn't decode as declared")
    }
}
