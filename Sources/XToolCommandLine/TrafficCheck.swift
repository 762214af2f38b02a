import Foundation
import XToolImport
import XToolSamples
import XToolSpec

/// `xtoolgen verify --traffic`: each exchange of a capture replayed against the specs, as a
/// contract test a team runs on every new capture. For each call: the endpoint it matches (by
/// host, method and path template, then by the endpoint's fixed values the call sent: a
/// gateway's `method`, a GraphQL operation's query), the parameters it sent that the spec can't produce, and
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

    /// A call and the endpoint it matched (`Weibo Status.homeTimeline`; nil for none), with
    /// the others it matched as well, nothing it sent telling them apart.
    package struct CallMatch: Sendable {
        package var line: Int
        package var request: String
        package var endpoint: String?
        package var alike: [String] = []
    }

    /// Each call, in the capture's order, and what it matched.
    package var calls: [CallMatch] = []

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
        /// The endpoint's own fixed literals, by name, as text: what tells its calls from those
        /// of another endpoint at the same path.
        var discriminators: [(name: String, text: String)]

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
            // An array sent with brackets is sent as `ids[]`.
            let bracketed = endpoint.parameters.filter { $0.style == .brackets }.map { $0.name + "[]" }
            knownNames = Set(
                endpoint.parameters.map(\.name) + bracketed + spec.fixed.map(\.name) + endpoint.fixed.map(\.name)
            )
            .union(spec.signature.map { [$0] } ?? [])
            discriminators = endpoint.fixed.compactMap { fixed in
                guard fixed.member.isEmpty, case .literal(let literal) = fixed.source, let text = Self.text(of: literal)
                else { return nil }
                return (fixed.name, text)
            }
        }

        /// A literal as a call sends it; nil for null.
        private static func text(of literal: Spec.Literal) -> String? {
            switch literal {
            case .string(let text): text
            case .int(let value): String(value)
            case .double(let value): String(value)
            case .bool(let value): String(value)
            case .null: nil
            }
        }

        /// How many of the endpoint's fixed literals the call sent as they are, or nil when it
        /// sent one otherwise. Text compares with its runs of white space as one space, and a
        /// sent text may go on past the literal (a GraphQL query with its fragments after it).
        func discriminatorsMatched(by exchange: CapturedExchange) -> Int? {
            var matched = 0
            for (name, text) in discriminators {
                guard let sent = exchange.parameters.first(where: { $0.name == name })?.value else { continue }
                let (mine, theirs) = (Self.collapsed(text), Self.collapsed(sent))
                guard mine == theirs || theirs.hasPrefix(mine) else { return nil }
                matched += 1
            }
            return matched
        }

        private static func collapsed(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
            // Endpoints may share a path (a gateway's operations, a timeline's newer and older
            // pages): the ones whose fixed values the call sent most of, then the one that knows
            // every parameter the call sent, made it.
            let scored = routes.filter { $0.matches(exchange) }.compactMap { route in
                route.discriminatorsMatched(by: exchange).map { (route: route, score: $0) }
            }
            let best = scored.map(\.score).max()
            let sent = Set(exchange.parameters.map(\.name))
            let matching = scored.filter { $0.score == best }.map(\.route)
            let knowing = matching.filter { sent.isSubset(of: $0.knownNames) }
            let request = "\(exchange.method) \(exchange.address)"
            guard let route = knowing.first ?? matching.first else {
                result.unmatched.append(request)
                result.calls.append(CallMatch(line: exchange.location.line, request: request))
                continue
            }
            let name = Self.name(of: route)
            result.calls.append(
                CallMatch(
                    line: exchange.location.line, request: request, endpoint: name,
                    alike: knowing.dropFirst().map(Self.name)))
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

    /// `Weibo Status.homeTimeline`.
    private static func name(of route: Route) -> String {
        "\(route.spec.api) \(route.tool.name).\(route.endpoint.swiftName)"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// One line per call: its line in the capture, the request, and the endpoint it matched (or
    /// none), with the endpoints it matched alike.
    package var callLines: [String] {
        calls.map { call in
            var line = "\(call.line): \(call.request) -> \(call.endpoint ?? "no endpoint")"
            if !call.alike.isEmpty {
                line +=
                    " (ambiguous: \(call.alike.joined(separator: ", ")) match it alike; nothing it sends tells them apart)"
            }
            return line
        }
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
