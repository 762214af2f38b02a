import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// Endpoints of one tool whose response headers are the same share the first one's struct
/// (an API's rate-limit headers on every endpoint: issue 20, item 11).
@Suite struct SharedHeadersTests {
    @Test func endpointsWithTheSameHeadersShareOneStruct() throws {
        let headers = "headers: { X-RateLimit-Limit: Int?, X-RateLimit-Remaining: Int? }"
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            tools:
              Accounts:
                endpoints:
                  getAccount: { get: accounts/one, response: { type: JSON, \(headers) } }
                  getAccounts: { get: accounts, response: { type: "[JSON]", \(headers) } }
                  getOther: { get: other, response: { type: JSON, headers: { ETag: String? } } }
            """
        let result = SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        #expect(
            spec.tools.first?.endpoints.map { $0.response?.headersTypeName } == [
                "GetAccountHeaders", "GetAccountHeaders", "GetOtherHeaders",
            ])
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        let tool = try #require(files.first { $0.path == "Test/AccountsTool.swift" }).contents
        #expect(tool.components(separatedBy: "struct GetAccountHeaders").count == 2, "declared once")
        #expect(tool.contains("[JSON], GetAccountHeaders"))
        #expect(tool.contains("struct GetOtherHeaders"))
        #expect(!tool.contains("GetAccountsHeaders"))
    }
}
