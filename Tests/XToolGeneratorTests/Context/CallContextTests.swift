import Foundation
import Testing
import XToolFrontHalf
import XToolGenerator
import XToolSpec

/// `call`, the client call an endpoint's methods make, is chosen once, in the context: in every
/// committed spec each endpoint has exactly one of `send`, `cached` and `page`, `page` exactly
/// when it is paginated and `cached` exactly when it uses `cache: fallback` otherwise.
@Suite struct CallContextTests {
    @Test(arguments: SnapshotTests.specPaths)
    func eachEndpointMakesOneCall(_ path: String) throws {
        let loaded = SpecFiles.load(path: SnapshotTests.repository.appendingPathComponent(path).path)
        let spec = try #require(loaded.sampled, "\(path): \(loaded.diagnostics)")
        let json = try Generator.contextJSON(for: spec, options: GeneratorOptions())
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let files = try #require(root["files"] as? [[String: Any]])
        let endpoints = files.compactMap { $0["tool"] as? [String: Any] }
            .flatMap { $0["endpoints"] as? [[String: Any]] ?? [] }
        #expect(endpoints.count == spec.tools.flatMap(\.endpoints).count)
        for (context, endpoint) in zip(endpoints, spec.tools.flatMap(\.endpoints)) {
            let call = try #require(context["call"] as? [String: Bool], "\(endpoint.swiftName)")
            #expect(call.values.filter { $0 }.count == 1, "\(endpoint.swiftName)")
            #expect(call["page"] == (endpoint.pagination != nil), "\(endpoint.swiftName)")
            #expect(
                call["cached"] == (endpoint.pagination == nil && endpoint.cache == .fallback), "\(endpoint.swiftName)")
        }
    }
}
