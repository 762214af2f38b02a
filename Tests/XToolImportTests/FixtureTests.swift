import Foundation
import Testing
import XToolImport
import XToolSpec

/// Every `Fixtures/*.yaml` is a document that ends with the diagnostics importing it must
/// produce, one `# expect: [file:]line:column: severity: message` comment each, in order (a
/// file other than the document itself is named relative to `Fixtures/`, which `<fixtures>`
/// stands for in a message). A document without errors must give a spec that loads.
@Suite struct FixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }
        .sorted()

    @Test func thereAreFixtures() {
        #expect(Self.files.count >= 4)
    }

    @Test(arguments: files)
    func reportsExactlyTheExpectedDiagnostics(_ file: String) throws {
        let path = Self.folder.appendingPathComponent(file).path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("# expect: ") }.map { String($0.dropFirst("# expect: ".count)) }
        #expect(!expected.isEmpty, "\(file) states no expectation")

        let result = OpenAPIImporter.importDocument(bytes, path: path, documentName: file)
        let prefix = Self.folder.path + "/"
        let reported = result.diagnostics.map { diagnostic in
            let file = diagnostic.file.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
            let place = [file, diagnostic.location?.description].compactMap { $0 }.joined(separator: ":")
            let message = diagnostic.message.replacingOccurrences(of: prefix, with: "<fixtures>/")
            return "\(place): \(diagnostic.severity.rawValue): \(message)"
        }
        #expect(reported == expected)
        guard !result.hasErrors else { return }
        let text = try #require(result.specText)
        let loaded = SpecLoader.load(Array(text.utf8), fileName: file)
        #expect(loaded.spec != nil, "\(loaded.diagnostics)")
    }

    /// What the constructs of `unsupported-constructs.yaml` become: the nearest valid spec, with
    /// a note where a person decides (and the unions and error body it does express).
    @Test func theNearestValidSpecKeepsANoteForEachConstruct() throws {
        let path = Self.folder.appendingPathComponent("unsupported-constructs.yaml").path
        let result = OpenAPIImporter.importDocument(
            try Array(Data(contentsOf: URL(fileURLWithPath: path))), path: path,
            documentName: "unsupported-constructs.yaml")
        let text = try #require(result.specText)
        let expected = """
            # Imported from unsupported-constructs.yaml (OpenAPI 3.1.0: Unsupported constructs 1) by `xtoolgen import`.
            # Notes like the ones below mark what the document says and the spec language can't; decide there.
            xtoolgen: 1
            api: UnsupportedConstructs
            # the document's server is '/v1', relative to where it is served: set the host
            baseURL: https://example.com/v1/
            summary: Unsupported constructs

            headers:
              Accept: application/json
              # oauth2 (oauth): the app gets the access token; the spec sends it as a Bearer token
              Authorization: { provided: accessToken, optional: true, prefix: "Bearer " }
              # security scheme cookieKey: the API key 'key' goes in a cookie, which the spec can't send
              # security scheme digest (http digest) can't be sent by the spec

            models:
              Thing:
                fields:
                  name: String
                  # oneOf [Circle, Square]: Circle and Square each read the other's values, and no discriminator tells them apart; JSON here
                  shape: JSON?
                  size: ThingSize?
                  code: ThingCode?
                  # not: any value but the one described; JSON here
                  other: JSON?
                  geo\\.lat: Double?
                  data: String?
                  kind: ThingKind?
                  parent: Parent
                  details: Kind?
                  # oneOf [Created, Deleted]: Created and Deleted each read the other's values, and the tags at 'kind' give no case names of their own ('deleted.event'); JSON here
                  event: JSON?
                others: String
              ThingKind:
                enum: [a, b]
              ThingSize:
                # the String variant is a date, yyyy-MM-dd
                oneOf: [Int, String]
              ThingCode:
                oneOf: [String, Int]
              Parent:
                fields:
                  child: Thing?
              Kind:
                fields:
                  label: String?
              Problem:
                # anyOf [any value, Circle]: the alternatives' own members are not fields of this model
                fields:
                  title: String?

            tools:
              Things:
                endpoints:
                  getThing:
                    get: things/{id}
                    params:
                      id: String
                      # the document writes 'tags' with style: pipeDelimited; the spec sends it comma-separated
                      tags: { type: "[String]?", style: csv }
                      # the values of 'X-Ids', joined by commas (the spec sends one value in the header)
                      X-Ids: { type: "String?", in: header }
                      # 'filter' is application/json text: encode it yourself
                      filter: String?
                    omit: [Authorization]
                    response:
                      type: Thing
                      headers:
                        X-Rate-Limit: Int?
                    errors: { type: Problem, message: title }
                    # the cookie parameter 'session' is left out: the spec language sends no cookies
                    # links owner: the response's values feed other operations; not generated
                    # the 400 error body (string) is no model: XToolError.status(code:body:) carries it
                    # callbacks changed: requests the server sends back, not generated
                    # this operation has servers of its own; the spec uses baseURL
                  putThingData:
                    put: things/{id}
                    params:
                      id: String
                    body: File?
                    omit: [Authorization]
                    headers: { Accept: text/plain }
                    response: String
                    # the cookie parameter 'session' is left out: the spec language sends no cookies
                    # the body is application/octet-stream: the file's bytes, sent with its content type
                  postForm:
                    post: things/{thing}/forms
                    params:
                      thing: String
                      name: String?
                    omit: [Authorization]
                    # the document sends this body as a form; the spec sends JSON like the API's other bodies
                  createThing:
                    post: things
                    body: Thing
                    omit: [Authorization]
                  renameThing:
                    patch: things
                    params:
                      name: { type: String, nullable: true }
                    omit: [Authorization]
                  searchThings:
                    get: things/search
                    params:
                      page: Int?
                    omit: [Authorization]
                    response: [Thing]
                    errors: { type: Problem, message: title, status: { 500: Kind } }
                    # 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1: add paginate: { page: page, start: … } if the API pages
                  thingFeed:
                    get: things/feed
                    omit: [Authorization]
                    response: [Thing]
                    # the response header 'X-Next-Page' leads to the next page: paginate: follows a Link header, a cursor, page numbers or offsets, not this header
                  # HEAD /things/{id} is left out: the spec language has no HEAD
              Uploads:
                endpoints:
                  upload:
                    post: uploads
                    params:
                      # an array of files in the document; one file here
                      files: File?
                  uploadWithoutFile:
                    put: uploads
                    params:
                      note: String?
                    omit: [Authorization]
                    # the document sends this body as multipart/form-data; without a file the spec sends JSON

            """
        #expect(text == expected, "\(firstDifference(text, expected))")
    }
}
