#if DEBUG
    import Foundation

    /// Answers every request from its endpoint's samples, by `RequestDescription.name`, and never
    /// calls the transport: the server of generated `…API.preview`. An endpoint's first sample
    /// answers unless `choosing` names another (`["StatusTool.status": "notFound"]`). A request for a
    /// page after the first (`MiddlewareContext.followsCursor`) gets an empty last page (204), so a
    /// loop over every item ends after the sample's. An endpoint without a sample fails with a
    /// transport failure that names it.
    public struct SampleResponder: Middleware {
        private let samples: [String: [SampleResponse]]
        private let choices: [String: String]

        /// - Parameters:
        ///   - samples: Each endpoint's samples, by the endpoint's name (`StatusTool.newStatuses`).
        ///   - choices: The name of the sample some endpoints answer with instead of their first.
        public init(_ samples: [String: [SampleResponse]], choosing choices: [String: String] = [:]) {
            self.samples = samples
            self.choices = choices
        }

        public func intercept(
            _ request: HTTPRequest, context: MiddlewareContext,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            let sample = try self.sample(for: context.request)
            if context.followsCursor { return HTTPResponse(status: 204) }
            return HTTPResponse(status: sample.status, headers: sample.headers, body: sample.body)
        }

        /// The sample the endpoint answers with.
        func sample(for request: RequestDescription) throws(TransportFailure) -> SampleResponse {
            guard let name = request.name else {
                throw TransportFailure(
                    reason: .other,
                    message: "\(request.method) \(request.path) has no endpoint name to find its sample by")
            }
            guard let samples = samples[name], let first = samples.first else {
                throw TransportFailure(
                    reason: .other, message: "\(name) has no sample to answer with; give it one in the spec (sample:)")
            }
            guard let chosen = choices[name] else { return first }
            guard let sample = samples.first(where: { $0.name == chosen }) else {
                let names = samples.compactMap(\.name).map { "'\($0)'" }.joined(separator: ", ")
                throw TransportFailure(
                    reason: .other,
                    message: "\(name) has no sample named '\(chosen)'" + (names.isEmpty ? "" : "; it has \(names)"))
            }
            return sample
        }
    }

    /// A transport with no network: every request fails with `.cannotConnect`. What a preview's
    /// client is given, so that nothing a sample doesn't answer leaves the process.
    public struct OfflineTransport: HTTPTransport {
        public init() {}

        public func send(_ request: HTTPRequest, progress: TransferProgress.Handler?) async throws -> HTTPResponse {
            throw TransportFailure(reason: .cannotConnect, message: "This client is offline (a preview).")
        }
    }
#endif
