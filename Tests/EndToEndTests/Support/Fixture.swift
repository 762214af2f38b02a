import Foundation
import TestSupport

/// The canned responses in `Specs/samples/`, one per system and wire path
/// (`weibo/statuses/friends_timeline.json`): the specs' samples, which the tests serve from the
/// local server.
enum Fixture {
    static let folder = SharedTestData.repositoryRoot.appendingPathComponent("Specs/samples")

    /// The fixture's text.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The fixture as a JSON response of the test server.
    static func response(_ path: String) throws -> Canned {
        .json(try text(path))
    }
}
