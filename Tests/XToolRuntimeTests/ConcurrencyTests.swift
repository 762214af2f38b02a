import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Many requests at once through one client: none lost, none crossed.
@Suite struct ConcurrencyTests {
    @Test func hundredsOfConcurrentRequestsEachGetTheirOwnResponse() async throws {
        let server = try TestServer.scope()
        let counter = Counter()
        let api = APIClient(
            baseURL: server.baseURL, fixed: [.provided("token", { "t\(counter.next())" })],
            signature: Signature(name: "sign") { parameters in "\(parameters["n"]!)-\(parameters["token"]!)" },
            body: .form)
        let count = 400
        let echoes = try await withThrowingTaskGroup(of: (Int, Echo).self) { group in
            for n in 0..<count {
                group.addTask {
                    let method: HTTPMethod = n.isMultiple(of: 2) ? .get : .post
                    let echo: Echo = try await api.send(
                        RequestDescription(method, "items/{n}"), [.path("n", n), .query("n", n)])
                    return (n, echo)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(echoes.count == count)
        for (n, echo) in echoes {
            #expect(echo.path == server.path("items/\(n)"))
            // Fixed parameters and the signature go to the query for GET, to the body for POST.
            let (fixedPart, dynamicPart) = n.isMultiple(of: 2) ? (echo.query, echo.query) : (echo.body, echo.query)
            let token = fixedPart.split(separator: "&").first.map { String($0.dropFirst("token=".count)) } ?? "?"
            #expect(echo.method == (n.isMultiple(of: 2) ? "GET" : "POST"))
            #expect(dynamicPart.contains("n=\(n)"))
            #expect(fixedPart.hasSuffix("sign=\(n)-\(token)"), "request \(n): \(echo.query) \(echo.body)")
        }
        let tokens = echoes.values.map { ($0.method == "GET" ? $0.query : $0.body).split(separator: "&")[0] }
        #expect(Set(tokens).count == count, "each request had a provided value of its own")
        #expect(counter.next() == count + 1, "every request asked for its provided value once")
        let received = try await server.requests("items/0").count + server.requests("items/\(count - 1)").count
        #expect(received == 2)
    }
}
