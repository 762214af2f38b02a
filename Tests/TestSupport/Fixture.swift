import Foundation

/// The canned responses in `Specs/samples/`, one per system and wire path
/// (`weibo/statuses/friends_timeline.json`): the specs' samples, which the tests serve from the
/// local server.
public enum Fixture {
    public static let folder = SharedTestData.repositoryRoot.appendingPathComponent("Specs/samples")

    /// The fixture's text.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// The fixture as a JSON response of the test server.
    public static func response(_ path: String) throws -> Canned {
        .json(try text(path))
    }
}

extension Fixture {
    /// The fixture's JSON object with `change` applied, as a JSON response: the next page of a
    /// documented sample, say, whose cursor the documentation doesn't print.
    public static func response(_ path: String, changing change: (inout [String: Any]) -> Void) throws -> Canned {
        guard var object = try JSONSerialization.jsonObject(with: Data(try text(path).utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        change(&object)
        return .json(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }
}
