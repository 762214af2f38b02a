import Foundation

/// The failures an API says are worth asking again for (`retry:` in the spec): a status (a
/// commerce API's 430), or a declared failure's code (a gateway's transient `isp.*` inside HTTP
/// 200), each asked for once more after the wait the response gives (`Retry-After`, or where
/// the spec says: a header, a number in the body, a number in the failure's message), or after
/// a second when it gives none; never longer than `ClientOptions.maxRetryAfter`. Reads only,
/// unless `writes`.
public struct RetryRules: Sendable, Hashable {
    let statuses: Set<Int>
    let codes: [String]
    let waitHeader: String?
    let waitPath: String?
    let waitPattern: String?
    let writes: Bool

    /// - Parameters:
    ///   - statuses: Statuses asked for again.
    ///   - codes: Codes of failures the envelope or the error body reports that are asked for
    ///     again; `*` stands for any text (`isp.*`).
    ///   - waitHeader: A header whose number is the seconds to wait, beside `Retry-After`.
    ///   - waitPath: The key path of the seconds to wait in the response's body.
    ///   - waitPattern: A regular expression whose first group, found in the failure's message,
    ///     is the seconds to wait (`(\d+) more seconds`).
    ///   - writes: Writes too, not only requests safe to repeat.
    public init(
        statuses: Set<Int> = [], codes: [String] = [], waitHeader: String? = nil, waitPath: String? = nil,
        waitPattern: String? = nil, writes: Bool = false
    ) {
        self.statuses = statuses
        self.codes = codes
        self.waitHeader = waitHeader
        self.waitPath = waitPath
        self.waitPattern = waitPattern
        self.writes = writes
    }

    /// The seconds to wait before asking again after `failure`, the reading of `response` to a
    /// request that `repeats` safely, whose codes are `failureCodes` (`ResponseReader.codes(of:in:)`:
    /// any of them may match); nil when the rules don't retry it or the wait is longer than `limit`.
    func wait(
        after failure: XToolError, codes failureCodes: [String], of response: HTTPResponse, repeats: Bool,
        limit: TimeInterval
    ) -> TimeInterval? {
        guard repeats || writes, limit > 0 else { return nil }
        let message: String?
        switch failure {
        case .server(let text, _): message = text
        case .rejected(let failure): message = failure.message
        case .status: message = nil
        default: return nil
        }
        guard statuses.contains(response.status) || failureCodes.contains(where: matchesCode) else { return nil }
        let wait = statedWait(in: response, message: message) ?? 1
        return wait <= limit ? max(0, wait) : nil
    }

    /// `failure` with the wait the rules read in `response`, its reading: a `.rejected` failure's
    /// `retryAfter` is then that wait when `Retry-After` gives none, whether or not it is retried.
    func stating(_ failure: XToolError, of response: HTTPResponse) -> XToolError {
        guard case .rejected(var rejected) = failure,
            let wait = statedWait(in: response, message: rejected.message)
        else { return failure }
        rejected.statedWait = wait
        return .rejected(rejected)
    }

    /// The seconds `response` asks to wait: its `Retry-After`, else `waitHeader`'s number,
    /// `waitPath`'s, or `waitPattern`'s in the failure's `message`; nil when none says.
    private func statedWait(in response: HTTPResponse, message: String?) -> TimeInterval? {
        RetryAfter.seconds(in: response.headers, now: Date())
            ?? waitHeader.flatMap { response.headers[$0] }.flatMap {
                TimeInterval($0.trimmingCharacters(in: .whitespaces))
            }
            ?? waitPath.flatMap { Self.seconds(at: $0, in: response.body) }
            ?? message.flatMap(seconds(inMessage:))
    }

    /// Whether `code` is one of `codes`, `*` standing for any text.
    private func matchesCode(_ code: String) -> Bool {
        codes.contains { pattern in
            var rest = Substring(code)
            let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index == 0 {
                    guard rest.hasPrefix(part) else { return false }
                    rest = rest.dropFirst(part.count)
                } else if index == parts.count - 1 {
                    return rest.hasSuffix(part)
                } else {
                    guard let found = rest.range(of: part) else { return false }
                    rest = rest[found.upperBound...]
                }
            }
            return rest.isEmpty
        }
    }

    /// The number at `path` of a JSON body (or a text that is one).
    private static func seconds(at path: String, in body: Data) -> TimeInterval? {
        guard let value = (try? JSON(data: body))?.value(at: path) else { return nil }
        return value.doubleValue ?? value.stringValue.flatMap(TimeInterval.init)
    }

    /// The first group of `waitPattern` found in `message`, as seconds.
    private func seconds(inMessage message: String) -> TimeInterval? {
        guard let waitPattern, let regex = try? Regex(waitPattern), let match = message.firstMatch(of: regex),
            match.output.count > 1, let group = match.output[1].substring
        else { return nil }
        return TimeInterval(group)
    }
}
