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

/// How a `$ref` was read: the file it names (empty: the file that holds it, else as the
/// reference spells it) and the place in that file (nil: the whole file; a JSON pointer that
/// starts with `/`, or a plain anchor name).
struct ReferenceReading: Hashable {
    var file: String
    var fragment: String?

    /// The fragment when it is a plain anchor name, not a JSON pointer.
    var anchor: String? {
        fragment.flatMap { $0.isEmpty || $0.hasPrefix("/") ? nil : $0 }
    }
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
    static let parser = DocumentReader(maxDepth: 256)

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

    /// The member `key` of an object, a reference there followed: Redocly and others write a `$ref`
    /// wherever an object may stand (`content: { $ref: responses/x.yml }`, a map of headers or
    /// links), so a `$ref` is never read as one of the object's keys. nil when there is no such
    /// member, or when its reference can't be followed (an error at it).
    mutating func object(_ key: String, of located: Located) -> Located? {
        located[key].flatMap { resolved($0) }
    }

    /// Whether a node is a reference (a mapping with `$ref`).
    static func isReference(_ located: Located) -> Bool { located.node["$ref"] != nil }

    /// The name a reference gives what it points to: the last component of its pointer
    /// (`#/components/schemas/Pet` -> `Pet`), the anchor, or for a whole file the name its file
    /// name gives (`Pet.yaml`, `com.example.store.data.Pet.yaml` -> `Pet`), read as it was
    /// followed.
    func referencedName(_ reference: String) -> String {
        let reading = referenceReadings[reference] ?? Self.readings(of: reference)[0]
        if let anchor = reading.anchor { return anchor }
        if let last = reading.fragment.flatMap({ Self.pointerComponents($0).last }) { return last }
        let file = reading.file.removingPercentEncoding ?? reading.file
        return SwiftNaming.schemaName(fileName: String(file.split(separator: "/").last ?? Substring(file)))
    }

    /// Whether a followed reference names a schema of its own, as a component's key does: a whole
    /// file, an anchor, or a pointer to a member of a file's top level or of a `schemas`,
    /// `definitions` or `$defs` mapping (`schemas.yaml#/PetKind`), not to a schema inside
    /// another (`#/components/parameters/kind/schema`).
    func namesASchema(_ reference: String) -> Bool {
        guard let reading = referenceReadings[reference] else { return false }
        guard let fragment = reading.fragment, reading.anchor == nil else { return true }
        let components = Self.pointerComponents(fragment)
        return components.count == 1
            || (components.count > 1 && ["schemas", "definitions", "$defs"].contains(components[components.count - 2]))
    }

    private mutating func follow(_ reference: String, from source: Located) -> Located? {
        let key = "\(source.document)|\(reference)"
        if let known = followedReferences[key] { return known }
        let target = walk(reference, from: source)
        followedReferences[key] = target
        return target
    }

    /// The ways a reference can be read, in the order they are tried. A `#` followed by `/` (or
    /// by nothing) starts a JSON pointer, and the first such is the one reading. Otherwise a `#`
    /// may start a plain anchor name (`schemas.yaml#Pet`) or be part of the file's name (Redocly's
    /// split writes `paths/flows_{flowID}#clone.yaml`): each anchor reading, then the whole text
    /// as a file's name. A reference that starts with `#` is in the file that holds it.
    static func readings(of reference: String) -> [ReferenceReading] {
        let hashes = reference.indices.filter { reference[$0] == "#" }
        if let first = hashes.first, first == reference.startIndex {
            return [ReferenceReading(file: "", fragment: String(reference.dropFirst()))]
        }
        for hash in hashes {
            let fragment = reference[reference.index(after: hash)...]
            if fragment.isEmpty || fragment.hasPrefix("/") {
                return [ReferenceReading(file: String(reference[..<hash]), fragment: String(fragment))]
            }
        }
        let anchors = hashes.compactMap { hash -> ReferenceReading? in
            let fragment = String(reference[reference.index(after: hash)...])
            guard isAnchorName(fragment) else { return nil }
            return ReferenceReading(file: String(reference[..<hash]), fragment: fragment)
        }
        return anchors + [ReferenceReading(file: reference, fragment: nil)]
    }

