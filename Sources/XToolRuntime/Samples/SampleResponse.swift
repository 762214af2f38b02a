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

        /// A JSON body (`Content-Type: application/json`), with the sample's own `headers` (a
        /// response's typed headers read them).
        public static func json(
            _ text: String, name: String? = nil, status: Int = 200, failure: Bool = false, headers: HTTPHeaders = [:]
        ) -> Self {
            body(text, type: "application/json", name: name, status: status, failure: failure, headers: headers)
        }

        /// A text body (`Content-Type: text/plain; charset=utf-8`), for an endpoint that returns the
        /// body as text or bytes, with the sample's own `headers`.
        public static func text(
            _ text: String, name: String? = nil, status: Int = 200, failure: Bool = false, headers: HTTPHeaders = [:]
        ) -> Self {
            body(
                text, type: "text/plain; charset=utf-8", name: name, status: status, failure: failure, headers: headers)
        }

        /// `text` as the body, with its `Content-Type` and then the sample's own `headers`.
        private static func body(
            _ text: String, type: String, name: String?, status: Int, failure: Bool, headers: HTTPHeaders
        ) -> Self {
            var all: HTTPHeaders = ["Content-Type": type]
            for field in headers { all[field.name] = field.value }
            return Self(name: name, status: status, headers: all, body: Data(text.utf8), failure: failure)
        }

        /// How messages name it: `'notFound'`, or `its sample`.
        var what: String { name.map { "the sample '\($0)'" } ?? "the sample" }
    }
#endif
