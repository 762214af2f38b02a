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
    ///
    /// Found in rounds: a value found naming one thing names it wherever the path before it is
    /// the same (`acme-books` of `stores/acme-books` in `stores/acme-books/products/B-100`), and
    /// the paths are compared again with those places blank, so that paths that differed in two
    /// places (the store and the product) differ in one.
    private static func namedBySiblings(_ exchanges: [CapturedExchange]) -> Set<Place> {
        var calls: [String: [CapturedExchange]] = [:]
        var order: [[String]] = []
        for exchange in exchanges {
            let path = exchange.segments.joined(separator: "/")
            if calls[path] == nil { order.append(exchange.segments) }
            calls[path, default: []].append(exchange)
        }
        var shapes = AnswerShapes(calls: calls)
        var named: Set<Place> = []
        var identifierPlaces: Set<String> = []
        while true {
            var found = namedBySiblings(order, besides: named, shapes: &shapes, identifierPlaces: &identifierPlaces)
            // A value named in a place names it wherever the path up to it is the same.
            var values: [String: Set<String>] = [:]
            let prefix = { (segments: [String], path: String, position: Int) in
                "\(position)|"
                    + segments[..<position].indices.map { other in
                        found.contains(Place(path: path, position: other))
                            || isIdentifier(at: other, in: segments) ? "{}" : segments[other]
                    }.joined(separator: "/")
            }
            for place in found {
                let segments = place.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                values[prefix(segments, place.path, place.position), default: []].insert(segments[place.position])
            }
            for segments in order {
                let path = segments.joined(separator: "/")
                for position in segments.indices
                where values[prefix(segments, path, position)]?.contains(segments[position]) == true {
                    found.insert(Place(path: path, position: position))
                }
            }
            if found == named { break }
            named = found
        }
        return named.filter { place in
            let segments = place.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            return !identifierPlaces.contains(Self.place(place.position, in: segments) { segments[$0] })
        }
    }

    /// One round of `namedBySiblings(_:)`: the places sibling paths differ in, with the places
    /// `known` blank as identifiers are; `identifierPlaces` gathers the places an identifier
    /// stands in (a word there stays literal).
    private static func namedBySiblings(
        _ order: [[String]], besides known: Set<Place>, shapes: inout AnswerShapes, identifierPlaces: inout Set<String>
    ) -> Set<Place> {
        // Paths that differ in one place only (identifiers elsewhere aside) share a key: the
        // place, and the path with it blank and its identifiers as `{}`. Linear in the paths.
        var siblings: [String: [[String]]] = [:]
        var keys: [String] = []
        for segments in order {
            let path = segments.joined(separator: "/")
            let tool = segments.firstIndex { !isPrefixWord($0) } ?? segments.count
            let identifiers = segments.indices.map { isIdentifier(at: $0, in: segments) }
            let blank = segments.indices.map { identifiers[$0] || known.contains(Place(path: path, position: $0)) }
            for position in segments.indices {
                if identifiers[position] {
                    identifierPlaces.insert(place(position, in: segments) { segments[$0] })
                    continue
                }
                guard position > tool else { continue }
                let key = place(position, in: segments) { blank[$0] ? "{}" : segments[$0] }
                if siblings[key] == nil { keys.append(key) }
                siblings[key, default: []].append(segments)
            }
        }
        var named = known
        for key in keys {
            guard let paths = siblings[key], paths.count > 1, let position = Int(key.prefix { $0 != "|" }) else {
                continue
            }
            // The paths by their word in the place (paths of one word differ in ids elsewhere).
            var words: [String] = []
            var byWord: [String: [[String]]] = [:]
            for path in paths {
                if byWord[path[position]] == nil { words.append(path[position]) }
                byWord[path[position], default: []].append(path)
            }
            let isLast = position == paths[0].count - 1
            // A literal after the place: every sibling's is a template. As the last segment,
            // a word's answers must be of one shape with another's (the word before it).
            for (before, word) in zip(words, words.dropFirst())
            where !isLast
                || shapes.alike(byWord[before]![0].joined(separator: "/"), byWord[word]![0].joined(separator: "/"))
            {
                for path in byWord[before]! + byWord[word]! {
                    named.insert(Place(path: path.joined(separator: "/"), position: position))
                }
            }
        }
        return named
    }

    /// `position|a/b/*/c`: a place of a path, the path's other segments as `segment` gives them.
    private static func place(_ position: Int, in segments: [String], segment: (Int) -> String) -> String {
        "\(position)|" + segments.indices.map { $0 == position ? "*" : segment($0) }.joined(separator: "/")
    }

    /// Whether two paths' answers are of one shape, worked out only for the paths asked about.
    private struct AnswerShapes {
        let calls: [String: [CapturedExchange]]
        private var shapes: [String: Set<String>] = [:]

        init(calls: [String: [CapturedExchange]]) { self.calls = calls }

        /// One answer's key paths all among the other's, to one method with the same parameters.
        mutating func alike(_ a: String, _ b: String) -> Bool {
            let (shapeA, shapeB) = (shape(a), shape(b))
            return !shapeA.isEmpty && !shapeB.isEmpty && (shapeA.isSubset(of: shapeB) || shapeB.isSubset(of: shapeA))
                && !methods(a).isDisjoint(with: methods(b)) && parameters(a) == parameters(b)
        }

        private func methods(_ path: String) -> Set<String> { Set(calls[path, default: []].map(\.method)) }

        private func parameters(_ path: String) -> Set<String> {
            Set(calls[path, default: []].flatMap { $0.parameters.map(\.name) })
        }

        private mutating func shape(_ path: String) -> Set<String> {
            if let known = shapes[path] { return known }
            let shape = calls[path, default: []].reduce(into: Set<String>()) { shape, call in
                if (200...299).contains(call.status), let answer = call.responseJSON {
                    shape.formUnion(answer.keyPaths(depth: 3))
                }
            }
            shapes[path] = shape
            return shape
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
