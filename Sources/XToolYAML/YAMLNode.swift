import XToolDiagnostics

/// How a scalar was written in the source.
public enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// One node of a YAML document. Scalars keep their text and style; nothing is typed until a
/// consumer asks (see `CoreScalar`).
public struct YAMLNode: Sendable, Hashable {
    /// A key and its value in a mapping, in source order.
    public struct Entry: Sendable, Hashable {
        public var key: YAMLNode
        public var value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public enum Content: Sendable, Hashable {
        case scalar(text: String, style: ScalarStyle)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    public var content: Content
    /// Where the node starts (for an alias: where the alias stands, not the anchor).
    public var location: SourceLocation
    /// The explicit tag as libyaml resolved it (`tag:yaml.org,2002:str` for `!!str`), or nil.
    public var tag: String?

    public init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.content = content
        self.location = location
        self.tag = tag
    }
}

/// A failure to read YAML, at the place it was found.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var description: String { "\(location): \(message)" }
}
