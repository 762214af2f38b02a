import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// A `Date` parameter's `format:` is how it is sent, whatever the API's `dates:` (issue 20,
/// item 8: `due_on: { type: Date?, format: yyyy-MM-dd }` was sent as a date-time).
@Suite struct ParameterFormatTests {
    @Test func aDateParametersFormatIsHowItIsSent() throws {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            tools:
              Tasks:
                endpoints:
                  search:
                    get: tasks
                    params:
                      due_on: { type: Date?, format: yyyy-MM-dd }
                      modified_since: Date?
                      between: { type: "[Date]?", format: [yyyy-MM-dd, iso8601] }
                    response: JSON
            """
        let result = SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        let code = try #require(files.first { $0.path == "Test/TasksTool.swift" }).contents
        #expect(code.contains(#".query("due_on", dueOn, dates: .formatted("yyyy-MM-dd"))"#))
        #expect(code.contains(#".query("modified_since", modifiedSince)"#))
        #expect(code.contains(#".query("between", between, dates: .oneOf([.formatted("yyyy-MM-dd"), .iso8601]))"#))
    }
}
