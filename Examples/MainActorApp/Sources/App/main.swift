import Foundation
import XToolRuntime

// Main-actor code (this target's default) calls the generated layer, which is nonisolated
// without any option, and hands its values to a task off the main actor and back.
let around = #"""
    {"status": "1", "info": "OK", "infocode": "10000", "data": {"pois": [{"id": "B1", "name": "Tea House",
     "kind": "restaurant", "distance": "120", "updated_at": "2023-07-04 20:00:17 +0800", "rating": "high"}]}}
    """#
let events =
    #"{"status": "1", "info": "OK", "infocode": "10000", "data": {"events": [{"type": "closed", "id": "B2", "reason": "moved"}]}}"#
let reviews =
    #"{"status": "1", "info": "OK", "infocode": "10000", "data": {"reviews": [{"id": "R1", "type": "stars", "stars": 5}, {"id": "R2", "type": "text", "text": "Quiet"}]}}"#
let transport = StubTransport { request in
    let path = request.url.path
    let body = path.hasSuffix("events") ? events : path.hasSuffix("reviews") ? reviews : around
    return StubTransport.Response(headers: ["X-Request-Id": "r-1"], body: Data(body.utf8))
}
let api = PlacesAPI(transport: transport, appKey: { "k" }, signer: { parameters in "\(parameters.count)" })
let page = try await PlaceTool(api: api).around(location: "116.48,39.99")
let places: [Place] = page.items
let names = await Task.detached { places.map { $0.name } }.value
let received = try await PlaceTool(api: api).aroundWithResponse(location: "116.48,39.99")
let closed = try await PlaceTool(api: api).events()
let failedSamples = try await PlacesAPI.checkSamples()
let said = try await PlaceTool(api: api).reviews(place: "B1", limit: 2).map { review in
    switch review.body {
    case .stars(let stars): "\(stars) stars"
    case .text(let text): text
    case .unknown: "?"
    }
}
// Specs/Quotes.har is captured traffic, which the build-tool plugin imports as it reads a spec.
let quotesTransport = StubTransport { _ in
    StubTransport.Response(body: Data(#"{"page": 3, "quotes": [{"id": 7, "text": "Be exact", "author": "Ada"}]}"#.utf8))
}
let quotes = try await QuoteTool(api: QuotesAPI(transport: quotesTransport)).quotes(page: 3)
let authors = quotes.items.map(\.author)
print(names, received.headers.requestID ?? "-", closed.count, failedSamples.count, said, authors, separator: "; ")
