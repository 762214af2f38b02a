import Foundation
import Weibo
import XToolRuntime

/// 2. Decoding: a Weibo timeline through the generated layer and through hand-written Codable,
/// interleaved in one process, medians of `rounds`.
enum DecodingBenchmark {
    /// Both arrays of a document decoded whole, through the generated models.
    struct Both: Decodable, Sendable {
        let statuses: [Status]
        let hot: [Status]
    }

    /// `iso`: the timeline's dates in ISO 8601 (Mastodon's), read by `APIClient(dates: .iso8601)`
    /// with the generated Weibo models; otherwise in Weibo's format through the generated
    /// `StatusTool`, where both sides spend most of their time in `DateFormatter`.
    static func run(statuses count: Int, rounds: Int, iso: Bool, only: String? = nil) async throws {
        let timeline = Timeline(iso: iso)
        let document = timeline.document(statuses: count)
        let enveloped = timeline.enveloped(statuses: count)
        let large = timeline.document(statuses: count, extra: ["hot": .array((0..<count).map { timeline.status($0 + 500_000, depth: 0) })])
        let stub = { (body: Data) in StubTransport { _ in StubTransport.Response(body: body) } }
        let weiboDates: DateStyle = iso ? .iso8601 : .formatted(Timeline.dateFormat)
        let statuses = RequestDescription(.get, "statuses/friends_timeline.json", response: "statuses")
        func client(_ body: Data, lenient: Bool = false, envelope: Envelope? = nil) -> APIClient {
            APIClient(
                baseURL: URL(string: "https://api.weibo.com/2/")!, transport: stub(body), envelope: envelope,
                dates: weiboDates, lenient: lenient)
        }
        let lenient = client(document, lenient: true)
        let envelope = client(enveloped, envelope: Envelope(data: "data", success: .init(path: "code", equals: 0), message: "message"))
        let largeClient = client(large)
        let plain = client(document)
        let tool = StatusTool(api: WeiboAPI(transport: stub(document), cache: MemoryResponseCache(), accessToken: { "token" }))
        let hand = handWrittenDecoder(iso: iso)

        var checks: [String: Int] = [:]
        let variants: [(String, () async throws -> Int)] = [
            ("hand", { try hand.decode(HTimeline.self, from: document).statuses.count }),
            ("generated", { iso ? (try await plain.send(statuses) as [Status]).count : try await tool.newStatuses().count }),
            ("generatedLenient", { let s: [Status] = try await lenient.send(statuses); return s.count }),
            ("handEnvelope", { try hand.decode(HEnvelope.self, from: enveloped).data.statuses.count }),
            ("generatedEnvelope", { let s: [Status] = try await envelope.send(statuses); return s.count }),
            ("keyPathOfLarge", { let s: [Status] = try await largeClient.send(statuses); return s.count }),
            ("wholeLarge", { let b: Both = try await largeClient.send(RequestDescription(.get, "x")); return b.statuses.count + b.hot.count }),
        ]
        var times: [String: [Double]] = [:], cpuTimes: [String: [Double]] = [:]
        for round in 0..<(rounds + 1) {
            for (name, body) in variants where only == nil || only == name {
                let start = now(), cpuStart = cpuNow()
                let decoded = try await body()
                let elapsed = now() - start, cpu = cpuNow() - cpuStart
                checks[name] = decoded
                if round > 0 {  // round 0 warms up
                    times[name, default: []].append(elapsed)
                    cpuTimes[name, default: []].append(cpu)
                }
            }
        }
        for (name, decoded) in checks where decoded != (name == "wholeLarge" ? 2 * count : count) {
            fatalError("\(name) decoded \(decoded) statuses, expected \(count)")
        }
        guard only == nil else {
            print(only!, times[only!].map { median($0) * 1000 } ?? .nan, "ms", cpuTimes[only!].map { median($0) * 1000 } ?? .nan, "ms CPU")
            return
        }
        var results: [String: Double] = [
            "statuses": Double(count), "bytes": Double(document.count), "rounds": Double(rounds), "iso": iso ? 1 : 0,
        ]
        // Ratios of CPU time: the machine may be busy, and waiting for a core is not decoding.
        for (name, values) in times { results[name + "Ms"] = median(values) * 1000 }
        for (name, values) in cpuTimes {
            results[name + "CpuMs"] = median(values) * 1000
            results[name + "CpuMinMs"] = values.min()! * 1000
        }
        results["ratio"] = results["generatedCpuMs"]! / results["handCpuMs"]!
        results["ratioLenient"] = results["generatedLenientCpuMs"]! / results["handCpuMs"]!
        results["ratioEnvelope"] = results["generatedEnvelopeCpuMs"]! / results["handEnvelopeCpuMs"]!
        results["keyPathOverWhole"] = results["keyPathOfLargeCpuMs"]! / results["wholeLargeCpuMs"]!
        report(iso ? "decodingISO" : "decodingWeibo", results)
    }
}

extension DecodingBenchmark {
    /// The generated models without the client: a plain `JSONDecoder` (ISO 8601 dates, as
    /// `FieldDecoder` reads them outside a client).
    struct GeneratedTimeline: Decodable {
        let statuses: [Status]
    }

    /// One decoding of each variant, synchronously (no Swift concurrency: what
    /// `valgrind --tool=callgrind` can run, for instruction counts that a busy machine doesn't
    /// blur): `hand` or `generated`.
    static func runOnce(statuses count: Int, variant: String) throws {
        let document = Timeline(iso: true).document(statuses: count)
        let decoded: Int
        switch variant {
        case "hand": decoded = try handWrittenDecoder(iso: true).decode(HTimeline.self, from: document).statuses.count
        case "generated": decoded = try JSONDecoder().decode(GeneratedTimeline.self, from: document).statuses.count
        default: fatalError("unknown variant \(variant)")
        }
        print(variant, decoded)
    }
}
