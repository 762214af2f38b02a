import Foundation
import XToolImport
import XToolSamples
import XToolSpec

/// `xtoolgen verify --traffic`: each exchange of a capture replayed against the specs, as a
/// contract test a team runs on every new capture. For each call: the endpoint it matches (by
/// host, method and path template), the parameters it sent that the spec can't produce, and
/// whether its response reads as the spec's types with no key left unread (the sample check's
/// rules, `SampleLinter.findings(ofResponse:…)`).
package struct TrafficCheck {
    /// One endpoint's calls, and what was wrong with each that failed.
    package struct EndpointResult: Sendable {
        /// `Weibo Status.homeTimeline`.
        package var name: String
        package var calls = 0
        package var problems: [String] = []
    }

    package var endpoints: [EndpointResult] = []
    /// The calls no endpoint matches, as `GET https://…`.
    package var unmatched: [String] = []
    /// Responses that are not JSON and were not read.
    package var notJSON = 0

    package var failed: Bool { !unmatched.isEmpty || endpoints.contains { !$0.problems.isEmpty } }

    /// An endpoint as a request template: the host, the method and the path's segments, each
    /// text to equal or, where it holds a `{parameter}`, a pattern; built once per endpoint.
    private struct Route {
        var spec: Spec
        var tool: Spec.Tool
        var endpoint: Spec.Endpoint
        /// The spec's linter, which reads a response as the endpoint's.
        var linter: SampleLinter
        var host: String?
        var method: String
        var segments: [Segment]
        /// The names a call of this endpoint may send: its parameters, the fixed values, the
        /// signature.
        var knownNames: Set<String>

        /// A segment of the path: text, or a template's pattern (`{id}.json` is `^[^/]+\.json$`).
        enum Segment {
            case text(String)
            case template(NSRegularExpression)

            init(_ segment: String) {
                guard segment.contains("{") else {
                    self = .text(segment)
                    return
                }
                let parts = segment.split(separator: "{", omittingEmptySubsequences: false)
                let pattern = parts.enumerated().map { index, part in
                    let literal = index == 0 ? Substring(part) : part.drop { $0 != "}" }.dropFirst()
                    return (index == 0 ? "" : "[^/]+") + NSRegularExpression.escapedPattern(for: String(literal))
                }.joined()
                // The pattern is escaped text and `[^/]+`: it always compiles.
                self = .template(try! NSRegularExpression(pattern: "^" + pattern + "$"))
            }

            func matches(_ segment: String) -> Bool {
                switch self {
                case .text(let text): text == segment
                case .template(let regex):
                    regex.firstMatch(in: segment, range: NSRange(segment.startIndex..., in: segment)) != nil
                }
            }
        }

        init(
            spec: Spec, tool: Spec.Tool, endpoint: Spec.Endpoint, linter: SampleLinter, host: String?,
            segments: [String]
        ) {
            self.spec = spec
            self.tool = tool
            self.endpoint = endpoint
            self.linter = linter
            self.host = host
            method = endpoint.method.rawValue.uppercased()
            self.segments = segments.map(Segment.init)
            knownNames = Set(endpoint.parameters.map(\.name) + spec.fixed.map(\.name) + endpoint.fixed.map(\.name))
                .union(spec.signature.map { [$0] } ?? [])
        }

        func matches(_ exchange: CapturedExchange) -> Bool {
            guard exchange.method == method, exchange.segments.count == segments.count,
                host.map({ $0 == exchange.host }) ?? true
            else { return false }
            return zip(segments, exchange.segments).allSatisfy { $0.matches($1) }
        }
    }

    /// Replays `exchanges` against `specs`.
    package static func check(_ exchanges: [CapturedExchange], against specs: [SampledSpec]) -> TrafficCheck {
        let routes = specs.flatMap { sampled in
            let spec = sampled.spec
            // One linter per spec: its model table and date formatters serve every call.
            let linter = SampleLinter(spec: spec)
            let base = URLComponents(string: spec.baseURL)
            let baseSegments = (base?.path ?? "").split(separator: "/").map(String.init)
            return spec.tools.flatMap { tool in
                tool.endpoints.map { endpoint in
                    Route(
                        spec: spec, tool: tool, endpoint: endpoint, linter: linter,
                        host: base?.host.flatMap { $0.contains("{") ? nil : $0 },
                        segments: baseSegments + endpoint.path.split(separator: "/").map(String.init))
                }
            }
        }
        var result = TrafficCheck()
        var indexes: [String: Int] = [:]
        for exchange in exchanges {
            // Endpoints may share a path (a timeline's newer and older pages): the one that knows
            // every parameter the call sent is the one that made it.
            let matching = routes.filter { $0.matches(exchange) }
            let sent = Set(exchange.parameters.map(\.name))
            guard let route = matching.first(where: { sent.isSubset(of: $0.knownNames) }) ?? matching.first else {
                result.unmatched.append("\(exchange.method) \(exchange.address)")
                continue
            }
            let name = "\(route.spec.api) \(route.tool.name).\(route.endpoint.swiftName)"
            if indexes[name] == nil {
                indexes[name] = result.endpoints.count
                result.endpoints.append(EndpointResult(name: name))
            }
            let index = indexes[name]!
            result.endpoints[index].calls += 1
            let place = "the call at \(exchange.location.line):\(exchange.location.column)"
            let known = route.knownNames
            for (parameter, _) in exchange.parameters where !known.contains(parameter) {
                result.endpoints[index].problems.append(
                    "\(place) sends '\(parameter)', which the spec can't send (no parameter or fixed value is named so)"
                )
            }
            guard let body = exchange.responseJSON else {
                if exchange.otherResponseType != nil { result.notJSON += 1 }
                continue
            }
            for finding in route.linter.findings(ofResponse: body, status: exchange.status, endpoint: route.endpoint) {
                result.endpoints[index].problems.append(
                    "\(place) (status \(exchange.status)): its response at body line \(finding.location.line), "
                        + "column \(finding.location.column): \(finding.message)")
            }
        }
        return result
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// One line per endpoint and per call no endpoint matches, then a summary.
    package var lines: [String] {
        var lines: [String] = []
        for endpoint in endpoints {
            let state = endpoint.problems.isEmpty ? "ok" : "\(endpoint.problems.count) problems"
            lines.append("\(endpoint.name): \(Self.count(endpoint.calls, "call")), \(state)")
            lines += endpoint.problems.map { "  " + $0 }
        }
        lines += unmatched.map { "no endpoint of the specs: \($0)" }
        let calls = endpoints.reduce(0) { $0 + $1.calls } + unmatched.count
        let failing = endpoints.filter { !$0.problems.isEmpty }.count
        var summary =
            "\(Self.count(calls, "call")): \(Self.count(endpoints.count, "endpoint")) matched, \(failing) with problems, "
            + "\(Self.count(unmatched.count, "call")) matched none"
        if notJSON > 0 { summary += ", \(notJSON) responses not JSON (not read)" }
        lines.append(summary)
        return lines
    }
}
