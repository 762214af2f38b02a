import Foundation
import Testing
import XToolCommandLine
import XToolGenerator
import XToolSpec

/// Names of parameters and of the methods a paginated endpoint adds (issue 20, item 13).
@Suite struct ParameterNameTests {
    private func tool(_ endpoints: String) throws -> String {
        let yaml =
            "xtoolgen: 1\napi: Test\nbaseURL: https://api.example.com/\ntools:\n  Playlists:\n    endpoints:\n"
            + endpoints
        let result = SpecFiles.load(Array(yaml.utf8), path: "Test.yaml", documentPath: nil)
        let spec = try #require(result.sampled, "\(result.diagnostics)")
        let files = try Generator(templates: TemplateSet()).files(for: spec)
        return try #require(files.first { $0.path == "Test/PlaylistsTool.swift" }).contents
    }

    /// A dot in a parameter's name is a word break, not a key path: `due_on.before` is
    /// `dueOnBefore`, sent as `due_on.before`.
    @Test func aDottedParameterIsNamedFromItsWholeName() throws {
        let code = try tool(
            """
                  search:
                    get: tasks/search
                    params:
                      assignee.any: String?
                      projects.any: String?
                    response: JSON

            """)
        #expect(code.contains("assigneeAny: String? = nil, projectsAny: String? = nil"))
        #expect(code.contains("\"assignee.any\""))
    }

    /// The method that lists every item of `getPlaylistItems` is `getPlaylistItemsSequence`,
    /// not `getPlaylistItemsItems`; `list` still has `listItems`.
    @Test func theItemsMethodOfAnEndpointNamedItemsIsItsSequence() throws {
        let code = try tool(
            """
                  getPlaylistItems:
                    get: playlists/items
                    params:
                      offset: Int?
                    response: [String]
                    paginate: { offset: offset }
                  list:
                    get: playlists
                    params:
                      offset: Int?
                    response: [String]
                    paginate: { offset: offset }

            """)
        #expect(code.contains("func getPlaylistItemsSequence("))
        #expect(!code.contains("getPlaylistItemsItems"))
        #expect(code.contains("func listItems("))
    }
}
