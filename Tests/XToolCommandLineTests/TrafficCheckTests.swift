import Testing
import XToolCommandLine
import XToolFrontHalf
import XToolImport
import XToolYAML

/// `verify --traffic` tells apart endpoints that share a path by the fixed values a call sent
/// (`TrafficCheck`), whatever order the spec lists them in.
@Suite struct TrafficCheckTests {
    /// A gateway's spec: two operations at one path, told apart by `method` (unless `fixed` is
    /// false).
    static func gateway(reversed: Bool, fixed: Bool = true) -> String {
        let item = """
                  item:
                    get: router
                    fixed: { method: \(fixed ? "shop.item.get" : "{ provided: method, optional: true }") }
                    params:
                      id: Int
                    response: { path: item, type: Item }

            """
        let user = """
                  user:
                    get: router
                    fixed: { method: \(fixed ? "shop.user.get" : "{ provided: method, optional: true }") }
                    response: { path: user, type: User }

            """
        return """
            xtoolgen: 1
            api: Shop
            baseURL: https://gw.example.com/

            models:
              Item:
                fields:
                  id: Int
              User:
                fields:
                  nick: String

            tools:
              Shop:
                endpoints:

            """ + (reversed ? user + item : item + user)
    }

    /// Each call: its query and its answer.
    static let capture = [
        ("method=shop.item.get&id=1", #"{"item": {"id": 1}}"#), ("method=shop.user.get", #"{"user": {"nick": "a"}}"#),
        ("method=shop.item.get&id=2", #"{"item": {"id": 2}}"#),
    ]

    static func har() -> String {
        let entries = capture.map { query, answer in
            let text = answer.replacingOccurrences(of: "\"", with: "\\\"")
            return #"{"request": {"method": "GET", "url": "https://gw.example.com/router?\#(query)"}, "#
                + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": "\#(text)"}}}"#
        }
        return "{\"log\": {\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}}"
    }

    @Test(arguments: [false, true]) func aCallMatchesTheEndpointWhoseFixedValueItSent(reversed: Bool) throws {
        let text = Self.gateway(reversed: reversed)
        let spec = try #require(SpecFiles.load(Array(text.utf8), path: "Shop.yaml", documentPath: "Shop.yaml").sampled)
        let exchanges = CapturedTraffic(try JSONReader().parseDocument(Self.har())).exchanges
        let check = TrafficCheck.check(exchanges, against: [spec])
        #expect(!check.failed, "\(check.lines.joined(separator: "\n"))")
        #expect(
            check.callLines == [
                "2: GET https://gw.example.com/router -> Shop Shop.item",
                "3: GET https://gw.example.com/router -> Shop Shop.user",
                "4: GET https://gw.example.com/router -> Shop Shop.item",
            ])
    }

    @Test func aCallTwoEndpointsMatchAlikeIsAmbiguous() throws {
        let text = Self.gateway(reversed: false, fixed: false)
        let spec = try #require(SpecFiles.load(Array(text.utf8), path: "Shop.yaml", documentPath: "Shop.yaml").sampled)
        let exchanges = CapturedTraffic(try JSONReader().parseDocument(Self.har())).exchanges
        let check = TrafficCheck.check(exchanges, against: [spec])
        #expect(check.callLines.contains { $0.hasPrefix("3: ") && $0.contains("ambiguous: Shop Shop.user") })
    }
}
