import XToolSamples
import XToolSpec
import XToolYAML

/// The failures the capture shows to be transient: a call that failed, asked for again as it was
/// (the same method, path and parameters, but for the values the API sends by itself: a time, a
/// nonce, a signature), and answered.
///
/// Asked for again with the same credentials, such a failure is the spec's `retry:`: its envelope
/// code (`codes: ["7"]`, a gateway's call limit at HTTP 200) or its status (`statuses: [430]`).
/// A 429 or a 503 needs none: the runtime asks again after them by itself. Asked for again with a
/// credential of another value (a token renewed in between), it says the credentials expired:
/// the spec's `refresh:`.
struct CapturedRetries: Equatable {
    /// The failures asked for again with the same credentials: `retry:`'s.
    var retried = Failures()
    /// The failures asked for again with renewed credentials, if any: `refresh:`'s.
    var refresh: Refresh?

    /// Failures by their envelope code (as text) at 200, else by their HTTP status, each in the
    /// order first seen.
    struct Failures: Equatable {
        var codes: [String] = []
        var statuses: [Int] = []

        /// A failure's code, where it has one, else its status.
        mutating func record(code: String?, status: Int) {
            if let code {
                if !codes.contains(code) { codes.append(code) }
            } else if !statuses.contains(status) {
                statuses.append(status)
            }
        }
    }

    /// What a renewal of the credentials the capture shows says.
    struct Refresh: Equatable {
        var failures = Failures()
        /// The credentials renewed, by the name they are sent under (`access_token`, a header's
        /// in lower case: `authorization`), in the order first seen.
        var renewed: [String] = []
        /// The calls whose answers held a renewed value (`POST oauth/token`), by index.
        var renewedBy: [Int] = []
    }

    /// What the capture's calls show, in the order they were made; `envelope` tells a failure
    /// at 200 and reads its code; `besides` names the parameters the API sends by itself.
    static func inferred(
        from exchanges: [CapturedExchange], envelope: EnvelopeDraft?, besides sentByTheAPI: Set<String>
    ) -> CapturedRetries {
        var found = CapturedRetries()
        let isCredential = { (pair: (name: String, value: String)) in
            !sentByTheAPI.contains(pair.name) && Credentials.isCredential(name: pair.name, value: pair.value)
        }
        let request = { (call: CapturedExchange) in
            [call.method, call.segments.joined(separator: "/")]
                + call.parameters.filter { !sentByTheAPI.contains($0.name) && !isCredential($0) }
                .map { "\($0.name)=\($0.value)" }.sorted()
                + call.nestedMembers.map { "\($0.name)=" + ((try? SampleJSON.text(of: $0.value)) ?? "?") }.sorted()
                + [call.unreadRequest ?? ""]
        }
        let credentials = { (call: CapturedExchange) in
            (call.parameters + call.headers.map { ($0.name.lowercased(), $0.value) }).filter(isCredential)
        }
        let succeeds = { (call: CapturedExchange) in
            (200...299).contains(call.status) && (call.responseJSON.map { envelope?.succeeds($0) ?? true } ?? true)
        }
        for (index, failure) in exchanges.enumerated() where !succeeds(failure) {
            let asked = request(failure)
            guard let againIndex = exchanges[(index + 1)...].firstIndex(where: { request($0) == asked }),
                succeeds(exchanges[againIndex])
            else { continue }
            let sentBefore = credentials(failure)
            let renewed = credentials(exchanges[againIndex]).filter { sent in
                !sentBefore.contains { $0.name == sent.name && $0.value == sent.value }
            }
            var code: String?
            if (200...299).contains(failure.status) {
                guard let path = envelope?.code, let body = failure.responseJSON,
                    let text = SampleLinter.envelopeValue(at: path, in: body)?.scalarText
                else { continue }
                code = text
            }
            if renewed.isEmpty {
                // The runtime asks again after a 429 or a 503 by itself.
                if code != nil || (failure.status >= 400 && failure.status != 429 && failure.status != 503) {
                    found.retried.record(code: code, status: failure.status)
                }
                continue
            }
            var refresh = found.refresh ?? Refresh()
            refresh.failures.record(code: code, status: failure.status)
            for (name, value) in renewed where !refresh.renewed.contains(name) {
                refresh.renewed.append(name)
                let token = value.split(separator: " ").last.map(String.init) ?? value
                if token.count >= 8,
                    let source = exchanges[index..<againIndex].lastIndex(where: {
                        $0.responseJSON.map { Self.holds(token, in: $0) } == true
                    }), !refresh.renewedBy.contains(source)
                {
                    refresh.renewedBy.append(source)
                }
            }
            found.refresh = refresh
        }
        return found
    }

    /// Whether a scalar of `node` holds `text` (an answer that hands out a token).
    private static func holds(_ text: String, in node: YAMLNode) -> Bool {
        if let scalar = node.scalarText { return scalar.contains(text) }
        return node.items.contains { holds(text, in: $0) } || node.entries.contains { holds(text, in: $0.value) }
    }
}
