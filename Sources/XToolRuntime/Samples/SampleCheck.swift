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

        /// The samples of a paginated endpoint, each a page of `Element`s.
        public mutating func page<Element: Decodable & Sendable>(_ request: RequestDescription, of type: Element.Type) {
            guard let pagination = request.pagination else { return value(request, as: [Element].self) }
            let read: (HTTPResponse) throws(XToolError) -> Page<Element> = client.pageReader(
                request, pagination, parameters: [], at: client.baseURL.appendingPathComponent(request.path))
            check(request, read)
        }

        /// The samples of an endpoint that returns nothing.
        public mutating func nothing(_ request: RequestDescription) {
            check(request, client.nothing(of: request))
        }

        private mutating func check<R>(
            _ request: RequestDescription, _ interpret: (HTTPResponse) throws(XToolError) -> R
        ) {
            guard let name = request.name else { return }
            for sample in samples[name] ?? [] {
                let response = HTTPResponse(status: sample.status, headers: sample.headers, body: sample.body)
                let outcome = Result { () throws(XToolError) in _ = try client.answer(response, of: request, interpret)
                }
                if let problem = problem(with: outcome, of: sample, errors: request.errors ?? client.errors) {
                    failures.append(
                        SampleFailure(
                            endpoint: name, sample: sample.name, message: problem.message, error: problem.error))
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