    /// A plain-name fragment as JSON Schema's `$anchor` spells one: a letter or `_`, then letters,
    /// digits, `-`, `_` and `.`.
    private static func isAnchorName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.".unicodeScalars.contains(scalar))
        }
    }

    private mutating func walk(_ reference: String, from source: Located) -> Located? {
        guard let (document, reading) = target(of: reference, from: source) else { return nil }
        referenceReadings[reference] = reading
        let root = documents[document].root
        guard let fragment = reading.fragment else { return Located(node: root, document: document) }
        if let anchor = reading.anchor {
            guard let node = Self.anchor(anchor, in: root) else {
                error(
                    "the reference '\(reference)' points to nothing: no schema has the anchor '\(anchor)'", at: source)
                return nil
            }
            return Located(node: node, document: document)
        }
        var node = root
        var pointer = "\(document)#"
        for component in Self.pointerComponents(fragment) {
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

    /// The file a reference names (read once) and how it was read: the first of its readings
    /// whose file is there (an anchor reading also needs the anchor in it). nil, with an error
    /// that says what was looked for and how to correct it, when none is.
    private mutating func target(of reference: String, from source: Located) -> (Int, ReferenceReading)? {
        let readings = Self.readings(of: reference)
        if let reading = readings.first(where: \.file.isEmpty) { return (source.document, reading) }
        if reference.contains("://") {
            error(
                "the reference '\(reference)' names a file on the network; download it beside the document and refer to it by its path",
                at: source)
            return nil
        }
        guard let base = documents[source.document].path else {
            error(
                "the reference '\(reference)' names another file, but the document was not read from a file", at: source
            )
            return nil
        }
        var lookedFor: [String] = []
        var withoutAnchor: ReferenceReading?
        for reading in readings {
            let candidates = Self.filePaths(reading.file, besides: base)
            guard let path = candidates.first(where: { Self.isFile($0.absolute) }) else {
                lookedFor.append(candidates[0].absolute + (reading.anchor.map { " with the anchor '\($0)'" } ?? ""))
                continue
            }
            guard let document = load(path, named: reading.file, from: source) else { return nil }
            if let anchor = reading.anchor, Self.anchor(anchor, in: documents[document].root) == nil {
                withoutAnchor = withoutAnchor ?? reading
                continue
            }
            return (document, reading)
        }
        if let reading = withoutAnchor, let anchor = reading.anchor {
            error(
                "the reference '\(reference)' points to nothing: '\(reading.file)' has no schema with the anchor "
                    + "'\(anchor)', and no file is named '\(reference)'", at: source)
            return nil
        }
        var message =
            "the reference '\(readings.count == 1 ? readings[0].file : reference)' names a file that can't be read "
            + "(looked for \(lookedFor.joined(separator: ", then for "))); correct the reference's path, or put the file there"
        if readings.count > 1 {
            message += " (a '#' in a file's name is written as it is or as %23; a place in a file starts at '#/')"
        }
        error(message, at: source)
        return nil
    }

    /// The node of a plain-name fragment: the schema whose `$anchor` is `name` (or whose `$id` is
    /// `#name`), else the top-level member `name`, as a pointer without its `/` would find.
    private static func anchor(_ name: String, in root: YAMLNode) -> YAMLNode? {
        func search(_ node: YAMLNode) -> YAMLNode? {
            switch node.content {
            case .mapping(let pairs):
                if node["$anchor"]?.string == name || node["$id"]?.string == "#" + name { return node }
                return pairs.lazy.compactMap { search($0.value) }.first
            case .sequence(let items): return items.lazy.compactMap(search).first
            case .scalar: return nil
            }
        }
        return search(root) ?? root[name]
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
    static func pointerComponents(_ pointer: String) -> [String] {
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

    /// Where a reference's file part may be, relative to the file `base` that holds it: its
    /// percent-encoding undone (`flows_%7BflowID%7D%23clone.yaml`), then as written, each as the
    /// path diagnostics name and the absolute path read.
    private static func filePaths(_ relative: String, besides base: String) -> [(path: String, absolute: String)] {
        let folder = (base as NSString).deletingLastPathComponent
        let decoded = relative.removingPercentEncoding ?? relative
        return (decoded == relative ? [relative] : [decoded, relative]).map { spelling in
            let path = normalized(
                spelling.hasPrefix("/") ? spelling : folder.isEmpty ? spelling : folder + "/" + spelling)
            return (path, URL(fileURLWithPath: path).standardizedFileURL.path)
        }
    }

    /// Whether a file (not a folder: `paths/flows_{flowID}` beside `paths/flows_{flowID}#clone.yaml`)
    /// is at `path`.
    private static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// Reads another file a reference names (`relative`, as the reference spells it), once.
    private mutating func load(_ file: (path: String, absolute: String), named relative: String, from source: Located)
        -> Int?
    {
        if let index = loadedFiles[file.absolute] { return index }
        guard let data = FileManager.default.contents(atPath: file.absolute) else {
            error(
                "the reference '\(relative)' names a file that can't be read (looked for \(file.absolute)); "
                    + "make the file readable", at: source)
            return nil
        }
        readFiles.append((file.absolute, Array(data)))
        do {
            let root = try Self.parser.parseDocument(Array(data))
            documents.append(SourceDocument(path: file.path, root: root))
            loadedFiles[file.absolute] = documents.count - 1
            if swagger2 != nil { readSwagger2(fragment: documents.count - 1) }
            return documents.count - 1
        } catch {
            let diagnostic = Diagnostic(.error, error.message, file: file.path, at: error.location)
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
            return nil
        }
    }
}
