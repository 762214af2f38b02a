import Foundation
import XToolDiagnostics
import XToolSpec
import XToolYAML

/// One file of an OpenAPI description: the document itself, or a file one of its `$ref`s names.
struct SourceDocument {
    /// The path as the user gave it (or as joined from the document's), for diagnostics and for
    /// resolving the file's own references; nil for a document read from memory.
    var path: String?
    var root: YAMLNode
}

/// A place in one of the files: where a node stands.
struct Origin: Hashable {
    /// The index of the file in `Importer.documents`; 0 is the document itself.
    var document: Int
    var location: SourceLocation
}

/// A node together with the file it is in (references inside it are relative to that file).
struct Located {
    var node: YAMLNode
    var document: Int

    var origin: Origin { Origin(document: document, location: node.location) }

    subscript(key: String) -> Located? {
        node[key].map { Located(node: $0, document: document) }
    }

    /// The entries of a mapping, in document order.
    var entries: [(key: String, keyNode: YAMLNode, value: Located)] {
        node.entries.map { ($0.key, $0.keyNode, Located(node: $0.value, document: document)) }
    }

    var items: [Located] { node.items.map { Located(node: $0, document: document) } }

    /// Where the key `key` of this mapping stands (the mapping's start when it has none).
    func keyOrigin(_ key: String) -> Origin {
        let keyNode = node.entries.first { $0.key == key }?.keyNode
        return Origin(document: document, location: keyNode?.location ?? node.location)
    }
}

extension Importer {
    /// The parser for documents: real descriptions nest deeper than specs (their written nodes
    /// are never limited; only what aliases add is).
    static let parser = YAMLParser(maxDepth: 256)

    /// The node a `$ref` points to, following chains of references; the node itself when it is
    /// no reference. nil, with an error at the reference, when it can't be followed.
    mutating func resolved(_ located: Located) -> Located? {
        var current = located
        var seen: Set<Origin> = []
        while let reference = current.node["$ref"] {
            guard let target = reference.string else {
                error("'$ref' must be a string", at: Located(node: reference, document: current.document))
                return nil
            }
            guard seen.insert(current.origin).inserted, seen.count <= 64 else {
                error(
                    "the reference '\(target)' leads back to itself",
                    at: Located(node: reference, document: current.document))
                return nil
            }
            guard let next = follow(target, from: Located(node: reference, document: current.document)) else {
                return nil
            }
            current = next
        }
        return current
    }

    /// Whether a node is a reference (a mapping with `$ref`).
    static func isReference(_ located: Located) -> Bool { located.node["$ref"] != nil }

    /// The last component of a reference's pointer (`#/components/schemas/Pet` -> `Pet`), or
    /// the file name without its extension for a whole file (`Pet.yaml` -> `Pet`).
    static func referencedName(_ reference: String) -> String {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, let last = pointerComponents(String(parts[1])).last { return last }
        let file = parts.first.map(String.init) ?? reference
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.split(separator: ".").first.map(String.init) ?? name
    }

    private mutating func follow(_ reference: String, from source: Located) -> Located? {
        let key = "\(source.document)|\(reference)"
        if let known = followedReferences[key] { return known }
        let target = walk(reference, from: source)
        followedReferences[key] = target
        return target
    }

    private mutating func walk(_ reference: String, from source: Located) -> Located? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var document = source.document
        if !parts[0].isEmpty {
            guard let loaded = load(file: parts[0], from: source) else { return nil }
            document = loaded
        }
        var node = documents[document].root
        var pointer = "\(document)#"
        for component in Self.pointerComponents(parts.count == 2 ? parts[1] : "") {
            let next: YAMLNode?
            switch node.content {
            case .mapping(let pairs) where pairs.count > 32:
                next = member(component, of: node, at: pointer)
            case .mapping: next = node[component]
            case .sequence(let items): next = Int(component).flatMap { items.indices.contains($0) ? items[$0] : nil }
            case .scalar: next = nil
            }
            guard let next else {
                error("the reference '\(reference)' points to nothing: there is no '\(component)'", at: source)
                return nil
            }
            node = next
            pointer += "/" + component
        }
        return Located(node: node, document: document)
    }

    /// `mapping[key]` through the mapping's index (made at its first lookup): the first member
    /// of that key, as `YAMLNode`'s subscript finds it.
    private mutating func member(_ key: String, of mapping: YAMLNode, at pointer: String) -> YAMLNode? {
        if let index = mappingIndexes[pointer] { return index[key] }
        let index = Dictionary(mapping.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        mappingIndexes[pointer] = index
        return index[key]
    }

    /// `/components/schemas/a~1b` -> `["components", "schemas", "a/b"]` (JSON pointer escapes and
    /// percent-encoding undone).
    private static func pointerComponents(_ pointer: String) -> [String] {
        pointer.split(separator: "/").map { component in
            // Most components hold neither escape: Foundation's replacements are skipped for them.
            guard component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "%") }) else {
                return String(component)
            }
            let unescaped = component.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
                of: "~0", with: "~")
            return unescaped.removingPercentEncoding ?? unescaped
        }
    }

    /// A path with its `.` segments and each `name/..` removed (`resources/a/../models/b.yml` ->
    /// `resources/models/b.yml`), as diagnostics name the file; a relative path keeps the `..`
    /// that lead above its start.
    static func normalized(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "." where !segments.isEmpty: continue
            case "..":
                if let last = segments.last, last != "..", last != "." {
                    if !last.isEmpty { segments.removeLast() }  // `/..` stays `/`
                } else {
                    segments.append(segment)
                }
            case "" where !segments.isEmpty: continue
            default: segments.append(segment)
            }
        }
        return segments == [""] ? "/" : segments.joined(separator: "/")
    }

    /// Reads another file named by a reference, relative to the file the reference is in; each
    /// file is read once.
    private mutating func load(file relative: String, from source: Located) -> Int? {
        if relative.contains("://") {
            error(
                "the reference '\(relative)' names a file on the network; download it beside the document and refer to it by its path",
                at: source)
            return nil
        }
        guard let base = documents[source.document].path else {
            error(
                "the reference '\(relative)' names another file, but the document was not read from a file", at: source)
            return nil
        }
        let folder = (base as NSString).deletingLastPathComponent
        let path = Self.normalized(
            relative.hasPrefix("/") ? relative : folder.isEmpty ? relative : folder + "/" + relative)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if let index = loadedFiles[absolute] { return index }
        guard let data = FileManager.default.contents(atPath: absolute) else {
            error("the reference '\(relative)' names a file that can't be read (looked for \(absolute))", at: source)
            return nil
        }
        readFiles.append((absolute, Array(data)))
        do {
            let root = try Self.parser.parseDocument(Array(data))
            documents.append(SourceDocument(path: path, root: root))
            loadedFiles[absolute] = documents.count - 1
            if swagger2 != nil { readSwagger2(fragment: documents.count - 1) }
            return documents.count - 1
        } catch {
            let diagnostic = Diagnostic(.error, error.message, file: path, at: error.location)
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
            return nil
        }
    }
}
