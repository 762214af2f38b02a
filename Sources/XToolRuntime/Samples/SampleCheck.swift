#if DEBUG
    import Foundation

    /// A sample that did not read as its endpoint's calls read responses: what
    /// `…API.checkSamples()` returns.
    public struct SampleFailure: Sendable, Hashable, CustomStringConvertible {
        /// The endpoint's name, `StatusTool.status`.
        public let endpoint: String
        /// The sample's name under `samples:`; nil for an endpoint's one `sample:`.
        public let sample: String?
        /// What went wrong.
        public let message: String
        /// The error the call threw, when it threw one.
        public let error: XToolError?

        public var description: String {
            "\(endpoint), " + (sample.map { "sample '\($0)'" } ?? "its sample") + ": \(message)"
        }
    }

    /// Reads each sample the way a call of its endpoint reads a response (the status, the error
    /// body, the envelope, the payload at its path, the models), with the client of generated code,
    /// and keeps what failed. Generated `checkSamples()` runs one per endpoint that has samples.
    @_spi(Generated)
    public struct SampleCheck {
        private let client: APIClient
        private let samples: [String: [SampleResponse]]
        /// Every sample that failed, in the order checked.
        public private(set) var failures: [SampleFailure] = []

        /// Yields first, and throws `.cancelled` when the task is cancelled. The checks themselves
        /// are synchronous: generated `checkSamples()` makes one call per endpoint, and a function
        /// with a suspension point per endpoint takes the compiler seconds per hundred of them.
        public init(_ client: APIClient, _ samples: [String: [SampleResponse]]) async throws(XToolError) {
            await Task.yield()
            if Task.isCancelled { throw .cancelled }
            self.client = client
            self.samples = samples
        }

        /// The samples of an endpoint that returns a `T`.
        public mutating func value<T: Decodable & Sendable>(_ request: RequestDescription, as type: T.Type) {
            check(request, client.payload(T.self, of: request))
        }

        /// The samples of an endpoint that returns a `T` the app can write back: also fails a
        /// sample with keys no member reads (`T` encoded back lacks them), but for those the models'
        /// `ignore:` lists, given as key paths from the payload (`nil` for any key or index).
        public mutating func value<T: Codable & Sendable>(
            _ request: RequestDescription, as type: T.Type, ignoring: [[String?]] = []
        ) {
            check(
                request, client.payload(T.self, of: request), writtenBack: { try? JSONEncoder().encode($0) }, ignoring)
        }

        /// The samples of a paginated endpoint, each a page of `Element`s.
        public mutating func page<Element: Decodable & Sendable>(_ request: RequestDescription, of type: Element.Type) {
            guard let pagination = request.pagination else { return value(request, as: [Element].self) }
            check(request, pageReader(request, pagination, of: Element.self))
        }

        /// The samples of a paginated endpoint, each a page of `Element`s the app can write back:
        /// also fails a sample with keys no member reads, as `value(_:as:ignoring:)` does.
        public mutating func page<Element: Codable & Sendable>(
            _ request: RequestDescription, of type: Element.Type, ignoring: [[String?]] = []
        ) {
            guard let pagination = request.pagination else {
                return value(request, as: [Element].self, ignoring: ignoring)
            }
            check(
                request, pageReader(request, pagination, of: Element.self),
                writtenBack: { try? JSONEncoder().encode($0.items) }, ignoring)
        }

        private func pageReader<Element: Decodable & Sendable>(
            _ request: RequestDescription, _ pagination: Pagination, of type: Element.Type
        ) -> (HTTPResponse) throws(XToolError) -> Page<Element> {
            client.pageReader(
                request, pagination, parameters: [], at: client.baseURL.appendingPathComponent(request.path))
        }

        /// The samples of an endpoint that returns nothing.
        public mutating func nothing(_ request: RequestDescription) {
            check(request, client.nothing(of: request))
        }

        /// Checks each sample of `request` by `interpret`; a value that `writtenBack` encodes is
        /// compared with the sample's payload for keys no member read.
        private mutating func check<R>(
            _ request: RequestDescription, _ interpret: (HTTPResponse) throws(XToolError) -> R,
            writtenBack: ((R) -> Data?)? = nil, _ ignoring: [[String?]] = []
        ) {
            guard let name = request.name else { return }
            for sample in samples[name] ?? [] {
                let response = HTTPResponse(status: sample.status, headers: sample.headers, body: sample.body)
                let outcome = Result { () throws(XToolError) in try client.answer(response, of: request, interpret) }
                if let problem = problem(
                    with: outcome.map { _ in () }, of: sample, errors: request.errors ?? client.errors)
                {
                    failures.append(
                        SampleFailure(
                            endpoint: name, sample: sample.name, message: problem.message, error: problem.error))
                } else if !sample.isFailure, case .success(let value) = outcome, let writtenBack,
                    request.format == .json, let written = writtenBack(value).flatMap({ try? JSON(data: $0) }),
                    let payload = client.reader.reading(request).payload(of: response, at: request.response)
                {
                    let unread = payload.keysNotIn(written, ignoring: ignoring)
                    guard !unread.isEmpty else { continue }
                    failures.append(
                        SampleFailure(
                            endpoint: name, sample: sample.name,
                            message: "no member reads \(JSON.text(of: unread)), so the app never sees "
                                + (unread.count == 1 ? "it" : "them")
                                + " (add fields for them, or list them under their model's ignore:)", error: nil))
                }
            }
        }

        /// Why the outcome is not what the sample shows, or nil when it is: a value for a success; for
        /// a failure, the server's explanation (`.rejected`, `.server`), or the status when the spec
        /// declares no error body.
        private func problem(
            with outcome: Result<Void, XToolError>, of sample: SampleResponse, errors: ErrorBody?
        ) -> (message: String, error: XToolError?)? {
            switch (outcome, sample.isFailure) {
            case (.success, false):
                return nil
            case (.failure(let error), false):
                return (error.description, error)
            case (.success, true):
                return ("\(sample.what) shows a failure (HTTP \(sample.status)), but it reads as a success", nil)
            case (.failure(let error), true):
                switch error {
                case .rejected, .server: return nil
                case .status where errors == nil: return nil
                case .status:
                    return (
                        "\(sample.what) shows a failure, but its body does not read as the error body the spec declares: \(error)",
                        error
                    )
                default:
                    return (error.description, error)
                }
            }
        }
    }
#endif
