import Foundation
import Petstore
import TestSupport
import Testing
import XToolRuntime

/// The OpenAPI 3.0 petstore, imported by `xtoolgen import` into Specs/Petstore.yaml and
/// generated into Generated/Petstore, against the local server: a list with a limit, a create,
/// a get by id, and the `Error` body of a 404 as the spec's `errors:`.
@Suite struct PetstoreTests {
    let server: ServerScope
    let tool: PetsTool

    init() throws {
        server = try TestServer.scope()
        tool = PetsTool(api: PetstoreAPI(baseURL: server.baseURL, cache: MemoryResponseCache()))
    }

    @Test func listsPetsWithALimit() async throws {
        try await server.route("pets", .json(#"[{"id": 1, "name": "Rex", "tag": "dog"}, {"id": 2, "name": "Tom"}]"#))

        let pets = try await tool.listPets(limit: 2)

        #expect(pets == [Pet(id: 1, name: "Rex", tag: "dog"), Pet(id: 2, name: "Tom")])
        let sent = try #require(try await server.requests("pets").first)
        #expect(sent.method == "GET")
        #expect(sent.query == "limit=2")
    }

    @Test func createsAPetWithItsJSONBody() async throws {
        try await server.route("pets", Canned(status: 201))

        try await tool.createPets(pet: Pet(id: 3, name: "Kitty", tag: "cat"))

        let sent = try #require(try await server.requests("pets").first)
        #expect(sent.method == "POST")
        #expect(sent.body == #"{"id":3,"name":"Kitty","tag":"cat"}"#)
        #expect(sent.headers["content-type"] == "application/json")
    }

    @Test func getsAPetByItsID() async throws {
        try await server.route("pets/42", .json(#"{"id": 42, "name": "Rex"}"#))

        let pet = try await tool.showPetByID(petID: "42")

        #expect(pet == Pet(id: 42, name: "Rex"))
        #expect(try await server.requests("pets/42").map(\.method) == ["GET"])
    }

    /// The document's error responses share `Error`, so the spec's `errors:` types them: a 404
    /// is `XToolError.rejected` with the server's message, code and decoded `Error`.
    @Test func aMissingPetIsARejectionWithTheErrorBody() async throws {
        try await server.route("pets/7", .json(#"{"code": 404, "message": "no pet 7"}"#, status: 404))

        let error = await #expect(throws: XToolError.self) { try await tool.showPetByID(petID: "7") }

        guard case .rejected(let failure) = error else {
            Issue.record("not a rejection: \(String(describing: error))")
            return
        }
        #expect(failure.status == 404)
        #expect(failure.message == "no pet 7")
        #expect(failure.code == "404")
        #expect(failure.model(as: Petstore.ErrorModel.self) == Petstore.ErrorModel(code: 404, message: "no pet 7"))
        #expect(error?.description == "The server reported a failure with HTTP 404: no pet 7 (code 404).")
    }

    /// A body that is not the document's `Error` (a proxy's page) stays `.status` with the body.
    @Test func aFailureWithAnotherBodyKeepsItsStatusAndBody() async throws {
        try await server.route("pets/8", .html(502))

        let failure = await #expect(throws: XToolError.self) { try await tool.showPetByID(petID: "8") }

        #expect(failure?.statusCode == 502)
        #expect(failure?.statusBody.map { String(decoding: $0, as: UTF8.self) }?.contains("Error 502") == true)
    }
}
