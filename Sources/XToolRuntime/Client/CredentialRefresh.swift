/// Renews the app's credentials when the server says they expired, then repeats the request once
/// (as Alamofire's `AuthenticationInterceptor` and OkHttp's `Authenticator` do).
///
/// ```swift
/// let client = APIClient(
///     baseURL: URL(string: "https://api.github.com/")!,
///     headers: [.provided("Authorization", { try await tokens.current() }, prefix: "Bearer ")],
///     refresh: CredentialRefresh { try await tokens.refresh() })
/// ```
///
/// A call whose response means "expired" (one of `statuses`, or a failure whose code, the
/// envelope's, at any of the places its `code:` list reads, or the error body's, is one of
/// `codes`) waits for `refresh` and is sent again,
/// asking the provided values afresh. Calls that expire together share one refresh; a call is
/// repeated at most once and never refreshes twice; a refresh that throws fails every call
/// waiting for it with that call's own failure. A request that carried none of the values the
/// refresh renews (an endpoint that omits them, an optional value that was nil) is never
/// refreshed, and neither is a request sent by `refresh` itself.
public struct CredentialRefresh: Sendable {
    /// The HTTP statuses that mean the credentials expired: 401 by default.
    public let statuses: Set<Int>
    /// The failure codes that mean it, compared as text (`42001` matches `"42001"`): the code an
    /// envelope reports (`Envelope.code`), or an error body's (`ErrorBody.code`).
    public let codes: [JSON]
    /// The names of the client's fixed parameters and headers whose provided values the refresh
    /// renews; nil for all of them.
    public let renewing: Set<String>?
    let refresh: @Sendable () async throws -> Void

    /// `refresh` renews the credentials the provided values return (it stores a new token, say);
    /// the requests repeated after it ask for them again.
    public init(
        statuses: Set<Int> = [401], codes: [JSON] = [], renewing: Set<String>? = nil,
        refresh: @escaping @Sendable () async throws -> Void
    ) {
        self.statuses = statuses
        self.codes = codes
        self.renewing = renewing
        self.refresh = refresh
    }

    /// Nil without `refresh`: what a generated API initializer makes of its optional refresh
    /// closure.
    @_spi(Generated)
    public init?(
        statuses: Set<Int> = [401], codes: [JSON] = [], renewing: Set<String>? = nil,
        refresh: (@Sendable () async throws -> Void)?
    ) {
        guard let refresh else { return nil }
        self.init(statuses: statuses, codes: codes, renewing: renewing, refresh: refresh)
    }

    /// Whether `failure`, whose codes are `failureCodes` (`ResponseReader.codes(of:in:)`), says
    /// the credentials expired.
    func isExpiry(_ failure: XToolError, codes failureCodes: [String]) -> Bool {
        switch failure {
        case .status(let code, _): statuses.contains(code)
        case .rejected(let failure) where statuses.contains(failure.status): true
        default: codes.contains { code in failureCodes.contains { $0 == code.text } }
        }
    }

    /// Whether a request that carried the provided values named `sent` can be refreshed.
    func renews(_ sent: [String]) -> Bool {
        renewing.map { renewing in sent.contains(where: renewing.contains) } ?? !sent.isEmpty
    }
}

/// Runs a client's credential refresh once for every call that expired with the credentials it
/// replaces (single flight), and tells each waiting call how it went.
final class RefreshGate: Sendable {
    /// How a call's wait ended.
    enum Outcome: Sendable {
        /// The credentials were renewed since the call was sent: send it again.
        case renewed
        /// The refresh failed: the call fails with its own failure.
        case failed
        /// The waiting call was cancelled.
        case cancelled
    }

    private struct State {
        /// Refreshes finished so far; a call notes it before it is sent.
        var round = 0
        /// Whether the last finished refresh succeeded.
        var lastSucceeded = false
        var running = false
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
        var nextWaiter = 0
    }

    /// Set for the task that runs the refresh: the requests it sends never wait for it.
    @TaskLocal static var isRefreshing = false

    private let refresh: @Sendable () async throws -> Void
    private let state = Locked(State())

    init(_ refresh: @escaping @Sendable () async throws -> Void) {
        self.refresh = refresh
    }

    /// The number of refreshes finished so far, noted before a request is sent.
    var round: Int { state.withLock { $0.round } }

    /// Waits for credentials newer than those of `round`: at once when a refresh finished since
    /// (with its outcome), else for the refresh that runs, started if none does. Cancelling the
    /// calling task ends its wait alone; the refresh goes on for the others.
    func renewal(after round: Int) async -> Outcome {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                enum Step {
                    case done(Outcome)
                    case wait, start
                }
                let step = state.withLock { state -> Step in
                    if state.round > round { return .done(state.lastSucceeded ? .renewed : .failed) }
                    if Task.isCancelled { return .done(.cancelled) }
                    state.waiters[id] = continuation
                    if state.running { return .wait }
                    state.running = true
                    return .start
                }
                switch step {
                case .done(let outcome): continuation.resume(returning: outcome)
                case .wait: break
                case .start: start()
                }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: .cancelled)
        }
    }

    /// Runs the refresh in a task of its own, which no waiting call's cancellation reaches, and
    /// then resumes every call waiting for it.
    private func start() {
        Task.detached { [self] in
            var succeeded = true
            do {
                try await Self.$isRefreshing.withValue(true) { try await refresh() }
            } catch {
                succeeded = false
            }
            let waiters = state.withLock { state in
                state.round += 1
                state.lastSucceeded = succeeded
                state.running = false
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters {
                waiter.resume(returning: succeeded ? .renewed : .failed)
            }
        }
    }
}
