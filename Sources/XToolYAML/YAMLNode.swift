import XToolDiagnostics

/// How a scalar was written in the source.
package enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// One node of a YAML document. Scalars keep their text and style; nothing is typed until a
/// consumer asks (see `CoreScalar`).
package struct YAMLNode: Sendable, Hashable {
    /// A key and its value in a mapping, in source order.
    package struct Entry: Sendable, Hashable {
        package var key: YAMLNode
        package var value: YAMLNode

        package init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    package enum Content: Sendable, Hashable {
        case scalar(text: String, style: ScalarStyle)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    package var content: Content
    /// Where the node starts, kept in 32 bits each: a node is copied often, and a capture's
    /// answers hold millions of them.
    private var line: UInt32
    private var column: UInt32
    /// What few nodes have (a tag, a file of their own), kept apart so that the others carry
    /// one empty reference.
    private var rare: Rare?

    private final class Rare: Sendable {
        let file: String?
        let tag: String?

        private init(file: String?, tag: String?) {
            self.file = file
            self.tag = tag
        }

        /// Nothing where there is neither.
        static func of(file: String?, tag: String?) -> Rare? {
            file == nil && tag == nil ? nil : Rare(file: file, tag: tag)
        }
    }

    package init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.content = content
        line = UInt32(clamping: location.line)
        column = UInt32(clamping: location.column)
        rare = Rare.of(file: location.file, tag: tag)
    }

    /// Where the node starts (for an alias: where the alias stands, not the anchor).
    package var location: SourceLocation {
        get { SourceLocation(line: Int(line), column: Int(column), file: rare?.file) }
        set {
            line = UInt32(clamping: newValue.line)
            column = UInt32(clamping: newValue.column)
            if newValue.file != rare?.file { rare = Rare.of(file: newValue.file, tag: tag) }
        }
    }

    /// The explicit tag as libyaml resolved it (`tag:yaml.org,2002:str` for `!!str`), or nil.
    package var tag: String? {
        get { rare?.tag }
        set { rare = Rare.of(file: rare?.file, tag: newValue) }
    }

    package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.rare?.file == rhs.rare?.file
            && lhs.tag == rhs.tag && lhs.content == rhs.content
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(content)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(rare?.file)
        hasher.combine(tag)
    }

    /// The same tree with every location in `file`: a document read to be part of another (a
    /// models file a spec includes), whose diagnostics must name the file they are in.
    package func inFile(_ file: String) -> YAMLNode {
        var node = self
        node.location.file = file
        switch content {
        case .scalar: break
        case .sequence(let items): node.content = .sequence(items.map { $0.inFile(file) })
        case .mapping(let entries):
            node.content = .mapping(entries.map { Entry(key: $0.key.inFile(file), value: $0.value.inFile(file)) })
        }
        return node
    }
}

/// A failure to read YAML, at the place it was found.
package struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    package var location: SourceLocation
    package var message: String

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): \(message)" }
}
