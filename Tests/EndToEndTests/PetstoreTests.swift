import Foundation
import Petstore
import TestSupport
import Testing
import XToolRuntime

/// The OpenAPI 3.0 petstore, imported by `xtoolgen import` into Specs/Petstore.yaml and
/// generated into Generated/Petstore, against the local server: a list with a limit, a create,
/// a get by id, and the `Error` body of a 404.
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

    /// Until the spec language has typed error bodies (`errors:`), a 404 is
    /// `XToolError.status(code:body:)` and its body decodes as the document's `Error` by hand.
    @Test func aMissingPetIsA404WithTheErrorBody() async throws {
        try await server.route("pets/7", .json(#"{"code": 404, "message": "no pet 7"}"#, status: 404))

        let failure = await #expect(throws: XToolError.self) { try await tool.showPetByID(petID: "7") }

        #expect(failure?.statusCode == 404)
        let body = try #require(failure?.statusBody)
        #expect(try JSONDecoder().decode(Petstore.Error.self, from: body) == Petstore.Error(code: 404, message: "no pet 7"))
    }
}
