import Foundation
import Weibo
import XToolRuntime

/// Decoding in Weibo's own date format, through the generated `StatusTool` of `Specs/Weibo.yaml`
/// and through hand-written Codable with a `DateFormatter`: both sides spend most of their
/// time formatting dates.
enum WeiboDecodingBenchmark {
    static func run(statuses count: Int, rounds: Int) async throws {
        let document = Timeline(iso: false).document(statuses: count)
        let transport = StubTransport { _ in StubTransport.Response(body: document) }
        let tool = StatusTool(
            api: WeiboAPI(transport: transport, cache: MemoryResponseCache(), accessToken: { "token" }))
        let hand = handWrittenDecoder(iso: false)
        let variants: [(String, () async throws -> Int)] = [
            ("hand", { try hand.decode(HTimeline.self, from: document).statuses.count }),
            ("generated", { try await tool.newStatuses().count }),
        ]
        guard
            var results = try await DecodingBenchmark.measure(
                variants, rounds: rounds, only: nil, expected: { _ in count })
        else { return }
        results["statuses"] = Double(count)
        results["ratio"] = results["generatedCpuMs"]! / results["handCpuMs"]!
        report("decodingWeibo", results)
    }
}
