import XToolDiagnostics
import XToolYAML

@testable import XToolImport

extension CapturedExchange {
    /// A call to `api.example.com` as a capture records it: `GET /2/users/12.json`, its
    /// parameters and headers (name, value), answered 200 with `answer` (JSON) or no body.
    static func call(
        _ request: String = "GET /", _ parameters: [(String, String)] = [], headers: [(String, String)] = [],
        answer: String? = nil
    ) -> CapturedExchange {
        let parts = request.split(separator: " ")
        var call = CapturedExchange(
            method: String(parts[0]), scheme: "https", host: "api.example.com",
            segments: parts[1].split(separator: "/").map(String.init),
            parameters: parameters.map { (name: $0.0, value: $0.1) },
            headers: headers.map { (name: $0.0, value: $0.1) }, status: 200,
            location: SourceLocation(line: 1, column: 1))
        if let answer {
            call.responseJSON = try? JSONReader().parseDocument(answer)
            call.responseSize = answer.utf8.count
        }
        return call
    }
}
