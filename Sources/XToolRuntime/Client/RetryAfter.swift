import Foundation

/// `Retry-After` (RFC 9110 §10.2.3) on a 429 or 503: how long to wait before asking again.
enum RetryAfter {
    /// The wait before sending `request` again after `response`, in seconds: when the response
    /// is a 429 or 503 with a `Retry-After` of at most `limit` (and more than 0), and the request
    /// is safe to repeat (an idempotent method, or a POST marked as a read); nil otherwise.
    static func wait(before response: HTTPResponse, to request: HTTPRequest, isRead: Bool, limit: TimeInterval)
        -> TimeInterval?
    {
        guard response.status == 429 || response.status == 503, request.method.isIdempotent || isRead,
            let wait = seconds(in: response.headers, now: Date()), wait <= limit, limit > 0
        else { return nil }
        return wait
    }

    /// The header's wait in seconds from `now` (0 for a date in the past); nil without a
    /// header that reads as a number of seconds or an HTTP date.
    static func seconds(in headers: HTTPHeaders, now: Date) -> TimeInterval? {
        guard let text = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return TimeInterval(text) }
        guard let date = HeaderDecoder.httpDate.date(fromText: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
