import Foundation

/// Monotonic seconds.
func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// CPU seconds the process has used (all threads): unlike wall time, not inflated by waiting
/// for a core on a busy machine.
func cpuNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    percentile(values, 50)
}

/// The nearest-rank percentile of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// One line of results for Benchmarks/run: `name` and numbers, as JSON.
func report(_ name: String, _ values: [String: Double]) {
    let members = values.keys.sorted().map { key in
        "\"\(key)\": \(values[key]!.isFinite ? String(values[key]!) : "null")"
    }
    print("{\"benchmark\": \"\(name)\", " + members.joined(separator: ", ") + "}")
}
