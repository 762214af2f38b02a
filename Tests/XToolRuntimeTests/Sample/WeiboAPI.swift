import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Generated) import XToolRuntime

// What xtoolgen emits for SPEC.md's Weibo spec, written by hand in the generator's shape: it pins
// the runtime API that generated code calls, and the tests run it against the local server.
// Types are `nonisolated` so that the same code also compiles in modules whose default isolation
// is the main actor (checked with `swiftc -default-isolation MainActor`; see docs/runtime.md).

nonisolated public struct WeiboAPI: Sendable {
    public let client: APIClient

    public init(
        baseURL: URL = URL(string: "https://api.weibo.com/2/")!,
        transport: any HTTPTransport = URLSessionTransport(),
        cache: any ResponseCache = FileResponseCache(named: "Weibo"),
        options: ClientOptions = ClientOptions(),
        accessToken: @escaping @Sendable () async throws -> String,
        signer: @escaping @Sendable ([String: String]) async throws -> String
    ) {
        client = APIClient(
            baseURL: baseURL, transport: transport, cache: cache, options: options,
            fixed: [.literal("source", "211160679"), .provided("access_token", accessToken)],
            headers: [.literal("Accept", "application/json")],
            signature: Signature(name: "sign", signer: signer),
            envelope: Envelope(data: "data", success: .init(path: "code", equals: "OK"), message: "msg", code: "code"),
            dates: .formatted("EEE MMM dd HH:mm:ss Z yyyy"),
            body: .form,
            lenient: true
        )
    }

    private static let sharedInstance = SharedInstance<WeiboAPI>(
        missing: "WeiboAPI.shared was read before it was set; set it once at start-up")

    public static var shared: WeiboAPI {
        get { sharedInstance.value }
        set { sharedInstance.value = newValue }
    }
}
