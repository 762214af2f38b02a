import XToolSamples
import XToolSpec

/// The failures the capture shows to be transient: a call that failed, asked for again as it was
/// (the same method, path and parameters, but for the values the API sends by itself: a time, a
/// nonce, a signature), and answered. Such a failure is the spec's `retry:`: its envelope code
/// (`codes: ["7"]`, a gateway's call limit at HTTP 200) or its status (`statuses: [430]`). A 429
/// or a 503 needs none: the runtime asks again after them by itself.
struct CapturedRetries: Equatable {
    /// The envelope codes of failures asked for again, as text, in the order first seen.
    var codes: [String] = []
    /// The HTTP statuses of failures asked for again.
    var statuses: [Int] = []

    /// What the capture's calls show, in the order they were made; `envelope` tells a failure
    /// at 200 and reads its code; `besides` names the parameters the API sends by itself.
    static func inferred(
        from exchanges: [CapturedExchange], envelope: EnvelopeDraft?, besides sentByTheAPI: Set<String>
    ) -> CapturedRetries {
        var found = CapturedRetries()
        let request = { (call: CapturedExchange) in
            [call.method, call.segments.joined(separator: "/")]
                + call.parameters.filter { !sentByTheAPI.contains($0.name) }.map { "\($0.name)=\($0.value)" }.sorted()
                + call.nestedMembers.map { "\($0.name)=" + ((try? SampleJSON.text(of: $0.value)) ?? "?") }.sorted()
                + [call.unreadRequest ?? ""]
        }
        let succeeds = { (call: CapturedExchange) in
            (200...299).contains(call.status) && (call.responseJSON.map { envelope?.succeeds($0) ?? true } ?? true)
        }
        for (index, failure) in exchanges.enumerated() where !succeeds(failure) {
            let asked = request(failure)
            guard let again = exchanges[(index + 1)...].first(where: { request($0) == asked }), succeeds(again) else {
                continue
            }
            if (200...299).contains(failure.status) {
                guard let code = envelope?.code, let body = failure.responseJSON,
                    let text = SampleLinter.envelopeValue(at: code, in: body)?.scalarText,
                    !found.codes.contains(text)
                else { continue }
                found.codes.append(text)
            } else if failure.status >= 400, failure.status != 429, failure.status != 503,
                !found.statuses.contains(failure.status)
            {
                found.statuses.append(failure.status)
            }
        }
        return found
    }
}
