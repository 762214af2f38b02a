import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// `errors:`'s `status:`: the error bodies of particular statuses (issue 20, item 4).
@Suite struct StatusErrorsTests {
    private func load(_ errors: String) -> LoadedSpec {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            errors: \(errors)
            models:
              ErrorResponse:
                fields:
                  code: Int
                  message: String
              RatelimitedResponse:
                fields:
                  message: String
                  retry_after: Double
            tools:
              Things:
                endpoints:
                  thing: { get: thing, response: JSON }
            """
        return SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
    }

    @Test func statusesHaveBodiesOfTheirOwn() throws {
        let result = load(
            "{ type: ErrorResponse, message: message, status: { 429: { type: RatelimitedResponse, message: message }, 5xx: ErrorResponse } }"
        )
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        #expect(spec.errors?.statuses.map(\.status) == ["429", "5XX"])
        #expect(result.diagnostics.isEmpty, "RatelimitedResponse counts as used")
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        let api = try #require(files.first { $0.path == "Test/TestAPI.swift" }).contents
        #expect(api.contains(#"  "429", ErrorBody(RatelimitedResponse.self, message: "message")"#), "\(api)")
        #expect(api.contains(#".forStatus("5XX", ErrorBody(ErrorResponse.self))"#))
    }

    @Test func aStatusIsAStatusOrAClassAndItsBodyAModel() {
        #expect(
            load("{ status: { 42: ErrorResponse } }").diagnostics.map(\.description) == [
                "Test.yaml:4:21: error: '42' is no status: write one (404) or a class of them (4XX)"
            ])
        #expect(
            load("{ status: { 429: String } }").diagnostics.map(\.description) == [
                "Test.yaml:4:26: error: the 429 body of the API's error body decodes to a model, not String"
            ])
        #expect(
            load("{ status: { 429: { type: ErrorResponse, status: { 500: ErrorResponse } } } }").diagnostics.map(
                \.description) == [
                    "Test.yaml:4:49: error: a status's error body has no statuses of its own"
                ])
    }
}
