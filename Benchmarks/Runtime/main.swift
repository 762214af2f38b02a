import Foundation

/// The runtime benchmarks of `Benchmarks/run` (release build): one JSON line of results each.
///
///     xtoolbench decoding [--statuses 1000] [--rounds 15] [--weibo-dates] [--only VARIANT]
///     xtoolbench requests --port P [--count 2000] [--rounds 4] [--concurrency 64]
///         [--only generated|raw|transport|rawShared|rawModels]
///     xtoolbench client [--calls 20000] [--rounds 5] [--only hand|model|generated]
///     xtoolbench fixture FILE        writes one status, the request benchmark's response body
///     xtoolbench decode-once hand|generated N    one synchronous decoding, for callgrind
let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
        ?? fallback
}

switch arguments.first {
case "decoding":
    if arguments.contains("--weibo-dates") {
        try await WeiboDecodingBenchmark.run(statuses: option("--statuses", 1000), rounds: option("--rounds", 15))
    } else {
        try await DecodingBenchmark.run(
            statuses: option("--statuses", 1000), rounds: option("--rounds", 15),
            only: arguments.firstIndex(of: "--only").map { arguments[$0 + 1] })
    }
case "requests":
    try await RequestBenchmark.run(
        port: option("--port", 0), count: option("--count", 2000), rounds: option("--rounds", 4),
        concurrency: option("--concurrency", 64), only: arguments.firstIndex(of: "--only").map { arguments[$0 + 1] })
case "client":
    try await ClientCallBenchmark.run(
        calls: option("--calls", 20000), rounds: option("--rounds", 5),
        only: arguments.firstIndex(of: "--only").map { arguments[$0 + 1] })
case "decode-once" where arguments.count == 3:
    try DecodingBenchmark.runOnce(statuses: Int(arguments[2]) ?? 1000, variant: arguments[1])
case "fixture" where arguments.count == 2:
    try Data(Timeline(iso: false).status(1, depth: 0).description.utf8).write(to: URL(fileURLWithPath: arguments[1]))
default:
    FileHandle.standardError.write(Data("usage: xtoolbench decoding|requests|fixture …\n".utf8))
    exit(2)
}
