import Foundation
import XToolRuntime

// timeline BASE_URL: reads the timeline, publishes a post, reads what is new since, through the
// generated TimelineTool (Specs/Timeline.yaml), and prints what it got.

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: Timeline BASE_URL\n".utf8))
    exit(2)
}

TimelineAPI.shared = TimelineAPI(
    baseURL: baseURL,
    cache: MemoryResponseCache(),
    accessToken: { "example-token" })
let timeline = TimelineTool()

func show(_ post: Post) -> String {
    let date = post.createdAt.formatted(.iso8601)
    return "#\(post.id) \(post.author) at \(date): \(post.text) (\(post.likeCount) likes)"
}

do {
    let posts = try await timeline.latest(count: 2)
    print("latest: \(posts.count) posts")
    for post in posts { print("  " + show(post)) }

    let published = try await timeline.publish(text: "Built by the plugin")
    print("published: " + show(published))

    let newer = try await timeline.latest(sinceID: published.id)
    print("since #\(published.id): \(newer.count) posts")
} catch {
    print("error: \(error)")
}

// The server answers the next read with an error: it comes back as an XToolError.
do {
    _ = try await timeline.latest(sinceID: 3)
    print("unexpected: no error")
} catch {
    print("error: \(error)")
}

#if DEBUG
    // The same tool answered from the spec's sample (Specs/samples/latest.json), with no server: what
    // a SwiftUI preview or a test uses.
    do {
        let sampled = try await TimelineTool(api: .preview).latest()
        print("preview: " + sampled.map(show).joined(separator: "; "))
    } catch {
        print("error: \(error)")
    }
#endif
