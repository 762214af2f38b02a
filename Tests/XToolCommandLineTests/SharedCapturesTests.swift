import Foundation
import TestSupport
import Testing
import XToolCommandLine
import XToolFrontHalf
import XToolImport
import XToolYAML

/// The four captures of `../shared/testdata/capture/`, each beside the spec a person writes
/// from it (`<name>.expected.json`): the import finds every endpoint (by method and path
/// template; GraphQL by operation), keeps no credential, and verifies clean against its capture.
@Suite(.enabled(if: SharedTestData.shouldRun("capture"), "capture test data not found"))
struct SharedCapturesTests {
    @Test(arguments: ["amap", "anilist", "digitalocean", "firefly"])
    func theImportHasTheEndpointsKeepsNoSecretAndVerifiesClean(_ name: String) throws {
        let folder = SharedTestData.directory("capture")
        let bytes = try Array(Data(contentsOf: folder.appendingPathComponent("\(name).har")))
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("\(name).expected.json")))
                as? [String: Any])
        let root = try JSONReader().parseDocument(String(decoding: bytes, as: UTF8.self))
        let imported = CaptureImporter.importCapture(CapturedTraffic(root), documentName: "\(name).har")
        let text = try #require(imported.specText, "\(imported.diagnostics)")
        #expect(!text.contains("SECRETMARK"))
        let loaded = SpecFiles.load(Array(text.utf8), path: "\(name).yaml", documentPath: nil)
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let spec = try #require(loaded.sampled)

        let template = { (path: String) in
            path.split(separator: "/").map { $0.hasPrefix("{") ? "{}" : String($0) }.joined(separator: "/")
        }
        let basePath = URLComponents(string: spec.spec.baseURL)?.path ?? ""
        let found = spec.spec.tools.flatMap(\.endpoints).map { endpoint in
            "\(endpoint.method.rawValue.uppercased()) " + template(basePath + endpoint.path)
        }
        let endpoints = try #require(expected["endpoints"] as? [[String: Any]])
        let wanted = endpoints.map { "\($0["method"]!) " + template("\($0["path"]!)") }
        #expect(found.sorted() == wanted.sorted())

        let exchanges = CapturedTraffic(root).exchanges
        let check = TrafficCheck.check(exchanges, against: [spec])
        #expect(!check.failed, "\(check.lines.joined(separator: "\n"))")
        #expect(check.calls.allSatisfy { $0.alike.isEmpty }, "\(check.callLines.joined(separator: "\n"))")
    }
}
