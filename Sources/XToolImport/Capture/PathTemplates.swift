import XToolSpec

/// Path templates: the calls grouped into endpoints by method and path, a segment that looks
/// like an identifier and varies across the calls a template (`users/{user_id}.json`); the base
/// path every endpoint shares, and the tool a path names.
enum PathTemplates {
    /// The calls of one endpoint: one method, one path template.
    struct Group {
        var method: String
        var segments: [PathPart]
        var exchanges: [CapturedExchange] = []
    }

    /// A segment of a path template.
    enum PathPart: Hashable {
        case literal(String)
        /// An identifier that varies across the calls, and what follows it in the segment
        /// (`.json` of `12345.json`).
        case template(suffix: String)

        var literal: String? {
            if case .literal(let text) = self { return text }
            return nil
        }
    }

    /// The calls grouped by method and path template, in the order first seen: a segment is a
    /// template where it looks like an identifier and the calls' values differ.
    static func groups(_ exchanges: [CapturedExchange]) -> [Group] {
        var groups: [Group] = []
        var indexes: [String: Int] = [:]
        for exchange in exchanges {
            let segments = exchange.segments.map { segment in
                isIdentifier(stem(segment))
                    ? PathPart.template(suffix: String(segment.dropFirst(stem(segment).count)))
                    : .literal(segment)
            }
            let key = exchange.method + " " + segments.map { $0.literal ?? "{}" }.joined(separator: "/")
            if indexes[key] == nil {
                indexes[key] = groups.count
                groups.append(Group(method: exchange.method, segments: segments))
            }
            groups[indexes[key]!].exchanges.append(exchange)
        }
        for index in groups.indices {
            for position in groups[index].segments.indices where groups[index].segments[position].literal == nil {
                let values = Set(groups[index].exchanges.map { $0.segments[position] })
                if values.count == 1 { groups[index].segments[position] = .literal(values.first!) }
            }
        }
        return groups
    }

    /// A segment up to its first dot (`12345.json` -> `12345`).
    static func stem(_ segment: String) -> String {
        segment.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? segment
    }

    // Compiled once; a `Regex` is not `Sendable`, and these are only ever read.
    nonisolated(unsafe) private static let uuid =
        #/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/#
    nonisolated(unsafe) private static let version = #/[vV]?\d+(\.\d+)*/#

    /// Digits, a UUID, hex of 8 or more, or a long token of letters and digits: a path segment
    /// that names one thing rather than a kind of thing.
    static func isIdentifier(_ segment: String) -> Bool {
        if !segment.isEmpty, segment.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        if segment.wholeMatch(of: uuid)
            != nil
        {
            return true
        }
        let hasDigit = segment.contains { $0.isASCII && $0.isNumber }
        if segment.count >= 8, hasDigit, segment.allSatisfy(\.isHexDigit) { return true }
        return segment.count >= 16 && hasDigit && segment.contains(where: \.isLetter)
            && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// How many leading segments every path shares (the base URL's path): a version or `api`
    /// always, another shared segment only while each path keeps two segments of its own (a
    /// tool and an endpoint), and never the last literal of a path.
    static func basePathLength(_ groups: [Group]) -> Int {
        guard let first = groups.first else { return 0 }
        var length = 0
        while let segment = first.segments.count > length ? first.segments[length].literal : nil,
            groups.allSatisfy({ $0.segments.count > length && $0.segments[length].literal == segment }),
            groups.allSatisfy({ $0.segments.dropFirst(length + 1).contains { $0.literal != nil } }),
            isPrefixWord(segment) || groups.allSatisfy({ $0.segments.count - length - 1 >= 2 })
        {
            length += 1
        }
        return length
    }

    /// `v1`, `2`, `1.1`, `api`: a segment that says which API, not what in it.
    static func isPrefixWord(_ segment: String) -> Bool {
        segment.wholeMatch(of: version) != nil || ["api", "rest", "open"].contains(segment.lowercased())
    }

    /// The tool of a path: its first segment, singular (`statuses/…` -> `Status`).
    static func toolName(_ path: [PathPart], api: String) -> String {
        guard let first = path.first?.literal else { return api }
        return SwiftNaming.typeName(SwiftNaming.singular(stem(first))) ?? api
    }

    /// A path's text, each template named after the segment before it (`users/{user_id}.json`,
    /// `{id}` first), and the templates' names in order.
    static func template(of path: [PathPart]) -> (text: String, names: [String]) {
        var names: [String] = []
        var previous: String?
        var text: [String] = []
        for part in path {
            switch part {
            case .literal(let segment):
                previous = segment
                text.append(segment)
            case .template(let suffix):
                let name = SwiftNaming.unique(previous.map { SwiftNaming.singular(stem($0)) + "_id" } ?? "id") {
                    names.contains($0)
                }
                names.append(name)
                text.append("{\(name)}" + suffix)
            }
        }
        return (text.joined(separator: "/"), names)
    }
}
