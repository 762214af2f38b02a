#if DEBUG
    import Foundation

    /// An example response of one endpoint, as its spec gives it (`sample:`, `samples:`): the whole
    /// body as the server sends it, envelope included. Generated `…API.preview` answers with them
    /// and `…API.checkSamples()` decodes them. Debug builds only, like everything about samples.
    public struct SampleResponse: Sendable, Hashable {
        /// The name under `samples:`; nil for an endpoint's one `sample:`.
        public var name: String?
        public var status: Int
        public var headers: HTTPHeaders
        public var body: Data
        /// The sample shows a failure: a status outside 200…299, or an envelope that reports one
        /// with 200 (`failure: true`).
        public var isFailure: Bool

        public init(
            name: String? = nil, status: Int = 200, headers: HTTPHeaders = [:], body: Data, failure: Bool = false
        ) {
            self.name = name
            self.status = status
            self.headers = headers
            self.body = body
            isFailure = failure || !(200...299).contains(status)
        }

        /// A JSON body (`Content-Type: application/json`).
        public static func json(_ text: String, name: String? = nil, status: Int = 200, failure: Bool = false) -> Self {
            Self(
                name: name, status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8),
                failure: failure)
        }

        /// A text body (`Content-Type: text/plain; charset=utf-8`), for an endpoint that returns the
        /// body as text or bytes.
        public static func text(_ text: String, name: String? = nil, status: Int = 200, failure: Bool = false) -> Self {
            Self(
                name: name, status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
                body: Data(text.utf8),
                failure: failure)
        }

        /// How messages name it: `'notFound'`, or `its sample`.
        var what: String { name.map { "the sample '\($0)'" } ?? "the sample" }
    }
#endif
