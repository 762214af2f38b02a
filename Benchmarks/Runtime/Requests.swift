import Foundation
import Weibo
import XToolRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// 3. Request overhead: the same GETs against a local server through a generated tool and through
/// a bare `URLSession.data(for:)` (an ephemeral session, decoding the same status with the
/// hand-written model; the same on `URLSession.shared`; and decoding the generated model),
/// interleaved in one process.
enum RequestBenchmark {
    static func run(port: Int, count: Int, rounds: Int, concurrency: Int, only: String? = nil) async throws {
        let base = "http://127.0.0.1:\(port)/"
        let tool = StatusTool(
            api: WeiboAPI(
                baseURL: URL(string: base)!, transport: URLSessionTransport(), cache: MemoryResponseCache(),
                accessToken: { "token" }))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        let decoder = handWrittenDecoder(iso: false)

        let url: @Sendable (Int) -> URL = { index in
            URL(string: "\(base)statuses/show.json?access_token=token&id=\(index)")!
        }
        // The status's id from a body: the hand-written model, or the generated one through a
        // plain JSONDecoder (the same decoding as the generated tool's, without the client).
        let hand: @Sendable (Data) throws -> Int64 = { try decoder.decode(HStatus.self, from: $0).id }
        let plain = JSONDecoder()
        let generatedModel: @Sendable (Data) throws -> Int64 = { try plain.decode(Status.self, from: $0).id }

        let generated: @Sendable (Int) async throws -> Int64 = { index in try await tool.status(id: Int64(index)).id }
        /// A bare `URLSession.data(for:)` on `session`, the body read by `decode`.
        func raw(_ session: URLSession, _ decode: @escaping @Sendable (Data) throws -> Int64)
            -> @Sendable (Int) async throws -> Int64
        {
            { index in
                let (data, response) = try await session.data(for: URLRequest(url: url(index)))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
                return try decode(data)
            }
        }
        // The runtime's transport alone, decoding as `raw` does: splits the gap between the
        // transport (`SessionDriver`) and the client (request building, reading the response).
        let transport = URLSessionTransport()
        let transportOnly: @Sendable (Int) async throws -> Int64 = { index in
            let response = try await transport.send(HTTPRequest(method: .get, url: url(index)), progress: nil)
            guard response.status == 200 else { throw URLError(.badServerResponse) }
            return try hand(response.body)
        }
        // `rawModels`: what the tool, the client and the transport add, with the decoding the
        // same on both sides.
        let paths: [(String, @Sendable (Int) async throws -> Int64)] = [
            ("generated", generated), ("raw", raw(session, hand)), ("transport", transportOnly),
            ("rawShared", raw(URLSession.shared, hand)), ("rawModels", raw(session, generatedModel)),
        ]
        .filter { only == nil || $0.0 == only }
        for (_, call) in paths { for index in 0..<min(50, count) { _ = try await call(index) } }  // warm up

        var results: [String: Double] = [
            "requests": Double(count), "rounds": Double(rounds), "concurrency": Double(concurrency),
        ]
        // Sequential: each round sends count / rounds requests down each path, one at a time.
        var sequential: [String: (latencies: [Double], seconds: Double)] = [:]
        for _ in 0..<rounds {
            for (name, call) in paths {
                let start = now()
                for index in 0..<(count / rounds) {
                    let begin = now()
                    _ = try await call(index)
                    sequential[name, default: ([], 0)].latencies.append(now() - begin)
                }
                sequential[name, default: ([], 0)].seconds += now() - start
            }
        }
        // Concurrent: each round sends count requests down each path, `concurrency` in flight.
        var concurrent: [String: (latencies: [Double], throughputs: [Double])] = [:]
        for _ in 0..<rounds {
            for (name, call) in paths {
                let start = now()
                let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                    for worker in 0..<concurrency {
                        group.addTask {
                            var latencies: [Double] = []
                            for index in stride(from: worker, to: count, by: concurrency) {
                                let begin = now()
                                _ = try await call(index)
                                latencies.append(now() - begin)
                            }
                            return latencies
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                let seconds = now() - start
                concurrent[name, default: ([], [])].latencies += latencies
                concurrent[name, default: ([], [])].throughputs.append(Double(count) / seconds)
            }
        }
        guard only == nil else { return }
        for (name, _) in paths {
            let serial = sequential[name]!
            let parallel = concurrent[name]!
            results[name + "SeqP50Us"] = percentile(serial.latencies, 50) * 1e6
            results[name + "SeqP99Us"] = percentile(serial.latencies, 99) * 1e6
            results[name + "SeqPerS"] = Double(serial.latencies.count) / serial.seconds
            results[name + "ConP50Us"] = percentile(parallel.latencies, 50) * 1e6
            results[name + "ConP99Us"] = percentile(parallel.latencies, 99) * 1e6
            results[name + "ConPerS"] = median(parallel.throughputs)
        }
        report("requests", results)
    }
}
