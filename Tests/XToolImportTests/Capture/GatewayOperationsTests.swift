import Testing
import XToolYAML

@testable import XToolImport

/// Operations a parameter names at one path (`GatewayOperations`): found by how the calls'
/// answers split, not by the parameter's name.
@Suite struct GatewayOperationsTests {
    /// The calls to one path (the value of `m` or `op`, and the answer), how many paths the
    /// capture has, and the operations found (`name=value×calls`, or `-×calls` for none).
    static let paths: [(String, [([(String, String)], String)], Int, [String])] = [
        (
            "three values answering unlike are three operations",
            [
                ([("m", "shop.item.get"), ("id", "1")], #"{"item_get_response": {"item": {"id": 1}}}"#),
                ([("m", "shop.item.get"), ("id", "2")], #"{"item_get_response": {"item": {"id": 2}}}"#),
                ([("m", "shop.trades.sold.get")], #"{"trades_sold_get_response": {"trades": []}}"#),
                ([("m", "shop.user.get")], #"{"user_get_response": {"user": {"nick": "a"}}}"#),
            ], 1, ["m=shop.item.get×2", "m=shop.trades.sold.get×1", "m=shop.user.get×1"]
        ),
        (
            "the only path: two values answering unlike are two operations",
            [([("op", "list")], #"{"items": []}"#), ([("op", "info")], #"{"name": "x"}"#)], 1,
            ["op=list×1", "op=info×1"]
        ),
        (
            "beside other paths, two values are a switch of one endpoint",
            [([("extensions", "base")], #"{"lives": []}"#), ([("extensions", "all")], #"{"forecasts": []}"#)], 9,
            ["-×2"]
        ),
        (
            "values answering alike (a search's words) name no operation",
            [
                ([("q", "cats")], #"{"items": [{"id": 1}]}"#), ([("q", "dogs")], #"{"items": []}"#),
                ([("q", "fish")], #"{"items": [{"id": 2}]}"#),
            ], 1, ["-×3"]
        ),
        (
            "one value's calls answering unlike: no operation",
            [
                ([("m", "a")], #"{"x": 1}"#), ([("m", "a")], #"{"y": 1}"#), ([("m", "b")], #"{"z": 1}"#),
                ([("m", "c")], #"{"w": 1}"#),
            ], 1, ["-×4"]
        ),
        (
            "numbers name no operation",
            [([("v", "1")], #"{"x": 1}"#), ([("v", "2")], #"{"y": 1}"#), ([("v", "3")], #"{"z": 1}"#)], 1, ["-×3"]
        ),
    ]

    @Test(arguments: paths) func theOperations(
        _ name: String, _ calls: [([(String, String)], String)], _ pathCount: Int, _ operations: [String]
    ) {
        let exchanges = calls.map { CapturedExchange.call("POST /router/rest", $0.0, answer: $0.1) }
        let found = GatewayOperations.operations(of: exchanges, paths: pathCount) { $0.responseJSON }
        let described = found.map { operation in
            (operation.discriminator.map { "\($0.name)=\($0.value)" } ?? "-") + "×\(operation.exchanges.count)"
        }
        #expect(described == operations, "\(name)")
    }

    /// An operation's endpoint name drops the words every value starts with.
    @Test func theNamesDropTheWordsEveryValueShares() {
        let values = ["taobao.item.get", "taobao.trades.sold.get", "taobao.user.seller.get"]
        #expect(
            values.map { GatewayOperations.name(of: $0, among: values) } == [
                "item_get", "trades_sold_get", "user_seller_get",
            ])
        #expect(GatewayOperations.name(of: "list", among: ["list", "info"]) == "list")
    }
}
