import XToolSpec
import XToolYAML

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

    /// The calls grouped by method and path template, in the order first seen. A segment is a
    /// template where it names one thing: it looks like an identifier (even in one call; a
    /// version before the path's first word stays literal), or it is the one segment in which
    /// two paths differ, past the path's first word, with a literal after it or answers of one
    /// shape (`domains/example.com/records` beside `domains/sammy.dev/records`). A word beside an
    /// identifier in the same place stays literal (`accounts/self` beside `accounts/{id}`).
    static func groups(_ exchanges: [CapturedExchange]) -> [Group] {
        let named = namedBySiblings(exchanges)
        var groups: [Group] = []
        var indexes: [String: Int] = [:]
        for exchange in exchanges {
            let path = exchange.segments.joined(separator: "/")
            let segments = exchange.segments.indices.map { position in
                let segment = exchange.segments[position]
                if isIdentifier(at: position, in: exchange.segments) {
                    return PathPart.template(suffix: String(segment.dropFirst(stem(segment).count)))
                }
                return named.contains(Place(path: path, position: position)) ? .template(suffix: "") : .literal(segment)
            }
            let key = exchange.method + " " + segments.map { $0.literal ?? "{}" }.joined(separator: "/")
            if indexes[key] == nil {
                indexes[key] = groups.count
                groups.append(Group(method: exchange.method, segments: segments))
            }
            groups[indexes[key]!].exchanges.append(exchange)
        }
        return groups
    }

    /// A segment of one captured path.
    private struct Place: Hashable {
        var path: String
        var position: Int
    }

    /// Whether the segment at `position` names one thing by its look: an identifier, unless it
    /// is a version among the prefix words the path starts with, before a word (`2/statuses`).
    private static func isIdentifier(at position: Int, in segments: [String]) -> Bool {
        let segment = segments[position]
        guard isIdentifier(stem(segment)) else { return false }
        let isVersion =
            isPrefixWord(segment) && segments[..<position].allSatisfy(isPrefixWord)
            && segments[(position + 1)...].contains { !isIdentifier(stem($0)) }
        return !isVersion
    }

    /// The segments that name one thing because sibling paths differ only there: past the path's
    /// first word (its tool), no identifier in that place in either (identifiers elsewhere
    /// aside), and a literal after it or, as the last segment, answers of one shape (one's keys
    /// all among the other's) to the same method with the same parameters (`place/text` asks
    /// for keywords, `place/around` for a location: two operations).
    private static func namedBySiblings(_ exchanges: [CapturedExchange]) -> Set<Place> {
        var shapes: [String: Set<String>] = [:]
        var methods: [String: Set<String>] = [:]
        var parameters: [String: Set<String>] = [:]
        var order: [[String]] = []
        for exchange in exchanges {
            let path = exchange.segments.joined(separator: "/")
            if shapes[path] == nil { order.append(exchange.segments) }
            methods[path, default: []].insert(exchange.method)
            parameters[path, default: []].formUnion(exchange.parameters.map(\.name))
            if (200...299).contains(exchange.status), let answer = exchange.responseJSON {
                shapes[path, default: []].formUnion(answer.keyPaths(depth: 3))
            } else if shapes[path] == nil {
                shapes[path] = []
            }
        }
        var named: Set<Place> = []
        for (index, a) in order.enumerated() {
            let tool = a.firstIndex { !isPrefixWord($0) } ?? a.count
            for b in order[(index + 1)...] where b.count == a.count {
                let differing = a.indices.filter {
                    a[$0] != b[$0] && !(isIdentifier(at: $0, in: a) && isIdentifier(at: $0, in: b))
                }
                guard differing.count == 1, let position = differing.first, position > tool,
                    !isIdentifier(at: position, in: a), !isIdentifier(at: position, in: b)
                else { continue }
                let pathA = a.joined(separator: "/")
                let pathB = b.joined(separator: "/")
                let (shapeA, shapeB) = (shapes[pathA, default: []], shapes[pathB, default: []])
                // One answer's keys all in the other's: one shape, some fields left out.
                let oneShape =
                    !shapeA.isEmpty && !shapeB.isEmpty && (shapeA.isSubset(of: shapeB) || shapeB.isSubset(of: shapeA))
                    && !methods[pathA, default: []].isDisjoint(with: methods[pathB, default: []])
                    && parameters[pathA] == parameters[pathB]
                if position < a.count - 1 || oneShape {
                    named.insert(Place(path: pathA, position: position))
                    named.insert(Place(path: pathB, position: position))
                }
            }
        }
        // A word in the place where an identifier stands in a sibling path stays literal.
        return named.filter { place in
            let segments = place.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            return !order.contains { other in
                other.count == segments.count && isIdentifier(at: place.position, in: other)
                    && other.indices.allSatisfy { $0 == place.position || other[$0] == segments[$0] }
            }
        }
    }

    /// The extensions a path's last segment may end in that say the format, not the operation.
    private static let formats: Set<String> = [
        "json", "xml", "php", "html", "htm", "asp", "aspx", "jsp", "do", "action", "cgi", "txt", "csv", "js", "css",
        "yaml", "yml", "rss", "atom", "ics", "png", "jpg", "jpeg", "gif", "webp", "svg", "ico", "pdf", "zip", "gz",
        "mp3", "mp4", "m3u8", "wav", "bin",
    ]

    /// Whether a segment names a method (`items.list`, `chat.postMessage`): words after a dot
    /// that are no format's extension.
    static func isMethod(_ segment: String) -> Bool {
        let parts = segment.split(separator: ".")
        return parts.count > 1 && parts.allSatisfy { $0.first?.isLetter == true }
            && !formats.contains(parts.last!.lowercased())
    }

    /// The words a segment names an endpoint by: a method's whole name (`items_list`), else the
    /// segment up to its first dot.
    static func word(_ segment: String) -> String {
        isMethod(segment) ? segment.replacingOccurrences(of: ".", with: "_") : stem(segment)
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
