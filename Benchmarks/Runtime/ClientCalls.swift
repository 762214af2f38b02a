import Foundation
import Weibo
import XToolRuntime

/// The client's own work per call, without the network: `StatusTool.status(id:)` of
/// `Specs/Weibo.yaml` through a transport that answers at once with the request benchmark's
/// body, against the same body decoded to the generated `Status` by a plain `JSONDecoder`
/// (`model`) and to the hand-written one (`hand`, a `DateFormatter` for Weibo's dates),
/// interleaved in one process, medians of `rounds` of `calls` calls each.
enum ClientCallBenchmark {
    /// Answers every request with the same body, recording nothing.
    struct InstantTransport: HTTPTransport {
        let body: Data
        func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    static func run(calls: Int, rounds: Int, only: String? = nil) async throws {
        let body = Data(Timeline(iso: false).status(1, depth: 0).description.utf8)
        let tool = StatusTool(
            api: WeiboAPI(
                transport: InstantTransport(body: body), cache: MemoryResponseCache(), accessToken: { "token" }))
        let hand = handWrittenDecoder(iso: false)
        let plain = JSONDecoder()
        let id = try hand.decode(HStatus.self, from: body).id
        /// `call` made `calls` times: how many read the body's id (all of them, or the measure
        /// stops at the mismatch).
        func repeated(_ call: @escaping (Int) async throws -> Int64) -> () async throws -> Int {
            {
                var read = 0
                for index in 0..<calls where try await call(index) == id { read += 1 }
                return read
            }
        }
        let variants: [(String, () async throws -> Int)] = [
            ("hand", repeated { _ in try hand.decode(HStatus.self, from: body).id }),
            ("model", repeated { _ in try plain.decode(Status.self, from: body).id }),
            ("generated", repeated { try await tool.status(id: Int64($0)).id }),
        ]
        guard
            var results = try await DecodingBenchmark.measure(
                variants, rounds: rounds, only: only, expected: { _ in calls })
        else { return }
        results["calls"] = Double(calls)
        for name in ["hand", "model", "generated"] {
            results[name + "UsPerCall"] = results[name + "CpuMs"]! * 1000 / Double(calls)
        }
        report("clientCalls", results)
    }
}
