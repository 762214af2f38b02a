import Foundation
import TestSupport
import Testing

@testable import XToolRuntime

/// The completion-handler API: exactly one call, cancellation, main-actor delivery, progress.
@Suite struct CallbackTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    /// Starts a call, waits for its completion and for its task to end, and returns every
    /// result delivered (a second delivery would also trap the continuation).
    private func deliveries<T: Sendable>(
        _ start: (@escaping @Sendable (Result<T, XToolError>) -> Void) -> XToolTask,
        whileRunning: (XToolTask) async throws -> Void = { _ in }
    ) async throws -> [Result<T, XToolError>] {
        let recorder = Recorder<Result<T, XToolError>>()
        var handle: XToolTask?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            handle = start { result in
                recorder.append(result)
                continuation.resume()
            }
        }
        _ = whileRunning
        await handle?.task.value
        return recorder.values
    }

    @Test func theCompletionRunsOnceWithTheValue() async throws {
        try await server.route("n", .json("42"))
        let client = APIClient(baseURL: server.baseURL)
        let results = try await deliveries { completion in
            client.task(completion) { () async throws(XToolError) -> Int in
                try await client.send(RequestDescription(.get, "n"))
            }
        }
        #expect(results.count == 1)
        #expect(try results.first?.get() == 42)
    }

    @Test func theCompletionRunsOnceWithTheFailure() async throws {
        try await server.route("n", .html(500))
        let client = APIClient(baseURL: server.baseURL)
        let results = try await deliveries { completion in
            client.task(completion) { () async throws(XToolError) in
                try await client.send(RequestDescription(.get, "n"))
            }
        }
        #expect(results.count == 1)
        #expect(results.first?.failure?.statusCode == 500)
    }

    @Test func cancellingTheHandleDeliversCancelledAndCancelsTheRequest() async throws {
        try await server.route("hang", .hang)
        // A session of its own: on the shared one the request may wait behind the connections
        // other tests hold to the same local server (URLSession's limit per host), past the wait
        // for it to arrive, when the whole suite runs on a loaded machine.
        let client = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(configuration: .ephemeral))
        let recorder = Recorder<Result<JSON, XToolError>>()
        let handle = await withCheckedContinuation { (started: CheckedContinuation<XToolTask, Never>) in
            let handle = client.task({ recorder.append($0) }) { () async throws(XToolError) -> JSON in
                try await client.send(RequestDescription(.get, "hang"))
            }
            started.resume(returning: handle)
        }
        try await server.wait("hang", for: "arrived")
        handle.cancel()
        await handle.task.value
        #expect(handle.isCancelled)
        #expect(recorder.values.count == 1)
        #expect(recorder.values.first?.failure == .cancelled)
        try await server.wait("hang", for: "closed")
    }

    @Test func aResultReadyBeforeDeliveryStillYieldsToCancellation() async throws {
        let recorder = Recorder<Result<Int, XToolError>>()
        let client = APIClient(baseURL: server.baseURL, transport: StubTransport { _ in .json(1) })
        let handle = client.task({ recorder.append($0) }) { () async throws(XToolError) -> Int in
            let value: Int = try await client.send(RequestDescription(.get, "one"))
            withUnsafeCurrentTask { $0?.cancel() }  // cancelled after the value arrived, before delivery
            return value
        }
        await handle.task.value
        #expect(recorder.values.count == 1)
        #expect(recorder.values.first?.failure == .cancelled)
    }

    @Test func cancellingAfterDeliveryChangesNothing() async throws {
        try await server.route("n", .json("7"))
        let client = APIClient(baseURL: server.baseURL)
        let recorder = Recorder<Result<Int, XToolError>>()
        var handle: XToolTask?
        await withCheckedContinuation { (delivered: CheckedContinuation<Void, Never>) in
            handle = client.task({
                recorder.append($0)
                delivered.resume()
            }) { () async throws(XToolError) -> Int in
                try await client.send(RequestDescription(.get, "n"))
            }
        }
        handle?.cancel()
        await handle?.task.value
        #expect(recorder.values.count == 1)
        #expect(try recorder.values.first?.get() == 7)
    }

    @Test func completionsCanBeDeliveredOnTheMainActor() async throws {
        try await server.route("n", .json("1"))
        let client = APIClient(baseURL: server.baseURL, options: ClientOptions(deliversOnMainActor: true))
        let results = try await deliveries { completion in
            client.task({ result in
                // Traps (failing the run) unless the completion runs on the main actor's executor.
                // (Under `swift test` on Linux that executor is not the process's main thread.)
                MainActor.assertIsolated("the completion must run on the main actor")
                completion(result)
            }) { () async throws(XToolError) -> Int in try await client.send(RequestDescription(.get, "n")) }
        }
        #expect(try results.first?.get() == 1)
    }

    @Test func downloadProgressIsReportedThroughTheCompletionAPI() async throws {
        let body = "[" + Array(repeating: "\"0123456789abcdef\"", count: 20_000).joined(separator: ",") + "]"
        try await server.route("big", Canned(body: body))
        let client = APIClient(baseURL: server.baseURL)
        let progress = Recorder<TransferProgress>()
        let results = try await deliveries { completion in
            client.task(progress: { progress.append($0) }, completion) { () async throws(XToolError) -> [String] in
                try await client.send(RequestDescription(.get, "big"))
            }
        }
        #expect(try results.first?.get().count == 20_000)
        let downloads = progress.values.filter { $0.direction == .download }
        #expect(!downloads.isEmpty)
        #expect(downloads.map(\.completedBytes) == downloads.map(\.completedBytes).sorted())
        #expect(downloads.last?.completedBytes == Int64(body.utf8.count))
        #expect(downloads.last?.fractionCompleted == 1)
    }
}
