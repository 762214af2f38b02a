#if DEBUG
    import Foundation

    /// Writes the body of each real response into `folder`, under its endpoint's name, so that the
    /// spec's samples can stay true to the live server: `StatusTool.newStatuses.json` (`.txt` for a
    /// text response, `.bin` for bytes), and `StatusTool.status.404.json` for a status outside
    /// 200…299. Each write replaces the last. Debug builds only: the type does not exist in a
    /// release build, so a recorder can't ship.
    ///
    /// ```swift
    /// #if DEBUG
    /// let options = ClientOptions(middleware: [SampleRecorder(folder: URL(fileURLWithPath: "/tmp/samples"))])
    /// #endif
    /// ```
    ///
    /// Nothing but the body is written: no headers, no URL, no parameters; the file's name is the
    /// endpoint's. A body that holds a value the request was sent with under a sensitive name (a
    /// provided value, the signature) or in a credential header (`Authorization`, `Cookie`) is not
    /// written at all (values shorter than 4 characters are not looked for). Requests without an
    /// endpoint name, empty bodies and bodies that can't be written are skipped; recording never
    /// fails a call.
    public struct SampleRecorder: Middleware {
        public let folder: URL

        public init(folder: URL) {
            self.folder = folder
        }

        public func intercept(
            _ request: HTTPRequest, context: MiddlewareContext,
            next: @Sendable (HTTPRequest) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            let response = try await next(request)
            if let name = context.request.name, !response.body.isEmpty,
                !Self.holdsSecret(response.body, of: request, sensitiveNames: context.sensitiveNames)
            {
                let status = (200...299).contains(response.status) ? "" : ".\(response.status)"
                let file = folder.appendingPathComponent(
                    name + status + "." + Self.fileExtension(context.request.format))
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? response.body.write(to: file, options: .atomic)
            }
            return response
        }

        private static func fileExtension(_ format: ResponseFormat) -> String {
            switch format {
            case .json: "json"
            case .text: "txt"
            case .data: "bin"
            }
        }

        /// Whether `body` holds any value `request` was sent with under a sensitive name: in the
        /// query, a form or JSON body, or a header (each word of it, so `Bearer <token>` finds the
        /// token), credential headers always.
        static func holdsSecret(_ body: Data, of request: HTTPRequest, sensitiveNames: Set<String>) -> Bool {
            var secrets: [String] = []
            let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
            for item in components?.queryItems ?? [] where sensitiveNames.contains(item.name) {
                secrets += item.value.map { [$0] } ?? []
            }
            for field in request.headers
            where sensitiveNames.contains(field.name) || credentialHeaders.contains(field.name.lowercased()) {
                secrets += field.value.split(separator: " ").map(String.init)
            }
            if let sent = request.body {
                secrets += bodyValues(sent, headers: request.headers, names: sensitiveNames)
            }
            let text = String(decoding: body, as: UTF8.self)
            return secrets.contains { $0.count >= 4 && text.contains($0) }
        }

        /// The values of the members called `names` of a form or JSON request body.
        private static func bodyValues(_ body: Data, headers: HTTPHeaders, names: Set<String>) -> [String] {
            if let object = try? JSON(data: body), case .object(let members) = object {
                return members.filter { names.contains($0.key) }.compactMap(\.value.text)
            }
            guard ContentType(headers["Content-Type"]).mediaType == "application/x-www-form-urlencoded" else {
                return []
            }
            var components = URLComponents()
            components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(
                of: "+", with: "%20")
            return (components.queryItems ?? []).filter { names.contains($0.name) }.compactMap(\.value)
        }
    }
#endif
