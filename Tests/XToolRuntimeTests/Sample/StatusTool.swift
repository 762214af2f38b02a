import Foundation
import XToolRuntime

/// Reading the home timeline.
nonisolated public struct StatusTool: Sendable {
    public let api: WeiboAPI

    public init(api: WeiboAPI = .shared) { self.api = api }

    private static let newStatusesRequest = RequestDescription(
        .get, "statuses/friends_timeline.json", fixed: [.literal("feature", 0)], response: "statuses", cache: .fallback)

    /// Statuses newer than `sinceID`, newest first.
    public func newStatuses(sinceID: String? = nil, count: Int = 20) async throws(XToolError) -> Cached<[Status]> {
        try await api.client.cached(Self.newStatusesRequest, [.query("since_id", sinceID), .query("count", count)])
    }

    @discardableResult
    public func newStatuses(
        sinceID: String? = nil, count: Int = 20,
        progress: TransferProgress.Handler? = nil,
        completion: @escaping @Sendable (Result<Cached<[Status]>, XToolError>) -> Void
    ) -> XToolTask {
        api.client.task(progress: progress, completion) { () async throws(XToolError) in
            try await newStatuses(sinceID: sinceID, count: count)
        }
    }

    private static let statusRequest = RequestDescription(.get, "statuses/show/{id}.json")

    public func status(id: Int64) async throws(XToolError) -> Status {
        try await api.client.send(Self.statusRequest, [.path("id", id)])
    }

    private static let updateRequest = RequestDescription(.post, "statuses/update.json")

    public func update(status: String, visibility: Status.Visibility? = nil) async throws(XToolError) -> Status {
        try await api.client.send(Self.updateRequest, [.body("status", status), .body("visible", visibility)])
    }

    private static let destroyRequest = RequestDescription(.delete, "statuses/destroy/{id}.json")

    public func destroy(id: Int64) async throws(XToolError) {
        try await api.client.send(Self.destroyRequest, [.path("id", id)])
    }

    @discardableResult
    public func destroy(
        id: Int64, progress: TransferProgress.Handler? = nil,
        completion: @escaping @Sendable (Result<Void, XToolError>) -> Void
    ) -> XToolTask {
        api.client.task(progress: progress, completion) { () async throws(XToolError) in try await destroy(id: id) }
    }
}
